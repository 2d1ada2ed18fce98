#pragma once

#include <QFont>
#include <QString>
#include <QStringList>

class QApplication;

namespace RepoLens {

// Indexing settings of the desktop app (QSettings "RepoLens"/"repolens", group "indexing").
struct IndexingSettings
{
    QStringList ignorePatterns;        // .gitignore syntax, root-relative, on top of the files'
    qint64 sizeCapBytes = 1024 * 1024; // larger files are not indexed

    static IndexingSettings load();
    void save() const;
    bool operator==(const IndexingSettings &o) const
    {
        return ignorePatterns == o.ignorePatterns && sizeCapBytes == o.sizeCapBytes;
    }
    // A reason when a pattern cannot be used ("line 3: ..."), else empty.
    static QString validatePatterns(const QStringList &patterns);
};

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
