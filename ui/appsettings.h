#pragma once

#include "core/index/indexingsettings.h"

#include <QFont>
#include <QString>
#include <QStringList>

#include <optional>

class QApplication;

namespace RepoLens {

struct SyntaxTheme;

// Appearance (group "appearance"): the colour scheme, the code viewer's colours and the code font.
struct AppearanceSettings
{
    enum class Theme { System, Light, Dark };
    Theme theme = Theme::System;
    QString codeFontFamily;  // empty: the system's fixed font
    int codeFontSize = 0;    // points; 0: the system's
    // The KSyntaxHighlighting theme of the code viewer ("Solarized Dark"); empty: RepoLens's
    // light or dark colours after the colour scheme. Its colours are kept beside the name
    // (SyntaxTheme::toJson) so the viewer has them at start-up without the helper.
    QString syntaxTheme;
    QByteArray syntaxThemeData;

    static AppearanceSettings load();
    void save() const;
    QFont codeFont() const;
    // The chosen KSyntaxHighlighting theme's colours; nullopt for ours (or unreadable data).
    std::optional<SyntaxTheme> syntaxThemeColours() const;
};

// Applies the theme to the whole application (palette and style) at once; System restores
// the palette the application started with.
void applyTheme(AppearanceSettings::Theme theme);
// The palette of the dark scheme (also used by the screenshots).
QPalette darkPalette();

} // namespace RepoLens
