// Precompiled header of the ui library (REPOLENS_PCH): the Qt Widgets and Core headers most of
// its files include. Only build speed depends on it: every file still includes what it uses.
#pragma once
#include "core.h"

#include <QAction>
#include <QApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>
#include <QWidget>
