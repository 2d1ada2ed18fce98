#include "codetheme.h"

#include <optional>

#include <QFontDatabase>
#include <QHash>

namespace RepoLens {

namespace {
std::optional<QFont> &codeFontOverride()
{
    static std::optional<QFont> font;
    return font;
}
} // namespace

void setCodeFont(const QFont &font)
{
    codeFontOverride() = font;
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

CodeTheme CodeTheme::fromPalette(const QPalette &palette)
{
    CodeTheme t;
    t.font = codeFont();
    const QColor base = palette.color(QPalette::Base);
    t.dark = base.lightnessF() < 0.45;
    t.background = base;
    t.foreground = palette.color(QPalette::Text);
    const QColor window = palette.color(QPalette::Window);
    auto mix = [](const QColor &a, const QColor &b, qreal f) {
        return QColor::fromRgbF(a.redF() * (1 - f) + b.redF() * f, a.greenF() * (1 - f) + b.greenF() * f,
                                a.blueF() * (1 - f) + b.blueF() * f);
    };
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

QColor CodeTheme::adapt(const QColor &color) const
{
    if (!dark)
        return color;
    float h, s, l, a;
    color.getHslF(&h, &s, &l, &a);
    if (s < 0.1f && l < 0.5f)
        return foreground; // black / grey text of a light theme
    if (l < 0.6f)
        l = 0.6f + (0.6f - l) * 0.5f;
    return QColor::fromHslF(h, std::min(s, 0.75f), std::min(l, 0.85f), a);
}

} // namespace RepoLens
