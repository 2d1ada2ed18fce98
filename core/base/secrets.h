#pragma once

#include <QList>
#include <QString>
#include <QStringView>

namespace RepoLens {

// A piece of text that looks like a credential.
struct SecretFinding
{
    QString kind;   // "private key", "AWS access key", "GitHub token", "password assignment", ...
    int line = 0;   // 1-based line within the text
    int offset = 0; // UTF-16 offset of the match
    int length = 0;
};

// Looks for credentials in source text: private key blocks, well-known token formats (AWS,
// GitHub, GitLab, Slack, OpenAI, Anthropic, Google, Stripe, JWTs), URLs with a password, and
// assignments of a long random-looking literal to a name like password / secret / api_key /
// token. Placeholders ("changeme", "<your key>", "xxxx", "${VAR}", env lookups) are not
// findings. Used before sending code to a remote model: a chunk with a finding is withheld.
// Pure function, thread-safe.
QList<SecretFinding> findSecrets(QStringView text, int maxFindings = 20);

inline bool containsSecret(QStringView text)
{
    return !findSecrets(text, 1).isEmpty();
}

// The text with every finding replaced by "[withheld credential]" (for embedding endpoints,
// where the rest of a chunk still helps search); *found counts the replacements.
QString redactSecrets(const QString &text, int *found = nullptr);

} // namespace RepoLens
