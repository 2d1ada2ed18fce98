#include "mentions.h"

#include <QRegularExpression>

namespace RepoLens {

bool Mention::looksLikePath() const
{
    if (target.contains(u'/'))
        return true;
    // "config.py", "README.md" but not "Session.request" (a qualified name): an extension of
    // 1-5 lowercase letters/digits after the last dot, and a name part that is not a class name.
    static const QRegularExpression fileName(QStringLiteral("^[^./][^/]*\\.[a-z0-9]{1,5}$"));
    if (!fileName.match(target).hasMatch())
        return false;
    static const QSet<QString> extensions = {
        QStringLiteral("py"),   QStringLiteral("java"), QStringLiteral("rs"),   QStringLiteral("js"),
        QStringLiteral("mjs"),  QStringLiteral("cjs"),  QStringLiteral("ts"),   QStringLiteral("tsx"),
        QStringLiteral("jsx"),  QStringLiteral("c"),    QStringLiteral("h"),    QStringLiteral("cc"),
        QStringLiteral("cpp"),  QStringLiteral("cxx"),  QStringLiteral("hpp"),  QStringLiteral("hh"),
        QStringLiteral("go"),   QStringLiteral("md"),   QStringLiteral("txt"),  QStringLiteral("json"),
        QStringLiteral("yaml"), QStringLiteral("yml"),  QStringLiteral("toml"), QStringLiteral("ini"),
        QStringLiteral("cfg"),  QStringLiteral("xml"),  QStringLiteral("sh"),   QStringLiteral("cmake"),
        QStringLiteral("rst"),  QStringLiteral("kt"),   QStringLiteral("swift"), QStringLiteral("rb"),
        QStringLiteral("php"),  QStringLiteral("cs"),   QStringLiteral("scala"), QStringLiteral("lua"),
        QStringLiteral("sql"),  QStringLiteral("html"), QStringLiteral("css"),  QStringLiteral("mk"),
    };
    return extensions.contains(target.section(u'.', -1));
}

namespace {

bool opensMention(const QString &text, qsizetype at)
{
    if (at == 0)
        return true;
    const QChar before = text.at(at - 1);
    return before.isSpace() || before == u'(' || before == u'[' || before == u'{' || before == u'"'
           || before == u'\'' || before == u',';
}

} // namespace

ParsedQuestion parseMentions(const QString &question)
{
    ParsedQuestion out;
    QString text;
    qsizetype copied = 0;
    QSet<QString> seen;
    for (qsizetype i = 0; i < question.size(); ++i) {
        if (question.at(i) != u'@' || !opensMention(question, i))
            continue;
        qsizetype end = i + 1;
        while (end < question.size() && !question.at(end).isSpace())
            ++end;
        QString target = question.mid(i + 1, end - i - 1);
        // trailing punctuation belongs to the sentence
        while (!target.isEmpty()) {
            const QChar last = target.back();
            if (last == u'.' || last == u',' || last == u';' || last == u':' || last == u'!' || last == u'?'
                || last == u')' || last == u']' || last == u'}' || last == u'"' || last == u'\'' || last == u'`') {
                target.chop(1);
                continue;
            }
            break;
        }
        if (target.isEmpty())
            continue;
        const qsizetype length = target.size() + 1;
        Mention m;
        m.offset = int(i);
        m.length = int(length);
        m.target = target;
        text += question.mid(copied, i - copied);
        if (target.compare(QLatin1String("codebase"), Qt::CaseInsensitive) == 0) {
            m.kind = Mention::Kind::Codebase;
            out.codebase = true;
            // drop "@codebase" and one following space
            copied = i + length;
            if (copied < question.size() && question.at(copied) == u' ' && (text.isEmpty() || text.back().isSpace()))
                ++copied;
        } else {
            text += target;
            copied = i + length;
        }
        const QString key = (m.kind == Mention::Kind::Codebase ? QStringLiteral("@") : QString()) + target;
        if (!seen.contains(key)) {
            seen.insert(key);
            out.mentions.append(m);
        }
        i = i + length - 1;
    }
    text += question.mid(copied);
    // Trimmed, not simplified: a pasted bug report's lines are its structure (the title, code
    // blocks, traceback frames, shell prompts); the search reads them as the CLI does.
    out.text = text.trimmed();
    return out;
}

MentionPrefix mentionAt(const QString &text, int cursor)
{
    MentionPrefix out;
    if (cursor < 0 || cursor > text.size())
        return out;
    qsizetype i = cursor - 1;
    while (i >= 0 && !text.at(i).isSpace() && text.at(i) != u'@')
        --i;
    if (i < 0 || text.at(i) != u'@' || !opensMention(text, i))
        return out;
    out.start = int(i);
    out.prefix = text.mid(i + 1, cursor - i - 1);
    return out;
}

QStringList connectionQuestion(const QString &question)
{
    static const QString name = QStringLiteral("[`@]?([A-Za-z_][A-Za-z0-9_]*(?:(?:\\.|::)[A-Za-z_][A-Za-z0-9_]*)*)(?:\\(\\))?`?");
    static const QList<QRegularExpression> patterns = [] {
        const QString n = name;
        QList<QRegularExpression> list;
        auto add = [&list](const QString &p) {
            list << QRegularExpression(p, QRegularExpression::CaseInsensitiveOption);
        };
        add(QStringLiteral("\\b(?:how|where|why)\\s+(?:are|is|do|does)\\s+") + n + QStringLiteral("\\s+(?:and|&|with)\\s+") + n
            + QStringLiteral("\\s+(?:connected|related|linked|coupled|interacting|interact|used together|wired)"));
        add(QStringLiteral("\\b(?:relationship|relation|connection|link|path|paths|dependency|dependencies|interaction)s?\\s+between\\s+")
            + n + QStringLiteral("\\s+(?:and|&)\\s+") + n);
        add(QStringLiteral("\\bhow\\s+(?:does|do|is|are|can)\\s+") + n
            + QStringLiteral("\\s+(?:reach|reaches|get to|call|calls|use|uses|depend on|depends on|relate to|relates to|"
                             "interact with|talk to|connect to|connected to|related to|lead to|end up in|invoke)\\s+")
            + n);
        add(QStringLiteral("\\b(?:path|paths|call chain|chain)\\s+from\\s+") + n + QStringLiteral("\\s+to\\s+") + n);
        add(QStringLiteral("\\bwhat\\s+connects\\s+") + n + QStringLiteral("\\s+(?:and|&|to|with)\\s+") + n);
        return list;
    }();
    for (const QRegularExpression &re : patterns) {
        const QRegularExpressionMatch m = re.match(question);
        if (m.hasMatch()) {
            const QString a = m.captured(1);
            const QString b = m.captured(2);
            static const QSet<QString> filler = {QStringLiteral("the"), QStringLiteral("a"), QStringLiteral("an"),
                                                 QStringLiteral("this"), QStringLiteral("that"), QStringLiteral("it"),
                                                 QStringLiteral("they"), QStringLiteral("these"), QStringLiteral("those")};
            if (filler.contains(a.toLower()) || filler.contains(b.toLower()) || a == b)
                continue;
            return {a, b};
        }
    }
    return {};
}

} // namespace RepoLens
