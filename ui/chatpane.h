#pragma once

#include "answerview.h"
#include "codetheme.h"
#include "elidedlabel.h"

#include <QFrame>
#include <QLabel>
#include <QList>
#include <QPlainTextEdit>
#include <QPointer>

class QComboBox;
class QCompleter;
class QPushButton;
class QScrollArea;
class QStringListModel;
class QTimer;
class QToolButton;
class QVBoxLayout;

namespace RepoLens {

class AgentStepsView;

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

// One place that uses a name (a "who calls" answer): where, in what, and the line itself.
struct CallSite
{
    QString path;
    int line = 0;
    QString text;    // the calling line, trimmed
    QString caller;  // qualified name of the enclosing definition
    bool certain = true; // false: matched by name only (receiver of unknown type)
    bool test = false;   // in a test file: folded
    bool byText = false; // a line that holds the name where the graph records no usage
};

struct ChatResponse
{
    QList<ChatResult> results;
    // "who calls X": the definitions of X and every call site, shown as a compact list
    // grouped by file (tests folded) instead of result cards.
    QString callSitesOf;
    QList<CallSite> definitions;
    QList<CallSite> callSites;
    // With no call site: the code lines that use the name without a call (a property or field
    // read, a callback), found by text (core/grep/occurrences.h).
    QList<CallSite> textUses;
    bool moreTextUses = false;
    int leftOut = 0; // usages of other definitions of the same name
    QString route;
    double millis = 0;
    bool indexComplete = true;
    QString indexNote; // "340 of 1,200 files indexed"
    QStringList notes;
    QString error;
};

// Splits chunk text into highlighted preview lines (worker thread).
QList<QList<PreviewSegment>> makePreview(const QString &text, int language, int maxLines);

// A label that acts as a link: pointing-hand cursor, underline on hover, clicked(). Not cut
// unless given an elide mode (ElidedLabel).
class LinkLabel : public ElidedLabel
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
    void changeEvent(QEvent *event) override;

private:
    QList<QList<PreviewSegment>> m_lines;
    QString m_footer;
    CodeTheme m_theme;
    QFont m_italic;
};

// One numbered result: path:lines (a link), symbol, kind, the first lines of code, score. A
// further result of the file of the card above it (`underSameFile`) shows the file's name only.
class ResultCard : public QFrame
{
    Q_OBJECT
public:
    ResultCard(int number, const ChatResult &result, const CodeTheme &theme, bool underSameFile,
               QWidget *parent = nullptr);

    const ChatResult &result() const { return m_result; }
    int number() const { return m_number; }
    bool isUnderSameFile() const { return m_underSameFile; }
    LinkLabel *pathLabel() const { return m_path; }

Q_SIGNALS:
    void activated(const QString &path, int startLine, int endLine);

protected:
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void updateColors();

    int m_number;
    bool m_underSameFile;
    ChatResult m_result;
    LinkLabel *m_path;
    CodePreview *m_code = nullptr;
    QColor m_background;
    QColor m_border;
};

// A label on a rounded, tinted background (question bubbles, number badges). Painted
// directly: style sheets make every card expensive to lay out. The colours come from the
// current palette when painted, so a theme switch repaints old bubbles too.
class RoundedLabel : public QLabel
{
    Q_OBJECT
public:
    enum class Style { Bubble, Badge };
    RoundedLabel(const QString &text, Style style, qreal radius, QWidget *parent = nullptr);
    QColor background() const;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    Style m_style;
    qreal m_radius;
};

// The question box: Enter sends, Shift+Enter inserts a newline, Esc stops an answer. Typing
// '@' offers completions (@codebase, files, symbols) for the mention being typed.
class QuestionEdit : public QPlainTextEdit
{
    Q_OBJECT
public:
    explicit QuestionEdit(QWidget *parent = nullptr);
    QSize sizeHint() const override;

    QCompleter *completer() const { return m_completer; }
    // Offers these completions for the mention at the cursor (if one is still being typed).
    void setMentionCompletions(const QStringList &items);
    // Replaces the mention being typed with "@item ".
    void insertMention(const QString &item);

Q_SIGNALS:
    void submitted();
    void stopRequested();
    void mentionPrefixChanged(const QString &prefix); // empty prefix: just typed '@'
    void pasted(); // text was pasted or dropped in

protected:
    bool event(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void insertFromMimeData(const QMimeData *source) override;

private:
    void checkMention();

    QCompleter *m_completer;
    QStringListModel *m_completions;
    int m_mentionStart = -1;
};

// How an answer ended, as the chat shows it.
struct AnswerFinish
{
    enum class Kind { Complete, CutOff, Failed, Stopped };
    Kind kind = Kind::Complete;
    QString message;      // why it failed / was cut off, and what to do
    bool canRetry = false;
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
    // The last "who calls" answer: the name, and its links (definitions first, then the call
    // sites) with the places they open.
    QString lastCallSitesOf() const;
    QList<QPair<LinkLabel *, CallSite>> lastCallSiteLinks() const;

    // Adds the question to the conversation with a "Searching…" line; returns its id.
    int addQuestion(const QString &question);
    void setResponse(int id, const ChatResponse &response);
    void setSuperseded(int id);
    void setBusy(bool busy);
    void clearConversation();
    void setPlaceholderText(const QString &text);

    // --- answers written by a model -------------------------------------------------------
    void setStatus(int id, const QString &text);
    // Creates the answer view of a question (citations checked against `index`).
    void beginAnswer(int id, const CitationIndex &index, const QList<AnswerView::Source> &sources);
    void appendAnswer(int id, const QString &delta); // rendered at most ~12 times a second
    void setAnswer(int id, const QString &markdown, bool streaming);
    void finishAnswer(int id, const AnswerFinish &finish);
    AnswerView *answerView(int id) const;
    // The agent-mode steps of a question (created on first use, above its answer).
    AgentStepsView *agentSteps(int id);
    AnswerView *lastAnswerView() const;
    QLabel *noticeLabel(int id) const;
    QPushButton *retryButton(int id) const;
    QWidget *answerActions(int id) const;
    int lastBlockId() const { return m_blocks.isEmpty() ? 0 : m_blocks.last().id; }

    // --- conversations and the model ------------------------------------------------------
    void setConversations(const QList<QPair<qint64, QString>> &conversations, qint64 current);
    QComboBox *conversationBox() const { return m_conversationBox; }
    void setModelStatus(const QString &html, const QString &tooltip = {});
    QLabel *modelStatusLabel() const { return m_hint; }
    // How many tokens a question may have (the model's context minus the code context, the
    // conversation and the answer; 0: no model, no limit). A paste is measured against it and
    // the user told at once.
    void setQuestionLimit(int tokens, const QString &model);
    QLabel *inputNotice() const { return m_inputNotice; }
    // Example questions shown while the conversation is empty (clicking one asks it).
    void setExamples(const QStringList &questions);
    QList<LinkLabel *> exampleLinks() const;
    // A one-line offer above the question box (e.g. "Ollama is running: use it?").
    void showOffer(const QString &text, const QString &acceptText);
    void hideOffer();
    QWidget *offerWidget() const { return m_offer; }

public Q_SLOTS:
    void focusInput();

Q_SIGNALS:
    void questionAsked(const QString &question);
    void stopRequested();
    void locationActivated(const QString &path, int startLine, int endLine);
    void retryRequested(int id);
    void regenerateRequested(int id);
    void inspectRequested(int id);
    void conversationSelected(qint64 id);
    void newConversationRequested();
    void renameConversationRequested(qint64 id);
    void deleteConversationRequested(qint64 id);
    void sentLogRequested();
    void settingsRequested();
    void offerAccepted();
    void mentionPrefixChanged(const QString &prefix);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void submit();
    void measureQuestion();
    void applyModelStatus();
    void scrollToBottomLater();
    void scrollToWidgetLater(QWidget *widget);
    void scrollToTarget();
    void renderDirty();
    QWidget *createConversationBar();

    QWidget *callSiteList(const ChatResponse &response, QWidget *parent,
                          QList<QPair<QPointer<LinkLabel>, CallSite>> *links);

    QScrollArea *m_scroll;
    QWidget *m_conversation;
    QVBoxLayout *m_list;
    QWidget *m_empty;
    QWidget *m_examples = nullptr;
    QuestionEdit *m_input;
    QPushButton *m_send;
    QLabel *m_hint;
    QComboBox *m_conversationBox = nullptr;
    QToolButton *m_newChat = nullptr;
    QToolButton *m_chatMenu = nullptr;
    QWidget *m_offer = nullptr;
    QLabel *m_offerText = nullptr;
    QLabel *m_inputNotice = nullptr;
    int m_questionLimit = 0;
    QString m_limitModel;
    QPushButton *m_offerAccept = nullptr;
    CodeHighlightCache *m_highlights;
    QTimer *m_renderTimer;
    struct Block
    {
        int id = 0;
        QPointer<QWidget> widget;
        QPointer<QLabel> status;
        QList<QPointer<ResultCard>> cards;
        QString callSitesOf;
        QList<QPair<QPointer<LinkLabel>, CallSite>> callSiteLinks;
        QPointer<AnswerView> answer;
        QPointer<AgentStepsView> steps;
        QPointer<QLabel> notice;
        QPointer<QWidget> actions;
        QPointer<QPushButton> retry;
        QString text;
        bool dirty = false;
        int noticeKind = -1; // AnswerFinish::Kind of the notice shown, -1: none
    };
    Block *block(int id);
    const Block *block(int id) const;
    void colorNotice(Block &b);
    QList<Block> m_blocks;
    int m_nextId = 1;
    bool m_busy = false;
    QString m_modelStatusHtml;
    // A new question: keep it in view while the layout places it (the conversation grows
    // over several events), even when the view was scrolled up.
    QPointer<QWidget> m_scrollTarget;
    bool m_scrolling = false; // the scroll bar is moved by us, not the user
    bool m_updatingConversations = false;
};

} // namespace RepoLens
