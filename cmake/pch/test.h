// Precompiled header of the Qt Test executables (REPOLENS_PCH): QtTest and the Qt Core headers
// most tests include. One per test folder, reused by every test there. Only build speed depends
// on it: every test still includes what it uses.
#pragma once
#include "core.h"

#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
