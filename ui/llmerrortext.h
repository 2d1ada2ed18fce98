#pragma once

#include "core/llm/llmerror.h"

#include <QString>

namespace RepoLens {

// What happened and what to do, in the user's language, for a failed model request.
QString llmErrorText(const LlmError &error, const QString &model, int timeoutSeconds);

} // namespace RepoLens
