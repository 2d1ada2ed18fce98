#include "codetheme.h"

#include <optional>

#include <QFontDatabase>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace RepoLens {

namespace {
std::optional<QFont> &codeFontOverride()
{
    static std::optional<QFont> font;
    return font;
}
std::optional<SyntaxTheme> &syntaxThemeOverride()
{
    static std::optional<SyntaxTheme> theme;
    return theme;
}

QColor mix(const QColor &a, const QColor &b, qreal f)
{
    return QColor::fromRgbF(a.redF() * (1 - f) + b.redF() * f, a.greenF() * (1 - f) + b.greenF() * f,
                            a.blueF() * (1 - f) + b.blueF() * f);
}
} // namespace

void setCodeFont(const QFont &font)
{
    codeFontOverride() = font;
}

void setSyntaxTheme(const std::optional<SyntaxTheme> &theme)
{
    syntaxThemeOverride() = theme;
}

std::optional<SyntaxTheme> syntaxTheme()
{
    return syntaxThemeOverride();
}

QByteArray SyntaxTheme::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("name"), name);
    QJsonArray editorColours;
    for (const QColor &c : editor)
        editorColours.append(c.isValid() ? c.name() : QString());
    o.insert(QStringLiteral("editor"), editorColours);
    QJsonArray list;
    for (const Style &s : styles) {
        QJsonObject so;
        so.insert(QStringLiteral("fg"), s.foreground.isValid() ? s.foreground.name() : QString());
        so.insert(QStringLiteral("bg"), s.background.isValid() ? s.background.name() : QString());
        so.insert(QStringLiteral("flags"), int(s.bold) | int(s.italic) << 1 | int(s.underline) << 2 | int(s.strikeOut) << 3);
        list.append(so);
    }
    o.insert(QStringLiteral("styles"), list);
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

std::optional<SyntaxTheme> SyntaxTheme::fromJson(const QByteArray &json)
{
    const QJsonObject o = QJsonDocument::fromJson(json).object();
    const QJsonArray editorColours = o.value(QStringLiteral("editor")).toArray();
    const QJsonArray list = o.value(QStringLiteral("styles")).toArray();
    if (o.value(QStringLiteral("name")).toString().isEmpty() || editorColours.size() != EditorColourCount
        || list.size() != TextStyleCount)
        return std::nullopt;
    SyntaxTheme t;
    t.name = o.value(QStringLiteral("name")).toString();
    for (int i = 0; i < EditorColourCount; ++i)
        t.editor[i] = QColor(editorColours.at(i).toString());
    for (int i = 0; i < TextStyleCount; ++i) {
        const QJsonObject so = list.at(i).toObject();
        Style &s = t.styles[i];
        const QString fg = so.value(QStringLiteral("fg")).toString();
        const QString bg = so.value(QStringLiteral("bg")).toString();
        if (!fg.isEmpty())
            s.foreground = QColor(fg);
        if (!bg.isEmpty())
            s.background = QColor(bg);
        const int flags = so.value(QStringLiteral("flags")).toInt();
        s.bold = flags & 1;
        s.italic = flags & 2;
        s.underline = flags & 4;
        s.strikeOut = flags & 8;
    }
    if (!t.editor[Background].isValid())
        return std::nullopt;
    return t;
}

CodeTheme::Category CodeTheme::categoryForTextStyle(int textStyle)
{
    // KSyntaxHighlighting::Theme::TextStyle, in its order.
    static const Category map[SyntaxTheme::TextStyleCount] = {
        Default,   // Normal
        Keyword,   // Keyword
        Function,  // Function
        Property,  // Variable
        Keyword,   // ControlFlow
        Operator,  // Operator
        Builtin,   // BuiltIn
        Type,      // Extension
        Constant,  // Preprocessor
        Attribute, // Attribute
        String,    // Char
        Escape,    // SpecialChar
        String,    // String
        String,    // VerbatimString
        Escape,    // SpecialString
        Module,    // Import
        Type,      // DataType
        Number,    // DecVal
        Number,    // BaseN
        Number,    // Float
        Constant,  // Constant
        Comment,   // Comment
        Comment,   // Documentation
        Attribute, // Annotation
        Attribute, // CommentVar
        Comment,   // RegionMarker
        Comment,   // Information
        Keyword,   // Warning
        Keyword,   // Alert
        Keyword,   // Error
        Tag,       // Others
    };
    return textStyle >= 0 && textStyle < SyntaxTheme::TextStyleCount ? map[textStyle] : Default;
}

int CodeTheme::textStyleForCategory(Category category)
{
    static const int map[CategoryCount] = {
        0,  // Default -> Normal
        21, // Comment
        1,  // Keyword
        12, // String
        11, // Escape -> SpecialChar
        17, // Number -> DecVal
        20, // Constant
        2,  // Function
        16, // Type -> DataType
        16, // Constructor -> DataType
        0,  // Variable -> Normal
        3,  // Parameter -> Variable
        6,  // Builtin -> BuiltIn
        3,  // Property -> Variable
        5,  // Operator
        0,  // Punctuation -> Normal
        9,  // Attribute
        1,  // Tag -> Keyword (as Kate's HTML and XML)
        30, // Label -> Others
        15, // Module -> Import
        0,  // Embedded -> Normal
    };
    return category >= 0 && category < CategoryCount ? map[category] : 0;
}

CodeTheme CodeTheme::fromPalette(const QPalette &palette)
{
    if (const auto &chosen = syntaxThemeOverride())
        return fromSyntaxTheme(*chosen, palette);
    return builtIn(palette);
}

CodeTheme CodeTheme::fromSyntaxTheme(const SyntaxTheme &s, const QPalette &palette)
{
    CodeTheme t = builtIn(palette); // snippet, link, ... keep ours, for the theme's lightness
    t.syntaxTheme = s.name;
    t.background = s.editor[SyntaxTheme::Background];
    t.dark = s.isDark();
    if (t.dark != builtIn(palette).dark) {
        QPalette other = palette;
        other.setColor(QPalette::Base, t.background);
        other.setColor(QPalette::Text, t.dark ? QColor(0xdc, 0xdd, 0xde) : QColor(0x1f, 0x23, 0x28));
        const CodeTheme ours = builtIn(other);
        t.snippet = ours.snippet;
        t.snippetMarker = ours.snippetMarker;
        t.link = ours.link;
    }
    auto valid = [](const QColor &c, const QColor &fallback) { return c.isValid() ? c : fallback; };
    t.foreground = valid(s.styles[SyntaxTheme::Normal].foreground, palette.color(QPalette::Text));
    t.marginBackground = valid(s.editor[SyntaxTheme::IconBorder], t.background);
    t.marginForeground = valid(s.editor[SyntaxTheme::LineNumbers], mix(t.foreground, t.background, 0.55));
    t.foldMargin = t.marginBackground;
    t.indentGuide = valid(s.editor[SyntaxTheme::IndentationLine], mix(t.foreground, t.background, 0.85));
    t.caretLine = valid(s.editor[SyntaxTheme::CurrentLine], t.caretLine);
    t.selection = valid(s.editor[SyntaxTheme::TextSelection], t.selection);
    t.findMatch = valid(s.editor[SyntaxTheme::SearchHighlight], t.findMatch);
    for (int i = 0; i < SyntaxTheme::TextStyleCount; ++i) {
        t.textStyles[i] = s.styles[i];
        if (!t.textStyles[i].foreground.isValid())
            t.textStyles[i].foreground = t.foreground;
    }
    for (int c = 0; c < CategoryCount; ++c) {
        const SyntaxTheme::Style &style = t.textStyles[textStyleForCategory(Category(c))];
        t.colors[c] = style.foreground;
        t.bold[c] = style.bold;
        t.italic[c] = style.italic;
    }
    t.colors[Default] = t.foreground;
    t.colors[Punctuation] = t.foreground;
    return t;
}

CodeTheme CodeTheme::builtIn(const QPalette &palette)
{
    CodeTheme t = builtInCategories(palette);
    for (int i = 0; i < SyntaxTheme::TextStyleCount; ++i) {
        const Category c = categoryForTextStyle(i);
        SyntaxTheme::Style &s = t.textStyles[i];
        s.foreground = t.colors[c];
        s.bold = t.bold[c];
        s.italic = t.italic[c];
    }
    return t;
}

QFont codeFont()
{
    if (codeFontOverride())
        return *codeFontOverride();
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (font.pointSizeF() < 9)
        font.setPointSizeF(10);
    font.setStyleHint(QFont::Monospace);
    return font;
}

CodeTheme CodeTheme::builtInCategories(const QPalette &palette)
{
    CodeTheme t;
    t.font = codeFont();
    const QColor base = palette.color(QPalette::Base);
    t.dark = base.lightnessF() < 0.45;
    t.background = base;
    t.foreground = palette.color(QPalette::Text);
    const QColor window = palette.color(QPalette::Window);
    t.marginBackground = mix(base, window, 0.5);
    t.marginForeground = mix(t.foreground, base, 0.55);
    t.foldMargin = t.marginBackground;
    t.indentGuide = mix(t.foreground, base, 0.85);
    t.selection = palette.color(QPalette::Highlight);
    t.selection.setAlphaF(0.35);
    auto &c = t.colors;
    if (t.dark) {
        t.caretLine = mix(base, QColor(Qt::white), 0.06);
        t.snippet = QColor(0xe3, 0xb3, 0x41);
        t.snippetMarker = QColor(0xe3, 0xb3, 0x41);
        t.findMatch = QColor(0x3f, 0xb9, 0x50);
        t.link = QColor(0x58, 0xa6, 0xff);
        c[Default] = t.foreground;
        c[Comment] = QColor(0x8b, 0x94, 0x9e);
        c[Keyword] = QColor(0xff, 0x7b, 0x72);
        c[String] = QColor(0xa5, 0xd6, 0xff);
        c[Escape] = QColor(0x79, 0xc0, 0xff);
        c[Number] = QColor(0x79, 0xc0, 0xff);
        c[Constant] = QColor(0x79, 0xc0, 0xff);
        c[Function] = QColor(0xd2, 0xa8, 0xff);
        c[Type] = QColor(0xff, 0xa6, 0x57);
        c[Constructor] = QColor(0xff, 0xa6, 0x57);
        c[Variable] = t.foreground;
        c[Parameter] = QColor(0xff, 0xc6, 0x8a);
        c[Builtin] = QColor(0xff, 0x7b, 0x72);
        c[Property] = QColor(0x79, 0xc0, 0xff);
        c[Operator] = QColor(0xff, 0x7b, 0x72);
        c[Punctuation] = mix(t.foreground, base, 0.25);
        c[Attribute] = QColor(0x79, 0xc0, 0xff);
        c[Tag] = QColor(0x7e, 0xe7, 0x87);
        c[Label] = QColor(0xff, 0xa6, 0x57);
        c[Module] = QColor(0xff, 0xa6, 0x57);
        c[Embedded] = t.foreground;
    } else {
        t.caretLine = mix(base, QColor(0x1f, 0x6f, 0xeb), 0.06);
        t.snippet = QColor(0xf2, 0xcc, 0x60);
        t.snippetMarker = QColor(0xd4, 0xa7, 0x2c);
        t.findMatch = QColor(0x2d, 0xa4, 0x4e);
        t.link = QColor(0x09, 0x69, 0xda);
        c[Default] = t.foreground;
        c[Comment] = QColor(0x6e, 0x77, 0x81);
        c[Keyword] = QColor(0xcf, 0x22, 0x2e);
        c[String] = QColor(0x0a, 0x30, 0x69);
        c[Escape] = QColor(0x05, 0x50, 0xae);
        c[Number] = QColor(0x05, 0x50, 0xae);
        c[Constant] = QColor(0x05, 0x50, 0xae);
        c[Function] = QColor(0x82, 0x50, 0xdf);
        c[Type] = QColor(0x95, 0x38, 0x00);
        c[Constructor] = QColor(0x95, 0x38, 0x00);
        c[Variable] = t.foreground;
        c[Parameter] = QColor(0x95, 0x38, 0x00);
        c[Builtin] = QColor(0xcf, 0x22, 0x2e);
        c[Property] = QColor(0x05, 0x50, 0xae);
        c[Operator] = QColor(0xcf, 0x22, 0x2e);
        c[Punctuation] = mix(t.foreground, base, 0.2);
        c[Attribute] = QColor(0x05, 0x50, 0xae);
        c[Tag] = QColor(0x11, 0x63, 0x29);
        c[Label] = QColor(0x95, 0x38, 0x00);
        c[Module] = QColor(0x95, 0x38, 0x00);
        c[Embedded] = t.foreground;
    }
    t.italic[Comment] = true;
    t.italic[Parameter] = false;
    return t;
}

CodeTheme::Category CodeTheme::categoryForCapture(const QByteArray &capture)
{
    static const QHash<QByteArray, Category> exact = {
        {"string.escape", Escape},
        {"escape", Escape},
        {"string.special", Escape},
        {"constant.builtin", Builtin},
        {"variable.builtin", Builtin},
        {"function.builtin", Builtin},
        {"type.builtin", Type},
        {"variable.parameter", Parameter},
        {"variable.member", Property},
        {"function.macro", Constant},
        {"punctuation.special", Operator},
        {"comment.documentation", Comment},
        {"delimiter", Punctuation},
        {"embedded", Embedded},
    };
    if (const auto it = exact.constFind(capture); it != exact.cend())
        return *it;
    static const QList<QPair<QByteArray, Category>> prefixes = {
        {"comment", Comment},     {"keyword", Keyword},         {"string", String},
        {"character", String},    {"number", Number},           {"float", Number},
        {"boolean", Constant},    {"constant", Constant},       {"function", Function},
        {"method", Function},     {"constructor", Constructor}, {"type", Type},
        {"property", Property},   {"field", Property},          {"operator", Operator},
        {"punctuation", Punctuation}, {"attribute", Attribute}, {"tag", Tag},
        {"label", Label},         {"module", Module},           {"namespace", Module},
        {"include", Keyword},     {"variable", Variable},       {"parameter", Parameter},
    };
    for (const auto &[prefix, category] : prefixes) {
        if (capture.startsWith(prefix)
            && (capture.size() == prefix.size() || capture.at(prefix.size()) == '.'))
            return category;
    }
    return Default;
}

QString CodeTheme::categoryName(Category category)
{
    static const char *const names[CategoryCount] = {
        "Default", "Comment", "Keyword", "String", "Escape", "Number", "Constant",
        "Function", "Type", "Constructor", "Variable", "Parameter", "Built-in", "Property",
        "Operator", "Punctuation", "Attribute", "Tag", "Label", "Module", "Embedded"};
    return category >= 0 && category < CategoryCount ? QString::fromLatin1(names[category]) : QString();
}

} // namespace RepoLens
