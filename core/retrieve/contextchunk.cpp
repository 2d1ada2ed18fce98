#include "contextchunk.h"

#include "core/base/secrets.h"

#include <QSet>

namespace RepoLens {

QString ContextChunk::location() const
{
    if (startLine <= 0)
        return path;
    if (endLine <= startLine)
        return path + u':' + QString::number(startLine);
    return path + u':' + QString::number(startLine) + u'-' + QString::number(endLine);
}

int estimateTokens(QStringView text)
{
    qsizetype bytes = 0;
    for (QChar c : text)
        bytes += c.unicode() < 0x80 ? 1 : (c.unicode() < 0x800 ? 2 : (c.isSurrogate() ? 2 : 3));
    return int((bytes + 3) / 4);
}

namespace {

// A fence longer than any run of backticks inside the code.
QString codeFenceFor(const QString &text)
{
    int longest = 0;
    int run = 0;
    for (QChar c : text) {
        run = c == u'`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    return QString(std::max(3, longest + 1), u'`');
}

} // namespace

void withholdFrom(ContextChunk &chunk)
{
    const WithheldText w = withholdSecrets(chunk.text);
    QStringList where;
    if (w.isWithheld()) {
        chunk.text = w.text;
        where << w.describe(std::max(1, chunk.startLine));
    }
    // The references name symbols and paths; a credential there is unlikely but not impossible.
    for (QString &ref : chunk.references) {
        const WithheldText r = withholdSecrets(ref);
        if (r.isWithheld()) {
            ref = r.text;
            where << QStringLiteral("references");
        }
    }
    if (!where.isEmpty())
        chunk.withheld = where.join(QStringLiteral("; "));
}

QString formatContextChunk(const ContextChunk &c)
{
    QString header = u'[' + QString::number(c.number) + QStringLiteral("] ") + c.location();
    if (!c.symbol.isEmpty() || !c.kind.isEmpty()) {
        header += QStringLiteral(" (");
        header += c.kind;
        if (!c.symbol.isEmpty())
            header += (c.kind.isEmpty() ? QString() : QStringLiteral(" ")) + c.symbol;
        header += u')';
    }
    QString text = c.text;
    if (!text.endsWith(u'\n'))
        text += u'\n';
    const QString fence = codeFenceFor(text);
    QString out = header + u'\n' + fence + languageName(c.language) + u'\n' + text + fence + u'\n';
    if (!c.references.isEmpty())
        out += QStringLiteral("References: ") + c.references.join(QStringLiteral("; ")) + u'\n';
    return out;
}

ContextChunk contextChunkFromRecord(const IndexStore &store, const ChunkRecord &c, int maxReferences)
{
    ContextChunk out;
    out.chunkId = c.id;
    out.parentChunkId = c.parentId;
    out.path = c.path;
    out.startLine = c.startLine;
    out.endLine = c.endLine;
    out.language = c.language;
    out.kind = chunkKindName(c.kind);
    out.symbol = c.qualifiedName.isEmpty() ? c.name : c.qualifiedName;
    out.text = c.text;
    if (maxReferences <= 0)
        return out;
    // What it uses (resolved definitions), then who uses what it defines.
    QSet<QString> seen;
    int outgoing = 0;
    for (const RefRecord &r : store.symbols().refsFromChunk(c.id)) {
        if (outgoing >= maxReferences)
            break;
        if (r.toSymbolId == 0 || seen.contains(r.name))
            continue;
        const auto s = store.symbols().symbol(r.toSymbolId);
        if (!s || s->chunkId == c.id)
            continue;
        seen.insert(r.name);
        out.references << QStringLiteral("%1 %2 (%3:%4)")
                              .arg(r.kind == RefKind::Call ? QStringLiteral("calls") : refKindName(r.kind),
                                   s->qualifiedName.isEmpty() ? s->name : s->qualifiedName, s->path)
                              .arg(s->line);
        ++outgoing;
    }
    int incoming = 0;
    for (const SymbolRecord &s : store.symbols().ofFile(c.fileId)) {
        if (s.chunkId != c.id)
            continue;
        for (const RefRecord &r : store.symbols().refsToSymbol(s.id, maxReferences)) {
            if (incoming >= maxReferences)
                break;
            if (r.fromChunkId == c.id)
                continue;
            out.references << QStringLiteral("%1 by %2 (%3:%4)")
                                  .arg(r.kind == RefKind::Call ? QStringLiteral("called") : QStringLiteral("used"),
                                       r.fromName.isEmpty() ? r.path : r.fromName, r.path)
                                  .arg(r.line);
            ++incoming;
        }
    }
    return out;
}

QStringList withheldEntries(const QList<ContextChunk> &context)
{
    QStringList out;
    for (const ContextChunk &c : context) {
        if (!c.withheld.isEmpty())
            out << c.path + u' ' + c.withheld;
    }
    return out;
}

} // namespace RepoLens
