// Language detection: extensions and file names, shebangs, `.h` headers by the project, and
// qualified names as each language writes them.

#include "core/parse/language.h"

#include <QTest>

using namespace RepoLens;

class tst_Language : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void byPath_data();
    void byPath();
    void byShebang_data();
    void byShebang();
    void headersFollowTheProject();
    void everyTreeSitterLanguageHasAName();
    void qualifiedNames();
};

void tst_Language::byPath_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("language");
    const QList<QPair<const char *, const char *>> rows = {
        {"src/OrderService.cs", "csharp"}, {"lib/rails/app.rb", "ruby"}, {"Rakefile", "ruby"},
        {"shop.gemspec", "ruby"},          {"src/Kernel.php", "php"},    {"App.kt", "kotlin"},
        {"build.gradle.kts", "kotlin"},    {"Store.swift", "swift"},     {"Parser.scala", "scala"},
        {"build.sbt", "scala"},            {"src/Queue.hs", "haskell"},  {"lib/cart.ex", "elixir"},
        {"test/cart_test.exs", "elixir"},  {"queue.lua", "lua"},         {"list.zig", "zig"},
        {"deploy.sh", "bash"},             {"lib.bash", "bash"},         {".bashrc", "bash"},
        {"cart.dart", "dart"},             {"stack.ml", "ocaml"},        {"stack.mli", "ocaml_interface"},
        {"Queues.jl", "julia"},            {"Downloader.m", "objc"},     {"Bridge.mm", "objc"},
        {"include/x.h", "cpp"},            {"main.c", "c"},              {"CMakeLists.txt", "config"},
        {"notes.txt", "text"},             {"bin/rake", "none"},
    };
    for (const auto &[path, language] : rows)
        QTest::newRow(path) << QString::fromLatin1(path) << QString::fromLatin1(language);
}

void tst_Language::byPath()
{
    QFETCH(QString, path);
    QFETCH(QString, language);
    QCOMPARE(languageName(languageForPath(path)), language);
}

void tst_Language::byShebang_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("language");
    QTest::newRow("env ruby") << QByteArray("#!/usr/bin/env ruby\nputs 1\n") << "ruby";
    QTest::newRow("bash") << QByteArray("#!/bin/bash\nset -e\n") << "bash";
    QTest::newRow("sh") << QByteArray("#!/bin/sh\n") << "bash";
    QTest::newRow("env -S julia") << QByteArray("#!/usr/bin/env -S julia --threads=4\n") << "julia";
    QTest::newRow("versioned python") << QByteArray("#!/usr/bin/python3.11 -u\n") << "python";
    QTest::newRow("env with settings") << QByteArray("#!/usr/bin/env LANG=C elixir\n") << "elixir";
    QTest::newRow("node") << QByteArray("#!/usr/bin/env node\n") << "javascript";
    QTest::newRow("php") << QByteArray("#!/usr/bin/php\n<?php\n") << "php";
    QTest::newRow("lua") << QByteArray("#!/usr/bin/env lua5.4\n") << "lua";
    QTest::newRow("unknown interpreter") << QByteArray("#!/usr/bin/env perl\n") << "none";
    QTest::newRow("no shebang") << QByteArray("echo hi\n") << "none";
    QTest::newRow("only the first line") << QByteArray("x\n#!/bin/bash\n") << "none";
}

void tst_Language::byShebang()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, language);
    QCOMPARE(languageName(languageForShebang(text)), language);
}

void tst_Language::headersFollowTheProject()
{
    HeaderLanguages redisLike;
    for (const char *p : {"src/server.c", "src/db.c", "src/server.h", "deps/lua/lapi.c",
                          "tests/modules/helper.cpp"})
        redisLike.addFile(QString::fromLatin1(p));
    QVERIFY(HeaderLanguages::isHeader(u"src/server.h"));
    QVERIFY(!HeaderLanguages::isHeader(u"src/server.hpp"));
    QCOMPARE(redisLike.languageOf(u"src/server.h"), LanguageId::C);
    QCOMPARE(redisLike.languageOf(u"tests/modules/helper.h"), LanguageId::Cpp);
    // a folder without sources: the nearest folder above with some, else the whole project
    QCOMPARE(redisLike.languageOf(u"src/sub/util.h"), LanguageId::C);
    QCOMPARE(redisLike.languageOf(u"include/api.h"), LanguageId::C);

    HeaderLanguages fmtLike;
    for (const char *p : {"src/format.cc", "src/os.cc", "test/gtest/gtest-all.cc", "test/util.c"})
        fmtLike.addFile(QString::fromLatin1(p));
    QCOMPARE(fmtLike.languageOf(u"include/fmt/format.h"), LanguageId::Cpp);

    HeaderLanguages objcLike;
    for (const char *p : {"AFNetworking/AFURLSessionManager.m", "Example/main.c"})
        objcLike.addFile(QString::fromLatin1(p));
    QCOMPARE(objcLike.languageOf(u"AFNetworking/AFURLSessionManager.h"), LanguageId::ObjC);
    QCOMPARE(objcLike.languageOf(u"Example/config.h"), LanguageId::C);

    QCOMPARE(HeaderLanguages().languageOf(u"a.h"), LanguageId::Cpp); // nothing to go by
}

void tst_Language::everyTreeSitterLanguageHasAName()
{
    int treeSitter = 0;
    for (const LanguageInfo &info : allLanguages()) {
        QCOMPARE(languageFromName(info.name), info.id);
        QCOMPARE(&languageInfo(info.id), &info);
        treeSitter += info.treeSitter ? 1 : 0;
    }
    QCOMPARE(treeSitter, 25); // 23 languages; TypeScript and OCaml with two grammars each
}

void tst_Language::qualifiedNames()
{
    QCOMPARE(displayQualifiedName(LanguageId::Ruby, QStringLiteral("Rails.Application.initialize"), true),
             QStringLiteral("Rails::Application#initialize"));
    QCOMPARE(displayQualifiedName(LanguageId::Ruby, QStringLiteral("Rails.Application"), false),
             QStringLiteral("Rails::Application"));
    QCOMPARE(displayQualifiedName(LanguageId::Php, QStringLiteral("App.Http.Kernel.handle"), true),
             QStringLiteral("App\\Http\\Kernel::handle"));
    QCOMPARE(displayQualifiedName(LanguageId::Cpp, QStringLiteral("fmt.detail.buffer"), false),
             QStringLiteral("fmt::detail::buffer"));
    QCOMPARE(displayQualifiedName(LanguageId::Kotlin, QStringLiteral("Outer.Inner.run"), true),
             QStringLiteral("Outer.Inner.run"));
    QCOMPARE(displayQualifiedName(LanguageId::Ruby, QStringLiteral("main"), true), QStringLiteral("main"));
    // kind unknown: decided by the case of the last part where the language capitalises types
    QCOMPARE(displayQualifiedName(LanguageId::Ruby, QStringLiteral("Rails.Application.initialize")),
             QStringLiteral("Rails::Application#initialize"));
    QCOMPARE(displayQualifiedName(LanguageId::Ruby, QStringLiteral("Rails.Application")),
             QStringLiteral("Rails::Application"));
    QCOMPARE(displayQualifiedName(LanguageId::Php, QStringLiteral("App.Http.Kernel.handle")),
             QStringLiteral("App\\Http\\Kernel::handle"));
    QCOMPARE(displayQualifiedName(LanguageId::Php, QStringLiteral("App.Http.Kernel")),
             QStringLiteral("App\\Http\\Kernel"));
    QCOMPARE(displayQualifiedName(LanguageId::Rust, QStringLiteral("serde.de.Visitor")),
             QStringLiteral("serde::de::Visitor"));
    QCOMPARE(displayQualifiedName(LanguageId::Python, QStringLiteral("flask.Flask.url_for")),
             QStringLiteral("flask.Flask.url_for"));
    QCOMPARE(normalizeQualifiedName(u"Rails::Application#initialize"),
             QStringLiteral("Rails.Application.initialize"));
    QCOMPARE(normalizeQualifiedName(u"\\App\\Http\\Kernel::handle"), QStringLiteral("App.Http.Kernel.handle"));
}

QTEST_GUILESS_MAIN(tst_Language)
#include "tst_language.moc"
