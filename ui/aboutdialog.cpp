#include "aboutdialog.h"

#include "core/parse/grammars.h"
#include "core/parse/language.h"

#include "grammarlicences_p.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

#ifndef REPOLENS_BUILD_TYPE
#define REPOLENS_BUILD_TYPE ""
#endif

namespace RepoLens {

static QString packageLicence(const QString &package)
{
    for (const auto &p : Generated::kPackageLicences) {
        if (package == QLatin1String(p.package))
            return QString::fromLatin1(p.licence);
    }
    return {};
}

static QString compilerName()
{
#if defined(__clang__)
    return QStringLiteral("Clang ") + QLatin1String(__clang_version__);
#elif defined(__GNUC__)
    return QStringLiteral("GCC ") + QLatin1String(__VERSION__);
#else
    return QStringLiteral("unknown");
#endif
}

QString AboutDialog::buildInfo()
{
    const QString type = QLatin1String(REPOLENS_BUILD_TYPE);
    return tr("Qt %1 (built with %2)").arg(QLatin1String(qVersion()), QLatin1String(QT_VERSION_STR))
        + u'\n' + tr("Compiler: %1").arg(compilerName().trimmed())
        + u'\n' + tr("Build type: %1").arg(type.isEmpty() ? tr("unspecified") : type)
        + u'\n' + tr("tree-sitter core: %1 (%2)").arg(treeSitterCoreVersion(), packageLicence(QStringLiteral("tree-sitter")));
}

AboutDialog::AboutDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About RepoLens"));
    auto *layout = new QVBoxLayout(this);

    auto *header = new QLabel(this);
    header->setObjectName(QStringLiteral("aboutHeader"));
    header->setTextFormat(Qt::RichText);
    header->setWordWrap(true);
    header->setText(tr("<h3>RepoLens %1</h3><p>Ask questions about a codebase: a local index of "
                       "its definitions and references, searched on your machine.</p>")
                        .arg(QStringLiteral(REPOLENS_VERSION)));
    layout->addWidget(header);

    auto *ownLicence = new QLabel(tr("RepoLens is free software under the MIT licence."), this);
    ownLicence->setObjectName(QStringLiteral("aboutLicence"));
    layout->addWidget(ownLicence);

    auto *build = new QLabel(buildInfo(), this);
    build->setObjectName(QStringLiteral("aboutBuildInfo"));
    build->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(build);

    layout->addWidget(new QLabel(tr("Bundled tree-sitter grammars:"), this));
    auto *grammars = new QTreeWidget(this);
    grammars->setObjectName(QStringLiteral("aboutGrammars"));
    grammars->setRootIsDecorated(false);
    grammars->setHeaderLabels({tr("Language"), tr("Package"), tr("Version"), tr("Licence"), tr("Status")});
    for (const GrammarInfo &g : checkGrammars()) {
        auto *item = new QTreeWidgetItem(grammars);
        item->setText(0, languageInfo(g.language).displayName);
        item->setText(1, g.package);
        item->setText(2, g.version);
        const QString licence = packageLicence(g.package);
        item->setText(3, licence.isEmpty() ? tr("unknown") : licence);
        item->setText(4, g.compatible ? tr("ABI %1").arg(g.abiVersion) : tr("disabled: %1").arg(g.problem));
    }
    grammars->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    layout->addWidget(grammars, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(620, 440);
}

} // namespace RepoLens
