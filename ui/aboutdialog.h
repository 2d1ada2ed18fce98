#pragma once

#include <QDialog>

namespace RepoLens {

// Help ▸ About: version, build information (Qt, compiler, build type, tree-sitter core) and
// the bundled tree-sitter packages with their versions and licences.
class AboutDialog : public QDialog
{
    Q_OBJECT
public:
    explicit AboutDialog(QWidget *parent = nullptr);

    // The build information as plain text (also used by tests).
    static QString buildInfo();
};

} // namespace RepoLens
