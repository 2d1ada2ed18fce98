// Credential detection used before code is sent to a remote model.

#include "core/base/secrets.h"

#include <QTest>

using namespace RepoLens;

class tst_Secrets : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void finds_data();
    void finds();
    void ignoresPlaceholders_data();
    void ignoresPlaceholders();
    void reportsLines();
};

void tst_Secrets::finds_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("kind");
    QTest::newRow("pem") << QStringLiteral("x = '''\n-----BEGIN RSA PRIVATE KEY-----\nMIIE...\n'''") << QStringLiteral("private key");
    QTest::newRow("openssh") << QStringLiteral("-----BEGIN OPENSSH PRIVATE KEY-----") << QStringLiteral("private key");
    QTest::newRow("aws") << QStringLiteral("key = \"AKIAIOSFODNN7EXAMPLF\"") << QStringLiteral("AWS access key");
    QTest::newRow("github") << QStringLiteral("token: ghp_abcdefghijklmnopqrstuvwxyz0123456789AB") << QStringLiteral("GitHub token");
    QTest::newRow("slack") << QStringLiteral("xoxb-123456789012-abcdefghij") << QStringLiteral("Slack token");
    QTest::newRow("openai") << QStringLiteral("OPENAI = 'sk-proj-Ab3dE5gH7jK9mN1pQ3rS5tU7'") << QStringLiteral("OpenAI key");
    QTest::newRow("google") << QStringLiteral("AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q") << QStringLiteral("Google API key");
    QTest::newRow("url password") << QStringLiteral("DB = 'postgres://admin:Xy7#kP2q@db.internal:5432/app'")
                                  << QStringLiteral("password in a URL");
    QTest::newRow("assignment") << QStringLiteral("client_secret = \"f83Kd92jLq0Zp7Xw\"") << QStringLiteral("credential assignment");
    QTest::newRow("json") << QStringLiteral("{\"api_key\": \"9fQ2xLr8Tz4Kp1Wm\"}") << QStringLiteral("credential assignment");
}

void tst_Secrets::finds()
{
    QFETCH(QString, text);
    QFETCH(QString, kind);
    const QList<SecretFinding> found = findSecrets(text);
    QVERIFY2(!found.isEmpty(), qPrintable(text));
    QCOMPARE(found.first().kind, kind);
    QVERIFY(containsSecret(text));
}

void tst_Secrets::ignoresPlaceholders_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("env") << QStringLiteral("password = os.environ[\"DB_PASSWORD\"]");
    QTest::newRow("placeholder") << QStringLiteral("api_key = \"<your-api-key-here>\"");
    QTest::newRow("changeme") << QStringLiteral("password: \"changeme123\"");
    QTest::newRow("stars") << QStringLiteral("token = \"****************\"");
    QTest::newRow("template") << QStringLiteral("secret = \"${SECRET_FROM_VAULT}\"");
    QTest::newRow("short") << QStringLiteral("password = \"abc\"");
    QTest::newRow("low entropy") << QStringLiteral("token = \"aaaaaaaaaaaaaaaa\"");
    QTest::newRow("code") << QStringLiteral("def check_password(password):\n    return hash(password) == self.token_hash");
    QTest::newRow("url without password") << QStringLiteral("https://user@example.com/path");
}

void tst_Secrets::ignoresPlaceholders()
{
    QFETCH(QString, text);
    QVERIFY2(findSecrets(text).isEmpty(), qPrintable(findSecrets(text).value(0).kind));
}

void tst_Secrets::reportsLines()
{
    const QList<SecretFinding> found =
        findSecrets(QStringLiteral("a = 1\nb = 2\nAWS = 'AKIAIOSFODNN7EXAMPLF'\nc = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789AB'\n"));
    QCOMPARE(found.size(), 2);
    QCOMPARE(found.at(0).line, 3);
    QCOMPARE(found.at(1).line, 4);
    QCOMPARE(findSecrets(QString(), 5).size(), 0);
}

QTEST_GUILESS_MAIN(tst_Secrets)
#include "tst_secrets.moc"
