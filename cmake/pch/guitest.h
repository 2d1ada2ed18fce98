// Precompiled header of the GUI Qt Test executables (REPOLENS_PCH), see test.h.
#pragma once
#include "test.h"
#include "ui.h"
