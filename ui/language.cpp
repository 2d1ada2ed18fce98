#include "language.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace RepoLens {

static const QString kKey = QStringLiteral("language");
static const QString kResourceDir = QStringLiteral(":/i18n");

QString languageSetting()
{
    return QSettings(QStringLiteral("RepoLens"), QStringLiteral("repolens")).value(kKey).toString();
}

void setLanguageSetting(const QString &code)
{
    QSettings settings(QStringLiteral("RepoLens"), QStringLiteral("repolens"));
    if (code.isEmpty())
        settings.remove(kKey);
    else
        settings.setValue(kKey, code);
}

QStringList availableLanguages()
{
    QStringList codes{QStringLiteral("en")};
    const QStringList files = QDir(kResourceDir).entryList({QStringLiteral("repolens_*.qm")}, QDir::Files, QDir::Name);
    for (const QString &f : files) {
        const QString code = f.mid(9, f.size() - 9 - 3); // repolens_<code>.qm
        if (!codes.contains(code))
            codes << code;
    }
    return codes;
}

QLocale messagesLocale(const QLocale &locale)
{
    return locale.language() == QLocale::C ? QLocale(QLocale::English) : locale;
}

QString installTranslators(QCoreApplication *app)
{
    const QString setting = languageSetting();
    const QLocale locale = setting.isEmpty() ? QLocale::system() : QLocale(setting);
    if (!setting.isEmpty())
        QLocale::setDefault(locale);

    // RepoLens's own messages: embedded, English (plural forms) included.
    auto *own = new QTranslator(app);
    if (own->load(messagesLocale(locale), QStringLiteral("repolens"), QStringLiteral("_"), kResourceDir))
        QCoreApplication::installTranslator(own);
    else
        delete own;
    // Qt's standard dialogs and buttons (qt6-translations-l10n), when installed.
    auto *qt = new QTranslator(app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    return locale.name().section(u'_', 0, 0);
}

void fillLanguageBox(QComboBox *box)
{
    box->clear();
    box->addItem(QCoreApplication::translate("RepoLens::Language", "System default"), QString());
    for (const QString &code : availableLanguages()) {
        const QLocale locale(code);
        QString name = locale.nativeLanguageName();
        if (!name.isEmpty())
            name[0] = name[0].toUpper();
        box->addItem(name.isEmpty() ? code : name, code);
    }
    const int index = box->findData(languageSetting());
    box->setCurrentIndex(index < 0 ? 0 : index);
}

QString languageFromBox(const QComboBox *box)
{
    return box->currentData().toString();
}

} // namespace RepoLens
