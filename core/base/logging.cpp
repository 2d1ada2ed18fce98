#include "logging.h"

Q_LOGGING_CATEGORY(lcBase, "repolens.base", QtInfoMsg)
Q_LOGGING_CATEGORY(lcParse, "repolens.parse", QtInfoMsg)
Q_LOGGING_CATEGORY(lcStore, "repolens.store", QtInfoMsg)
Q_LOGGING_CATEGORY(lcIndex, "repolens.index", QtInfoMsg)
Q_LOGGING_CATEGORY(lcEmbed, "repolens.embed", QtInfoMsg)
Q_LOGGING_CATEGORY(lcSearch, "repolens.search", QtInfoMsg)
Q_LOGGING_CATEGORY(lcLlm, "repolens.llm", QtInfoMsg)
Q_LOGGING_CATEGORY(lcMcp, "repolens.mcp", QtInfoMsg)
