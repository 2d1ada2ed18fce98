#include "secrets.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace RepoLens {

namespace {

struct Pattern
{
    const char *kind;
    QRegularExpression re;
    int group; // capture holding the secret value (for the placeholder check), 0 = whole
};

const QList<Pattern> &patterns()
{
    static const QList<Pattern> list = [] {
        auto re = [](const char *p, bool caseless = false) {
            QRegularExpression r(QString::fromLatin1(p),
                                 caseless ? QRegularExpression::CaseInsensitiveOption : QRegularExpression::NoPatternOption);
            r.optimize();
            return r;
        };
        return QList<Pattern>{
            {"private key", re("-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"), 0},
            {"AWS access key", re("\\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[0-9A-Z]{16}\\b"), 0},
            {"GitHub token", re("\\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})\\b"), 0},
            {"GitLab token", re("\\bglpat-[A-Za-z0-9_-]{20,}\\b"), 0},
            {"Slack token", re("\\bxox[abposr]-[A-Za-z0-9-]{10,}\\b"), 0},
            {"Anthropic key", re("\\bsk-ant-[A-Za-z0-9_-]{20,}"), 0},
            {"OpenAI key", re("\\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{20,}"), 0},
            {"Google API key", re("\\bAIza[0-9A-Za-z_-]{35}\\b"), 0},
            {"Stripe key", re("\\b(?:sk|rk)_live_[0-9A-Za-z]{16,}\\b"), 0},
            {"JSON web token", re("\\beyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}"), 0},
            {"password in a URL", re("\\b[a-z][a-z0-9+.-]*://[^\\s:/@'\"]+:([^\\s@/'\"]{4,})@[^\\s'\"]+", true), 1},
            // name = "literal" / name: 'literal' / "name": "literal"
            {"credential assignment",
             re("(?:password|passwd|pwd|secret|secret_key|client_secret|api_?key|apikey|access_?key|auth_?token|"
                "access_?token|token|private_?key)[\"']?\\s*(?::=|=>|=|:)\\s*[\"']([^\"'\\s]{8,})[\"']",
                true),
             1},
        };
    }();
    return list;
}

double entropyPerChar(QStringView s)
{
    if (s.isEmpty())
        return 0;
    QHash<QChar, int> counts;
    for (QChar c : s)
        ++counts[c];
    double h = 0;
    for (int n : std::as_const(counts)) {
        const double p = double(n) / s.size();
        h -= p * std::log2(p);
    }
    return h;
}

bool isPlaceholder(QStringView value)
{
    const QString v = value.toString().toLower();
    static const QStringList words = {QStringLiteral("changeme"), QStringLiteral("change_me"), QStringLiteral("example"),
                                      QStringLiteral("placeholder"), QStringLiteral("your"), QStringLiteral("xxxx"),
                                      QStringLiteral("****"), QStringLiteral("dummy"), QStringLiteral("sample"),
                                      QStringLiteral("redacted"), QStringLiteral("test"), QStringLiteral("fake"),
                                      QStringLiteral("password"), QStringLiteral("secret"), QStringLiteral("token"),
                                      QStringLiteral("none"), QStringLiteral("null"), QStringLiteral("todo")};
    for (const QString &w : words) {
        if (v.contains(w))
            return true;
    }
    if (v.startsWith(u'$') || v.startsWith(u'<') || v.startsWith(u'{') || v.startsWith(u'%') || v.contains(QLatin1String("${"))
        || v.contains(QLatin1String("{{")))
        return true;
    // One repeated character or a short alphabet: "aaaaaaaa", "12345678".
    return entropyPerChar(value) < 2.5;
}

} // namespace

QList<SecretFinding> findSecrets(QStringView text, int maxFindings)
{
    QList<SecretFinding> out;
    if (text.isEmpty() || maxFindings <= 0)
        return out;
    QSet<int> seenOffsets;
    for (const Pattern &p : patterns()) {
        QRegularExpressionMatchIterator it = p.re.globalMatch(text);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            const int offset = int(m.capturedStart(0));
            if (p.group > 0 && isPlaceholder(m.capturedView(p.group)))
                continue;
            if (seenOffsets.contains(offset))
                continue;
            seenOffsets.insert(offset);
            SecretFinding f;
            f.kind = QString::fromLatin1(p.kind);
            f.offset = offset;
            f.length = int(m.capturedLength(0));
            f.line = int(text.first(offset).count(u'\n')) + 1;
            out.append(f);
            if (out.size() >= maxFindings)
                return out;
        }
    }
    std::sort(out.begin(), out.end(), [](const SecretFinding &a, const SecretFinding &b) { return a.offset < b.offset; });
    return out;
}

QString redactSecrets(const QString &text, int *found)
{
    QList<SecretFinding> findings = findSecrets(text, 1000);
    std::sort(findings.begin(), findings.end(), [](const SecretFinding &a, const SecretFinding &b) { return a.offset < b.offset; });
    if (found)
        *found = int(findings.size());
    if (findings.isEmpty())
        return text;
    QString out;
    out.reserve(text.size());
    int at = 0;
    for (const SecretFinding &f : findings) {
        if (f.offset < at)
            continue; // overlaps the previous one
        out += QStringView(text).mid(at, f.offset - at);
        out += QLatin1String("[withheld credential]");
        at = f.offset + f.length;
    }
    out += QStringView(text).mid(at);
    return out;
}

} // namespace RepoLens
