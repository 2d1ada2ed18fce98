#include "chunker.h"

#include "treesitter_p.h"

#include "core/base/logging.h"

#include <QElapsedTimer>
#include <QHash>
#include <QSet>

#include <algorithm>
#include <vector>

namespace RepoLens {

namespace {

using TreeSitter::Query;

// Line starts of a UTF-8 buffer; lines are 1-based in the API.
class LineIndex
{
public:
    explicit LineIndex(const QByteArray &text)
    {
        m_starts.push_back(0);
        const char *data = text.constData();
        const qsizetype size = text.size();
        for (qsizetype i = 0; i < size; ++i) {
            if (data[i] == '\n' && i + 1 < size)
                m_starts.push_back(int(i + 1));
        }
        m_size = int(size);
    }
    int lineCount() const { return m_size == 0 ? 0 : int(m_starts.size()); }
    int lineOf(int byte) const
    {
        const auto it = std::upper_bound(m_starts.begin(), m_starts.end(), byte);
        return int(it - m_starts.begin());
    }
    int lineStart(int line) const { return m_starts.at(size_t(line - 1)); }
    int lineEnd(int line) const // start of the next line (the newline included)
    {
        int end = line < int(m_starts.size()) ? m_starts.at(size_t(line)) : m_size;
        return end;
    }

private:
    std::vector<int> m_starts;
    int m_size = 0;
};

ChunkKind kindFromCapture(QByteArrayView what, bool *scopeOnly, bool *ok)
{
    *scopeOnly = false;
    *ok = true;
    if (what == "function")
        return ChunkKind::Function;
    if (what == "method")
        return ChunkKind::Method;
    if (what == "constructor")
        return ChunkKind::Constructor;
    if (what == "class")
        return ChunkKind::Class;
    if (what == "struct" || what == "union")
        return ChunkKind::Struct;
    if (what == "interface")
        return ChunkKind::Interface;
    if (what == "enum")
        return ChunkKind::Enum;
    if (what == "trait")
        return ChunkKind::Trait;
    if (what == "impl")
        return ChunkKind::Impl;
    if (what == "type")
        return ChunkKind::Type;
    if (what == "macro")
        return ChunkKind::Macro;
    if (what == "variable" || what == "constant")
        return ChunkKind::Variable;
    if (what == "namespace" || what == "module") {
        *scopeOnly = true;
        return ChunkKind::Class;
    }
    *ok = false;
    return ChunkKind::Function;
}

bool refKindFromCapture(QByteArrayView what, RefKind *kind)
{
    if (what == "call")
        *kind = RefKind::Call;
    else if (what == "new" || what == "class")
        *kind = RefKind::New;
    else if (what == "import")
        *kind = RefKind::Import;
    else if (what == "include")
        *kind = RefKind::Include;
    else if (what == "inherit" || what == "implementation")
        *kind = RefKind::Inherit;
    else if (what == "type")
        *kind = RefKind::Type;
    else
        return false;
    return true;
}

// Nodes that wrap a definition and belong to its chunk.
bool isWrapperNode(const char *type)
{
    static const char *const wrappers[] = {"decorated_definition", "template_declaration",
                                           "export_statement", "ambient_declaration"};
    for (const char *w : wrappers) {
        if (std::strcmp(type, w) == 0)
            return true;
    }
    return false;
}

bool isAttachableNode(const char *type)
{
    return std::strstr(type, "comment") != nullptr || std::strcmp(type, "attribute_item") == 0
           || std::strcmp(type, "decorator") == 0;
}

bool isDocNode(const char *type)
{
    return std::strstr(type, "comment") != nullptr;
}

bool isIdentifierChar(QChar ch)
{
    return ch.isLetterOrNumber() || ch == u'_' || ch == u'$';
}

// Splits "a::b<T>::c" / "a.b.c" into qualifier "a.b" and name "c". C++ operators keep their
// name whole: "Foo<T>::operator<<" gives "Foo" and "operator<<", a conversion operator's text
// "operator bool() const" gives "operator bool".
void splitQualifiedName(QString text, QString *qualifier, QString *name)
{
    text = text.simplified();
    // Drop template arguments so "Foo<T>::bar" gives "Foo", and spaces except between two
    // words ("operator bool", "operator new").
    QString plain;
    plain.reserve(text.size());
    int depth = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar ch = text.at(i);
        // '<' after "operator" is the operator itself (operator<, operator<<, operator<=>)
        if (ch == u'<' && !plain.endsWith(QLatin1String("operator"))
            && !plain.endsWith(QLatin1String("operator<")))
            ++depth;
        else if (ch == u'>' && depth > 0)
            --depth;
        else if (depth == 0 && ch != u' ')
            plain.append(ch);
        else if (depth == 0 && !plain.isEmpty() && isIdentifierChar(plain.back())
                 && i + 1 < text.size() && isIdentifierChar(text.at(i + 1)))
            plain.append(ch);
    }
    plain.replace(QLatin1String("::"), QLatin1String("."));
    if (plain.startsWith(u'.'))
        plain.remove(0, 1);
    // "operator" as a word of its own starting a component (not "cooperator", "operator_id")
    qsizetype op = -1;
    for (qsizetype i = plain.indexOf(QLatin1String("operator")); i >= 0;
         i = plain.indexOf(QLatin1String("operator"), i + 1)) {
        const qsizetype after = i + 8;
        if ((i == 0 || plain.at(i - 1) == u'.')
            && (after == plain.size() || plain.at(after) == u' '
                || !isIdentifierChar(plain.at(after)))) {
            op = i;
            break;
        }
    }
    if (op >= 0) {
        *qualifier = op > 0 ? plain.left(op - 1) : QString();
        QString opName = plain.mid(op);
        opName.replace(u'.', QLatin1String("::")); // operator std::string
        if (opName.startsWith(QLatin1String("operator()")))
            opName.truncate(10);
        else if (const qsizetype paren = opName.indexOf(u'('); paren > 8)
            opName.truncate(paren); // conversion operator: drop "() const"
        *name = opName;
        return;
    }
    const qsizetype dot = plain.lastIndexOf(u'.');
    *qualifier = dot > 0 ? plain.left(dot) : QString();
    *name = dot > 0 ? plain.mid(dot + 1) : plain;
}

struct Def
{
    ChunkKind kind = ChunkKind::Function;
    bool scopeOnly = false;
    int start = 0; // extended (wrappers, doc comments)
    int end = 0;
    int nodeStart = 0;
    int nodeEnd = 0;
    QString name;
    QString qualifier;
    int nameLine = 0;
    int nameColumn = 0;
    int bodyStart = -1;
    int bodyEnd = -1;
    int docStart = -1;
    int docEnd = -1;
    QString doc;
    int parent = -1;
    int chunk = -1; // first chunk index, -1 when symbol-only
    bool chunked = false;
    QString qualifiedName;
};

struct RawRef
{
    RefKind kind;
    QString name;
    QString qualifier;
    int byte;
    int line;
    int column;
};

struct ParseBudget
{
    QElapsedTimer timer;
    qint64 limitMs = 0;
    const std::atomic_bool *cancel = nullptr;
    bool timedOut = false;
};

bool budgetExhausted(ParseBudget *budget)
{
    if (budget->cancel && budget->cancel->load(std::memory_order_relaxed))
        return true;
    if (budget->limitMs > 0 && budget->timer.elapsed() > budget->limitMs) {
        budget->timedOut = true;
        return true;
    }
    return false;
}

bool parseProgress(TSParseState *state)
{
    return budgetExhausted(static_cast<ParseBudget *>(state->payload));
}

// The tags query shares the parse's budget: on deeply nested input matching can take far
// longer than parsing (5,000 nested C blocks: seconds).
bool queryProgress(TSQueryCursorState *state)
{
    return budgetExhausted(static_cast<ParseBudget *>(state->payload));
}

bool isClosingOnlyLine(QByteArrayView line)
{
    line = line.trimmed();
    if (line.isEmpty())
        return true;
    qsizetype i = 0;
    while (i < line.size() && (line[i] == '}' || line[i] == ')' || line[i] == ']' || line[i] == ';'
                               || line[i] == ',' || line[i] == ' ' || line[i] == '\t'))
        ++i;
    if (i == line.size())
        return true;
    return i > 0 && line.sliced(i).trimmed().startsWith("//");
}

} // namespace

class Chunker::Private
{
public:
    ChunkerOptions options;
    TSParser *parser = nullptr;

    ParseResult parseTree(LanguageId language, const QByteArray &text, TSTree *tree,
                          const Query *query, ParseBudget *budget);
};

Chunker::Chunker(ChunkerOptions options)
    : d(std::make_unique<Private>())
{
    d->options = options;
    d->parser = ts_parser_new();
}

Chunker::~Chunker()
{
    ts_parser_delete(d->parser);
}

const ChunkerOptions &Chunker::options() const
{
    return d->options;
}

ParseResult Chunker::parse(LanguageId language, const QByteArray &text, const std::atomic_bool *cancel)
{
    const TSLanguage *grammar = TreeSitter::grammar(language);
    const Query *query = grammar ? Query::get(language, TreeSitter::QueryKind::Tags) : nullptr;
    if (!grammar || !query) {
        ParseResult result = chunkText(language, text, d->options);
        if (isTreeSitterLanguage(language)) {
            result.fellBackToText = true;
            result.error = QStringLiteral("no usable grammar or tags query for %1").arg(languageName(language));
        }
        return result;
    }
    if (!ts_parser_set_language(d->parser, grammar)) {
        ParseResult result = chunkText(language, text, d->options);
        result.language = language;
        result.fellBackToText = true;
        result.error = QStringLiteral("grammar ABI %1 not supported by the tree-sitter core")
                           .arg(ts_language_abi_version(grammar));
        return result;
    }
    ParseBudget budget;
    budget.timer.start();
    budget.limitMs = d->options.parseTimeoutMs;
    budget.cancel = cancel;
    TSParseOptions parseOptions{&budget, &parseProgress};
    TSInput input{};
    struct Source
    {
        const char *data;
        uint32_t size;
    } source{text.constData(), uint32_t(text.size())};
    input.payload = &source;
    input.read = [](void *payload, uint32_t byte, TSPoint, uint32_t *bytesRead) -> const char * {
        auto *src = static_cast<Source *>(payload);
        if (byte >= src->size) {
            *bytesRead = 0;
            return "";
        }
        *bytesRead = src->size - byte;
        return src->data + byte;
    };
    input.encoding = TSInputEncodingUTF8;
    TSTree *tree = ts_parser_parse_with_options(d->parser, nullptr, input, parseOptions);
    if (!tree) {
        ts_parser_reset(d->parser);
        ParseResult result = chunkText(language, text, d->options);
        result.language = language;
        result.fellBackToText = true;
        result.error = budget.timedOut
                           ? QStringLiteral("parse took longer than %1 ms; indexed as text")
                                 .arg(d->options.parseTimeoutMs)
                           : QStringLiteral("parse cancelled");
        return result;
    }
    ParseResult result = d->parseTree(language, text, tree, query, &budget);
    ts_tree_delete(tree);
    if (budget.timedOut || (cancel && cancel->load(std::memory_order_relaxed))) {
        result = chunkText(language, text, d->options);
        result.language = language;
        result.fellBackToText = true;
        result.error = budget.timedOut ? QStringLiteral("parse took longer than %1 ms; indexed as text")
                                             .arg(d->options.parseTimeoutMs)
                                       : QStringLiteral("parse cancelled");
    }
    return result;
}

ParseResult Chunker::Private::parseTree(LanguageId language, const QByteArray &text, TSTree *tree,
                                        const Query *query, ParseBudget *budget)
{
    ParseResult result;
    result.language = language;
    const LineIndex lines(text);
    result.lineCount = lines.lineCount();
    const char *src = text.constData();
    const uint32_t srcLen = uint32_t(text.size());
    const TSNode root = ts_tree_root_node(tree);

    // Count syntax errors cheaply: only when the root reports one.
    if (ts_node_has_error(root)) {
        TSTreeCursor cursor = ts_tree_cursor_new(root);
        bool more = true;
        while (more) {
            const TSNode node = ts_tree_cursor_current_node(&cursor);
            if (ts_node_is_error(node) || ts_node_is_missing(node))
                ++result.syntaxErrors;
            if (ts_node_has_error(node) && !ts_node_is_error(node)
                && ts_tree_cursor_goto_first_child(&cursor))
                continue;
            while (!ts_tree_cursor_goto_next_sibling(&cursor)) {
                if (!ts_tree_cursor_goto_parent(&cursor)) {
                    more = false;
                    break;
                }
            }
        }
        ts_tree_cursor_delete(&cursor);
    }

    // --- run the tags query ----------------------------------------------------------------
    const int capName = query->captureIndex("name");
    const int capBody = query->captureIndex("body");
    const int capDoc = query->captureIndex("doc");
    const int capReceiver = query->captureIndex("receiver");
    const int capQualifier = query->captureIndex("qualifier");
    struct CaptureRole
    {
        enum { Other, Definition, Reference } role = Other;
        ChunkKind kind = ChunkKind::Function;
        bool scopeOnly = false;
        RefKind refKind = RefKind::Call;
    };
    std::vector<CaptureRole> roles(query->captureCount());
    for (uint32_t i = 0; i < query->captureCount(); ++i) {
        const QByteArray &name = query->captureName(i);
        if (name.startsWith("definition.")) {
            bool ok = false;
            roles[i].kind = kindFromCapture(QByteArrayView(name).sliced(11), &roles[i].scopeOnly, &ok);
            if (ok)
                roles[i].role = CaptureRole::Definition;
        } else if (name.startsWith("reference.")) {
            if (refKindFromCapture(QByteArrayView(name).sliced(10), &roles[i].refKind))
                roles[i].role = CaptureRole::Reference;
        }
    }

    std::vector<Def> defs;
    QHash<quint64, int> defByNode; // (start<<32|end) -> def index
    QSet<int> defNameSeen;         // start bytes of the definitions' names
    std::vector<RawRef> refs;
    QSet<quint64> refSeen;

    TSQueryCursor *cursor = ts_query_cursor_new();
    ts_query_cursor_set_match_limit(cursor, 4096);
    TSQueryCursorOptions queryOptions{budget, &queryProgress};
    ts_query_cursor_exec_with_options(cursor, query->raw(), root, &queryOptions);
    TSQueryMatch match;
    while (ts_query_cursor_next_match(cursor, &match)) {
        if (!query->predicatesHold(match, src, srcLen))
            continue;
        int main = -1;
        TSNode nameNode{}, bodyNode{}, docNode{}, receiverNode{}, qualifierNode{};
        bool hasName = false, hasBody = false, hasDoc = false, hasReceiver = false,
             hasQualifier = false;
        for (uint16_t c = 0; c < match.capture_count; ++c) {
            const TSQueryCapture &cap = match.captures[c];
            const int idx = int(cap.index);
            if (roles[size_t(idx)].role != CaptureRole::Other) {
                main = c;
            } else if (idx == capName && !hasName) {
                nameNode = cap.node;
                hasName = true;
            } else if (idx == capBody && !hasBody) {
                bodyNode = cap.node;
                hasBody = true;
            } else if (idx == capDoc && !hasDoc) {
                docNode = cap.node;
                hasDoc = true;
            } else if (idx == capReceiver && !hasReceiver) {
                receiverNode = cap.node;
                hasReceiver = true;
            } else if (idx == capQualifier && !hasQualifier) {
                qualifierNode = cap.node;
                hasQualifier = true;
            }
        }
        if (main < 0 || !hasName)
            continue;
        const TSQueryCapture &mainCap = match.captures[main];
        const CaptureRole &role = roles[mainCap.index];
        const TSPoint namePoint = ts_node_start_point(nameNode);
        if (role.role == CaptureRole::Reference) {
            const int byte = int(ts_node_start_byte(nameNode));
            const quint64 key = (quint64(byte) << 8) | quint64(role.refKind);
            if (refSeen.contains(key))
                continue;
            refSeen.insert(key);
            RawRef ref{role.refKind, TreeSitter::nodeText(nameNode, src), QString(), byte,
                       int(namePoint.row) + 1, int(namePoint.column) + 1};
            if (ref.kind == RefKind::Include || ref.kind == RefKind::Import) {
                // strip quotes / angle brackets: "fmt/core.h", <vector>, 'x'
                while (!ref.name.isEmpty()
                       && (ref.name.front() == u'"' || ref.name.front() == u'<'
                           || ref.name.front() == u'\'' || ref.name.front() == u'`'))
                    ref.name.remove(0, 1);
                while (!ref.name.isEmpty()
                       && (ref.name.back() == u'"' || ref.name.back() == u'>'
                           || ref.name.back() == u'\'' || ref.name.back() == u'`'))
                    ref.name.chop(1);
            } else {
                QString qualifier, name;
                splitQualifiedName(ref.name, &qualifier, &name);
                ref.name = name;
                ref.qualifier = qualifier;
            }
            if (hasQualifier)
                ref.qualifier = TreeSitter::nodeText(qualifierNode, src).simplified().left(200);
            if (!ref.name.isEmpty() && ref.name.size() <= 200)
                refs.push_back(std::move(ref));
            continue;
        }
        // Definition
        const TSNode node = mainCap.node;
        const int nodeStart = int(ts_node_start_byte(node));
        const int nodeEnd = int(ts_node_end_byte(node));
        const quint64 key = (quint64(nodeStart) << 32) | quint64(uint32_t(nodeEnd));
        if (defByNode.contains(key))
            continue; // an earlier pattern already claimed this node
        // One definition per name: a pattern on the enclosing statement (which brings the doc
        // comment along) and one on the inner function must not make two symbols.
        const int nameByte = int(ts_node_start_byte(nameNode));
        if (defNameSeen.contains(nameByte))
            continue;
        Def def;
        def.kind = role.kind;
        def.scopeOnly = role.scopeOnly;
        def.nodeStart = nodeStart;
        def.nodeEnd = nodeEnd;
        // A name with a syntax error inside is parser recovery gone astray (an unknown macro
        // before a template makes "Char> class basic_string_view {...} ...::f" one name).
        if (ts_node_has_error(nameNode))
            continue;
        QString qualifier, name;
        splitQualifiedName(TreeSitter::nodeText(nameNode, src), &qualifier, &name);
        if (name.isEmpty() || name.size() > 300)
            continue;
        def.name = name;
        def.qualifier = qualifier;
        if (hasReceiver) {
            QString rq, rn;
            splitQualifiedName(TreeSitter::nodeText(receiverNode, src), &rq, &rn);
            def.qualifier = rn;
        }
        def.nameLine = int(namePoint.row) + 1;
        def.nameColumn = int(namePoint.column) + 1;
        if (hasBody) {
            def.bodyStart = int(ts_node_start_byte(bodyNode));
            def.bodyEnd = int(ts_node_end_byte(bodyNode));
        }
        if (hasDoc) {
            def.docStart = int(ts_node_start_byte(docNode));
            def.docEnd = int(ts_node_end_byte(docNode));
            def.doc = TreeSitter::nodeText(docNode, src);
        }
        // Extend over wrappers (decorators, templates, export) and attached comments.
        TSNode outer = node;
        for (TSNode parent = ts_node_parent(outer); !ts_node_is_null(parent);
             parent = ts_node_parent(outer)) {
            if (!isWrapperNode(ts_node_type(parent)))
                break;
            outer = parent;
        }
        int start = int(ts_node_start_byte(outer));
        int end = std::max(nodeEnd, int(ts_node_end_byte(outer)));
        QString leadingDoc;
        int docTop = -1;
        int docBottom = -1; // end of the doc comment closest to the definition
        for (TSNode prev = ts_node_prev_sibling(outer); !ts_node_is_null(prev);
             prev = ts_node_prev_sibling(prev)) {
            const char *type = ts_node_type(prev);
            if (!isAttachableNode(type))
                break;
            const int prevEnd = int(ts_node_end_byte(prev));
            // attached = no blank line between
            const int gapLines = lines.lineOf(start) - lines.lineOf(std::max(0, prevEnd - 1));
            if (gapLines > 1)
                break;
            // a trailing comment on the previous code line belongs to that line
            const int prevStartLine = lines.lineOf(int(ts_node_start_byte(prev)));
            const int lineStartByte = lines.lineStart(prevStartLine);
            bool ownLine = true;
            for (int b = lineStartByte; b < int(ts_node_start_byte(prev)); ++b) {
                if (src[b] != ' ' && src[b] != '\t') {
                    ownLine = false;
                    break;
                }
            }
            if (!ownLine)
                break;
            start = int(ts_node_start_byte(prev));
            if (isDocNode(type)) {
                docTop = start;
                if (docBottom < 0)
                    docBottom = prevEnd;
            }
        }
        if (docTop >= 0) {
            // the doc comment block: from the first comment to the last one (attributes and
            // decorators between the comments and the definition are not documentation)
            leadingDoc = QString::fromUtf8(src + docTop, docBottom - docTop).trimmed();
        }
        if (!leadingDoc.isEmpty())
            def.doc = def.doc.isEmpty() ? leadingDoc : leadingDoc + u'\n' + def.doc;
        def.start = start;
        def.end = end;
        defByNode.insert(key, int(defs.size()));
        defNameSeen.insert(nameByte);
        defs.push_back(std::move(def));
    }
    ts_query_cursor_delete(cursor);

    // --- nesting ---------------------------------------------------------------------------
    std::vector<int> order(defs.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = int(i);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        if (defs[size_t(a)].nodeStart != defs[size_t(b)].nodeStart)
            return defs[size_t(a)].nodeStart < defs[size_t(b)].nodeStart;
        return defs[size_t(a)].nodeEnd > defs[size_t(b)].nodeEnd;
    });
    {
        std::vector<Def> sorted;
        sorted.reserve(defs.size());
        for (int i : order)
            sorted.push_back(std::move(defs[size_t(i)]));
        defs = std::move(sorted);
    }
    std::vector<int> stack;
    for (int i = 0; i < int(defs.size()); ++i) {
        Def &def = defs[size_t(i)];
        while (!stack.empty() && defs[size_t(stack.back())].nodeEnd < def.nodeEnd)
            stack.pop_back();
        def.parent = stack.empty() ? -1 : stack.back();
        stack.push_back(i);
    }

    // Kinds, qualified names, which definitions get chunks of their own.
    for (int i = 0; i < int(defs.size()); ++i) {
        Def &def = defs[size_t(i)];
        int container = def.parent;
        bool insideCallable = false;
        for (int p = def.parent; p >= 0; p = defs[size_t(p)].parent) {
            if (isCallableKind(defs[size_t(p)].kind) && !defs[size_t(p)].scopeOnly) {
                insideCallable = true;
                break;
            }
        }
        while (container >= 0 && defs[size_t(container)].scopeOnly)
            container = defs[size_t(container)].parent;
        // a method of a class declared inside a function is still a method (symbol only)
        const bool inContainer = container >= 0 && isContainerKind(defs[size_t(container)].kind);
        if (def.kind == ChunkKind::Function && (inContainer || !def.qualifier.isEmpty())) {
            const QString owner = inContainer ? defs[size_t(container)].name
                                              : def.qualifier.section(u'.', -1);
            def.kind = (def.name == owner || def.name == QLatin1String("__init__")
                        || def.name == QLatin1String("constructor"))
                           ? ChunkKind::Constructor
                           : ChunkKind::Method;
        } else if (def.kind == ChunkKind::Method && def.name == QLatin1String("__init__")) {
            def.kind = ChunkKind::Constructor;
        }
        QString prefix;
        if (def.parent >= 0)
            prefix = defs[size_t(def.parent)].qualifiedName;
        if (!def.qualifier.isEmpty())
            prefix = prefix.isEmpty() ? def.qualifier : prefix + u'.' + def.qualifier;
        if (prefix.size() > 400)
            prefix = prefix.right(400);
        def.qualifiedName = prefix.isEmpty() ? def.name : prefix + u'.' + def.name;
        def.chunked = !def.scopeOnly && !insideCallable;
    }

    // --- chunks ----------------------------------------------------------------------------
    const int maxLines = std::max(4, options.maxLines);
    const int maxBytes = std::max(256, options.maxBytes);

    auto lineSlice = [&](int firstLine, int lastLine) {
        const int b = lines.lineStart(firstLine);
        const int e = lines.lineEnd(lastLine);
        return QByteArrayView(src + b, e - b);
    };
    auto signatureOf = [&](const Def &def) {
        int sigEnd = def.bodyStart >= 0 ? def.bodyStart : def.nodeEnd;
        // first line only when there is no body (declarations) or the header is huge
        QByteArrayView sig(src + def.nodeStart, sigEnd - def.nodeStart);
        if (def.bodyStart < 0) {
            const qsizetype nl = sig.indexOf('\n');
            if (nl >= 0)
                sig = sig.first(nl);
        }
        QString s = QString::fromUtf8(sig).trimmed();
        if (s.endsWith(u':'))
            s.chop(1);
        s = s.simplified();
        if (s.size() > 400)
            s = s.left(400) + QStringLiteral(" …");
        return s;
    };

    // Emits a chunk for [startByte, endByte), split into parts when over budget.
    auto emitChunk = [&](Chunk base, int startByte, int endByte, const QString &bodyText,
                         bool useBodyText) {
        const int first = lines.lineOf(startByte);
        const int last = lines.lineOf(std::max(startByte, endByte - 1));
        base.startByte = startByte;
        base.endByte = endByte;
        base.startLine = first;
        base.endLine = last;
        const int firstIndex = int(result.chunks.size());
        if (useBodyText) {
            base.text = bodyText;
            result.chunks.append(base);
            return firstIndex;
        }
        if (last - first + 1 <= maxLines && endByte - startByte <= maxBytes) {
            base.text = QString::fromUtf8(src + startByte, endByte - startByte);
            result.chunks.append(base);
            return firstIndex;
        }
        // Split at line boundaries; a single over-long line is split by bytes.
        struct Part
        {
            int b, e;
        };
        std::vector<Part> parts;
        int cur = startByte;
        while (cur < endByte) {
            int e = cur;
            int count = 0;
            while (e < endByte) {
                const int lineEndByte = std::min(endByte, lines.lineEnd(lines.lineOf(e)));
                if (count > 0 && (count >= maxLines || lineEndByte - cur > maxBytes))
                    break;
                e = lineEndByte;
                ++count;
            }
            // A tail of at most 3 closing lines ("}", "});") joins this part instead of
            // becoming a part of its own that says nothing.
            if (e < endByte && last - lines.lineOf(e) < 3 && endByte - e < 200) {
                bool closingOnly = true;
                for (int l = lines.lineOf(e); l <= last && closingOnly; ++l)
                    closingOnly = isClosingOnlyLine(lineSlice(l, l));
                if (closingOnly)
                    e = endByte;
            }
            if (e - cur > maxBytes) {
                // one huge line: cut at a UTF-8 boundary
                int cut = cur + maxBytes;
                while (cut > cur && (uchar(src[cut]) & 0xC0) == 0x80)
                    --cut;
                e = cut > cur ? cut : cur + maxBytes;
            }
            parts.push_back({cur, e});
            cur = e;
        }
        if (parts.size() == 1) { // only a closing tail was over the budget
            base.text = QString::fromUtf8(src + startByte, endByte - startByte);
            result.chunks.append(base);
            return firstIndex;
        }
        for (size_t k = 0; k < parts.size(); ++k) {
            Chunk part = base;
            part.part = int(k) + 1;
            part.partCount = int(parts.size());
            part.startByte = parts[k].b;
            part.endByte = parts[k].e;
            part.startLine = lines.lineOf(parts[k].b);
            part.endLine = lines.lineOf(std::max(parts[k].b, parts[k].e - 1));
            part.text = QString::fromUtf8(src + parts[k].b, parts[k].e - parts[k].b);
            if (k > 0)
                part.doc.clear();
            result.chunks.append(part);
        }
        return firstIndex;
    };

    std::vector<int> defChunk(defs.size(), -1);
    for (int i = 0; i < int(defs.size()); ++i) {
        Def &def = defs[size_t(i)];
        if (!def.chunked)
            continue;
        Chunk chunk;
        chunk.kind = def.kind;
        chunk.name = def.name;
        chunk.qualifiedName = def.qualifiedName;
        chunk.signature = signatureOf(def);
        chunk.doc = def.doc.left(4000);
        for (int p = def.parent; p >= 0; p = defs[size_t(p)].parent) {
            if (defChunk[size_t(p)] >= 0) {
                chunk.parent = defChunk[size_t(p)];
                break;
            }
        }
        if (isContainerKind(def.kind) && def.bodyStart >= 0) {
            // Skeleton: member bodies replaced by a placeholder.
            QByteArray skeleton;
            int pos = def.start;
            // keep the first line's indentation so nested skeletons read right
            for (int b = lines.lineStart(lines.lineOf(def.start)); b < def.start; ++b) {
                if (src[b] != ' ' && src[b] != '\t') {
                    skeleton.clear();
                    break;
                }
                skeleton.append(src[b]);
            }
            for (int j = i + 1; j < int(defs.size()) && defs[size_t(j)].nodeStart < def.nodeEnd; ++j) {
                const Def &member = defs[size_t(j)];
                // direct members only (skipping scopes)
                int p = member.parent;
                while (p >= 0 && p != i && defs[size_t(p)].scopeOnly)
                    p = defs[size_t(p)].parent;
                if (p != i || member.bodyStart < 0 || member.bodyStart < pos)
                    continue;
                skeleton.append(src + pos, member.bodyStart - pos);
                const bool braces = src[member.bodyStart] == '{';
                skeleton.append(braces ? "{ … }" : "…");
                pos = member.bodyEnd;
            }
            skeleton.append(src + pos, def.end - pos);
            const int skeletonLines = int(skeleton.count('\n')) + 1;
            if (skeletonLines <= maxLines && skeleton.size() <= maxBytes) {
                defChunk[size_t(i)] = emitChunk(chunk, def.start, def.end,
                                                QString::fromUtf8(skeleton), true);
            } else {
                // Too big even as a skeleton: keep the header plus member signatures, in parts.
                const int before = int(result.chunks.size());
                Chunk header = chunk;
                QList<QByteArray> skLines = skeleton.split('\n');
                int emitted = 0;
                int index = 0;
                const int total = int((skLines.size() + maxLines - 1) / maxLines);
                while (emitted < skLines.size()) {
                    const qsizetype n = std::min<qsizetype>(maxLines, skLines.size() - emitted);
                    QByteArray piece;
                    for (qsizetype k = 0; k < n; ++k) {
                        piece.append(skLines.at(emitted + k).left(maxBytes / int(n) + 200));
                        piece.append('\n');
                    }
                    Chunk part = header;
                    part.part = ++index;
                    part.partCount = total;
                    part.text = QString::fromUtf8(piece);
                    part.startByte = def.start;
                    part.endByte = def.end;
                    part.startLine = lines.lineOf(def.start);
                    part.endLine = lines.lineOf(std::max(def.start, def.end - 1));
                    if (index > 1)
                        part.doc.clear();
                    result.chunks.append(part);
                    emitted += int(n);
                }
                defChunk[size_t(i)] = before;
            }
        } else {
            defChunk[size_t(i)] = emitChunk(chunk, def.start, def.end, QString(), false);
        }
        def.chunk = defChunk[size_t(i)];
    }

    // Symbols: every definition; nested ones point at their enclosing chunk.
    for (int i = 0; i < int(defs.size()); ++i) {
        const Def &def = defs[size_t(i)];
        if (def.scopeOnly)
            continue;
        int chunk = defChunk[size_t(i)];
        for (int p = def.parent; chunk < 0 && p >= 0; p = defs[size_t(p)].parent)
            chunk = defChunk[size_t(p)];
        result.symbols.append(Symbol{def.kind, def.name, def.qualifiedName, def.nameLine,
                                     def.nameColumn, chunk});
    }

    // Top-level code between definitions.
    {
        std::vector<char> covered(size_t(result.lineCount) + 2, 0);
        for (const Def &def : defs) {
            if (!def.chunked)
                continue;
            const int a = lines.lineOf(def.start);
            const int b = lines.lineOf(std::max(def.start, def.end - 1));
            for (int l = a; l <= b; ++l)
                covered[size_t(l)] = 1;
        }
        int line = 1;
        while (line <= result.lineCount) {
            if (covered[size_t(line)]) {
                ++line;
                continue;
            }
            int runEnd = line;
            while (runEnd + 1 <= result.lineCount && !covered[size_t(runEnd + 1)])
                ++runEnd;
            // windows of windowLines at most, preferring blank-line boundaries
            int first = line;
            while (first <= runEnd) {
                while (first <= runEnd && isClosingOnlyLine(lineSlice(first, first)))
                    ++first;
                if (first > runEnd)
                    break;
                int last = std::min(runEnd, first + std::max(4, options.windowLines) - 1);
                if (last < runEnd) {
                    for (int l = last; l > first + options.windowLines / 2; --l) {
                        if (lineSlice(l, l).trimmed().isEmpty()) {
                            last = l;
                            break;
                        }
                    }
                }
                int trimmedLast = last;
                while (trimmedLast > first && isClosingOnlyLine(lineSlice(trimmedLast, trimmedLast)))
                    --trimmedLast;
                Chunk code;
                code.kind = ChunkKind::Code;
                emitChunk(code, lines.lineStart(first),
                          std::min(int(srcLen), lines.lineEnd(trimmedLast)), QString(), false);
                first = last + 1;
            }
            line = runEnd + 1;
        }
    }

    // Sort chunks by position (parents before members), remapping parent indices.
    {
        std::vector<int> idx(size_t(result.chunks.size()));
        for (size_t i = 0; i < idx.size(); ++i)
            idx[i] = int(i);
        std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) {
            const Chunk &ca = result.chunks.at(a);
            const Chunk &cb = result.chunks.at(b);
            if (ca.startByte != cb.startByte)
                return ca.startByte < cb.startByte;
            if (ca.endByte != cb.endByte)
                return ca.endByte > cb.endByte;
            return ca.part < cb.part;
        });
        std::vector<int> newIndex(idx.size());
        QList<Chunk> sorted;
        sorted.reserve(result.chunks.size());
        for (size_t i = 0; i < idx.size(); ++i) {
            newIndex[size_t(idx[i])] = int(i);
            sorted.append(result.chunks.at(idx[i]));
        }
        for (Chunk &c : sorted) {
            if (c.parent >= 0)
                c.parent = newIndex[size_t(c.parent)];
        }
        for (Symbol &s : result.symbols) {
            if (s.chunk >= 0)
                s.chunk = newIndex[size_t(s.chunk)];
        }
        result.chunks = std::move(sorted);
    }

    // References: innermost chunk per line (paint bigger chunks first). A definition's own
    // name is not a reference to itself.
    {
        QSet<int> defNameBytes;
        for (const Def &def : defs) {
            if (def.nameLine > 0)
                defNameBytes.insert(lines.lineStart(def.nameLine) + def.nameColumn - 1);
        }
        // A type use that is also a new/inherit/... reference is reported once, as the more
        // specific kind ("new Foo", not "new Foo" plus "type Foo").
        QSet<int> specificRefBytes;
        for (const RawRef &r : refs) {
            if (r.kind != RefKind::Type)
                specificRefBytes.insert(r.byte);
        }
        refs.erase(std::remove_if(refs.begin(), refs.end(),
                                  [&](const RawRef &r) {
                                      return defNameBytes.contains(r.byte)
                                             || (r.kind == RefKind::Type
                                                 && specificRefBytes.contains(r.byte));
                                  }),
                   refs.end());
        std::vector<int> owner(size_t(result.lineCount) + 2, -1);
        std::vector<int> bySize(size_t(result.chunks.size()));
        for (size_t i = 0; i < bySize.size(); ++i)
            bySize[i] = int(i);
        std::stable_sort(bySize.begin(), bySize.end(), [&](int a, int b) {
            const Chunk &ca = result.chunks.at(a);
            const Chunk &cb = result.chunks.at(b);
            return (ca.endByte - ca.startByte) > (cb.endByte - cb.startByte);
        });
        for (int i : bySize) {
            const Chunk &c = result.chunks.at(i);
            if (c.part > 1 && isContainerKind(c.kind))
                continue;
            for (int l = c.startLine; l <= c.endLine && l <= result.lineCount; ++l)
                owner[size_t(l)] = i;
        }
        result.refs.reserve(qsizetype(refs.size()));
        std::sort(refs.begin(), refs.end(), [](const RawRef &a, const RawRef &b) {
            return a.byte < b.byte;
        });
        for (RawRef &r : refs) {
            Reference ref;
            ref.kind = r.kind;
            ref.name = std::move(r.name);
            ref.qualifier = std::move(r.qualifier);
            ref.line = r.line;
            ref.column = r.column;
            ref.chunk = r.line <= result.lineCount ? owner[size_t(r.line)] : -1;
            result.refs.append(std::move(ref));
        }
    }
    return result;
}

// --- text formats ------------------------------------------------------------------------

ParseResult chunkText(LanguageId language, const QByteArray &text, const ChunkerOptions &options)
{
    ParseResult result;
    result.language = language;
    const LineIndex lines(text);
    result.lineCount = lines.lineCount();
    const char *src = text.constData();
    const int windowLines = std::max(4, options.windowLines);
    const int maxBytes = std::max(256, options.maxBytes);

    auto lineText = [&](int line) {
        const int b = lines.lineStart(line);
        int e = lines.lineEnd(line);
        return QByteArrayView(src + b, e - b);
    };
    auto emitWindow = [&](ChunkKind kind, const QString &name, int first, int last) {
        // split [first, last] into windows, preferring blank lines, bytes capped
        int line = first;
        while (line <= last) {
            while (line <= last && lineText(line).trimmed().isEmpty())
                ++line;
            if (line > last)
                break;
            int end = line;
            int bytes = 0;
            int lastBlank = -1;
            while (end <= last) {
                const int len = int(lineText(end).size());
                if (end > line && (end - line >= windowLines || bytes + len > maxBytes))
                    break;
                if (lineText(end).trimmed().isEmpty())
                    lastBlank = end;
                bytes += len;
                ++end;
            }
            --end;
            if (end < last && lastBlank > line + windowLines / 2)
                end = lastBlank;
            while (end > line && lineText(end).trimmed().isEmpty())
                --end;
            Chunk chunk;
            chunk.kind = kind;
            chunk.name = name;
            chunk.qualifiedName = name;
            chunk.startLine = line;
            chunk.endLine = end;
            chunk.startByte = lines.lineStart(line);
            chunk.endByte = std::min(int(text.size()), lines.lineEnd(end));
            if (chunk.endByte - chunk.startByte > maxBytes) {
                // one huge line: byte windows
                for (int b = chunk.startByte; b < chunk.endByte;) {
                    int e = std::min(chunk.endByte, b + maxBytes);
                    while (e < chunk.endByte && e > b && (uchar(src[e]) & 0xC0) == 0x80)
                        --e;
                    Chunk piece = chunk;
                    piece.startByte = b;
                    piece.endByte = e;
                    piece.text = QString::fromUtf8(src + b, e - b);
                    result.chunks.append(piece);
                    b = e;
                }
            } else {
                chunk.text = QString::fromUtf8(src + chunk.startByte, chunk.endByte - chunk.startByte);
                result.chunks.append(chunk);
            }
            line = end + 1;
        }
    };

    if (language == LanguageId::Markdown) {
        int sectionStart = 1;
        QString heading;
        bool inFence = false;
        // YAML front matter ("---" on the first line up to the next "---") holds no headings.
        int frontMatterEnd = 0;
        if (result.lineCount > 1 && lineText(1).trimmed() == QByteArrayView("---")) {
            for (int line = 2; line <= result.lineCount; ++line) {
                const QByteArrayView t = lineText(line).trimmed();
                if (t == QByteArrayView("---") || t == QByteArrayView("...")) {
                    frontMatterEnd = line;
                    break;
                }
            }
        }
        // Setext underline: only '=' (level 1) or only '-' (level 2), at least two, indented by
        // at most three spaces, under a line of text (not a list item, quote or another rule).
        auto isSetextUnderline = [&](int line) {
            const QByteArrayView t = lineText(line);
            qsizetype indent = 0;
            while (indent < t.size() && t[indent] == ' ')
                ++indent;
            const QByteArrayView u = t.trimmed();
            if (indent > 3 || u.size() < 2 || (u[0] != '=' && u[0] != '-'))
                return false;
            for (char c : u) {
                if (c != u[0])
                    return false;
            }
            const QByteArrayView above = lineText(line - 1).trimmed();
            if (above.isEmpty() || above.startsWith('#') || above.startsWith('>') || above.startsWith("- ")
                || above.startsWith("* ") || above.startsWith("+ ") || above.startsWith("```")
                || above.startsWith("~~~"))
                return false;
            for (char c : above) {
                if (c != '-' && c != '=' && c != ' ')
                    return true;
            }
            return false; // a rule under a rule
        };
        for (int line = 1; line <= result.lineCount; ++line) {
            const QByteArrayView t = lineText(line);
            const QByteArrayView trimmed = t.trimmed();
            if (trimmed.startsWith("```") || trimmed.startsWith("~~~"))
                inFence = !inFence;
            if (line <= frontMatterEnd)
                continue;
            if (!inFence && line > frontMatterEnd + 1 && line - 1 > sectionStart - 1 && line - 1 >= sectionStart
                && isSetextUnderline(line)) {
                // the heading is the line above: the section before it ends two lines up
                if (line - 1 > sectionStart)
                    emitWindow(ChunkKind::Section, heading, sectionStart, line - 2);
                sectionStart = line - 1;
                heading = QString::fromUtf8(lineText(line - 1).trimmed()).left(200);
                continue;
            }
            // ATX heading: 1-6 '#' then a space or the end of the line ("#tag" is text)
            qsizetype hashes = 0;
            while (hashes < t.size() && t[hashes] == '#')
                ++hashes;
            const bool isHeading = hashes >= 1 && hashes <= 6
                                   && (hashes == t.size() || t[hashes] == ' ' || t[hashes] == '\t'
                                       || t[hashes] == '\n' || t[hashes] == '\r');
            if (!inFence && isHeading) {
                if (line > sectionStart)
                    emitWindow(ChunkKind::Section, heading, sectionStart, line - 1);
                sectionStart = line;
                QByteArrayView h = trimmed;
                while (h.startsWith('#'))
                    h = h.sliced(1);
                heading = QString::fromUtf8(h.trimmed()).left(200);
            }
        }
        if (sectionStart <= result.lineCount)
            emitWindow(ChunkKind::Section, heading, sectionStart, result.lineCount);
    } else if (result.lineCount > 0) {
        emitWindow(ChunkKind::Text, QString(), 1, result.lineCount);
    }
    return result;
}

QString dumpParseResult(const ParseResult &result)
{
    QString out;
    out += QStringLiteral("language: %1\nlines: %2\nsyntax-errors: %3\n")
               .arg(languageName(result.language))
               .arg(result.lineCount)
               .arg(result.syntaxErrors);
    if (result.fellBackToText)
        out += QStringLiteral("fallback: %1\n").arg(result.error);
    out += QStringLiteral("\n# chunks\n");
    for (int i = 0; i < result.chunks.size(); ++i) {
        const Chunk &c = result.chunks.at(i);
        out += QStringLiteral("[%1] %2 %3 lines %4-%5 bytes %6-%7").arg(i).arg(chunkKindName(c.kind),
                                                                          c.qualifiedName.isEmpty() ? QStringLiteral("-") : c.qualifiedName)
                   .arg(c.startLine).arg(c.endLine).arg(c.startByte).arg(c.endByte);
        if (c.parent >= 0)
            out += QStringLiteral(" parent %1").arg(c.parent);
        if (c.partCount > 0)
            out += QStringLiteral(" part %1/%2").arg(c.part).arg(c.partCount);
        out += u'\n';
        if (!c.signature.isEmpty())
            out += QStringLiteral("  signature: %1\n").arg(c.signature);
        if (!c.doc.isEmpty())
            out += QStringLiteral("  doc: %1\n").arg(c.doc.simplified().left(120));
        if (isContainerKind(c.kind)) {
            out += QStringLiteral("  skeleton:\n");
            const QStringList textLines = c.text.split(u'\n');
            for (const QString &l : textLines)
                out += QStringLiteral("    | %1\n").arg(l);
        }
    }
    out += QStringLiteral("\n# symbols\n");
    for (const Symbol &s : result.symbols)
        out += QStringLiteral("%1 %2 at %3:%4 chunk %5\n").arg(chunkKindName(s.kind), s.qualifiedName)
                   .arg(s.line).arg(s.column).arg(s.chunk);
    out += QStringLiteral("\n# references\n");
    for (const Reference &r : result.refs) {
        out += QStringLiteral("%1 %2").arg(refKindName(r.kind), r.name);
        if (!r.qualifier.isEmpty())
            out += QStringLiteral(" (on %1)").arg(r.qualifier);
        out += QStringLiteral(" at %1:%2 chunk %3\n").arg(r.line).arg(r.column).arg(r.chunk);
    }
    return out;
}

} // namespace RepoLens
