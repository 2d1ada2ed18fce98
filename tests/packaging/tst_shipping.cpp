// Help ▸ About (build information, bundled grammars with their licences) and the language
// setting and compiled translations.

#include "ui/aboutdialog.h"
#include "ui/language.h"

#include "core/parse/grammars.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QHash>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QTranslator>
#include <QTreeWidget>

using namespace RepoLens;

class tst_Shipping : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("RepoLensTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_shipping"));
        QSettings().clear();
    }

    void aboutShowsBuildInfo()
    {
        const QString info = AboutDialog::buildInfo();
        QVERIFY2(info.contains(QLatin1String(qVersion())), qPrintable(info));
        QVERIFY2(info.contains(treeSitterCoreVersion()), qPrintable(info));
        QVERIFY2(info.contains(QLatin1String("(MIT)")), qPrintable(info)); // the core's licence
    }

    void aboutListsEveryGrammarWithItsLicence()
    {
        AboutDialog dialog;
        auto *tree = dialog.findChild<QTreeWidget *>(QStringLiteral("aboutGrammars"));
        QVERIFY(tree);
        const QList<GrammarInfo> grammars = checkGrammars();
        QCOMPARE(tree->topLevelItemCount(), grammars.size());
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            const QTreeWidgetItem *item = tree->topLevelItem(i);
            QCOMPARE(item->text(1), grammars.at(i).package);
            QCOMPARE(item->text(2), grammars.at(i).version);
            // Read from the npm package's package.json at configure time: MIT except the ones
            // named here (a grammar that changes its licence, or one we cannot read, fails).
            const QHash<QString, QString> notMit{{QStringLiteral("tree-sitter-elixir"), QStringLiteral("Apache-2.0")},
                                                 {QStringLiteral("tree-sitter-dart"), QStringLiteral("ISC")}};
            QCOMPARE(item->text(3), notMit.value(item->text(1), QStringLiteral("MIT")));
        }
        auto *header = dialog.findChild<QLabel *>(QStringLiteral("aboutHeader"));
        QVERIFY(header && header->text().contains(QLatin1String(REPOLENS_VERSION)));
        // the project's own licence, as LICENSE and the AppStream metainfo say
        auto *licence = dialog.findChild<QLabel *>(QStringLiteral("aboutLicence"));
        QVERIFY(licence && licence->text().contains(QLatin1String("MIT")));
    }

    void languageSettingRoundTrips()
    {
        QCOMPARE(languageSetting(), QString());
        setLanguageSetting(QStringLiteral("de"));
        // the one settings file of the app and the CLI
        QCOMPARE(QSettings(QStringLiteral("RepoLens"), QStringLiteral("repolens")).value(QStringLiteral("language")).toString(),
                 QStringLiteral("de"));
        QCOMPARE(languageSetting(), QStringLiteral("de"));
        QComboBox box;
        fillLanguageBox(&box);
        QCOMPARE(box.itemData(0).toString(), QString()); // follow the system
        QVERIFY(box.findData(QStringLiteral("en")) >= 0);
        setLanguageSetting(QString());
        QVERIFY(!QSettings(QStringLiteral("RepoLens"), QStringLiteral("repolens")).contains(QStringLiteral("language")));
    }

    // LANG=C (or C.UTF-8) gets the English plural forms, not the source's "result(s)".
    void cLocaleReadsEnglish()
    {
        QCOMPARE(messagesLocale(QLocale::c()).language(), QLocale::English);
        QCOMPARE(messagesLocale(QLocale(QStringLiteral("de_DE"))).language(), QLocale::German);
        QTranslator translator;
        QVERIFY(translator.load(messagesLocale(QLocale::c()), QStringLiteral("repolens"), QStringLiteral("_"),
                                QStringLiteral(REPOLENS_BINARY_DIR "/translations/qm")));
        QCoreApplication::installTranslator(&translator);
        const QString three = QCoreApplication::translate("RepoLens::ChatPane", "%n result(s)", nullptr, 3);
        const QString one = QCoreApplication::translate("RepoLens::ChatPane", " in %n file(s)", nullptr, 1);
        QCoreApplication::removeTranslator(&translator);
        QCOMPARE(three, QStringLiteral("3 results"));
        QCOMPARE(one, QStringLiteral(" in 1 file"));
    }

    void compiledTranslationsTranslate_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("plural");
        QTest::newRow("de") << QStringLiteral("de") << QStringLiteral("&Datei") << QStringLiteral("3 Ergebnisse");
        QTest::newRow("fr") << QStringLiteral("fr") << QStringLiteral("&Fichier") << QStringLiteral("3 résultats");
        QTest::newRow("en") << QStringLiteral("en") << QStringLiteral("&File") << QStringLiteral("3 results");
    }

    void compiledTranslationsTranslate()
    {
        QFETCH(QString, lang);
        QFETCH(QString, file);
        QFETCH(QString, plural);
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(REPOLENS_BINARY_DIR "/translations/qm/repolens_") + lang
                                + QStringLiteral(".qm")));
        QCOMPARE(translator.translate("RepoLens::MainWindow", "&File"), lang == QLatin1String("en") ? QString() : file);
        QCoreApplication::installTranslator(&translator);
        QCOMPARE(QCoreApplication::translate("RepoLens::ChatPane", "%n result(s)", nullptr, 3), plural);
        QCoreApplication::removeTranslator(&translator);
    }
};

QTEST_MAIN(tst_Shipping)
#include "tst_shipping.moc"
