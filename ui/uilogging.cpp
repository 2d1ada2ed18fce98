#include "uilogging.h"

Q_LOGGING_CATEGORY(lcUi, "repolens.ui", QtInfoMsg)
Q_LOGGING_CATEGORY(lcUiStall, "repolens.ui.stall", QtInfoMsg)
