#pragma once

#include "contextretriever.h"

#include "core/store/conversationstore.h"

#include <QByteArray>

namespace RepoLens {

// The retrieval inspector's data, stored with each answer (messages.trace). Candidates keep
// their location, scores and the packer's decision, not their text (the chunks that were sent
// are stored whole in message_context).
QByteArray retrievalTraceToJson(const RetrievalTrace &trace);
RetrievalTrace retrievalTraceFromJson(const QByteArray &json);

// Context chunks <-> their stored form.
MessageContextRecord contextRecord(const ContextChunk &chunk);
ContextChunk contextChunk(const MessageContextRecord &record);

} // namespace RepoLens
