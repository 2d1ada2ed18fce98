#pragma once

#include "core/parse/chunk.h"

#include <QDialog>
#include <QList>
#include <QString>

class QLabel;
class QLineEdit;
class QListWidget;

namespace RepoLens {

// Go to Symbol in File (Ctrl+Shift+O) and in Folder (Ctrl+T): type part of a name, pick a
// definition. Matching is fuzzy over the name and the qualified name (`gts`, `Store#rd`);
// with many symbols it runs on a worker thread.
class GoToSymbolDialog : public QDialog
{
    Q_OBJECT
public:
    struct Entry
    {
        QString name;
        QString qualifiedName; // as the language writes it ("Rails::Application#run")
        QString kind;          // shown beside it ("method")
        QString path;          // root-relative; empty in the file mode
        int line = 0;
    };

    explicit GoToSymbolDialog(const QString &placeholder, QWidget *parent = nullptr);

    void setEntries(QList<Entry> entries);
    // Shows "loading…" until setEntries() (the folder's symbols come from the index).
    void setLoading();
    void popup();

    QLineEdit *lineEdit() const { return m_edit; }
    QListWidget *list() const { return m_list; }
    int entryCount() const { return int(m_entries->size()); }

    // The best matches of `pattern` (all, in order, when it is empty), at most `limit`.
    static QList<int> rank(const QList<Entry> &entries, const QString &pattern, int limit);

Q_SIGNALS:
    void symbolChosen(const QString &path, int line);
    void filtered(int shown);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refilter();
    void showMatches(const QList<int> &indexes);
    void accept() override;

    QLineEdit *m_edit;
    QListWidget *m_list;
    QLabel *m_status;
    std::shared_ptr<const QList<Entry>> m_entries;
    quint64 m_generation = 0;
};

} // namespace RepoLens
