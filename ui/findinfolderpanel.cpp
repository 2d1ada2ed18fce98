#include "findinfolderpanel.h"

#include "core/grep/grep.h"
#include "core/index/indexservice.h"

#include <QApplication>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPointer>
#include <QProgressBar>
#include <QSpinBox>
#include <QRegularExpression>
#include <QStyledItemDelegate>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace RepoLens {

namespace {

constexpr int kFirstPage = 500;
constexpr int kMorePage = 1000;
// A live search stops after this long (the rest comes with "More matches"); Stop ends it at once.
constexpr int kPageTimeoutMs = 120000;
// The progress bar appears when a search takes longer than this.
constexpr int kProgressAfterMs = 150;

struct FindOutcome
{
    bool ok = false;
    bool indexed = true;
    GrepPage page;
    Error error;
    qint64 ms = 0;
};

// A match row: the line number, then the line with the match on a highlight.
class MatchDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        const int line = index.data(FindInFolderPanel::kLineRole).toInt();
        if (line <= 0) {
            QStyledItemDelegate::paint(painter, option, index);
            return;
        }
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        const QWidget *widget = opt.widget;
        QStyle *style = widget ? widget->style() : QApplication::style();
        opt.text.clear();
        style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

        const QString text = index.data(FindInFolderPanel::kTextRole).toString();
        const int start = std::clamp(index.data(FindInFolderPanel::kMatchStartRole).toInt(), 0, int(text.size()));
        const int length = std::clamp(index.data(FindInFolderPanel::kMatchLengthRole).toInt(), 0, int(text.size()) - start);
        const bool selected = opt.state & QStyle::State_Selected;
        const QPalette::ColorGroup group = opt.state & QStyle::State_Enabled ? QPalette::Normal : QPalette::Disabled;
        QColor normal = opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text);
        QColor dim = normal;
        dim.setAlphaF(0.6);
        if (index.data(FindInFolderPanel::kContextRole).toBool() && !selected)
            normal = dim; // a line of context

        QRect r = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget).adjusted(2, 0, -2, 0);
        painter->save();
        painter->setClipRect(r);
        const QFontMetrics fm(opt.font);
        const int baseline = r.top() + (r.height() - fm.height()) / 2 + fm.ascent();
        int x = r.left();
        const QString number = QString::number(line);
        painter->setPen(dim);
        painter->drawText(x, baseline, number);
        x += fm.horizontalAdvance(QStringLiteral("00000")) + fm.horizontalAdvance(u' ');
        // leading blanks of the line are not worth the room
        int from = 0;
        while (from < start && text.at(from).isSpace())
            ++from;
        const QString before = text.mid(from, start - from);
        const QString match = text.mid(start, length);
        const QString after = text.mid(start + length);
        painter->setPen(normal);
        painter->drawText(x, baseline, before);
        x += fm.horizontalAdvance(before);
        if (!match.isEmpty()) {
            QFont bold = opt.font;
            bold.setBold(true);
            const QFontMetrics bfm(bold);
            const int w = bfm.horizontalAdvance(match);
            QColor mark = opt.palette.color(group, QPalette::Highlight);
            mark.setAlphaF(selected ? 0.45 : 0.3);
            painter->fillRect(QRect(x, r.top() + 1, w, r.height() - 2), mark);
            painter->setFont(bold);
            painter->drawText(x, baseline, match);
            painter->setFont(opt.font);
            x += w;
        }
        painter->drawText(x, baseline, after);
        painter->restore();
    }
};

} // namespace

FindInFolderPanel::FindInFolderPanel(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 0);
    layout->setSpacing(4);

    auto *row = new QHBoxLayout;
    row->setSpacing(6);
    m_pattern = new QLineEdit(this);
    m_pattern->setObjectName(QStringLiteral("findInFolderPattern"));
    m_pattern->setPlaceholderText(tr("Find in the folder's files"));
    m_pattern->setClearButtonEnabled(true);
    m_pattern->setMaxLength(kMaxGrepPatternChars);
    row->addWidget(m_pattern, 3);
    m_globs = new QLineEdit(this);
    m_globs->setObjectName(QStringLiteral("findInFolderGlobs"));
    m_globs->setPlaceholderText(tr("Files: src/**, *.py"));
    m_globs->setToolTip(tr("Only paths that match one of these patterns, separated by commas: * and ? stay in a "
                           "folder, ** crosses folders, a pattern without / matches file names anywhere."));
    m_globs->setClearButtonEnabled(true);
    row->addWidget(m_globs, 1);
    m_case = new QCheckBox(tr("Match &case"), this);
    m_case->setObjectName(QStringLiteral("findInFolderCase"));
    m_word = new QCheckBox(tr("&Whole words"), this);
    m_word->setObjectName(QStringLiteral("findInFolderWord"));
    m_regex = new QCheckBox(tr("Regular e&xpression"), this);
    m_regex->setObjectName(QStringLiteral("findInFolderRegex"));
    m_regex->setToolTip(tr("PCRE syntax, as in grep -P: \\w, \\d, (a|b), [a-z]{2,}, (?i)…"));
    m_context = new QSpinBox(this);
    m_context->setObjectName(QStringLiteral("findInFolderContext"));
    m_context->setRange(0, 10);
    m_context->setPrefix(tr("Context: "));
    m_context->setToolTip(tr("Lines shown before and after each match"));
    row->addWidget(m_case);
    row->addWidget(m_word);
    row->addWidget(m_regex);
    row->addWidget(m_context);
    layout->addLayout(row);

    auto *statusRow = new QHBoxLayout;
    statusRow->setSpacing(6);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("findInFolderStatus"));
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    statusRow->addWidget(m_status, 1);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("findInFolderProgress"));
    m_progress->setMaximumWidth(200);
    m_progress->setMaximumHeight(14);
    m_progress->setTextVisible(false);
    m_progress->hide();
    statusRow->addWidget(m_progress);
    m_stop = new QToolButton(this);
    m_stop->setObjectName(QStringLiteral("findInFolderStop"));
    m_stop->setText(tr("Stop"));
    m_stop->setToolTip(tr("Stop reading files"));
    m_stop->hide();
    statusRow->addWidget(m_stop);
    layout->addLayout(statusRow);

    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("findInFolderResults"));
    m_tree->setColumnCount(1);
    m_tree->setHeaderHidden(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setFrameShape(QFrame::NoFrame);
    m_tree->setItemDelegate(new MatchDelegate(m_tree));
    m_tree->setTextElideMode(Qt::ElideRight);
    layout->addWidget(m_tree, 1);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(200);
    connect(&m_debounce, &QTimer::timeout, this, [this] { start(false); });
    connect(m_pattern, &QLineEdit::textChanged, this, &FindInFolderPanel::schedule);
    connect(m_globs, &QLineEdit::textChanged, this, &FindInFolderPanel::schedule);
    connect(m_pattern, &QLineEdit::returnPressed, this, [this] {
        m_debounce.stop();
        start(false);
    });
    connect(m_globs, &QLineEdit::returnPressed, this, [this] {
        m_debounce.stop();
        start(false);
    });
    for (QCheckBox *box : {m_case, m_word, m_regex})
        connect(box, &QCheckBox::toggled, this, &FindInFolderPanel::schedule);
    connect(m_context, &QSpinBox::valueChanged, this, &FindInFolderPanel::schedule);
    connect(m_stop, &QToolButton::clicked, this, &FindInFolderPanel::stop);
    connect(m_tree, &QTreeWidget::itemActivated, this, &FindInFolderPanel::activateItem);
    connect(m_tree, &QTreeWidget::itemClicked, this, &FindInFolderPanel::activateItem);
    m_status->setText(tr("Type text to find in every indexed file of the folder."));
}

void FindInFolderPanel::setRootPath(const QString &root)
{
    if (root == m_root)
        return;
    stop();
    m_root = root;
    m_tree->clear();
    m_lastFile = nullptr;
    m_matches = 0;
    m_files = 0;
    m_status->setText(tr("Type text to find in every indexed file of the folder."));
    if (!m_pattern->text().isEmpty())
        schedule();
}

void FindInFolderPanel::activate(const QString &text)
{
    if (!text.isEmpty() && text != m_pattern->text())
        m_pattern->setText(text);
    m_pattern->setFocus(Qt::ShortcutFocusReason);
    m_pattern->selectAll();
}

void FindInFolderPanel::refresh()
{
    if (!m_pattern->text().isEmpty() && !m_searching)
        schedule();
}

void FindInFolderPanel::schedule()
{
    m_debounce.start();
}

QString FindInFolderPanel::patternMessage() const
{
    return tr("Type text to find in every indexed file of the folder.");
}

void FindInFolderPanel::setSearching(bool searching)
{
    m_searching = searching;
    m_stop->setVisible(searching);
    if (!searching)
        m_progress->hide();
}

void FindInFolderPanel::stop()
{
    m_debounce.stop();
    if (!m_searching)
        return;
    if (m_runner)
        m_runner->cancel(QStringLiteral("findInFolder"));
    ++m_generation;
    setSearching(false);
    m_status->setText(m_matches > 0 ? tr("Stopped: %n match(es) shown.", nullptr, m_matches) : tr("Stopped."));
    Q_EMIT searchFinished(m_matches);
}

void FindInFolderPanel::start(bool more)
{
    const QString pattern = m_pattern->text();
    if (!more) {
        m_tree->clear();
        m_lastFile = nullptr;
        m_lastLineShown = 0;
        m_matches = 0;
        m_files = 0;
        m_resumePath.clear();
        m_resumeLine = 0;
    }
    if (pattern.isEmpty() || m_root.isEmpty() || !m_runner) {
        if (m_runner)
            m_runner->cancel(QStringLiteral("findInFolder"));
        ++m_generation;
        setSearching(false);
        m_status->setText(patternMessage());
        return;
    }
    GrepQuery q;
    q.pattern = pattern;
    q.regex = m_regex->isChecked();
    q.caseSensitive = m_case->isChecked();
    q.word = m_word->isChecked();
    q.contextLines = m_context->value();
    for (const QString &glob : m_globs->text().split(u',', Qt::SkipEmptyParts)) {
        if (!glob.trimmed().isEmpty())
            q.pathGlobs << glob.trimmed();
    }
    q.limit = more ? kMorePage : kFirstPage;
    q.timeoutMs = kPageTimeoutMs;
    q.afterPath = more ? m_resumePath : QString();
    q.afterLine = more ? m_resumeLine : 0;
    const quint64 generation = ++m_generation;
    const QString root = m_root;
    QPointer<FindInFolderPanel> guard(this);
    q.progress = [guard, generation](int done, int total) {
        // on the query thread: to this panel's thread
        QMetaObject::invokeMethod(
            qApp, [guard, generation, done, total] {
                if (guard)
                    guard->showProgress(generation, done, total);
            },
            Qt::QueuedConnection);
    };
    m_clock.start();
    setSearching(true);
    if (!more)
        m_status->setText(tr("Searching…"));
    m_runner->run<FindOutcome>(
        QStringLiteral("findInFolder"), this,
        [q, root](const IndexStore *store, const Error &error, const QueryRunner::CancelFlag &cancel) {
            FindOutcome out;
            QElapsedTimer clock;
            clock.start();
            if (!store) {
                out.indexed = false;
                out.error = error;
                return out;
            }
            auto page = IndexGrep().grep(*store, root, q, &cancel);
            out.ms = clock.elapsed();
            if (page) {
                out.ok = true;
                out.page = std::move(*page);
            } else {
                out.error = page.error();
            }
            return out;
        },
        [this, generation, more](FindOutcome outcome) {
            if (generation != m_generation)
                return;
            setSearching(false);
            if (!outcome.indexed) {
                m_status->setText(tr("The folder is not indexed yet."));
                Q_EMIT searchFinished(-1);
                return;
            }
            if (!outcome.ok) {
                if (outcome.error.code == ErrorCode::Cancelled)
                    return;
                showError(outcome.error.message);
                return;
            }
            showPage(generation, outcome.page, more, outcome.ms);
        });
}

void FindInFolderPanel::showProgress(quint64 generation, int done, int total)
{
    if (generation != m_generation || !m_searching || total <= 0)
        return;
    if (m_clock.elapsed() < kProgressAfterMs)
        return;
    m_progress->setRange(0, total);
    m_progress->setValue(done);
    m_progress->show();
    m_status->setText(tr("Reading files: %1 of %2…").arg(done).arg(total));
}

void FindInFolderPanel::showError(const QString &message)
{
    static const QString invalid = QStringLiteral("pattern: not a valid regular expression: ");
    if (message.startsWith(invalid))
        m_status->setText(tr("Not a valid regular expression: %1").arg(message.mid(invalid.size())));
    else
        m_status->setText(tr("The search failed: %1").arg(message));
    Q_EMIT searchFinished(-1);
}

void FindInFolderPanel::showPage(quint64, const GrepPage &page, bool more, qint64 elapsedMs)
{
    // the "more" row of the previous page goes
    if (more && m_tree->topLevelItemCount() > 0) {
        QTreeWidgetItem *last = m_tree->topLevelItem(m_tree->topLevelItemCount() - 1);
        if (last->data(0, kMoreRole).toBool())
            delete m_tree->takeTopLevelItem(m_tree->topLevelItemCount() - 1);
    }
    if (!more)
        m_narrowed = page.narrowed;
    m_tree->setUpdatesEnabled(false);
    for (const GrepMatch &m : page.matches) {
        if (!m_lastFile || m_lastFile->data(0, kPathRole).toString() != m.path) {
            m_lastFile = new QTreeWidgetItem(m_tree);
            m_lastFile->setData(0, kPathRole, m.path);
            QFont bold = m_lastFile->font(0);
            bold.setBold(true);
            m_lastFile->setFont(0, bold);
            m_lastFile->setToolTip(0, m.path);
            m_lastFile->setExpanded(true);
            m_lastLineShown = 0;
            ++m_files;
        }
        for (qsizetype i = 0; i < m.before.size(); ++i)
            addLine(m.path, m.line - int(m.before.size() - i), m.before.at(i), 0, 0, true);
        addLine(m.path, m.line, m.text, m.matchStart, m.matchLength, false);
        for (qsizetype i = 0; i < m.after.size(); ++i)
            addLine(m.path, m.line + 1 + int(i), m.after.at(i), 0, 0, true);
        ++m_matches;
        const int inFile = m_lastFile->data(0, kMatchCountRole).toInt() + 1;
        m_lastFile->setData(0, kMatchCountRole, inFile);
        m_lastFile->setText(0, tr("%1 (%n match(es))", nullptr, inFile).arg(m.path));
    }
    if (page.more) {
        m_resumePath = page.resumePath;
        m_resumeLine = page.resumeLine;
        auto *moreItem = new QTreeWidgetItem(m_tree);
        moreItem->setText(0, tr("More matches… (click to load)"));
        moreItem->setData(0, kMoreRole, true);
        QFont italic = moreItem->font(0);
        italic.setItalic(true);
        moreItem->setFont(0, italic);
    }
    m_tree->setUpdatesEnabled(true);
    QString status;
    if (m_matches == 0)
        status = tr("No matches in %n file(s).", nullptr, page.filesTotal);
    else
        status = tr("%n match(es)", nullptr, m_matches) + tr(" in %n file(s)", nullptr, m_files);
    if (page.more)
        status += tr("; more below");
    status += tr(" · %1 ms").arg(elapsedMs);
    if (!m_narrowed)
        status += tr(" · every file was read (no three characters of the pattern are certain)");
    if (page.linesGivenUp > 0)
        status += tr(" · the expression gave up on %n line(s)", nullptr, page.linesGivenUp);
    m_status->setText(status);
    Q_EMIT searchFinished(m_matches);
}

void FindInFolderPanel::addLine(const QString &path, int line, const QString &text, int matchStart, int matchLength,
                                bool context)
{
    QTreeWidgetItem *item = nullptr;
    if (line <= m_lastLineShown) {
        // already there as context of the match before: a match takes its row over
        if (context)
            return;
        for (int c = m_lastFile->childCount() - 1; c >= 0 && !item; --c) {
            QTreeWidgetItem *row = m_lastFile->child(c);
            if (row->data(0, kLineRole).toInt() == line)
                item = row;
        }
        if (!item)
            return;
        item->setData(0, kContextRole, QVariant());
    } else {
        item = new QTreeWidgetItem(m_lastFile);
    }
    item->setText(0, QStringLiteral("%1: %2").arg(line).arg(text.trimmed()));
    item->setData(0, kPathRole, path);
    item->setData(0, kLineRole, line);
    item->setData(0, kTextRole, text);
    item->setData(0, kMatchStartRole, matchStart);
    item->setData(0, kMatchLengthRole, matchLength);
    if (context)
        item->setData(0, kContextRole, true);
    item->setToolTip(0, text);
    m_lastLineShown = std::max(m_lastLineShown, line);
}

void FindInFolderPanel::activateItem(QTreeWidgetItem *item)
{
    if (!item)
        return;
    if (item->data(0, kMoreRole).toBool()) {
        if (!m_searching)
            start(true);
        return;
    }
    const int line = item->data(0, kLineRole).toInt();
    if (line > 0)
        Q_EMIT locationActivated(item->data(0, kPathRole).toString(), line, line);
}

} // namespace RepoLens
