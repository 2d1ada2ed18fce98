#include "chunker.h"

#include "chunkersteps_p.h"
#include "languagesyntax_p.h"
#include "treesitter_p.h"

#include "core/base/logging.h"

#include <QElapsedTimer>
#include <QHash>
#include <QSet>

#include <algorithm>
#include <cstring>
#include <vector>

namespace RepoLens {

using namespace ChunkerSteps;

namespace {

using TreeSitter::Query;

// What a tags query capture name means: "definition.<kind>" or "reference.<kind>".
struct CaptureRole
{
    enum Role { Other, Definition, Reference } role = Other;
    ChunkKind kind = ChunkKind::Function;
    bool scopeOnly = false;   // namespace / module: qualifies names, no chunk
    bool module = false;      // "module": may turn out a container (LanguageSyntax)
    bool symbolOnly = false;  // property / field: a symbol inside its container's chunk
    RefKind refKind = RefKind::Call;
};

CaptureRole definitionRole(QByteArrayView what)
{
    struct Entry
    {
        const char *capture;
        ChunkKind kind;
        bool scopeOnly;
        bool symbolOnly = false;
    };
    static const Entry table[] = {
        {"function", ChunkKind::Function, false},   {"method", ChunkKind::Method, false},
        {"constructor", ChunkKind::Constructor, false}, {"class", ChunkKind::Class, false},
        {"object", ChunkKind::Class, false},         {"record", ChunkKind::Class, false},
        {"struct", ChunkKind::Struct, false},        {"union", ChunkKind::Struct, false},
        {"interface", ChunkKind::Interface, false},  {"protocol", ChunkKind::Interface, false},
        {"enum", ChunkKind::Enum, false},            {"trait", ChunkKind::Trait, false},
        {"typeclass", ChunkKind::Trait, false},      {"mixin", ChunkKind::Trait, false},
        {"impl", ChunkKind::Impl, false},            {"extension", ChunkKind::Impl, false},
        {"instance", ChunkKind::Impl, false},        {"type", ChunkKind::Type, false},
        {"macro", ChunkKind::Macro, false},          {"variable", ChunkKind::Variable, false},
        {"constant", ChunkKind::Variable, false},    {"namespace", ChunkKind::Class, true},
        {"module", ChunkKind::Class, true},
        {"property", ChunkKind::Variable, false, true}, {"field", ChunkKind::Variable, false, true},
    };
    CaptureRole role;
    for (const Entry &e : table) {
        if (what == e.capture) {
            role.role = CaptureRole::Definition;
            role.kind = e.kind;
            role.scopeOnly = e.scopeOnly;
            role.module = what == "module";
            role.symbolOnly = e.symbolOnly;
            break;
        }
    }
    return role;
}

CaptureRole referenceRole(QByteArrayView what)
{
    struct Entry
    {
        const char *capture;
        RefKind kind;
    };
    static const Entry table[] = {
        {"call", RefKind::Call},       {"new", RefKind::New},
        {"class", RefKind::New},       {"import", RefKind::Import},
        {"include", RefKind::Include}, {"inherit", RefKind::Inherit},
        {"implementation", RefKind::Inherit}, {"type", RefKind::Type},
    };
    CaptureRole role;
    for (const Entry &e : table) {
        if (what == e.capture) {
            role.role = CaptureRole::Reference;
            role.refKind = e.kind;
            break;
        }
    }
    return role;
}

struct ParseBudget
{
    ParseTimer timer;
    qint64 limitMs = 0;
    const std::atomic_bool *cancel = nullptr;
    bool timedOut = false;
};

bool budgetExhausted(ParseBudget *budget)
{
    if (budget->cancel && budget->cancel->load(std::memory_order_relaxed))
        return true;
    if (budget->limitMs > 0 && budget->timer.over(budget->limitMs)) {
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

// ERROR and MISSING nodes in the tree; cheap when the root reports none.
int countSyntaxErrors(TSNode root)
{
    if (!ts_node_has_error(root))
        return 0;
    int errors = 0;
    TSTreeCursor cursor = ts_tree_cursor_new(root);
    bool more = true;
    while (more) {
        const TSNode node = ts_tree_cursor_current_node(&cursor);
        if (ts_node_is_error(node) || ts_node_is_missing(node))
            ++errors;
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
    return errors;
}

// How badly a parse failed, to choose between two trees of one file: first the bytes under
// ERROR nodes (one error around a whole header is worse than a few small ones, however few
// nodes it counts), then the ERROR and MISSING nodes at any depth.
struct ParseDamage
{
    qint64 errorBytes = 0;
    int errors = 0;
    bool operator<(const ParseDamage &other) const
    {
        return errorBytes != other.errorBytes ? errorBytes < other.errorBytes
                                              : errors < other.errors;
    }
};

ParseDamage parseDamage(TSNode root)
{
    ParseDamage damage;
    if (!ts_node_has_error(root))
        return damage;
    TSTreeCursor cursor = ts_tree_cursor_new(root);
    int errorDepth = 0; // ERROR nodes around the current one
    bool more = true;
    while (more) {
        const TSNode node = ts_tree_cursor_current_node(&cursor);
        const bool isError = ts_node_is_error(node);
        if (isError || ts_node_is_missing(node))
            ++damage.errors;
        if (isError && errorDepth == 0)
            damage.errorBytes += qint64(ts_node_end_byte(node)) - qint64(ts_node_start_byte(node));
        if (ts_node_has_error(node) && ts_tree_cursor_goto_first_child(&cursor)) {
            if (isError)
                ++errorDepth;
            continue;
        }
        while (!ts_tree_cursor_goto_next_sibling(&cursor)) {
            if (!ts_tree_cursor_goto_parent(&cursor)) {
                more = false;
                break;
            }
            if (ts_node_is_error(ts_tree_cursor_current_node(&cursor)))
                --errorDepth;
        }
    }
    ts_tree_cursor_delete(&cursor);
    return damage;
}

// The first step: runs the tags query over the tree and turns its matches into definitions
// (names split, extended over wrappers and attached comments) and raw references.
class TagsCollector
{
public:
    TagsCollector(const Query *query, const LanguageSyntax &syntax, const QByteArray &text,
                  const LineIndex &lines)
        : m_query(query)
        , m_syntax(syntax)
        , m_src(text.constData())
        , m_srcLen(uint32_t(text.size()))
        , m_lines(lines)
        , m_roles(query->captureCount())
        , m_capName(query->captureIndex("name"))
        , m_capBody(query->captureIndex("body"))
        , m_capDoc(query->captureIndex("doc"))
        , m_capReceiver(query->captureIndex("receiver"))
        , m_capQualifier(query->captureIndex("qualifier"))
    {
        for (uint32_t i = 0; i < query->captureCount(); ++i) {
            const QByteArrayView name(query->captureName(i));
            if (name.startsWith("definition."))
                m_roles[i] = definitionRole(name.sliced(11));
            else if (name.startsWith("reference."))
                m_roles[i] = referenceRole(name.sliced(10));
        }
    }

    void run(TSNode root, ParseBudget *budget);

    std::vector<Def> defs;
    std::vector<RawRef> refs;

private:
    struct Match
    {
        TSNode main{};
        const CaptureRole *role = nullptr;
        TSNode name{}, body{}, doc{}, receiver{}, qualifier{};
        bool hasName = false, hasBody = false, hasDoc = false, hasReceiver = false,
             hasQualifier = false;
    };
    bool read(const TSQueryMatch &match, Match *out) const;
    void addReference(const Match &m);
    void addDefinition(const Match &m);
    // Extends a definition over its wrappers and the comments / attributes directly above.
    void attachLeading(TSNode node, Def *def) const;
    // Where a namespace without a body (`namespace App\Http;`, C#'s file-scoped namespace,
    // Haskell's module header) stops qualifying: at the next one like it, else at the end of
    // its parent.
    static int fileScopeEnd(TSNode node);
    const LanguageSyntax::Attachable *attachRule(TSNode node) const;

    const Query *m_query;
    const LanguageSyntax &m_syntax;
    const char *m_src;
    uint32_t m_srcLen;
    const LineIndex &m_lines;
    std::vector<CaptureRole> m_roles;
    int m_capName, m_capBody, m_capDoc, m_capReceiver, m_capQualifier;
    QHash<quint64, int> m_defNodes; // (start<<32|end) of claimed definition nodes -> index
    QSet<int> m_defNameSeen;    // start bytes of the definitions' names
    QSet<quint64> m_refSeen;
};

void TagsCollector::run(TSNode root, ParseBudget *budget)
{
    TSQueryCursor *cursor = ts_query_cursor_new();
    ts_query_cursor_set_match_limit(cursor, 4096);
    TSQueryCursorOptions queryOptions{budget, &queryProgress};
    ts_query_cursor_exec_with_options(cursor, m_query->raw(), root, &queryOptions);
    TSQueryMatch match;
    while (ts_query_cursor_next_match(cursor, &match)) {
        if (!m_query->predicatesHold(match, m_src, m_srcLen))
            continue;
        Match m;
        if (!read(match, &m))
            continue;
        if (m.role->role == CaptureRole::Reference)
            addReference(m);
        else
            addDefinition(m);
    }
    ts_query_cursor_delete(cursor);
}

bool TagsCollector::read(const TSQueryMatch &match, Match *m) const
{
    int main = -1;
    for (uint16_t c = 0; c < match.capture_count; ++c) {
        const TSQueryCapture &cap = match.captures[c];
        const int idx = int(cap.index);
        if (m_roles[size_t(idx)].role != CaptureRole::Other) {
            main = c;
        } else if (idx == m_capName && !m->hasName) {
            m->name = cap.node;
            m->hasName = true;
        } else if (idx == m_capBody && !m->hasBody) {
            m->body = cap.node;
            m->hasBody = true;
        } else if (idx == m_capDoc && !m->hasDoc) {
            m->doc = cap.node;
            m->hasDoc = true;
        } else if (idx == m_capReceiver && !m->hasReceiver) {
            m->receiver = cap.node;
            m->hasReceiver = true;
        } else if (idx == m_capQualifier && !m->hasQualifier) {
            m->qualifier = cap.node;
            m->hasQualifier = true;
        }
    }
    if (main < 0 || !m->hasName)
        return false;
    m->main = match.captures[main].node;
    m->role = &m_roles[match.captures[main].index];
    return true;
}

void TagsCollector::addReference(const Match &m)
{
    const TSPoint namePoint = ts_node_start_point(m.name);
    const int byte = int(ts_node_start_byte(m.name));
    const quint64 key = (quint64(byte) << 8) | quint64(m.role->refKind);
    if (m_refSeen.contains(key))
        return;
    m_refSeen.insert(key);
    RawRef ref{m.role->refKind, TreeSitter::nodeText(m.name, m_src), QString(), byte,
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
        if (ref.kind == RefKind::Include)
            ref.name = m_syntax.includePath(ref.name);
    } else {
        QString qualifier, name;
        splitQualifiedName(ref.name, &qualifier, &name);
        ref.name = name;
        ref.qualifier = qualifier;
    }
    if (m.hasQualifier)
        ref.qualifier = TreeSitter::nodeText(m.qualifier, m_src).simplified().left(200);
    if (!ref.name.isEmpty() && ref.name.size() <= 200)
        refs.push_back(std::move(ref));
}

void TagsCollector::addDefinition(const Match &m)
{
    const int nodeStart = int(ts_node_start_byte(m.main));
    const int nodeEnd = int(ts_node_end_byte(m.main));
    const quint64 key = (quint64(nodeStart) << 32) | quint64(uint32_t(nodeEnd));
    // An earlier pattern claimed this node: the first match wins, except that one with a body
    // completes one without (matches come in the order they finish, which is not the order
    // of the patterns: `module K : sig ... end` finishes without its signature first).
    int replaces = -1;
    if (const auto claimed = m_defNodes.constFind(key); claimed != m_defNodes.cend()) {
        if (!m.hasBody || defs[size_t(*claimed)].bodyStart >= 0)
            return;
        replaces = *claimed;
    }
    // One definition per name: a pattern on the enclosing statement (which brings the doc
    // comment along) and one on the inner function must not make two symbols.
    const int nameByte = int(ts_node_start_byte(m.name));
    if (replaces < 0 && m_defNameSeen.contains(nameByte))
        return;
    // A name with a syntax error inside is parser recovery gone astray (an unknown macro
    // before a template makes "Char> class basic_string_view {...} ...::f" one name), except
    // a specialization whose arguments the grammar could not read (`is_contiguous<T,
    // void_t<decltype(...)>>`): its template's name is good.
    TSNode nameNode = m.name;
    if (ts_node_has_error(nameNode)) {
        if (std::strcmp(ts_node_type(nameNode), "template_type") != 0)
            return;
        nameNode = ts_node_child_by_field_name(nameNode, "name", 4);
        if (ts_node_is_null(nameNode) || ts_node_has_error(nameNode))
            return;
    }
    Def def;
    def.kind = m.role->kind;
    def.scopeOnly = m.role->scopeOnly;
    def.moduleCapture = m.role->module;
    def.symbolOnly = m.role->symbolOnly;
    def.nodeStart = nodeStart;
    def.nodeEnd = nodeEnd;
    QString qualifier, name;
    QString written = TreeSitter::nodeText(nameNode, m_src);
    if (written.size() >= 2 && written.front() == u'"' && written.back() == u'"')
        written = written.mid(1, written.size() - 2); // Zig's test "name", ...
    else if (written.size() >= 3 && written.front() == u'(' && written.back() == u')')
        written = written.mid(1, written.size() - 2).trimmed(); // OCaml's ( >>= ), Haskell's (<>)
    splitQualifiedName(written, &qualifier, &name);
    if (name.size() >= 4 && name.startsWith(QLatin1String(":(")) && name.endsWith(u')'))
        name = name.mid(2, name.size() - 3).trimmed(); // Julia's Base.:(==)
    if (name.isEmpty() || name.size() > 300)
        return;
    def.name = name;
    def.qualifier = qualifier;
    if (m.hasReceiver) {
        QString rq, rn;
        splitQualifiedName(TreeSitter::nodeText(m.receiver, m_src), &rq, &rn);
        def.qualifier = rn;
    }
    const TSPoint namePoint = ts_node_start_point(nameNode);
    def.nameLine = int(namePoint.row) + 1;
    def.nameColumn = int(namePoint.column) + 1;
    def.nameByte = nameByte;
    if (m.hasBody) {
        def.bodyStart = int(ts_node_start_byte(m.body));
        def.bodyEnd = int(ts_node_end_byte(m.body));
        // a body beside the declaration rather than in it (Dart: signature, then body)
        def.nodeEnd = std::max(def.nodeEnd, def.bodyEnd);
    }
    if (m.hasDoc)
        def.doc = TreeSitter::nodeText(m.doc, m_src);
    if (def.scopeOnly && !m.hasBody)
        def.nodeEnd = fileScopeEnd(m.main);
    attachLeading(m.main, &def);
    if (replaces >= 0) {
        defs[size_t(replaces)] = std::move(def);
        return;
    }
    m_defNodes.insert(key, int(defs.size()));
    m_defNameSeen.insert(nameByte);
    defs.push_back(std::move(def));
}

int TagsCollector::fileScopeEnd(TSNode node)
{
    const char *type = ts_node_type(node);
    for (TSNode next = ts_node_next_sibling(node); !ts_node_is_null(next);
         next = ts_node_next_sibling(next)) {
        if (std::strcmp(ts_node_type(next), type) == 0)
            return int(ts_node_start_byte(next));
    }
    const TSNode parent = ts_node_parent(node);
    return int(ts_node_end_byte(ts_node_is_null(parent) ? node : parent));
}

const LanguageSyntax::Attachable *TagsCollector::attachRule(TSNode node) const
{
    const uint32_t start = ts_node_start_byte(node);
    const uint32_t end = ts_node_end_byte(node);
    return m_syntax.attachable(ts_node_type(node),
                               QByteArrayView(m_src + start, qsizetype(end - start)));
}

void TagsCollector::attachLeading(TSNode node, Def *def) const
{
    TSNode outer = node;
    for (TSNode parent = ts_node_parent(outer); !ts_node_is_null(parent);
         parent = ts_node_parent(outer)) {
        if (!m_syntax.isWrapper(ts_node_type(parent)))
            break;
        outer = parent;
    }
    int start = int(ts_node_start_byte(outer));
    const int end = std::max(def->nodeEnd, int(ts_node_end_byte(outer)));
    // The first statement of a body: the comments above it are the body's parent's children
    // (Ruby's `module A` + comment + `class B`), so look beside the node the body starts with.
    TSNode beside = outer;
    while (ts_node_is_null(ts_node_prev_sibling(beside))) {
        const TSNode parent = ts_node_parent(beside);
        if (ts_node_is_null(parent) || ts_node_start_byte(parent) != ts_node_start_byte(beside))
            break;
        beside = parent;
    }
    int docTop = -1;
    int docBottom = -1; // end of the doc comment closest to the definition
    for (TSNode prev = ts_node_prev_sibling(beside); !ts_node_is_null(prev);
         prev = ts_node_prev_sibling(prev)) {
        const LanguageSyntax::Attachable *rule = attachRule(prev);
        if (!rule) {
            // a comment the grammar hung at the end of the node before (Haskell's imports
            // hold the Haddock comment of the first declaration): take it from there
            TSNode last = prev;
            while (ts_node_child_count(last) > 0)
                last = ts_node_child(last, ts_node_child_count(last) - 1);
            if (ts_node_eq(last, prev) || !(rule = attachRule(last)))
                break;
            prev = last;
        }
        const uint32_t prevStartByte = ts_node_start_byte(prev);
        const int prevEnd = int(ts_node_end_byte(prev));
        // attached = no blank line between
        const int gapLines = m_lines.lineOf(start) - m_lines.lineOf(std::max(0, prevEnd - 1));
        if (gapLines > 1)
            break;
        // a trailing comment on the previous code line belongs to that line
        const int prevStartLine = m_lines.lineOf(int(prevStartByte));
        bool ownLine = true;
        for (int b = m_lines.lineStart(prevStartLine); b < int(prevStartByte); ++b) {
            if (m_src[b] != ' ' && m_src[b] != '\t') {
                ownLine = false;
                break;
            }
        }
        if (!ownLine)
            break;
        if (m_syntax.trailingDocComments && rule->doc) {
            // right below the definition before it: that one's trailing doc
            const TSNode before = ts_node_prev_sibling(prev);
            if (!ts_node_is_null(before)
                && m_lines.lineOf(int(prevStartByte))
                       - m_lines.lineOf(std::max(0, int(ts_node_end_byte(before)) - 1)) <= 1)
                break;
        }
        start = int(prevStartByte);
        if (rule->doc) {
            docTop = start;
            if (docBottom < 0)
                docBottom = prevEnd;
        }
    }
    if (docTop >= 0) {
        // the doc comment block: from the first comment to the last one (attributes and
        // decorators between the comments and the definition are not documentation)
        const QString leadingDoc = QString::fromUtf8(m_src + docTop, docBottom - docTop).trimmed();
        if (!leadingDoc.isEmpty())
            def->doc = def->doc.isEmpty() ? leadingDoc : leadingDoc + u'\n' + def->doc;
    }
    int trailingEnd = end;
    if (m_syntax.trailingDocComments) {
        const TSNode next = ts_node_next_sibling(outer);
        if (!ts_node_is_null(next) && std::strstr(ts_node_type(next), "comment")) {
            const int nextStart = int(ts_node_start_byte(next));
            const int nextEnd = int(ts_node_end_byte(next));
            const QByteArrayView text(m_src + nextStart, qsizetype(nextEnd - nextStart));
            const int gap = m_lines.lineOf(nextStart) - m_lines.lineOf(std::max(0, end - 1));
            if (text.startsWith("(**") && gap <= 1) {
                trailingEnd = nextEnd;
                const QString doc = QString::fromUtf8(text).trimmed();
                def->doc = def->doc.isEmpty() ? doc : def->doc + u'\n' + doc;
            }
        }
    }
    def->start = start;
    def->end = trailingEnd;
}

} // namespace

class Chunker::Private
{
public:
    ChunkerOptions options;
    TSParser *parser = nullptr;

    // Null on timeout or cancel.
    TSTree *parseText(const QByteArray &text, ParseBudget *budget);
    // parseText, and when the tree has errors a second try with the language's retry rewrites
    // (LanguageSyntax), keeping the tree that failed less.
    // `parsed` receives the text the tree was built from (the rewritten one after a retry).
    TSTree *parseBest(LanguageId language, const QByteArray &text, ParseBudget *budget,
                      QByteArray *parsed);
    ParseResult parseTree(LanguageId language, const QByteArray &text, const QByteArray &parsed,
                          TSTree *tree, const Query *query, ParseBudget *budget);
};

Chunker::Chunker(ChunkerOptions options)
    : d(std::make_unique<Private>())
{
    d->options = options;
    // Measurements (scripts/ctags-coverage, scripts/bench-index) raise the limit: a file over
    // it would fall back to text windows and count as unparsed, or as fast
    if (const int ms = qEnvironmentVariableIntValue("REPOLENS_PARSE_TIMEOUT_MS"); ms > 0)
        d->options.parseTimeoutMs = ms;
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
    auto fallBack = [&] {
        ParseResult result = chunkText(language, text, d->options);
        result.language = language;
        result.fellBackToText = true;
        result.error = budget.timedOut
                           ? QStringLiteral("parse took longer than %1 ms; indexed as text")
                                 .arg(d->options.parseTimeoutMs)
                           : QStringLiteral("parse cancelled");
        return result;
    };
    QByteArray parsed;
    TSTree *tree = d->parseBest(language, text, &budget, &parsed);
    if (!tree)
        return fallBack();
    ParseResult result = d->parseTree(language, text, parsed, tree, query, &budget);
    ts_tree_delete(tree);
    if (budget.timedOut || (cancel && cancel->load(std::memory_order_relaxed)))
        return fallBack();
    return result;
}

TSTree *Chunker::Private::parseBest(LanguageId language, const QByteArray &text,
                                    ParseBudget *budget, QByteArray *parsed)
{
    *parsed = text;
    TSTree *tree = parseText(text, budget);
    const LanguageSyntax &syntax = languageSyntax(language);
    if (!tree || syntax.retryRewrites.isEmpty() || !ts_node_has_error(ts_tree_root_node(tree)))
        return tree;
    // Unknown attribute / export macros, some preprocessor shapes, ... derail the grammar: try
    // without them, keep the better tree.
    QByteArray blanked = text;
    for (const LanguageSyntax::TextRewrite rewrite : syntax.retryRewrites)
        blanked = rewrite(blanked);
    if (blanked.constData() == text.constData())
        return tree;
    // The retry has a budget of its own: running out of it keeps the first tree, and the tags
    // query after it gets the time it had before.
    ParseBudget retry;
    retry.timer.start();
    retry.limitMs = budget->limitMs;
    retry.cancel = budget->cancel;
    TSTree *second = parseText(blanked, &retry);
    budget->timer.start();
    if (!second)
        return tree;
    if (parseDamage(ts_tree_root_node(second)) < parseDamage(ts_tree_root_node(tree))) {
        ts_tree_delete(tree);
        *parsed = blanked;
        return second;
    }
    ts_tree_delete(second);
    return tree;
}

QList<OutlineItem> Chunker::outline(LanguageId language, const QByteArray &text,
                                    const std::atomic_bool *cancel)
{
    QList<OutlineItem> items;
    const TSLanguage *grammar = TreeSitter::grammar(language);
    const Query *query = grammar ? Query::get(language, TreeSitter::QueryKind::Tags) : nullptr;
    if (!grammar || !query || !ts_parser_set_language(d->parser, grammar))
        return items;
    ParseBudget budget;
    budget.timer.start();
    budget.limitMs = d->options.parseTimeoutMs;
    budget.cancel = cancel;
    QByteArray parsed;
    TSTree *tree = d->parseBest(language, text, &budget, &parsed);
    if (!tree)
        return items;
    const LineIndex lines(text);
    const LanguageSyntax &syntax = languageSyntax(language);
    TagsCollector tags(query, syntax, text, lines);
    tags.run(ts_tree_root_node(tree), &budget);
    ts_tree_delete(tree);
    if (budget.timedOut || (cancel && cancel->load(std::memory_order_relaxed)))
        return items;
    nestDefinitions(&tags.defs);
    if (syntax.mergeClauses)
        mergeClauses(&tags.defs);
    qualifyDefinitions(&tags.defs, syntax);
    items.reserve(qsizetype(tags.defs.size()));
    for (const Def &def : tags.defs) {
        OutlineItem item;
        item.kind = def.kind;
        item.scope = def.scopeOnly && !def.scopeSymbol; // a module that is a symbol is an entry
        item.name = def.name;
        item.qualifiedName = def.qualifiedName;
        item.signature = signatureOf(def, parsed);
        item.line = def.nameLine;
        item.column = def.nameColumn;
        item.startLine = lines.lineOf(def.start);
        item.endLine = lines.lineOf(std::max(def.start, def.end - 1));
        item.parent = def.parent;
        items.append(item);
    }
    return items;
}

TSTree *Chunker::Private::parseText(const QByteArray &text, ParseBudget *budget)
{
    TSParseOptions parseOptions{budget, &parseProgress};
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
    TSTree *tree = ts_parser_parse_with_options(parser, nullptr, input, parseOptions);
    if (!tree)
        ts_parser_reset(parser);
    return tree;
}

// The steps from a syntax tree to chunks, symbols and references (chunkersteps_p.h).
ParseResult Chunker::Private::parseTree(LanguageId language, const QByteArray &text,
                                        const QByteArray &parsed, TSTree *tree,
                                        const Query *query, ParseBudget *budget)
{
    ParseResult result;
    result.language = language;
    const LineIndex lines(text);
    result.lineCount = lines.lineCount();
    const TSNode root = ts_tree_root_node(tree);
    result.syntaxErrors = countSyntaxErrors(root);

    const LanguageSyntax &syntax = languageSyntax(language);
    TagsCollector tags(query, syntax, text, lines);
    tags.run(root, budget);

    nestDefinitions(&tags.defs);
    if (syntax.mergeClauses)
        mergeClauses(&tags.defs);
    qualifyDefinitions(&tags.defs, syntax);
    ChunkCutter cutter(text, lines, options, &result.chunks);
    const std::vector<int> defChunk =
        emitDefinitionChunks(&tags.defs, text, lines, &cutter, parsed);
    collectSymbols(tags.defs, defChunk, &result.symbols);
    emitTopLevelCode(tags.defs, text, lines, options.windowLines, &cutter);
    sortChunks(&result);
    attachReferences(std::move(tags.refs), tags.defs, lines, &result);
    return result;
}

// --- text formats ------------------------------------------------------------------------

namespace {

// Plain-text chunking (chunkText): windows of lines, Markdown by sections.
class TextChunker
{
public:
    TextChunker(const QByteArray &text, const ChunkerOptions &options, ParseResult &result)
        : m_text(text)
        , m_src(text.constData())
        , m_lines(text)
        , m_windowLines(std::max(4, options.windowLines))
        , m_maxBytes(std::max(256, options.maxBytes))
        , m_result(result)
    {
        m_result.lineCount = m_lines.lineCount();
    }

    // Lines [first, last] as windows of up to windowLines lines and maxBytes bytes, ending at
    // a blank line where one is past the middle; blank lines around a window are left out; a
    // single line over maxBytes is cut into byte windows (at UTF-8 character boundaries).
    void emitWindows(ChunkKind kind, const QString &name, int first, int last)
    {
        int line = first;
        while (line <= last) {
            while (line <= last && lineText(line).trimmed().isEmpty())
                ++line;
            if (line > last)
                break;
            const int end = windowEnd(line, last);
            emitWindow(kind, name, line, end);
            line = end + 1;
        }
    }

    // Markdown: one section per ATX or setext heading (not inside fences or the YAML front
    // matter), named after it, each cut into windows.
    void markdownSections()
    {
        int sectionStart = 1;
        QString heading;
        bool inFence = false;
        const int frontMatter = frontMatterEnd();
        for (int line = 1; line <= m_result.lineCount; ++line) {
            const QByteArrayView t = lineText(line);
            const QByteArrayView trimmed = t.trimmed();
            if (trimmed.startsWith("```") || trimmed.startsWith("~~~"))
                inFence = !inFence;
            if (line <= frontMatter)
                continue;
            if (!inFence && line > frontMatter + 1 && line - 1 > sectionStart - 1 && line - 1 >= sectionStart
                && isSetextUnderline(line)) {
                // the heading is the line above: the section before it ends two lines up
                if (line - 1 > sectionStart)
                    emitWindows(ChunkKind::Section, heading, sectionStart, line - 2);
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
                    emitWindows(ChunkKind::Section, heading, sectionStart, line - 1);
                sectionStart = line;
                QByteArrayView h = trimmed;
                while (h.startsWith('#'))
                    h = h.sliced(1);
                heading = QString::fromUtf8(h.trimmed()).left(200);
            }
        }
        if (sectionStart <= m_result.lineCount)
            emitWindows(ChunkKind::Section, heading, sectionStart, m_result.lineCount);
    }

private:
    QByteArrayView lineText(int line) const
    {
        const int b = m_lines.lineStart(line);
        const int e = m_lines.lineEnd(line);
        return QByteArrayView(m_src + b, e - b);
    }

    // The last line of the window that starts at `line` (not blank), at most `last`.
    int windowEnd(int line, int last) const
    {
        int end = line;
        int bytes = 0;
        int lastBlank = -1;
        while (end <= last) {
            const int len = int(lineText(end).size());
            if (end > line && (end - line >= m_windowLines || bytes + len > m_maxBytes))
                break;
            if (lineText(end).trimmed().isEmpty())
                lastBlank = end;
            bytes += len;
            ++end;
        }
        --end;
        if (end < last && lastBlank > line + m_windowLines / 2)
            end = lastBlank;
        while (end > line && lineText(end).trimmed().isEmpty())
            --end;
        return end;
    }

    // One window of lines as a chunk, or byte windows when it is over maxBytes.
    void emitWindow(ChunkKind kind, const QString &name, int line, int end)
    {
        Chunk chunk;
        chunk.kind = kind;
        chunk.name = name;
        chunk.qualifiedName = name;
        chunk.startLine = line;
        chunk.endLine = end;
        chunk.startByte = m_lines.lineStart(line);
        chunk.endByte = std::min(int(m_text.size()), m_lines.lineEnd(end));
        if (chunk.endByte - chunk.startByte <= m_maxBytes) {
            chunk.text = QString::fromUtf8(m_src + chunk.startByte, chunk.endByte - chunk.startByte);
            m_result.chunks.append(chunk);
            return;
        }
        // one huge line: byte windows
        for (int b = chunk.startByte; b < chunk.endByte;) {
            int e = std::min(chunk.endByte, b + m_maxBytes);
            while (e < chunk.endByte && e > b && (uchar(m_src[e]) & 0xC0) == 0x80)
                --e;
            Chunk piece = chunk;
            piece.startByte = b;
            piece.endByte = e;
            piece.text = QString::fromUtf8(m_src + b, e - b);
            m_result.chunks.append(piece);
            b = e;
        }
    }

    // YAML front matter ("---" on the first line up to the next "---" or "..."): its last
    // line, 0 when there is none. It holds no headings.
    int frontMatterEnd() const
    {
        if (m_result.lineCount <= 1 || lineText(1).trimmed() != QByteArrayView("---"))
            return 0;
        for (int line = 2; line <= m_result.lineCount; ++line) {
            const QByteArrayView t = lineText(line).trimmed();
            if (t == QByteArrayView("---") || t == QByteArrayView("..."))
                return line;
        }
        return 0;
    }

    // Setext underline: only '=' (level 1) or only '-' (level 2), at least two, indented by at
    // most three spaces, under a line of text (not a list item, quote or another rule).
    bool isSetextUnderline(int line) const
    {
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
            || above.startsWith("* ") || above.startsWith("+ ") || above.startsWith("```") || above.startsWith("~~~"))
            return false;
        for (char c : above) {
            if (c != '-' && c != '=' && c != ' ')
                return true;
        }
        return false; // a rule under a rule
    }

    const QByteArray &m_text;
    const char *m_src;
    const LineIndex m_lines;
    const int m_windowLines;
    const int m_maxBytes;
    ParseResult &m_result;
};

} // namespace

ParseResult chunkText(LanguageId language, const QByteArray &text, const ChunkerOptions &options)
{
    ParseResult result;
    result.language = language;
    TextChunker chunker(text, options, result);
    if (language == LanguageId::Markdown)
        chunker.markdownSections();
    else if (result.lineCount > 0)
        chunker.emitWindows(ChunkKind::Text, QString(), 1, result.lineCount);
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
