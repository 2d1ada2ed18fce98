#pragma once

#include "codetheme.h"

#include <QFrame>
#include <QLabel>
#include <QList>
#include <QPlainTextEdit>
#include <QPointer>

class QPushButton;
class QScrollArea;
class QVBoxLayout;

namespace RepoLens {

// A run of text of one highlight category in a code preview.
struct PreviewSegment
{
    QString text;
    int category = 0; // CodeTheme::Category
};

// One retrieved snippet as the chat shows it.
struct ChatResult
{
    QString path;
    int startLine = 0;
    int endLine = 0;
    QString symbol;
    QString kind;
    QString language;
    double score = 0;
    QStringList reasons;
    QList<QList<PreviewSegment>> previewLines; // first lines of the chunk, highlighted
    int totalLines = 0;
};

struct ChatResponse
{
    QList<ChatResult> results;
    QString route;
    double millis = 0;
    bool indexComplete = true;
    QString indexNote; // "340 of 1,200 files indexed"
    QStringList notes;
    QString error;
};

// Splits chunk text into highlighted preview lines (worker thread).
QList<QList<PreviewSegment>> makePreview(const QString &text, int language, int maxLines);

// A QLabel that acts as a link: pointing-hand cursor, underline on hover, clicked().
class LinkLabel : public QLabel
{
    Q_OBJECT
public:
    explicit LinkLabel(const QString &text, QWidget *parent = nullptr);

Q_SIGNALS:
    void clicked();

protected:
    void mouseReleaseEvent(QMouseEvent *event) override;
    void enterEvent(QEnterEvent *event) override;
    void leaveEvent(QEvent *event) override;
};

// The first lines of a chunk, highlighted, painted line by line (no rich text, no HTML: the
// repository's text is drawn as it is, and the widget has a fixed height, cheap to lay out).
class CodePreview : public QWidget
{
    Q_OBJECT
public:
    CodePreview(const QList<QList<PreviewSegment>> &lines, const QString &footer, const CodeTheme &theme,
                QWidget *parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    QString plainText() const;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QList<QList<PreviewSegment>> m_lines;
    QString m_footer;
    CodeTheme m_theme;
    QFont m_italic;
};

// One numbered result: path:lines (a link), symbol, kind, the first lines of code, score.
class ResultCard : public QFrame
{
    Q_OBJECT
public:
    ResultCard(int number, const ChatResult &result, const CodeTheme &theme, QWidget *parent = nullptr);

    const ChatResult &result() const { return m_result; }
    int number() const { return m_number; }
    LinkLabel *pathLabel() const { return m_path; }

Q_SIGNALS:
    void activated(const QString &path, int startLine, int endLine);

protected:
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    int m_number;
    ChatResult m_result;
    LinkLabel *m_path;
    CodePreview *m_code = nullptr;
    QColor m_background;
    QColor m_border;
    QColor m_codeBackground;
};

// A label on a rounded, tinted background (question bubbles, number badges). Painted
// directly: style sheets make every card expensive to lay out.
class RoundedLabel : public QLabel
{
    Q_OBJECT
public:
    RoundedLabel(const QString &text, const QColor &background, qreal radius, QWidget *parent = nullptr);

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QColor m_background;
    qreal m_radius;
};

// The question box: Enter sends, Shift+Enter inserts a newline.
class QuestionEdit : public QPlainTextEdit
{
    Q_OBJECT
public:
    explicit QuestionEdit(QWidget *parent = nullptr);
    QSize sizeHint() const override;

Q_SIGNALS:
    void submitted();

protected:
    void keyPressEvent(QKeyEvent *event) override;
};

// The chat dock: a scrolling conversation of questions and numbered result cards, and the
// question box at the bottom. Retrieval only for now: the answer is the ranked snippets.
class ChatPane : public QWidget
{
    Q_OBJECT
public:
    explicit ChatPane(QWidget *parent = nullptr);

    QuestionEdit *questionEdit() const { return m_input; }
    QList<ResultCard *> resultCards() const;
    QList<ResultCard *> lastResultCards() const;

    // Adds the question to the conversation with a "Searching…" line; returns its id.
    int addQuestion(const QString &question);
    void setResponse(int id, const ChatResponse &response);
    void setSuperseded(int id);
    void setBusy(bool busy);
    void clearConversation();
    void setPlaceholderText(const QString &text);

public Q_SLOTS:
    void focusInput();

Q_SIGNALS:
    void questionAsked(const QString &question);
    void stopRequested();
    void locationActivated(const QString &path, int startLine, int endLine);

private:
    void submit();
    void scrollToBottomLater();
    void scrollToWidgetLater(QWidget *widget);

    QScrollArea *m_scroll;
    QWidget *m_conversation;
    QVBoxLayout *m_list;
    QLabel *m_empty;
    QuestionEdit *m_input;
    QPushButton *m_send;
    struct Block
    {
        int id = 0;
        QPointer<QWidget> widget;
        QPointer<QLabel> status;
        QList<QPointer<ResultCard>> cards;
    };
    QList<Block> m_blocks;
    int m_nextId = 1;
    bool m_busy = false;
};

} // namespace RepoLens
