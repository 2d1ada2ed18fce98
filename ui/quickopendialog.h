#pragma once

#include <QDialog>
#include <QStringList>

class QLineEdit;
class QListWidget;

namespace RepoLens {

// Ctrl+P: open a file by typing part of its name (fuzzy: the letters in order).
class QuickOpenDialog : public QDialog
{
    Q_OBJECT
public:
    explicit QuickOpenDialog(QWidget *parent = nullptr);

    void setFiles(const QStringList &paths);
    void popup();
    QLineEdit *lineEdit() const { return m_edit; }
    QListWidget *list() const { return m_list; }

    // Score of a fuzzy match of `pattern` in `path`; < 0 when it does not match.
    static int matchScore(QStringView pattern, QStringView path);

Q_SIGNALS:
    void fileChosen(const QString &path);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refilter();
    void accept() override;

    QLineEdit *m_edit;
    QListWidget *m_list;
    QStringList m_files;
};

} // namespace RepoLens
