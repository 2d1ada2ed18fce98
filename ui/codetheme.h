#pragma once

#include <QByteArray>
#include <QColor>
#include <QFont>
#include <QPalette>

namespace RepoLens {

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

    static CodeTheme fromPalette(const QPalette &palette);
    static Category categoryForCapture(const QByteArray &capture);
    static QString categoryName(Category category);

    // Builtin-lexer colour adjusted for a dark background (keeps the hue, lifts the lightness).
    QColor adapt(const QColor &lightThemeColor) const;
};

QFont codeFont();
// The font of the code viewer and code in the chat (Settings ▸ Appearance); unset: the system's.
void setCodeFont(const QFont &font);

} // namespace RepoLens
