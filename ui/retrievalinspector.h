#pragma once

#include "chatcontroller.h"

#include <QDialog>

class QTabWidget;
class QTreeWidget;
class QPlainTextEdit;

namespace RepoLens {

// How one answer's context was made, and what was sent where: the route and the HyDE stages
// with their texts and timings (Retrieval), every candidate with its per-stage scores and
// whether it was sent (Candidates), the numbered chunks sent with their token cost (Context),
// the prompt as the model reads it, message by message (Prompt), and the exact request body
// with its endpoint (Request).
class RetrievalInspector : public QDialog
{
    Q_OBJECT
public:
    explicit RetrievalInspector(QWidget *parent = nullptr);
    void setTurn(const ChatTurn &turn);

    QTabWidget *tabs() const { return m_tabs; }
    QTreeWidget *candidates() const { return m_candidates; }
    QTreeWidget *context() const { return m_context; }
    QPlainTextEdit *request() const { return m_request; }
    QPlainTextEdit *prompt() const { return m_prompt; }
    QPlainTextEdit *overview() const { return m_overview; }

Q_SIGNALS:
    void locationActivated(const QString &path, int startLine, int endLine);

private:
    QTabWidget *m_tabs;
    QPlainTextEdit *m_overview;
    QTreeWidget *m_candidates;
    QTreeWidget *m_context;
    QPlainTextEdit *m_request;
    QPlainTextEdit *m_prompt;
};

} // namespace RepoLens
