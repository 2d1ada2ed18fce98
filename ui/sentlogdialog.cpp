#include "sentlogdialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSet>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace RepoLens {

SentLogDialog::SentLogDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("sentLogDialog"));
    setWindowTitle(tr("What Was Sent"));
    resize(900, 480);
    auto *layout = new QVBoxLayout(this);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_table = new QTreeWidget(this);
    m_table->setObjectName(QStringLiteral("sentLogTable"));
    // A request's files and line ranges are its child rows (expand it): never cut off at the
    // dialog's edge.
    m_table->setRootIsDecorated(true);
    m_table->setAlternatingRowColors(true);
    m_table->setUniformRowHeights(true);
    m_table->setHeaderLabels({tr("Time"), tr("Endpoint"), tr("Purpose"), tr("Model"), tr("Bytes"), tr("Result"),
                              tr("Files and lines"), tr("Withheld")});
    layout->addWidget(m_table, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *close = buttons->button(QDialogButtonBox::Close);
    close->setDefault(true); // Enter closes; it never clears the log
    m_clear = buttons->addButton(tr("Clear Log…"), QDialogButtonBox::ResetRole);
    m_clear->setObjectName(QStringLiteral("clearLog"));
    m_clear->setAutoDefault(false);
    connect(m_clear, &QPushButton::clicked, this, [this] {
        if (QMessageBox::question(this, tr("Clear Log"), tr("Forget the record of what was sent for this folder?"),
                                  QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
            == QMessageBox::Yes)
            Q_EMIT clearRequested();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

void SentLogDialog::setRecords(const QString &folder, const QList<RemoteRequestRecord> &records)
{
    m_folder = folder;
    m_table->clear();
    qint64 remoteBytes = 0;
    int remote = 0;
    for (const RemoteRequestRecord &r : records) {
        auto *item = new QTreeWidgetItem(m_table);
        item->setText(0, QLocale().toString(r.time, QLocale::ShortFormat));
        item->setText(1, r.endpoint + (r.local ? tr(" (this machine)") : QString()));
        item->setText(2, r.purpose);
        item->setText(3, r.model);
        item->setText(4, QLocale().toString(r.bytes));
        item->setText(5, r.status);
        // "withheld: PATH LINES (KIND)" entries say where credentials were withheld.
        QStringList files, withheld;
        for (const QString &f : r.files) {
            if (f.startsWith(QLatin1String("withheld: ")))
                withheld << f.mid(10);
            else
                files << f;
        }
        if (!files.isEmpty()) {
            QSet<QString> distinct;
            for (const QString &f : std::as_const(files))
                distinct.insert(f.section(u':', 0, -2).isEmpty() ? f : f.section(u':', 0, -2));
            item->setText(6, tr("%n chunk(s)", nullptr, int(files.size()))
                                 + tr(" from %n file(s)", nullptr, int(distinct.size())));
            for (const QString &f : std::as_const(files)) {
                auto *child = new QTreeWidgetItem(item);
                child->setText(6, f);
                child->setFirstColumnSpanned(false);
            }
        }
        item->setText(7, withheld.join(QStringLiteral(", ")));
        item->setToolTip(7, withheld.join(u'\n'));
        if (!r.local) {
            ++remote;
            remoteBytes += r.bytes;
        }
    }
    for (int c = 0; c < m_table->columnCount() - 1; ++c)
        m_table->resizeColumnToContents(c);

    if (records.isEmpty())
        m_summary->setText(tr("Nothing from %1 has been sent to a model.").arg(folder));
    else
        m_summary->setText(tr("%n request(s) to model endpoints for %1", nullptr, int(records.size())).arg(folder)
                           + u'\n'
                           + tr("%n left this machine (%1 bytes in all); requests to a local server stay on it.", nullptr,
                                remote)
                                 .arg(QLocale().toString(remoteBytes)));
}

} // namespace RepoLens
