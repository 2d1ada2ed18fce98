#include "appsettings.h"

#include "codetheme.h"

#include <QApplication>
#include <QFontDatabase>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace RepoLens {

AppearanceSettings AppearanceSettings::load()
{
    AppearanceSettings s;
    QSettings q(QStringLiteral("RepoLens"), QStringLiteral("repolens"));
    q.beginGroup(QStringLiteral("appearance"));
    const QString theme = q.value(QStringLiteral("theme")).toString();
    s.theme = theme == QLatin1String("dark") ? Theme::Dark : theme == QLatin1String("light") ? Theme::Light : Theme::System;
    s.codeFontFamily = q.value(QStringLiteral("code_font")).toString();
    s.codeFontSize = std::clamp(q.value(QStringLiteral("code_font_size"), 0).toInt(), 0, 72);
    s.syntaxTheme = q.value(QStringLiteral("syntax_theme")).toString();
    s.syntaxThemeData = q.value(QStringLiteral("syntax_theme_data")).toByteArray();
    return s;
}

void AppearanceSettings::save() const
{
    QSettings q(QStringLiteral("RepoLens"), QStringLiteral("repolens"));
    q.beginGroup(QStringLiteral("appearance"));
    q.setValue(QStringLiteral("theme"), theme == Theme::Dark    ? QStringLiteral("dark")
                                        : theme == Theme::Light ? QStringLiteral("light")
                                                                : QStringLiteral("system"));
    q.setValue(QStringLiteral("code_font"), codeFontFamily);
    q.setValue(QStringLiteral("code_font_size"), codeFontSize);
    q.setValue(QStringLiteral("syntax_theme"), syntaxTheme);
    q.setValue(QStringLiteral("syntax_theme_data"), syntaxTheme.isEmpty() ? QByteArray() : syntaxThemeData);
}

std::optional<SyntaxTheme> AppearanceSettings::syntaxThemeColours() const
{
    if (syntaxTheme.isEmpty())
        return std::nullopt;
    auto theme = SyntaxTheme::fromJson(syntaxThemeData);
    if (!theme || theme->name != syntaxTheme)
        return std::nullopt;
    return theme;
}

QFont AppearanceSettings::codeFont() const
{
    QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (!codeFontFamily.isEmpty())
        f.setFamily(codeFontFamily);
    if (codeFontSize > 0)
        f.setPointSize(codeFontSize);
    else if (f.pointSizeF() < 9)
        f.setPointSizeF(10);
    f.setStyleHint(QFont::Monospace);
    return f;
}

QPalette darkPalette()
{
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x2d, 0x2f, 0x33));
    dark.setColor(QPalette::WindowText, QColor(0xdc, 0xdd, 0xde));
    dark.setColor(QPalette::Base, QColor(0x1f, 0x21, 0x24));
    dark.setColor(QPalette::AlternateBase, QColor(0x27, 0x29, 0x2c));
    dark.setColor(QPalette::Text, QColor(0xdc, 0xdd, 0xde));
    dark.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3b));
    dark.setColor(QPalette::ButtonText, QColor(0xdc, 0xdd, 0xde));
    // The 3D roles too: left to the light defaults, Fusion drew white frame edges (the line
    // along the top of the editor's tabs).
    dark.setColor(QPalette::Light, QColor(0x45, 0x48, 0x4d));
    dark.setColor(QPalette::Midlight, QColor(0x3b, 0x3e, 0x42));
    dark.setColor(QPalette::Mid, QColor(0x26, 0x28, 0x2b));
    dark.setColor(QPalette::Dark, QColor(0x1c, 0x1d, 0x20));
    dark.setColor(QPalette::Shadow, QColor(0x10, 0x11, 0x12));
    dark.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    dark.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xd6));
    dark.setColor(QPalette::HighlightedText, Qt::white);
    dark.setColor(QPalette::Link, QColor(0x6c, 0xa8, 0xf0));
    dark.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x8d, 0x91));
    dark.setColor(QPalette::ToolTipBase, QColor(0x35, 0x37, 0x3b));
    dark.setColor(QPalette::ToolTipText, QColor(0xdc, 0xdd, 0xde));
    dark.setColor(QPalette::Disabled, QPalette::Text, QColor(0x6b, 0x6e, 0x72));
    dark.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x6b, 0x6e, 0x72));
    dark.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x6b, 0x6e, 0x72));
    return dark;
}

void applyTheme(AppearanceSettings::Theme theme)
{
    static const QPalette original = QApplication::palette();
    static const QString originalStyle = QApplication::style()->name();
    switch (theme) {
    case AppearanceSettings::Theme::System:
        QApplication::setStyle(QStyleFactory::create(originalStyle));
        QApplication::setPalette(original);
        break;
    case AppearanceSettings::Theme::Light:
        QApplication::setStyle(QStringLiteral("Fusion"));
        QApplication::setPalette(QApplication::style()->standardPalette());
        break;
    case AppearanceSettings::Theme::Dark:
        QApplication::setStyle(QStringLiteral("Fusion"));
        QApplication::setPalette(darkPalette());
        break;
    }
}

} // namespace RepoLens
