#include "examplequestions.h"

#include "core/parse/language.h"
#include "core/search/usages.h"

#include <QHash>

namespace RepoLens {

QStringList exampleQuestions(const IndexStore &store)
{
    struct Candidate
    {
        SymbolRecord symbol;
        int uses = 0;
    };
    QHash<QString, SymbolRecord> types;     // by name, first definition outside tests
    QHash<QString, SymbolRecord> functions;
    store.symbols().forEach([&](const SymbolRecord &s) {
        if (s.name.size() < 4 || s.name.startsWith(u'_') || isTestPath(s.path) || s.name.startsWith(QLatin1String("test"))
            || s.name == QLatin1String("main") || s.name == QLatin1String("__init__"))
            return;
        const LanguageId lang = languageForPath(s.path);
        if (lang == LanguageId::Markdown || lang == LanguageId::PlainText || lang == LanguageId::None)
            return;
        const bool type = s.kind == ChunkKind::Class || s.kind == ChunkKind::Struct || s.kind == ChunkKind::Interface;
        const bool function = s.kind == ChunkKind::Function || s.kind == ChunkKind::Method;
        if (type && !types.contains(s.name) && types.size() < 1500)
            types.insert(s.name, s);
        else if (function && !functions.contains(s.name) && functions.size() < 3000)
            functions.insert(s.name, s);
    });
    auto best = [&store](const QHash<QString, SymbolRecord> &pool) {
        Candidate top;
        for (auto it = pool.cbegin(); it != pool.cend(); ++it) {
            const int uses = store.symbols().refCount(it.key());
            if (uses > top.uses || (uses == top.uses && uses > 0 && it.key() < top.symbol.name)) {
                top.symbol = it.value();
                top.uses = uses;
            }
        }
        return top;
    };
    const Candidate type = best(types);
    const Candidate function = best(functions);
    QStringList out;
    if (type.uses > 0)
        out << QStringLiteral("how does %1 work?").arg(type.symbol.name);
    else if (function.uses > 0)
        out << QStringLiteral("what does %1 do?").arg(function.symbol.name);
    if (function.uses > 0)
        out << QStringLiteral("who calls %1").arg(function.symbol.name);
    const QString file = type.uses > 0 ? type.symbol.path : function.symbol.path;
    if (!file.isEmpty() && !file.contains(u' '))
        out << QStringLiteral("explain @%1").arg(file);
    return out;
}

} // namespace RepoLens
