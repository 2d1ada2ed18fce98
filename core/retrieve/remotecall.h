#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QStringList>

namespace RepoLens {

// One request that left (or would leave) the machine: for the "What was sent" log. Made by the
// model clients (core/llm) and carried by the retrieval trace for the requests query expansion
// made.
struct RemoteCall
{
    QDateTime time;
    QString endpoint;     // display URL
    QString purpose;      // "answer", "hyde", "hyde-rewrite", "summary", ...
    QString model;
    qint64 bytes = 0;     // request body size
    QStringList files;    // "path:start-end" of the code it carried
    QStringList withheld; // where credentials were withheld from it: "path lines 3-29 (private key)"
    bool local = false;   // loopback endpoint: nothing left the machine
    QString status;       // "ok", or the error kind
    QByteArray body;      // the exact JSON body (no key)
};

// What the "What Was Sent" log keeps for a call (RemoteRequestRecord::files): the code it
// carried, then "withheld: <entry>" for every place credentials were withheld from it.
QStringList sentLogEntries(const RemoteCall &call);

} // namespace RepoLens
