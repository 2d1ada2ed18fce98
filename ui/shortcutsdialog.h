#pragma once

#include <QDialog>

class QMenuBar;

namespace RepoLens {

// Help ▸ Keyboard Shortcuts: every menu command with its shortcut, read from the menus so the
// list is always complete, plus the editor's mouse gestures.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    ShortcutsDialog(const QMenuBar *menuBar, QWidget *parent = nullptr);
};

} // namespace RepoLens
