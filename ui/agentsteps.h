#pragma once

#include <QFrame>
#include <QHash>
#include <QPointer>

class QLabel;
class QPlainTextEdit;
class QToolButton;
class QVBoxLayout;

namespace RepoLens {

// The steps of an answer in agent mode, as they happen: one row per tool call (the tool, its
// arguments, a one-line result); clicking a row shows what the tool returned to the model.
// Repository text is shown as plain text only.
class AgentStepsView : public QFrame
{
    Q_OBJECT
public:
    explicit AgentStepsView(QWidget *parent = nullptr);

    // A call started (key: its call id); shown as running until finishStep().
    void addStep(const QString &key, int round, const QString &tool, const QString &arguments);
    void finishStep(const QString &key, const QString &summary, const QString &result, bool error);
    void setNote(const QString &text); // "stopped", "answered after 3 rounds", ...
    QString note() const;
    int stepCount() const { return int(m_rows.size()); }
    QStringList stepLines() const;     // "search {...} — 12 results (hybrid)" (tests)
    QToolButton *toggle(const QString &key) const;
    QPlainTextEdit *detail(const QString &key) const;

private:
    struct Row
    {
        QPointer<QToolButton> toggle;
        QPointer<QLabel> summary;
        QPointer<QPlainTextEdit> detail;
        QString line;
    };
    QVBoxLayout *m_layout;
    QLabel *m_title;
    QLabel *m_note;
    QHash<QString, Row> m_rows;
    QStringList m_order;
};

} // namespace RepoLens
