#pragma once

#include <QPointer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QToolButton;

namespace RepoLens {

class CodeEditor;

// The incremental find bar under the viewer (Ctrl+F, F3, Shift+F3, Esc), Kate/Qt Creator style.
class FindBar : public QWidget
{
    Q_OBJECT
public:
    explicit FindBar(QWidget *parent = nullptr);

    void setEditor(CodeEditor *editor);
    void activate(const QString &initialText = QString());
    QLineEdit *lineEdit() const { return m_edit; }
    int matchCount() const { return m_matches; }
    int currentMatch() const { return m_current; } // 1-based; 0: none
    QLabel *statusLabel() const { return m_status; }

public Q_SLOTS:
    void findNext();
    void findPrevious();
    void close();

Q_SIGNALS:
    void closed();

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    void search(bool forward, bool fromSelectionStart);
    void updateMatches();
    void updateStatus();
    void keepMatchInView();

    QPointer<CodeEditor> m_editor;
    QLineEdit *m_edit;
    QToolButton *m_case;
    QToolButton *m_word;
    QToolButton *m_regex;
    QLabel *m_status;
    int m_matches = 0;
    int m_current = 0;
};

// The go-to-line bar (Ctrl+G).
class GoToLineBar : public QWidget
{
    Q_OBJECT
public:
    explicit GoToLineBar(QWidget *parent = nullptr);

    void setEditor(CodeEditor *editor);
    void activate();
    QLineEdit *lineEdit() const { return m_edit; }

public Q_SLOTS:
    void close();

Q_SIGNALS:
    void closed();

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    void accept();

    QPointer<CodeEditor> m_editor;
    QLineEdit *m_edit;
    QLabel *m_hint;
};

} // namespace RepoLens
