#pragma once

#include "core/store/conversationstore.h"

#include <QDialog>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace RepoLens {

// "What was sent" for one folder: every request to a model endpoint (answers, HyDE, method
// summaries, Test Connection's GET /models), with time, endpoint, purpose, the files and line ranges it carried, and its size.
class SentLogDialog : public QDialog
{
    Q_OBJECT
public:
    explicit SentLogDialog(QWidget *parent = nullptr);
    void setRecords(const QString &folder, const QList<RemoteRequestRecord> &records);
    QString folder() const { return m_folder; }
    QTreeWidget *table() const { return m_table; }
    QPushButton *clearButton() const { return m_clear; }

Q_SIGNALS:
    void clearRequested();

private:
    QString m_folder;
    QLabel *m_summary;
    QTreeWidget *m_table;
    QPushButton *m_clear = nullptr;
};

} // namespace RepoLens
