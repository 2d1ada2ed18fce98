#include "retrievalinspector.h"

#include "codetheme.h"

#include <QDialogButtonBox>
#include <QHash>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace RepoLens {

namespace {

QString score(double v)
{
    return v == 0 ? QString() : QString::number(v, 'f', 3);
}

QPlainTextEdit *textPage(QWidget *parent)
{
    auto *edit = new QPlainTextEdit(parent);
    edit->setReadOnly(true);
    edit->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    edit->setFont(codeFont());
    return edit;
}

} // namespace

RetrievalInspector::RetrievalInspector(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("retrievalInspector"));
    setWindowTitle(tr("Retrieval Inspector"));
    resize(960, 640);
    auto *layout = new QVBoxLayout(this);
    m_tabs = new QTabWidget(this);
    m_overview = textPage(m_tabs);
    m_overview->setFont(font());
    m_candidates = new QTreeWidget(m_tabs);
    m_candidates->setObjectName(QStringLiteral("inspectorCandidates"));
    m_candidates->setRootIsDecorated(false);
    m_candidates->setAlternatingRowColors(true);
    m_candidates->setSortingEnabled(true);
    m_candidates->setHeaderLabels({tr("Sent"), tr("Location"), tr("Symbol"), tr("Stage"), tr("BM25"), tr("BM25 rank"),
                                   tr("Vector"), tr("Vector rank"), tr("Lexical"), tr("Symbol match"), tr("File"), tr("Prior"),
                                   tr("Graph"), tr("Rerank"), tr("Final"), tr("Tokens"), tr("Why")});
    m_context = new QTreeWidget(m_tabs);
    m_context->setObjectName(QStringLiteral("inspectorContext"));
    m_context->setRootIsDecorated(false);
    m_context->setHeaderLabels({tr("#"), tr("Location"), tr("Symbol"), tr("From"), tr("Tokens"), tr("Withheld"),
                                tr("References")});
    m_request = textPage(m_tabs);
    m_request->setObjectName(QStringLiteral("inspectorRequest"));
    m_prompt = textPage(m_tabs);
    m_prompt->setObjectName(QStringLiteral("inspectorPrompt"));
    m_tabs->addTab(m_overview, tr("Retrieval"));
    m_tabs->addTab(m_candidates, tr("Candidates"));
    m_tabs->addTab(m_context, tr("Context Sent"));
    m_tabs->addTab(m_prompt, tr("Prompt"));
    m_tabs->addTab(m_request, tr("Request"));
    layout->addWidget(m_tabs);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    auto open = [this](QTreeWidgetItem *item) {
        const QString path = item->data(1, Qt::UserRole).toString();
        if (!path.isEmpty())
            Q_EMIT locationActivated(path, item->data(1, Qt::UserRole + 1).toInt(), item->data(1, Qt::UserRole + 2).toInt());
    };
    connect(m_candidates, &QTreeWidget::itemActivated, this, open);
    connect(m_context, &QTreeWidget::itemActivated, this, open);
}

void RetrievalInspector::setTurn(const ChatTurn &t)
{
    const RetrievalTrace &trace = t.trace;
    QString o;
    o += tr("Question: %1\n").arg(t.question);
    if (trace.question != t.question && !trace.question.isEmpty())
        o += tr("Searched as: %1\n").arg(trace.question);
    o += tr("Route: %1\n").arg(trace.route.isEmpty() ? tr("(none)") : trace.route);
    if (!trace.indexComplete)
        o += t.indexRunning ? tr("Index: still being built when this was asked; the context may be incomplete\n")
                            : tr("Index: incomplete (indexing was stopped before it finished); Re-index (F5) "
                                 "completes it\n");
    if (t.contextReused)
        o += tr("Context: re-used from the previous question\n");
    o += tr("HyDE: %1 — %2\n").arg(trace.hydeUsed ? tr("used") : tr("not used"), trace.hydeReason);
    o += tr("Context: %n chunk(s)", nullptr, int(t.context.size()))
         + tr(", %1 tokens (estimated)\n").arg(QLocale().toString(trace.contextTokens));
    if (trace.withheld > 0)
        o += tr("Withheld: credentials in %n chunk(s) were replaced by [withheld: …] before sending "
                "(Context Sent ▸ Withheld says where)\n",
                nullptr, trace.withheld);
    o += tr("Retrieval time: %1 ms\n").arg(qRound(trace.millis));
    if (!trace.stages.isEmpty()) {
        o += u'\n' + tr("Stages:") + u'\n';
        for (const RetrievalStage &s : trace.stages) {
            o += QStringLiteral("• %1 — %2 ms\n").arg(s.name).arg(qRound(s.millis));
            if (!s.error.isEmpty())
                o += QStringLiteral("    ") + tr("failed: %1").arg(s.error) + u'\n';
            if (!s.text.isEmpty()) {
                for (const QString &line : s.text.split(u'\n'))
                    o += QStringLiteral("    ") + line + u'\n';
            }
        }
    }
    if (!trace.graphSection.isEmpty())
        o += u'\n' + trace.graphSection + u'\n';
    if (!trace.notes.isEmpty())
        o += u'\n' + tr("Notes:") + u'\n' + trace.notes.join(u'\n') + u'\n';
    if (!trace.remoteCalls.isEmpty()) {
        o += u'\n' + tr("Requests made while searching:") + u'\n';
        for (const RemoteCall &c : trace.remoteCalls)
            o += QStringLiteral("• %1 %2 → %3 (%4, %5 bytes)%6%7\n")
                     .arg(c.time.toString(QStringLiteral("HH:mm:ss")), c.purpose, c.endpoint, c.model)
                     .arg(c.bytes)
                     .arg(c.files.isEmpty() ? QString() : QStringLiteral(": ") + c.files.join(QStringLiteral(", ")),
                          c.withheld.isEmpty() ? QString()
                                               : u' ' + tr("(withheld: %1)").arg(c.withheld.join(QStringLiteral(", "))));
    }
    m_overview->setPlainText(o);

    m_candidates->clear();
    m_candidates->setSortingEnabled(false);
    for (qsizetype i = 0; i < trace.candidates.size(); ++i) {
        const ContextCandidate &c = trace.candidates.at(i);
        const PackDecision d = trace.decisions.value(i);
        auto *item = new QTreeWidgetItem(m_candidates);
        item->setText(0, d.included ? QStringLiteral("[%1]").arg(d.number) : QStringLiteral("—"));
        item->setText(1, c.chunk.location());
        item->setData(1, Qt::UserRole, c.chunk.path);
        item->setData(1, Qt::UserRole + 1, c.chunk.startLine);
        item->setData(1, Qt::UserRole + 2, c.chunk.endLine);
        item->setText(2, c.chunk.symbol);
        item->setText(3, c.stage);
        const StageScores &s = c.scores;
        item->setText(4, score(s.bm25));
        item->setText(5, s.bm25Rank ? QString::number(s.bm25Rank) : QString());
        item->setText(6, score(s.vector));
        item->setText(7, s.vectorRank ? QString::number(s.vectorRank) : QString());
        item->setText(8, score(s.lexical));
        item->setText(9, score(s.symbol));
        item->setText(10, score(s.file));
        item->setText(11, score(s.prior));
        item->setText(12, score(s.graph));
        item->setText(13, score(s.rerank));
        item->setText(14, score(s.final));
        item->setText(15, QString::number(d.tokens));
        QString why = d.included ? c.reasons.join(QStringLiteral("; ")) : d.reason;
        if (d.included && !d.withheld.isEmpty())
            why = tr("credentials withheld: %1").arg(d.withheld) + QStringLiteral("; ") + why;
        item->setText(16, why);
        item->setToolTip(16, c.reasons.join(u'\n'));
    }
    for (int c = 0; c < m_candidates->columnCount(); ++c)
        m_candidates->resizeColumnToContents(c);

    m_context->clear();
    // Where credentials were withheld, by citation number (the trace keeps it for stored answers).
    QHash<int, QString> withheld;
    for (const PackDecision &d : trace.decisions) {
        if (d.included && !d.withheld.isEmpty())
            withheld.insert(d.number, d.withheld);
    }
    for (const ContextChunk &c : t.context) {
        auto *item = new QTreeWidgetItem(m_context);
        item->setText(0, QString::number(c.number));
        item->setText(1, c.location());
        item->setData(1, Qt::UserRole, c.path);
        item->setData(1, Qt::UserRole + 1, c.startLine);
        item->setData(1, Qt::UserRole + 2, c.endLine);
        item->setText(2, c.symbol);
        item->setText(3, c.source);
        item->setText(4, QString::number(c.tokens));
        item->setText(5, c.withheld.isEmpty() ? withheld.value(c.number) : c.withheld);
        item->setText(6, c.references.join(QStringLiteral("; ")));
        item->setToolTip(6, c.references.join(u'\n'));
    }
    for (int c = 0; c < m_context->columnCount() - 1; ++c)
        m_context->resizeColumnToContents(c);

    QString r;
    if (t.requestBody.isEmpty()) {
        r = t.status == QLatin1String("retrieval-only") ? tr("Nothing was sent: no model was configured.")
                                                        : tr("Nothing was sent.");
    } else {
        r = tr("POST %1\nModel: %2\nHeaders: Content-Type: application/json; Accept: text/event-stream; "
               "Authorization: Bearer *** (when a key is set)\nBody (%3 bytes, exactly as sent):\n\n")
                .arg(t.endpoint, t.model)
                .arg(t.requestBody.size());
        const QJsonDocument doc = QJsonDocument::fromJson(t.requestBody);
        r += doc.isNull() ? QString::fromUtf8(t.requestBody) : QString::fromUtf8(doc.toJson(QJsonDocument::Indented));
    }
    // Requests made while searching (HyDE), exactly as sent.
    for (const RemoteCall &c : trace.remoteCalls) {
        if (c.body.isEmpty())
            continue;
        r += QStringLiteral("\n\n") + tr("POST %1 (%2, %3 bytes):").arg(c.endpoint, c.purpose).arg(c.bytes) + u'\n';
        const QJsonDocument doc = QJsonDocument::fromJson(c.body);
        r += doc.isNull() ? QString::fromUtf8(c.body) : QString::fromUtf8(doc.toJson(QJsonDocument::Indented));
    }
    m_request->setPlainText(r);

    // The same request as the model reads it: each message with its role, real line breaks.
    QString readable;
    const QJsonDocument body = QJsonDocument::fromJson(t.requestBody);
    const QJsonArray messages = body.object().value(QStringLiteral("messages")).toArray();
    if (messages.isEmpty()) {
        readable = t.requestBody.isEmpty() ? tr("Nothing was sent.") : QString::fromUtf8(t.requestBody);
    } else {
        for (const QJsonValue &m : messages) {
            const QJsonObject message = m.toObject();
            const QString role = message.value(QStringLiteral("role")).toString();
            readable += QStringLiteral("━━━━ %1 ━━━━\n").arg(role);
            readable += message.value(QStringLiteral("content")).toString();
            readable += QStringLiteral("\n\n");
        }
    }
    m_prompt->setPlainText(readable);
}

} // namespace RepoLens
