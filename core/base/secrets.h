#pragma once

#include "result.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <memory>

namespace RepoLens {

// One span of text that looks like a credential.
struct SecretFinding
{
    QString rule;    // rule id from the table ("private-key", "credential-assignment", ...)
    QString kind;    // what it is, for people ("private key", "password", "Slack webhook", ...)
    int line = 0;    // 1-based first line of the span within the text
    int endLine = 0; // 1-based last line of the span
    int offset = 0;  // UTF-16 offset of the span
    int length = 0;
};

// The rule table: data (core/base/secretrules.conf, compiled in), not code. Each rule is a
// regular expression whose named group "secret" (or, without one, the whole match) is the span
// to withhold, with optional keywords (the rule only runs on text containing one), a value
// check that skips placeholders and references (`changeme`, `${VAR}`, `os.environ[...]`, a
// variable used elsewhere in the text), and minimum length / entropy. The file's header
// documents the format. Immutable after loading; thread-safe.
class SecretRules
{
public:
    struct RuleInfo
    {
        QString id;
        QString kind;
        QStringList covers; // gitleaks default rule ids this rule stands for (documentation)
    };

    // The compiled-in table, loaded once.
    static const SecretRules &builtIn();
    // A table from text in the same format (tests, tools). Fails on a rule without a kind or
    // pattern, a pattern that does not compile, or an unknown field.
    static Result<SecretRules> parse(QStringView text);

    QList<RuleInfo> rules() const;
    // Every span any rule finds, in text order; overlapping spans are kept (see withhold()).
    // ruleId: only that rule (tests).
    QList<SecretFinding> find(QStringView text, const QString &ruleId = {}) const;

    SecretRules();
    ~SecretRules();
    SecretRules(const SecretRules &);
    SecretRules &operator=(const SecretRules &);
    SecretRules(SecretRules &&) noexcept;
    SecretRules &operator=(SecretRules &&) noexcept;

private:
    class Private;
    std::shared_ptr<const Private> d;
};

// Text with every secret span removed: the result of the withholding stage.
struct WithheldText
{
    QString text;                 // each span replaced by "[withheld: KIND]" plus the line
                                  // breaks it contained, so line numbers stay right
    QList<SecretFinding> spans;   // merged spans, offsets into the ORIGINAL text
    bool isWithheld() const { return !spans.isEmpty(); }
    // "lines 3-29 (private key); line 40 (password)" with line numbers counted from
    // firstLine (the line of the text's first line in its file).
    QString describe(int firstLine = 1) const;
};

// THE withholding stage. Every path that sends repository text off the machine calls this on
// that text first: chat context, HyDE, re-ranking endpoints, the LLM judge, method summaries,
// embedding endpoints, and the agent/MCP tools to come. It removes whole spans: a whole
// private-key block, the value of every credential-like assignment (any language, .env, INI,
// YAML, JSON, XML, properties, Dockerfile), credentials in URLs, connection strings and command
// lines, and tokens with a known shape. Pure function, thread-safe.
WithheldText withholdSecrets(QStringView text, const SecretRules &rules = SecretRules::builtIn());

// The placeholder a span is replaced with.
QString withheldMarker(const QString &kind);

// Convenience wrappers over the built-in table.
QList<SecretFinding> findSecrets(QStringView text, int maxFindings = 20);
inline bool containsSecret(QStringView text)
{
    return !findSecrets(text, 1).isEmpty();
}

} // namespace RepoLens
