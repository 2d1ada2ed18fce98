#pragma once

#include "core/parse/chunk.h"
#include "core/parse/language.h"
#include "core/store/indexstore.h"

#include <QHash>
#include <QString>

namespace RepoLens {

// Qualified names as each file's language writes them ("Rails::Application#initialize"), in the
// language the index decided for the file (a script by its shebang, `.h` by the project).
class QualifiedNames
{
public:
    explicit QualifiedNames(const IndexStore &store) : m_store(store) {}
    QString of(const SymbolRecord &s)
    {
        return displayQualifiedName(languageOf(s.path), s.qualifiedName.isEmpty() ? s.name : s.qualifiedName,
                                    isCallableKind(s.kind));
    }
    // the chunk a reference occurs in: its kind is not at hand
    QString ofChunk(const QString &path, const QString &qualifiedName)
    {
        return displayQualifiedName(languageOf(path), qualifiedName);
    }

private:
    LanguageId languageOf(const QString &path)
    {
        auto it = m_languages.constFind(path);
        if (it == m_languages.cend()) {
            const auto file = m_store.files().file(path);
            it = m_languages.insert(path, file ? file->language : languageForPath(path));
        }
        return *it;
    }
    const IndexStore &m_store;
    QHash<QString, LanguageId> m_languages;
};

} // namespace RepoLens
