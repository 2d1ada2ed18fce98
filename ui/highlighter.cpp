#include "highlighter.h"

#include "codeeditor.h"
#include "helperhighlighter.h"
#include "treesitterlexer.h"

namespace RepoLens {

namespace {

// Spans from core/parse (computed with the file on the worker thread) into a TreeSitterLexer.
class TreeSitterHighlighter : public Highlighter
{
public:
    TreeSitterHighlighter(LanguageId language, const CodeTheme &theme, QObject *parent)
        : Highlighter(parent)
        , m_lexer(new TreeSitterLexer(language, theme, this))
    {
        setDefinitionName(languageInfo(language).displayName);
    }
    Backend backend() const override { return Backend::TreeSitter; }
    QsciLexer *lexer() const override { return m_lexer; }
    void setTheme(const CodeTheme &theme) override { m_lexer->setTheme(theme); }
    void highlight(const LoadedFile &file, const QString &) override
    {
        m_lexer->setSpans(file.spans);
        Q_EMIT finished();
    }
    bool isFinished() const override { return true; }

private:
    TreeSitterLexer *m_lexer;
};

} // namespace

Highlighter *Highlighter::create(LanguageId language, const CodeTheme &theme, QObject *parent)
{
    if (isTreeSitterLanguage(language))
        return new TreeSitterHighlighter(language, theme, parent);
    return new HelperHighlighter(SyntaxHelper::instance(), theme, parent);
}

void Highlighter::setNote(const QString &note)
{
    if (note == m_note)
        return;
    m_note = note;
    Q_EMIT noteChanged(note);
}

} // namespace RepoLens
