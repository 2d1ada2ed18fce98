#pragma once

#include <QByteArray>
#include <QColor>
#include <QFont>
#include <QPalette>
#include <QString>

#include <optional>

namespace RepoLens {

// A KSyntaxHighlighting theme as the highlighter helper reports it (ListThemes): the editor
// colours and the colours of its 31 text styles (KSyntaxHighlighting::Theme::TextStyle).
struct SyntaxTheme
{
    enum EditorColour {
        Background = 0,
        TextSelection,
        CurrentLine,
        SearchHighlight,
        BracketMatching,
        IndentationLine,
        IconBorder,
        LineNumbers,
        CurrentLineNumber,
        CodeFolding,
        EditorColourCount
    };
    static constexpr int TextStyleCount = 31;
    enum TextStyle { Normal = 0, Comment = 21, Others = 30 };
    struct Style
    {
        QColor foreground; // invalid: the Normal style's
        QColor background; // invalid: none
        bool bold = false;
        bool italic = false;
        bool underline = false;
        bool strikeOut = false;
    };

    QString name;
    QColor editor[EditorColourCount];
    Style styles[TextStyleCount];

    bool isDark() const { return editor[Background].lightnessF() < 0.45; }
    // Kept in the settings so that the viewer has its colours at start-up without the helper.
    QByteArray toJson() const;
    static std::optional<SyntaxTheme> fromJson(const QByteArray &json);
};

// Colours of the code viewer, light or dark after the application palette. Highlight
// categories are what tree-sitter capture names are folded into (styles of the lexer adapter).
struct CodeTheme
{
    enum Category {
        Default = 0,
        Comment,
        Keyword,
        String,
        Escape,
        Number,
        Constant,
        Function,
        Type,
        Constructor,
        Variable,
        Parameter,
        Builtin,
        Property,
        Operator,
        Punctuation,
        Attribute,
        Tag,
        Label,
        Module,
        Embedded,
        CategoryCount
    };

    bool dark = false;
    QFont font;
    QColor background;
    QColor foreground;
    QColor marginBackground;
    QColor marginForeground;
    QColor caretLine;
    QColor selection;
    QColor snippet;       // cited range indicator
    QColor snippetMarker; // margin marker of a cited range
    QColor findMatch;
    QColor link;          // Ctrl+hover underline
    QColor foldMargin;
    QColor indentGuide;
    QColor colors[CategoryCount];
    bool italic[CategoryCount] = {};
    bool bold[CategoryCount] = {};
    // The same colours by KSyntaxHighlighting text style (spans of the highlighter helper).
    SyntaxTheme::Style textStyles[SyntaxTheme::TextStyleCount];
    QString syntaxTheme; // the KSyntaxHighlighting theme these colours come from; empty: ours

    // Our light or dark colours after the palette, or the KSyntaxHighlighting theme chosen in
    // Settings ▸ Appearance (setSyntaxTheme) when there is one.
    static CodeTheme fromPalette(const QPalette &palette);
    // Only our own colours, whatever setSyntaxTheme() says.
    static CodeTheme builtIn(const QPalette &palette);
    static CodeTheme fromSyntaxTheme(const SyntaxTheme &theme, const QPalette &palette);
    static Category categoryForCapture(const QByteArray &capture);
    static QString categoryName(Category category);
    // How tree-sitter categories and KSyntaxHighlighting text styles stand for each other.
    static Category categoryForTextStyle(int textStyle);
    static int textStyleForCategory(Category category);

private:
    static CodeTheme builtInCategories(const QPalette &palette);
};

QFont codeFont();
// The font of the code viewer and code in the chat (Settings ▸ Appearance); unset: the system's.
void setCodeFont(const QFont &font);
// The KSyntaxHighlighting theme of the code viewer (Settings ▸ Appearance); nullopt: ours.
void setSyntaxTheme(const std::optional<SyntaxTheme> &theme);
std::optional<SyntaxTheme> syntaxTheme();

} // namespace RepoLens
