#pragma once

#include "core/index/indexingsettings.h"

#include <QFont>
#include <QString>
#include <QStringList>

class QApplication;

namespace RepoLens {

// Appearance (group "appearance"): the colour scheme and the code font.
struct AppearanceSettings
{
    enum class Theme { System, Light, Dark };
    Theme theme = Theme::System;
    QString codeFontFamily;  // empty: the system's fixed font
    int codeFontSize = 0;    // points; 0: the system's

    static AppearanceSettings load();
    void save() const;
    QFont codeFont() const;
};

// Applies the theme to the whole application (palette and style) at once; System restores
// the palette the application started with.
void applyTheme(AppearanceSettings::Theme theme);
// The palette of the dark scheme (also used by the screenshots).
QPalette darkPalette();

} // namespace RepoLens
