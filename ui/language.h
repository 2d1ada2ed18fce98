#pragma once

#include <QLocale>
#include <QString>
#include <QStringList>

class QComboBox;
class QCoreApplication;

namespace RepoLens {

// The user interface language: the system locale unless the QSettings key "language" names
// one of the bundled translations ("de", "fr", "en"). Takes effect at the next start.
QString languageSetting();
void setLanguageSetting(const QString &code);
// The bundled translations' language codes (from the :/i18n resources), "en" first.
QStringList availableLanguages();
// The locale whose messages are shown: the C locale (LANG=C or C.UTF-8, as in containers, CI and
// ssh sessions) reads English, with its plural forms ("3 results", not "3 result(s)").
QLocale messagesLocale(const QLocale &locale);

// Installs Qt's own and RepoLens's translators for the setting (or the system locale);
// returns the language in use.
QString installTranslators(QCoreApplication *app);
// A combo box entry per language plus "System default" (data: the code, empty for the system).
void fillLanguageBox(QComboBox *box);
// The language chosen in a box filled by fillLanguageBox().
QString languageFromBox(const QComboBox *box);

} // namespace RepoLens
