#pragma once

#include "codetheme.h"

#include "core/parse/language.h"

#include <QObject>
#include <QString>

class QsciLexer;

namespace RepoLens {

struct LoadedFile;

// The seam between the code viewer and a highlighting engine. A backend owns the QScintilla
// lexer the editor installs and fills it with styles for the loaded text, at once or
// asynchronously, block by block. Two backends today:
//   - TreeSitter: spans computed with the file on a worker thread (core/parse/highlighter.h),
//     for the languages whose grammars are compiled in;
//   - SyntaxHelper: KSyntaxHighlighting in the repolens-highlighter process (SyntaxHelper),
//     for every other text file.
// A backend that highlights in-process with a Qt 6 build of KSyntaxHighlighting would be a third
// implementation of this interface, chosen in create() instead of the helper.
class Highlighter : public QObject
{
    Q_OBJECT
public:
    enum class Backend { TreeSitter, SyntaxHelper };

    // The backend for a file: tree-sitter where a grammar covers the language, the helper for
    // everything else.
    static Highlighter *create(LanguageId language, const CodeTheme &theme, QObject *parent);

    virtual Backend backend() const = 0;
    virtual QsciLexer *lexer() const = 0;
    virtual void setTheme(const CodeTheme &theme) = 0;
    // Called once the text of `file` is in the editor. `fileName` picks the syntax definition.
    virtual void highlight(const LoadedFile &file, const QString &fileName) = 0;
    // True once everything that will be highlighted is (or highlighting gave up).
    virtual bool isFinished() const = 0;
    // The KSyntaxHighlighting definition ("YAML", "Dockerfile") or the tree-sitter language.
    QString definitionName() const { return m_definition; }
    // Why the file is shown as plain text (or only partly highlighted); empty when it is not.
    QString note() const { return m_note; }

Q_SIGNALS:
    void noteChanged(const QString &note);
    void finished();

protected:
    using QObject::QObject;
    void setNote(const QString &note);
    void setDefinitionName(const QString &name) { m_definition = name; }

private:
    QString m_note;
    QString m_definition;
};

} // namespace RepoLens
