#include "mainwindow.h"

#include "aboutdialog.h"
#include "appsettings.h"
#include "chatcontroller.h"
#include "codeeditor.h"
#include "codeviewer.h"
#include "filetreemodel.h"
#include "filetreepanel.h"
#include "findinfolderpanel.h"
#include "gotosymboldialog.h"
#include "qualifiednames_p.h"
#include "quickopendialog.h"
#include "shortcutsdialog.h"
#include "settingsdialog.h"
#include "stalldetector.h"
#include "summaryrunner.h"
#include "symbolspanel.h"
#include "uilogging.h"

#include "core/base/safefile.h"
#include "core/embed/embeddingindexer.h"
#include "core/grep/occurrences.h"
#include "core/index/indexservice.h"
#include "core/index/scanner.h"
#include "core/llm/llmsettings.h"
#include "core/search/embeddingstage.h"
#include "core/search/searcher.h"
#include "core/search/usages.h"
#include "core/store/indexstore.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QCursor>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>

namespace RepoLens {

namespace {

constexpr int kMaxRecent = 10;

struct TreeSnapshot
{
    QList<FileEntry> entries;
    bool full = false;
    QString error;
};

struct StatsSnapshot
{
    int indexed = 0;
    int notIndexed = 0;
    int chunks = 0;
    bool valid = false;
};

struct DefinitionLookup
{
    QList<SymbolRecord> symbols;
    SymbolRecord meant; // the definition the name at the cursor means, when it can tell
    QHash<qint64, QString> shownNames; // symbol id -> qualified name as its language writes it
    QString error;
};

struct ReferenceLookup
{
    QList<CodeLocation> locations;
    int definitions = 0;
    int files = 0;
    QString narrowedTo;  // the qualified name of the definition meant at the cursor
    int otherDefinitions = 0;
    int leftOut = 0;     // usages of those other definitions, not listed
    int textMatches = 0; // code lines that hold the name where the graph records nothing (last)
    bool moreText = false;
    QString error;
};

struct HoverInfo
{
    QString text;
};

QString formatNumber(int n)
{
    return QLocale().toString(n);
}

// Reads the given 1-based lines of each file (worker thread).
QHash<QString, QHash<int, QString>> readLines(const QString &root, const QHash<QString, QSet<int>> &wanted)
{
    QHash<QString, QHash<int, QString>> out;
    for (auto it = wanted.cbegin(); it != wanted.cend(); ++it) {
        // Regular files only, never blocking on a FIFO swapped in for one.
        const Result<QByteArray> text = readRegularFile(QFile::encodeName(root + u'/' + it.key()), 16 * 1024 * 1024);
        if (!text)
            continue;
        int maxLine = 0;
        for (int l : it.value())
            maxLine = std::max(maxLine, l);
        int line = 0;
        QHash<int, QString> &lines = out[it.key()];
        qsizetype at = 0;
        while (at < text->size() && line < maxLine) {
            qsizetype end = text->indexOf('\n', at);
            if (end < 0)
                end = text->size();
            ++line;
            if (it.value().contains(line))
                lines.insert(line, QString::fromUtf8(text->mid(at, std::min<qsizetype>(end - at, 64 * 1024))).trimmed().left(200));
            at = end + 1;
        }
    }
    return out;
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : MainWindow(Options(), parent)
{
}

MainWindow::MainWindow(const Options &options, QWidget *parent)
    : QMainWindow(parent)
    , m_options(options)
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("RepoLens"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);

    m_index = new IndexService(this);
    if (!options.dataDir.isEmpty())
        m_index->setDataDir(options.dataDir);
    m_queries = new QueryRunner(this);

    m_viewer = new CodeViewer(this);
    m_center = new QStackedWidget(this);
    m_welcome = createWelcomePage();
    m_center->addWidget(m_welcome);
    m_center->addWidget(m_viewer);
    setCentralWidget(m_center);

    createDocks();
    createActions();
    createMenus();
    createStatusBar();

    connect(m_index, &IndexService::indexingStarted, this, &MainWindow::onIndexingStarted);
    connect(m_index, &IndexService::progressChanged, this, &MainWindow::onProgress);
    connect(m_index, &IndexService::indexFinished, this, &MainWindow::onIndexFinished);
    connect(m_index, &IndexService::indexFailed, this, &MainWindow::onIndexFailed);
    connectFreshness();

    connect(m_files, &FileTreePanel::fileActivated, this, &MainWindow::openFile);
    connect(m_chat, &ChatPane::questionAsked, this, &MainWindow::ask);
    connect(m_chat, &ChatPane::locationActivated, this, &MainWindow::openLocation);
    setUpChat();
    connect(m_refs, &ReferencesPanel::locationActivated, this, &MainWindow::openLocation);
    connect(m_findInFolder, &FindInFolderPanel::locationActivated, this, &MainWindow::openLocation);
    connect(m_viewer, &CodeViewer::definitionRequested, this, &MainWindow::goToDefinition);
    connect(m_viewer, &CodeViewer::referencesRequested, this, &MainWindow::findReferences);
    connect(m_viewer, &CodeViewer::hoverRequested, this, &MainWindow::showHover);
    connect(m_viewer, &CodeViewer::currentFileChanged, this, [this](const QString &rel) {
        updateActions();
        if (!rel.isEmpty())
            m_files->revealPath(rel);
        m_symbols->setEditor(m_viewer->currentEditor());
    });
    connect(this, &MainWindow::indexingFinished, this, [this] { m_folderSymbolsStale = true; });
    connect(this, &MainWindow::folderOpened, this, [this] { m_folderSymbolsStale = true; });

    // While indexing runs, the tree, its summary and the status-bar counts follow the batches
    // the indexer commits.
    m_treeTimer.setInterval(500);
    connect(&m_treeTimer, &QTimer::timeout, this, [this] {
        refreshTree(false);
        refreshStats();
    });

    if (options.stallDetector) {
        m_stall = new StallDetector(this);
        m_stall->start();
    }
    connect(m_viewer, &CodeViewer::currentFileChanged, this, &MainWindow::updateCursorLabel);
    qApp->installEventFilter(this);
    resize(1400, 880);
    if (options.restoreState)
        restoreSettings();
    updateWelcomePage();
    updateActions();
}

MainWindow::~MainWindow()
{
    qApp->removeEventFilter(this);
    m_queries->cancelAll();
}

bool MainWindow::isIndexing() const
{
    return m_index->isIndexing();
}

// --- construction --------------------------------------------------------------------------

QWidget *MainWindow::createWelcomePage()
{
    auto *page = new QWidget(this);
    page->setObjectName(QStringLiteral("welcomePage"));
    page->setAutoFillBackground(true);
    page->setBackgroundRole(QPalette::Base);
    auto *outer = new QVBoxLayout(page);
    outer->addStretch(2);
    auto *column = new QVBoxLayout;
    column->setSpacing(10);
    auto *title = new QLabel(tr("RepoLens"), page);
    QFont big = title->font();
    big.setPointSizeF(big.pointSizeF() * 2.0);
    big.setWeight(QFont::Light);
    title->setFont(big);
    auto *subtitle = new QLabel(tr("Ask questions about a codebase. Everything stays on this machine."), page);
    subtitle->setForegroundRole(QPalette::PlaceholderText);
    auto *open = new QPushButton(tr("Open Folder…"), page);
    open->setObjectName(QStringLiteral("welcomeOpen"));
    open->setIcon(style()->standardIcon(QStyle::SP_DirOpenIcon));
    open->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    connect(open, &QPushButton::clicked, this, &MainWindow::chooseFolder);
    auto *hint = new QLabel(tr("or drop a folder onto this window  ·  Ctrl+O"), page);
    hint->setForegroundRole(QPalette::PlaceholderText);
    m_welcomeRecent = new QWidget(page);
    m_welcomeRecent->setObjectName(QStringLiteral("welcomeRecent"));
    auto *recentLayout = new QVBoxLayout(m_welcomeRecent);
    recentLayout->setContentsMargins(0, 12, 0, 0);
    recentLayout->setSpacing(2);
    column->addWidget(title);
    column->addWidget(subtitle);
    column->addSpacing(12);
    column->addWidget(open);
    column->addWidget(hint);
    column->addWidget(m_welcomeRecent);
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    row->addLayout(column);
    row->addStretch(1);
    outer->addLayout(row);
    outer->addStretch(3);
    return page;
}

void MainWindow::updateWelcomePage()
{
    m_center->setCurrentWidget(m_root.isEmpty() ? m_welcome : static_cast<QWidget *>(m_viewer));
    if (!m_welcomeRecent)
        return;
    QLayout *layout = m_welcomeRecent->layout();
    while (QLayoutItem *item = layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const QStringList recent = recentFolders();
    if (recent.isEmpty())
        return;
    auto *heading = new QLabel(tr("Recent folders"), m_welcomeRecent);
    QFont f = heading->font();
    f.setWeight(QFont::DemiBold);
    heading->setFont(f);
    layout->addWidget(heading);
    for (const QString &path : recent.mid(0, 6)) {
        auto *link = new LinkLabel(QDir::toNativeSeparators(path), m_welcomeRecent);
        connect(link, &LinkLabel::clicked, this, [this, path] { openFolder(path); });
        layout->addWidget(link);
    }
    // Like Qt Creator's session restore: the last folder opens again at the next start.
    auto *reopen = new QCheckBox(tr("Reopen the last folder at start"), m_welcomeRecent);
    reopen->setObjectName(QStringLiteral("welcomeReopen"));
    reopen->setChecked(reopensLastFolder());
    connect(reopen, &QCheckBox::toggled, this, [this](bool on) {
        setReopensLastFolder(on);
        if (m_reopenAct)
            m_reopenAct->setChecked(on);
    });
    reopen->setContentsMargins(0, 6, 0, 0);
    layout->addWidget(reopen);
}

void MainWindow::createDocks()
{
    m_files = new FileTreePanel(this);
    m_filesDock = new QDockWidget(tr("Files"), this);
    m_filesDock->setObjectName(QStringLiteral("filesDock"));
    m_filesDock->setWidget(m_files);
    addDockWidget(Qt::LeftDockWidgetArea, m_filesDock);

    m_chat = new ChatPane(this);
    m_chatDock = new QDockWidget(tr("Chat"), this);
    m_chatDock->setObjectName(QStringLiteral("chatDock"));
    m_chatDock->setWidget(m_chat);
    addDockWidget(Qt::RightDockWidgetArea, m_chatDock);

    m_symbols = new SymbolsPanel(this);
    m_symbolsDock = new QDockWidget(tr("Symbols"), this);
    m_symbolsDock->setObjectName(QStringLiteral("symbolsDock"));
    m_symbolsDock->setWidget(m_symbols);
    addDockWidget(Qt::LeftDockWidgetArea, m_symbolsDock);
    splitDockWidget(m_filesDock, m_symbolsDock, Qt::Vertical);

    m_refs = new ReferencesPanel(this);
    m_refsDock = new QDockWidget(tr("References"), this);
    m_refsDock->setObjectName(QStringLiteral("referencesDock"));
    m_refsDock->setWidget(m_refs);
    addDockWidget(Qt::BottomDockWidgetArea, m_refsDock);

    m_findInFolder = new FindInFolderPanel(this);
    m_findInFolder->setQueryRunner(m_queries);
    m_findInFolderDock = new QDockWidget(tr("Find in Folder"), this);
    m_findInFolderDock->setObjectName(QStringLiteral("findInFolderDock"));
    m_findInFolderDock->setWidget(m_findInFolder);
    addDockWidget(Qt::BottomDockWidgetArea, m_findInFolderDock);
    tabifyDockWidget(m_refsDock, m_findInFolderDock);
    m_findInFolderDock->hide(); // Edit ▸ Find in Folder shows it

    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    resizeDocks({m_filesDock, m_chatDock}, {280, 420}, Qt::Horizontal);
    resizeDocks({m_refsDock}, {180}, Qt::Vertical);
}

void MainWindow::createActions()
{
    auto make = [this](const QString &text, const QKeySequence &key, auto slot) {
        auto *a = new QAction(text, this);
        if (!key.isEmpty())
            a->setShortcut(key);
        connect(a, &QAction::triggered, this, slot);
        addAction(a);
        return a;
    };
    m_openAct = make(tr("&Open Folder…"), QKeySequence::Open, [this] { chooseFolder(); });
    m_openAct->setIcon(style()->standardIcon(QStyle::SP_DirOpenIcon));
    m_quickOpenAct = make(tr("&Quick Open File…"), QKeySequence(Qt::CTRL | Qt::Key_P), [this] { quickOpen(); });
    m_closeTabAct = make(tr("&Close Tab"), QKeySequence(Qt::CTRL | Qt::Key_W), [this] { m_viewer->closeCurrentTab(); });
    m_quitAct = make(tr("&Quit"), QKeySequence::Quit, [this] { close(); });
    m_quitAct->setMenuRole(QAction::QuitRole);

    m_findAct = make(tr("&Find…"), QKeySequence::Find, [this] { m_viewer->showFindBar(); });
    m_findNextAct = make(tr("Find &Next"), QKeySequence(Qt::Key_F3), [this] { m_viewer->findNext(); });
    m_findPrevAct = make(tr("Find &Previous"), QKeySequence(Qt::SHIFT | Qt::Key_F3), [this] { m_viewer->findPrevious(); });
    m_gotoLineAct = make(tr("&Go to Line…"), QKeySequence(Qt::CTRL | Qt::Key_G), [this] { m_viewer->showGoToLineBar(); });
    m_findInFolderAct = make(tr("Find in F&older…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F),
                             [this] { showFindInFolder(); });

    m_gotoDefAct = make(tr("Go to &Definition"), QKeySequence(Qt::Key_F2), [this] {
        const QString word = currentIdentifier();
        if (!word.isEmpty())
            goToDefinition(word);
    });
    m_findRefsAct = make(tr("Find &References"), QKeySequence(Qt::SHIFT | Qt::Key_F12), [this] {
        const QString word = currentIdentifier();
        if (!word.isEmpty())
            findReferences(word);
    });
    m_clearHighlightsAct = make(tr("&Clear Highlighted Ranges"), QKeySequence(), [this] { m_viewer->clearHighlights(); });
    m_backAct = make(tr("&Back"), QKeySequence(Qt::ALT | Qt::Key_Left), [this] { goBack(); });
    m_forwardAct = make(tr("&Forward"), QKeySequence(Qt::ALT | Qt::Key_Right), [this] { goForward(); });
    m_reopenAct = make(tr("Reopen Last Folder at &Start"), QKeySequence(), [this] {
        setReopensLastFolder(m_reopenAct->isChecked());
        updateWelcomePage();
    });
    m_reopenAct->setCheckable(true);
    m_reopenAct->setChecked(reopensLastFolder());
    m_gotoSymbolAct = make(tr("Go to &Symbol in File…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O),
                           [this] { goToSymbolInFile(); });
    m_gotoFolderSymbolAct = make(tr("Go to Symbol in &Folder…"), QKeySequence(Qt::CTRL | Qt::Key_T),
                                 [this] { goToSymbolInFolder(); });

    m_reindexAct = make(tr("&Re-index Folder"), QKeySequence(Qt::Key_F5), [this] { reindex(); });
    m_reindexAct->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    m_cancelIndexAct = make(tr("&Stop Indexing"), QKeySequence(), [this] { cancelIndexing(); });

    m_focusChatAct = make(tr("Focus &Chat"), QKeySequence(Qt::CTRL | Qt::Key_L), [this] { focusChat(); });
    m_focusFilesAct = make(tr("Focus File &Filter"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), [this] {
        m_filesDock->show();
        m_filesDock->raise();
        m_files->filterEdit()->setFocus(Qt::ShortcutFocusReason);
        m_files->filterEdit()->selectAll();
    });
    m_shortcutsAct = make(tr("&Keyboard Shortcuts"), QKeySequence(Qt::CTRL | Qt::Key_F1), [this] { showShortcuts(); });
    m_aboutAct = make(tr("&About RepoLens"), QKeySequence(), [this] {
        AboutDialog dialog(this);
        dialog.exec();
    });
    m_aboutAct->setMenuRole(QAction::AboutRole);
    m_settingsAct = make(tr("&Settings…"), QKeySequence(Qt::CTRL | Qt::Key_Comma), [this] { showSettings(); });
    m_settingsAct->setMenuRole(QAction::PreferencesRole);
    m_sentLogAct = make(tr("What Was &Sent…"), QKeySequence(), [this] { m_chatController->showSentLog(); });
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_openAct);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();
    file->addAction(m_quickOpenAct);
    file->addAction(m_reopenAct);
    file->addSeparator();
    file->addAction(m_closeTabAct);
    file->addSeparator();
    file->addAction(m_quitAct);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_findAct);
    edit->addAction(m_findNextAct);
    edit->addAction(m_findPrevAct);
    edit->addAction(m_findInFolderAct);
    edit->addSeparator();
    edit->addAction(m_gotoLineAct);
    edit->addSeparator();
    edit->addAction(m_settingsAct);

    QMenu *nav = menuBar()->addMenu(tr("&Navigate"));
    nav->addAction(m_gotoDefAct);
    nav->addAction(m_findRefsAct);
    nav->addSeparator();
    nav->addAction(m_backAct);
    nav->addAction(m_forwardAct);
    nav->addAction(m_gotoSymbolAct);
    nav->addAction(m_gotoFolderSymbolAct);
    nav->addSeparator();
    nav->addAction(m_clearHighlightsAct);

    QMenu *index = menuBar()->addMenu(tr("&Index"));
    index->addAction(m_reindexAct);
    index->addAction(m_cancelIndexAct);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *filesToggle = m_filesDock->toggleViewAction();
    filesToggle->setShortcut(QKeySequence(Qt::ALT | Qt::Key_1));
    QAction *chatToggle = m_chatDock->toggleViewAction();
    chatToggle->setShortcut(QKeySequence(Qt::ALT | Qt::Key_2));
    QAction *refsToggle = m_refsDock->toggleViewAction();
    refsToggle->setShortcut(QKeySequence(Qt::ALT | Qt::Key_3));
    QAction *symbolsToggle = m_symbolsDock->toggleViewAction();
    symbolsToggle->setShortcut(QKeySequence(Qt::ALT | Qt::Key_4));
    QAction *findToggle = m_findInFolderDock->toggleViewAction();
    findToggle->setShortcut(QKeySequence(Qt::ALT | Qt::Key_5));
    view->addAction(filesToggle);
    view->addAction(chatToggle);
    view->addAction(refsToggle);
    view->addAction(symbolsToggle);
    view->addAction(findToggle);
    view->addSeparator();
    view->addAction(m_focusChatAct);
    view->addAction(m_focusFilesAct);
    view->addSeparator();
    view->addAction(m_sentLogAct);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_shortcutsAct);
    help->addSeparator();
    help->addAction(m_aboutAct);
}

void MainWindow::createStatusBar()
{
    // Right to left: the stop button at the very edge (it never moves while the counters
    // grow), the progress, the phase, then vectors, watching, the index counts and the cursor
    // position. Texts are cut with "…" rather than widening the window.
    QStatusBar *bar = statusBar();
    m_cursorLabel = new ElidedLabel(QString(), bar);
    m_cursorLabel->setObjectName(QStringLiteral("cursorPosition"));
    m_cursorLabel->setToolTip(tr("Line and column of the cursor"));
    // wide enough for any position: the labels right of it do not move as the cursor does
    m_cursorLabel->setMinimumWidth(m_cursorLabel->fontMetrics().horizontalAdvance(tr("Ln %1, Col %2").arg(99999).arg(999)) + 8);
    m_vectorsLabel = new ElidedLabel(QString(), bar);
    m_vectorsLabel->setObjectName(QStringLiteral("vectorProgress"));
    m_vectorsLabel->hide();
    m_watchLabel = new ElidedLabel(QString(), bar);
    m_watchLabel->setObjectName(QStringLiteral("watchState"));
    m_watchLabel->hide();
    m_phaseLabel = new ElidedLabel(QString(), bar);
    m_phaseLabel->setObjectName(QStringLiteral("indexPhase"));
    m_progress = new QProgressBar(bar);
    m_progress->setObjectName(QStringLiteral("indexProgress"));
    m_progress->setMaximumWidth(180);
    m_progress->setMinimumWidth(60);
    m_progress->setMaximumHeight(16);
    m_progress->setTextVisible(false);
    m_cancelButton = new QToolButton(bar);
    m_cancelButton->setObjectName(QStringLiteral("indexCancel"));
    m_cancelButton->setIcon(style()->standardIcon(QStyle::SP_DialogCancelButton));
    m_cancelButton->setAutoRaise(true);
    m_cancelButton->setToolTip(tr("Stop indexing (what was indexed so far is kept)"));
    connect(m_cancelButton, &QToolButton::clicked, this, &MainWindow::cancelIndexing);
    m_statsLabel = new ElidedLabel(QString(), bar);
    m_statsLabel->setObjectName(QStringLiteral("indexStats"));
    bar->addPermanentWidget(m_cursorLabel);
    bar->addPermanentWidget(m_statsLabel);
    bar->addPermanentWidget(m_watchLabel);
    bar->addPermanentWidget(m_vectorsLabel);
    bar->addPermanentWidget(m_phaseLabel);
    bar->addPermanentWidget(m_progress);
    bar->addPermanentWidget(m_cancelButton);
    m_phaseLabel->hide();
    m_progress->hide();
    m_cancelButton->hide();
}

void MainWindow::updateActions()
{
    const bool haveRoot = !m_root.isEmpty();
    const bool haveEditor = m_viewer->currentEditor() != nullptr;
    m_quickOpenAct->setEnabled(haveRoot);
    m_closeTabAct->setEnabled(haveEditor);
    m_findAct->setEnabled(haveEditor);
    m_findNextAct->setEnabled(haveEditor);
    m_findPrevAct->setEnabled(haveEditor);
    m_gotoLineAct->setEnabled(haveEditor);
    m_gotoDefAct->setEnabled(haveEditor);
    m_findRefsAct->setEnabled(haveEditor);
    m_gotoSymbolAct->setEnabled(haveEditor);
    m_gotoFolderSymbolAct->setEnabled(haveRoot);
    m_clearHighlightsAct->setEnabled(haveEditor);
    m_backAct->setEnabled(!m_back.isEmpty());
    m_forwardAct->setEnabled(!m_forward.isEmpty());
    m_reindexAct->setEnabled(haveRoot);
    m_cancelIndexAct->setEnabled(m_index->isIndexing());
}

// --- settings --------------------------------------------------------------------------------

QStringList MainWindow::recentFolders()
{
    QSettings settings(QStringLiteral("RepoLens"), QStringLiteral("repolens"));
    return settings.value(QStringLiteral("recentFolders")).toStringList();
}

void MainWindow::addRecentFolder(const QString &path)
{
    QSettings settings(QStringLiteral("RepoLens"), QStringLiteral("repolens"));
    QStringList list = settings.value(QStringLiteral("recentFolders")).toStringList();
    list.removeAll(path);
    list.prepend(path);
    while (list.size() > kMaxRecent)
        list.removeLast();
    settings.setValue(QStringLiteral("recentFolders"), list);
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList list = recentFolders();
    for (const QString &path : list) {
        QAction *a = m_recentMenu->addAction(QDir::toNativeSeparators(path));
        connect(a, &QAction::triggered, this, [this, path] { openFolder(path); });
    }
    if (list.isEmpty()) {
        m_recentMenu->addAction(tr("No recent folders"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("Clear Recent Folders"), this, [this] {
        QSettings(QStringLiteral("RepoLens"), QStringLiteral("repolens")).remove(QStringLiteral("recentFolders"));
        updateWelcomePage();
    });
}

void MainWindow::restoreSettings()
{
    QSettings settings(QStringLiteral("RepoLens"), QStringLiteral("repolens"));
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
}

void MainWindow::saveSettings()
{
    if (!m_options.restoreState)
        return;
    QSettings settings(QStringLiteral("RepoLens"), QStringLiteral("repolens"));
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveSettings();
    m_index->cancel();
    m_queries->cancelAll();
    QMainWindow::closeEvent(event);
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange) {
        const CodeTheme theme = CodeTheme::fromPalette(palette());
        for (CodeEditor *e : m_viewer->editors())
            e->applyTheme(theme);
    }
    QMainWindow::changeEvent(event);
}

// --- folders ---------------------------------------------------------------------------------

void MainWindow::chooseFolder()
{
    const QString start = m_root.isEmpty() ? QDir::homePath() : m_root;
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Folder"), start);
    if (!dir.isEmpty())
        openFolder(dir);
}

void MainWindow::openPath(const QString &path)
{
    const QFileInfo info(path);
    if (info.isDir()) {
        openFolder(info.absoluteFilePath());
        return;
    }
    if (!info.exists()) {
        QMessageBox::warning(this, tr("Open"), tr("%1 does not exist.").arg(QDir::toNativeSeparators(path)));
        return;
    }
    // A file: open its repository (unless it is inside the open folder) and show the file.
    const QString file = info.canonicalFilePath();
    if (!m_root.isEmpty() && file.startsWith(m_root + u'/')) {
        openFile(file);
        return;
    }
    if (openFolder(projectRootFor(file)))
        openFile(file);
}

QString MainWindow::projectRootFor(const QString &filePath)
{
    const QFileInfo info(filePath);
    const QString start = info.isDir() ? info.absoluteFilePath() : info.absolutePath();
    const QString home = QFileInfo(QDir::homePath()).canonicalFilePath();
    QDir dir(start);
    for (int depth = 0; depth < 128; ++depth) {
        const QString here = QFileInfo(dir.absolutePath()).canonicalFilePath();
        if (here == home || dir.isRoot())
            break;
        for (const char *marker : {".git", ".hg", ".svn", ".jj"}) {
            if (QFileInfo::exists(dir.filePath(QString::fromLatin1(marker))))
                return here;
        }
        if (!dir.cdUp())
            break;
    }
    return start;
}

bool MainWindow::reopensLastFolder()
{
    return QSettings(QStringLiteral("RepoLens"), QStringLiteral("repolens")).value(QStringLiteral("reopenLastFolder"), true).toBool();
}

void MainWindow::setReopensLastFolder(bool on)
{
    QSettings(QStringLiteral("RepoLens"), QStringLiteral("repolens")).setValue(QStringLiteral("reopenLastFolder"), on);
}

bool MainWindow::reopenLastFolder()
{
    if (!reopensLastFolder() || !m_root.isEmpty())
        return false;
    const QString last = recentFolders().value(0);
    if (last.isEmpty() || !QFileInfo(last).isDir())
        return false;
    return openFolder(last);
}

bool MainWindow::openFolder(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists() || !info.isDir()) {
        QMessageBox::warning(this, tr("Open Folder"),
                             tr("%1 is not a folder.").arg(QDir::toNativeSeparators(path)));
        return false;
    }
    if (!info.isReadable()) {
        QMessageBox::warning(this, tr("Open Folder"),
                             tr("You do not have permission to read %1.").arg(QDir::toNativeSeparators(path)));
        return false;
    }
    const QString root = info.canonicalFilePath();
    if (root == m_root) {
        updateWelcomePage();
        return true;
    }
    qCInfo(lcUi) << "opening folder" << root;
    m_root = root;
    m_queries->cancelAll();
    m_refs->setMessage(tr("Use Find References (Shift+F12) on a symbol to list its usages here."));
    m_findInFolder->setRootPath(root);
    m_viewer->setRootPath(root);
    m_back.clear();
    m_forward.clear();
    m_chunks = -1;
    m_files->filterEdit()->clear(); // a filter typed for the last folder would hide this one's files
    m_files->model()->clear();
    m_files->setSummary(QString());
    m_files->setPlaceholderText(tr("Reading the folder…"));
    m_index->setRootPath(root);
    m_queries->setDatabasePath(m_index->databasePath());
    m_chatController->setFolder(root, m_index->databasePath());
    setWindowTitle(tr("%1 — RepoLens").arg(QFileInfo(root).fileName()));
    setWindowFilePath(root);
    addRecentFolder(root);
    updateWelcomePage();
    refreshTree(true);
    refreshStats();
    m_index->start();
    updateActions();
    Q_EMIT folderOpened(root);
    return true;
}

void MainWindow::reindex()
{
    if (m_root.isEmpty())
        return;
    m_index->start();
}

void MainWindow::cancelIndexing()
{
    m_index->cancel();
    m_phaseLabel->setText(tr("Stopping…"));
}

void MainWindow::onIndexingStarted()
{
    m_phaseLabel->setText(tr("Indexing: scanning…"));
    m_progress->setRange(0, 0);
    m_phaseLabel->show();
    m_progress->show();
    m_cancelButton->show();
    m_treeTimer.start();
    updateActions();
}

void MainWindow::onProgress(const IndexProgress &p)
{
    QString text;
    switch (p.phase) {
    case IndexProgress::Phase::Scanning:
        text = tr("Scanning… %1 files found").arg(formatNumber(p.filesSeen));
        m_progress->setRange(0, 0);
        break;
    case IndexProgress::Phase::Drafting:
        text = tr("Reading %1 / %2 files").arg(formatNumber(p.filesDone), formatNumber(p.filesTotal));
        m_progress->setRange(0, std::max(1, p.filesTotal));
        m_progress->setValue(p.filesDone);
        break;
    case IndexProgress::Phase::Parsing:
        text = p.keywordReady
                   ? tr("Parsing %1 / %2 files (searchable)").arg(formatNumber(p.filesDone), formatNumber(p.filesTotal))
                   : tr("Indexing %1 / %2 files").arg(formatNumber(p.filesDone), formatNumber(p.filesTotal));
        m_progress->setRange(0, std::max(1, p.filesTotal));
        m_progress->setValue(p.filesDone);
        break;
    case IndexProgress::Phase::TextIndex:
        text = tr("Indexing text for Find in Folder %1 / %2 files").arg(formatNumber(p.filesDone), formatNumber(p.filesTotal));
        m_progress->setRange(0, std::max(1, p.filesTotal));
        m_progress->setValue(p.filesDone);
        break;
    case IndexProgress::Phase::Linking:
        text = tr("Linking references…");
        m_progress->setRange(0, 0);
        break;
    case IndexProgress::Phase::History:
        text = tr("Reading git history…");
        m_progress->setRange(0, 0);
        break;
    case IndexProgress::Phase::Done:
        text = tr("Finishing…");
        break;
    }
    m_phaseLabel->setText(text);
    m_phaseLabel->setToolTip(p.currentPath);
}

void MainWindow::onIndexFinished(const IndexReport &report)
{
    m_treeTimer.stop();
    m_phaseLabel->hide();
    m_progress->hide();
    m_cancelButton->hide();
    if (report.cancelled) {
        statusBar()->showMessage(tr("Indexing stopped; %1 files were indexed before.").arg(formatNumber(report.filesParsed)), 8000);
    } else {
        statusBar()->showMessage(tr("Indexed %1 changed files (%2 unchanged) in %3 s")
                                     .arg(formatNumber(report.filesParsed), formatNumber(report.filesUnchanged))
                                     .arg(report.seconds, 0, 'f', 1),
                                 8000);
    }
    refreshTree(true);
    refreshStats();
    updateActions();
    if (m_findInFolderDock->isVisible())
        m_findInFolder->refresh();
    // The chat knows the index is complete before anyone reacts to indexingFinished.
    m_chatController->setIndexState(false, {});
    m_chatController->indexChanged();
    m_chatController->refreshExamples();
    Q_EMIT indexingFinished();
}

// The folder is watched once indexed: changed files are re-indexed in the background (and
// their vectors, when the index has a built-in model). Say when watching is not possible and
// when a damaged index had to be rebuilt.
void MainWindow::connectFreshness()
{
    // Vectors follow every change, after a full run too: changed files first, then the files
    // the user looked at last, then the rest (the stage runs on the indexer's thread).
    auto viewed = m_recentlyViewed;
    m_index->setAfterIndexHook([viewed](const QString &dbPath, const QStringList &changed, const std::atomic_bool *cancel,
                                        const IndexService::HookProgress &report) {
        QStringList first = changed;
        {
            const std::lock_guard<std::mutex> lock(viewed->mutex);
            first += viewed->paths;
        }
        const auto r = runEmbeddingStage(dbPath, first, !LlmSettings::load().sendCredentials, cancel, report);
        if (!r)
            qCWarning(lcUi) << "vectors:" << r.error().toString();
    });
    connect(m_viewer, &CodeViewer::currentFileChanged, this, [viewed](const QString &rel) {
        if (rel.isEmpty())
            return;
        const std::lock_guard<std::mutex> lock(viewed->mutex);
        viewed->paths.removeAll(rel);
        viewed->paths.prepend(rel);
        while (viewed->paths.size() > 20)
            viewed->paths.removeLast();
    });
    QLabel *vectorsLabel = m_vectorsLabel;
    connect(m_index, &IndexService::afterIndexProgress, this, [vectorsLabel](int done, int total) {
        vectorsLabel->setVisible(total > 0);
        if (total > 0) {
            vectorsLabel->setText(tr("Vectors: %1 / %2").arg(QLocale().toString(done), QLocale().toString(total)));
            vectorsLabel->setToolTip(tr("Computing vectors for semantic search; keyword search is ready, and "
                                        "searches use the vectors computed so far."));
        }
    });
    QLabel *watchLabel = m_watchLabel;
    connect(m_index, &IndexService::watchModeChanged, this, [watchLabel](FileWatcher::Mode mode, const QString &detail) {
        watchLabel->setVisible(mode == FileWatcher::Mode::Polling);
        watchLabel->setText(tr("Not watching for changes: rescanning every %1 s")
                                .arg(FileWatcherOptions().pollIntervalMs / 1000));
        watchLabel->setToolTip(detail);
    });
    connect(m_index, &IndexService::indexRecovered, this, [this](const QString &movedTo, const QString &reason) {
        statusBar()->showMessage(tr("The index was damaged (%1) and has been rebuilt; the damaged file was kept as %2")
                                     .arg(reason, movedTo),
                                 30000);
    });
    // Damage met while the index was read (a search, the tree): said here, and the index
    // service rebuilds it (indexRecovered follows).
    connect(m_queries, &QueryRunner::damageFound, m_index, &IndexService::repairDamage);
    connect(m_index, &IndexService::damageFound, this, [this](const QString &reason, bool canRebuild) {
        statusBar()->showMessage(canRebuild ? tr("The index is damaged (%1); rebuilding it. Results may be incomplete "
                                                 "until it is done.")
                                                  .arg(reason)
                                            : tr("The index is damaged (%1) and its data folder is read-only, so it "
                                                 "cannot be rebuilt; results may be incomplete.")
                                                  .arg(reason),
                                 30000);
    });
    // Another RepoLens process (the CLI, the MCP server, a second window) writes this index:
    // this window reads meanwhile and takes over when it is done.
    auto *otherWriterLabel = new QLabel(this);
    otherWriterLabel->setObjectName(QStringLiteral("otherWriterLabel"));
    otherWriterLabel->hide();
    statusBar()->addWidget(otherWriterLabel);
    connect(m_index, &IndexService::otherWriterChanged, this, [this, otherWriterLabel](const QString &holder) {
        otherWriterLabel->setVisible(!holder.isEmpty());
        otherWriterLabel->setText(tr("Indexing in another RepoLens process; answers use what it has written so far"));
        otherWriterLabel->setToolTip(holder);
        if (!holder.isEmpty()) {
            m_progress->hide();
            m_cancelButton->hide();
            m_chatController->setIndexState(true, {});
        }
        refreshStats();
    });
    connect(m_index, &IndexService::indexUpdated, this, [this](const IndexReport &report, const QStringList &) {
        if (report.filesParsed + report.filesRemoved == 0)
            return;
        refreshTree(true);
        refreshStats();
        if (m_findInFolderDock->isVisible())
            m_findInFolder->refresh(); // a saved file's new text shows at once
        if (!m_index->isIndexing())
            statusBar()->showMessage(tr("Updated %n changed file(s)", nullptr, report.filesParsed + report.filesRemoved),
                                     3000);
    });
}

void MainWindow::onIndexFailed(const Error &error)
{
    m_treeTimer.stop();
    m_phaseLabel->hide();
    m_progress->hide();
    m_cancelButton->hide();
    statusBar()->showMessage(tr("Indexing failed: %1").arg(errorText(error)));
    refreshStats();
    updateActions();
    m_chatController->setIndexState(false, {});
    Q_EMIT indexingFinished();
}

QString MainWindow::errorText(const Error &error) const
{
    switch (error.code) {
    case ErrorCode::NotFound:
        return tr("not found (%1)").arg(error.context.isEmpty() ? error.message : error.context);
    case ErrorCode::PermissionDenied:
        return tr("permission denied (%1)").arg(error.context);
    case ErrorCode::DiskFull:
        return tr("the disk is full; what was indexed is kept, and indexing continues once there is room");
    case ErrorCode::ReadOnly:
        return tr("the index cannot be written: its folder is read-only (%1)").arg(error.context);
    case ErrorCode::Corrupt:
        return tr("the index is damaged; re-index the folder (F5)");
    case ErrorCode::SchemaTooNew:
        return tr("the index was written by a newer RepoLens");
    case ErrorCode::Busy:
        return tr("indexing in another RepoLens process (%1)").arg(error.context);
    default:
        return error.toString();
    }
}

void MainWindow::refreshTree(bool full)
{
    if (m_root.isEmpty())
        return;
    const QString root = m_root;
    m_queries->run<TreeSnapshot>(
        full ? QStringLiteral("tree") : QStringLiteral("tree-status"), this,
        [root, full](const IndexStore *store, const Error &, const QueryRunner::CancelFlag &cancel) {
            TreeSnapshot snap;
            snap.full = full;
            QHash<QString, FileRecord> stored;
            if (store)
                stored = store->files().all();
            if (!full) {
                for (auto it = stored.cbegin(); it != stored.cend(); ++it)
                    snap.entries.append(FileEntry{it->path, it->status, it->reason, it->isDir});
                return snap;
            }
            Scanner scanner(root);
            auto result = scanner.scan(
                [&](ScannedFile &&f) {
                    FileEntry e{f.relPath, f.status, f.reason, f.isDir};
                    if (f.status == FileStatus::Pending) {
                        const auto it = stored.constFind(f.relPath);
                        if (it != stored.cend()) {
                            e.status = it->status;
                            e.reason = it->reason;
                        }
                    }
                    snap.entries.append(std::move(e));
                },
                &cancel);
            if (!result)
                snap.error = result.error().toString();
            return snap;
        },
        [this](TreeSnapshot snap) {
            if (snap.full) {
                m_files->setPlaceholderText(snap.error.isEmpty() ? tr("This folder has no files.")
                                                                 : tr("Cannot read the folder: %1").arg(snap.error));
                m_files->model()->setEntries(snap.entries);
            } else {
                m_files->model()->updateStatuses(snap.entries);
            }
            // The summary follows the tree, also while indexing runs.
            int notIndexed = 0;
            int indexed = 0;
            m_files->model()->countFiles(&indexed, &notIndexed);
            m_files->setSummary(tr("%1 files · %2 indexed · %3 not indexed")
                                    .arg(formatNumber(m_files->model()->fileCount()), formatNumber(indexed),
                                         formatNumber(notIndexed)));
            updateStatsLabel();
            if (!m_pendingFile.isEmpty()) {
                m_files->revealPath(m_pendingFile);
                m_pendingFile.clear();
            } else if (CodeEditor *e = m_viewer->currentEditor(); e && snap.full) {
                m_files->revealPath(e->relativePath());
            }
            Q_EMIT treeUpdated();
        });
}

void MainWindow::refreshStats()
{
    m_queries->run<StatsSnapshot>(
        QStringLiteral("stats"), this,
        [](const IndexStore *store, const Error &, const QueryRunner::CancelFlag &) {
            StatsSnapshot s;
            if (!store)
                return s;
            s.valid = true;
            for (const StatusCount &c : store->files().statusCounts()) {
                if (c.status == FileStatus::Indexed || c.status == FileStatus::ParseError)
                    s.indexed += c.files;
                else if (c.status != FileStatus::Pending)
                    s.notIndexed += c.files;
            }
            s.chunks = store->chunks().count();
            return s;
        },
        [this](StatsSnapshot s) {
            if (!s.valid) {
                // (no index yet: while the first run starts, the progress says enough)
                m_chunks = -1;
                m_statsLabel->setText(m_index->isIndexing() ? QString() : tr("Not indexed yet"));
                return;
            }
            m_storeIndexed = s.indexed;
            m_storeNotIndexed = s.notIndexed;
            m_chunks = s.chunks;
            updateStatsLabel();
        });
}

void MainWindow::updateStatsLabel()
{
    // The same counts as the tree's summary: the files of the tree (the folder as scanned
    // now) by their index status. The index's own counts are the fallback before the tree
    // is read; they can differ (files deleted since, folders listed as one ignored entry).
    int indexed = m_storeIndexed;
    int notIndexed = m_storeNotIndexed;
    if (m_files->model()->fileCount() > 0)
        m_files->model()->countFiles(&indexed, &notIndexed);
    if (m_chunks < 0)
        return;
    m_statsLabel->setText(tr("%1 files indexed · %2 chunks").arg(formatNumber(indexed), formatNumber(m_chunks)));
    m_statsLabel->setToolTip(tr("%1 files are not indexed (ignored, binary, too large, …)").arg(formatNumber(notIndexed)));
}

// --- viewer ----------------------------------------------------------------------------------

void MainWindow::openFile(const QString &path)
{
    if (m_root.isEmpty())
        return;
    m_viewer->openFile(path);
    const QString rel = m_viewer->relativePath(path);
    if (!rel.isEmpty()) {
        if (m_files->model()->indexForPath(rel).isValid())
            m_files->revealPath(rel);
        else
            m_pendingFile = rel;
    }
    updateActions();
}

void MainWindow::openLocation(const QString &path, int startLine, int endLine)
{
    if (m_root.isEmpty())
        return;
    recordJump();
    m_arrived = NavPosition{m_viewer->relativePath(path).isEmpty() ? path : m_viewer->relativePath(path),
                            std::max(1, startLine), 0};
    m_viewer->showLocation(path, startLine, endLine, startLine > 0);
    updateActions();
}

// --- navigation history ------------------------------------------------------------------------

MainWindow::NavPosition MainWindow::currentPosition() const
{
    NavPosition p;
    CodeEditor *e = m_viewer->currentEditor();
    if (!e)
        return p;
    p.path = e->relativePath().isEmpty() ? e->filePath() : e->relativePath();
    // Just jumped there and the file is still being read: where the jump goes.
    if (!e->isLoaded() && m_arrived.path == p.path)
        return m_arrived;
    int line = 0;
    int index = 0;
    e->getCursorPosition(&line, &index);
    p.line = line + 1;
    p.column = index;
    return p;
}

void MainWindow::recordJump()
{
    const NavPosition here = currentPosition();
    if (here.path.isEmpty())
        return;
    if (!m_back.isEmpty() && m_back.last().path == here.path && m_back.last().line == here.line)
        return;
    m_back.append(here);
    while (m_back.size() > 100)
        m_back.removeFirst();
    m_forward.clear();
    updateActions();
}

void MainWindow::showPosition(const NavPosition &p)
{
    m_arrived = p;
    CodeEditor *e = m_viewer->openFile(p.path);
    if (!e)
        return;
    const int line = p.line;
    const int column = p.column;
    auto place = [e, line, column] {
        e->revealLines(line, line);
        e->setCursorPosition(line - 1, column);
    };
    if (e->isLoaded())
        place();
    else
        connect(e, &CodeEditor::loaded, e, place, Qt::SingleShotConnection);
    e->setFocus();
}

void MainWindow::goBack()
{
    if (m_back.isEmpty())
        return;
    const NavPosition here = currentPosition();
    const NavPosition to = m_back.takeLast();
    if (!here.path.isEmpty())
        m_forward.append(here);
    showPosition(to);
    updateActions();
}

void MainWindow::goForward()
{
    if (m_forward.isEmpty())
        return;
    const NavPosition here = currentPosition();
    const NavPosition to = m_forward.takeLast();
    if (!here.path.isEmpty())
        m_back.append(here);
    showPosition(to);
    updateActions();
}

void MainWindow::updateCursorLabel()
{
    disconnect(m_cursorConnection);
    CodeEditor *e = m_viewer->currentEditor();
    if (!e) {
        m_cursorLabel->clear();
        return;
    }
    auto show = [this, e] {
        const int pos = int(e->SendScintilla(QsciScintilla::SCI_GETCURRENTPOS));
        const int line = int(e->SendScintilla(QsciScintilla::SCI_LINEFROMPOSITION, pos));
        const int column = int(e->SendScintilla(QsciScintilla::SCI_GETCOLUMN, pos));
        m_cursorLabel->setText(tr("Ln %1, Col %2").arg(line + 1).arg(column + 1));
    };
    m_cursorConnection = connect(e, &QsciScintilla::cursorPositionChanged, this, show);
    show();
}

void MainWindow::showFindInFolder()
{
    m_findInFolderDock->show();
    m_findInFolderDock->raise();
    // the selection of the viewer, when it is a part of one line
    QString text;
    if (CodeEditor *e = m_viewer->currentEditor(); e && e->hasSelectedText()) {
        const QString selected = e->selectedText();
        if (!selected.contains(u'\n') && !selected.contains(u'\r') && selected.size() <= 200)
            text = selected;
    }
    m_findInFolder->activate(text);
}

QString MainWindow::currentIdentifier() const
{
    CodeEditor *e = m_viewer->currentEditor();
    return e ? e->identifierUnderCursor() : QString();
}

void MainWindow::quickOpen()
{
    if (m_root.isEmpty())
        return;
    if (!m_quickOpen) {
        m_quickOpen = new QuickOpenDialog(this);
        connect(m_quickOpen, &QuickOpenDialog::fileChosen, this, &MainWindow::openFile);
    }
    m_quickOpen->setFiles(m_files->model()->filePaths(true));
    m_quickOpen->popup();
}

void MainWindow::goToSymbolInFile()
{
    CodeEditor *editor = m_viewer->currentEditor();
    if (!editor)
        return;
    if (!m_fileSymbolsDialog) {
        m_fileSymbolsDialog = new GoToSymbolDialog(tr("Type part of a symbol in this file…"), this);
        m_fileSymbolsDialog->setObjectName(QStringLiteral("fileSymbols"));
        connect(m_fileSymbolsDialog, &GoToSymbolDialog::symbolChosen, this, [this](const QString &, int line) {
            if (CodeEditor *e = m_viewer->currentEditor()) {
                e->revealLines(line, line);
                e->setFocus(Qt::OtherFocusReason);
            }
        });
    }
    // the Symbols panel parsed the open file already (or is about to)
    m_symbols->setEditor(editor);
    auto fill = [this] {
        QList<GoToSymbolDialog::Entry> entries;
        const QList<OutlineItem> &items = m_symbols->items();
        entries.reserve(items.size());
        for (const OutlineItem &o : items) {
            if (o.scope)
                continue;
            entries.append({o.name,
                            displayQualifiedName(m_symbols->language(), o.qualifiedName,
                                                 isCallableKind(o.kind)),
                            SymbolsPanel::kindLabel(o.kind, o.scope), QString(), o.line});
        }
        m_fileSymbolsDialog->setEntries(std::move(entries));
    };
    fill();
    connect(m_symbols, &SymbolsPanel::outlineReady, m_fileSymbolsDialog, fill, Qt::SingleShotConnection);
    m_fileSymbolsDialog->popup();
}

void MainWindow::goToSymbolInFolder()
{
    if (m_root.isEmpty())
        return;
    if (!m_folderSymbolsDialog) {
        m_folderSymbolsDialog = new GoToSymbolDialog(tr("Type part of a symbol name…"), this);
        m_folderSymbolsDialog->setObjectName(QStringLiteral("folderSymbols"));
        connect(m_folderSymbolsDialog, &GoToSymbolDialog::symbolChosen, this,
                [this](const QString &path, int line) { openLocation(path, line, line); });
    }
    if (m_folderSymbolsStale || m_folderSymbolsDialog->entryCount() == 0) {
        m_folderSymbolsStale = false;
        m_folderSymbolsDialog->setLoading();
        m_queries->run<QList<GoToSymbolDialog::Entry>>(
            QStringLiteral("folder-symbols"), m_folderSymbolsDialog,
            [](const IndexStore *store, const Error &, const QueryRunner::CancelFlag &cancel) {
                QList<GoToSymbolDialog::Entry> entries;
                if (!store)
                    return entries;
                // the language the index decided (a script by its shebang, `.h` by the project)
                const QHash<QString, FileRecord> files = store->files().all();
                store->symbols().forEach([&](const SymbolRecord &s) {
                    if (cancel.load())
                        return;
                    const auto file = files.constFind(s.path);
                    const LanguageId language = file != files.cend() ? file->language : languageForPath(s.path);
                    entries.append({s.name,
                                    displayQualifiedName(language, s.qualifiedName, isCallableKind(s.kind)),
                                    SymbolsPanel::kindLabel(s.kind, false), s.path, s.line});
                });
                return entries;
            },
            [this](QList<GoToSymbolDialog::Entry> entries) {
                m_folderSymbolsDialog->setEntries(std::move(entries));
            });
    }
    m_folderSymbolsDialog->popup();
}

void MainWindow::focusChat()
{
    m_chatDock->show();
    m_chatDock->raise();
    m_chat->focusInput();
}

void MainWindow::showShortcuts()
{
    ShortcutsDialog dialog(menuBar(), this);
    dialog.exec();
}

void MainWindow::goToDefinition(const QString &identifier)
{
    if (identifier.isEmpty() || m_root.isEmpty())
        return;
    const NavPosition here = currentPosition();
    const QString current = here.path;
    // The hover of the name clicked is not wanted any more.
    QToolTip::hideText();
    m_queries->cancel(QStringLiteral("hover"));
    const QString lookingUp = tr("Looking up %1…").arg(identifier);
    statusBar()->showMessage(lookingUp, 2000);
    m_queries->run<DefinitionLookup>(
        QStringLiteral("definition"), this,
        [identifier, here](const IndexStore *store, const Error &error, const QueryRunner::CancelFlag &) {
            DefinitionLookup out;
            if (!store) {
                out.error = error.message;
                return out;
            }
            out.symbols = store->symbols().named(identifier, 100);
            if (out.symbols.size() > 1 && !here.path.isEmpty())
                out.meant = definitionAt(*store, here.path, here.line, here.column + 1, identifier);
            if (out.symbols.size() > 1) {
                QualifiedNames names(*store);
                for (const SymbolRecord &s : std::as_const(out.symbols))
                    out.shownNames.insert(s.id, names.of(s));
            }
            return out;
        },
        [this, identifier, current, lookingUp](DefinitionLookup result) {
            QToolTip::hideText();
            if (statusBar()->currentMessage() == lookingUp)
                statusBar()->clearMessage();
            if (result.symbols.isEmpty()) {
                statusBar()->showMessage(
                    result.error.isEmpty() ? tr("No definition of %1 in the index.").arg(identifier)
                                           : tr("Cannot look up %1: the folder is not indexed yet.").arg(identifier),
                    5000);
                return;
            }
            // Prefer a definition in the current file, then one in the same language.
            const LanguageId lang = languageForPath(current);
            auto rank = [&](const SymbolRecord &s) {
                if (s.path == current)
                    return 0;
                if (languageForPath(s.path) == lang)
                    return 1;
                return 2;
            };
            QList<SymbolRecord> symbols = result.symbols;
            std::stable_sort(symbols.begin(), symbols.end(), [&](const SymbolRecord &a, const SymbolRecord &b) {
                // the definition the receiver names (self.url_for: the method) first
                const bool am = a.id == result.meant.id;
                const bool bm = b.id == result.meant.id;
                if (am != bm)
                    return am;
                return rank(a) < rank(b);
            });
            const SymbolRecord &best = symbols.first();
            recordJump();
            m_arrived = NavPosition{best.path, best.line, std::max(0, best.column - 1)};
            m_viewer->showLocation(best.path, best.line, best.line, false);
            if (CodeEditor *e = m_viewer->currentEditor()) {
                const int line = best.line;
                const int column = std::max(0, best.column - 1);
                const int length = int(best.name.toUtf8().size());
                auto select = [e, line, column, length] {
                    const int pos = e->positionFromLineIndex(line - 1, 0) + column;
                    e->SendScintilla(QsciScintilla::SCI_SETSEL, pos, pos + length);
                };
                if (e->isLoaded())
                    select();
                else
                    connect(e, &CodeEditor::loaded, e, select, Qt::SingleShotConnection);
            }
            if (symbols.size() > 1) {
                QList<CodeLocation> locations;
                for (const SymbolRecord &s : std::as_const(symbols)) {
                    CodeLocation loc;
                    loc.path = s.path;
                    loc.line = s.line;
                    loc.endLine = s.line;
                    loc.kind = chunkKindName(s.kind);
                    loc.context = result.shownNames.value(s.id, s.qualifiedName);
                    loc.text = s.signature.simplified().left(200);
                    locations.append(loc);
                }
                m_refs->setLocations(tr("%n definition(s) of %1", nullptr, int(symbols.size())).arg(identifier),
                                     locations);
                m_refsDock->show();
            }
            updateActions();
            Q_EMIT definitionShown(best.path, best.line);
        });
}

void MainWindow::findReferences(const QString &identifier)
{
    if (identifier.isEmpty() || m_root.isEmpty())
        return;
    m_refsDock->show();
    m_refsDock->raise();
    m_refs->showSearching(tr("Finding references to %1…").arg(identifier));
    const QString root = m_root;
    const NavPosition here = currentPosition();
    m_queries->run<ReferenceLookup>(
        QStringLiteral("references"), this,
        [identifier, root, here](const IndexStore *store, const Error &error, const QueryRunner::CancelFlag &cancel) {
            ReferenceLookup out;
            if (!store) {
                out.error = error.message;
                return out;
            }
            QList<SymbolRecord> defs = store->symbols().named(identifier, 100);
            QList<RefRecord> refs;
            // Several definitions of the name (Flask.url_for and url_for): the usages of the one
            // meant where the cursor is, when that can be told.
            const SymbolRecord meant =
                defs.size() > 1 && !here.path.isEmpty()
                    ? definitionAt(*store, here.path, here.line, here.column + 1, identifier)
                    : SymbolRecord();
            QualifiedNames names(*store);
            // every reference of the name: the usages when nothing narrows them, and what the
            // text matches leave out
            const QList<RefRecord> named = store->symbols().refsNamed(identifier, 5000);
            if (meant.id != 0) {
                const UsageSet usages = usagesOf(*store, {meant});
                out.narrowedTo = names.of(meant);
                out.otherDefinitions = usages.otherDefinitions;
                out.leftOut = usages.leftOut;
                defs = {meant};
                for (const Usage &u : usages.usages)
                    refs.append(u.ref);
            } else {
                refs = named;
            }
            if (cancel.load())
                return out;
            QHash<QString, QSet<int>> wanted;
            for (const SymbolRecord &s : defs)
                wanted[s.path].insert(s.line);
            for (const RefRecord &r : refs)
                wanted[r.path].insert(r.line);
            const auto lines = readLines(root, wanted);
            // one line of one file
            auto add = [&out](const QString &path, int line, int column, const QString &kind, const QString &context,
                              const QString &text, bool textMatch) {
                out.locations.append(CodeLocation{path, line, column, line, kind, context, text, textMatch});
            };
            for (const SymbolRecord &s : defs)
                add(s.path, s.line, s.column, QCoreApplication::translate("RepoLens::MainWindow", "definition"),
                    names.of(s), lines.value(s.path).value(s.line), false);
            out.definitions = int(defs.size());
            for (const RefRecord &r : refs)
                add(r.path, r.line, r.column, refKindName(r.kind), names.ofChunk(r.path, r.fromName),
                    lines.value(r.path).value(r.line), false);
            std::stable_sort(out.locations.begin(), out.locations.end(), [](const CodeLocation &a, const CodeLocation &b) {
                return a.path != b.path ? a.path < b.path : a.line < b.line;
            });
            // The code lines that hold the name where the graph records nothing (a property
            // read, a callback, a constant used as a value): after the graph's, marked as text.
            const TextOccurrenceQuery textQuery = textOccurrenceQuery(*store, identifier, named);
            const TextOccurrences text = textOccurrences(IndexGrep(), *store, root, textQuery, &cancel);
            QSet<QString> textFiles;
            for (const GrepMatch &m : text.matches) {
                add(m.path, m.line, m.column, QCoreApplication::translate("RepoLens::MainWindow", "text match"),
                    QString(), m.text.trimmed(), true);
                if (!wanted.contains(m.path))
                    textFiles.insert(m.path);
            }
            out.textMatches = int(text.matches.size());
            out.moreText = text.more;
            out.files = int(wanted.size() + textFiles.size());
            return out;
        },
        [this, identifier](ReferenceLookup result) {
            if (!result.error.isEmpty()) {
                m_refs->setMessage(tr("Cannot find references: the folder is not indexed yet."));
                Q_EMIT referencesShown(0);
                return;
            }
            const int usages = int(result.locations.size()) - result.definitions - result.textMatches;
            QString title = tr("%1: %n usage(s)", nullptr, usages)
                                .arg(result.narrowedTo.isEmpty() ? identifier : result.narrowedTo)
                            + tr(", %n definition(s)", nullptr, result.definitions)
                            + (result.textMatches > 0 ? (result.moreText ? tr(", the first %n text match(es)", nullptr, result.textMatches)
                                                                          : tr(", %n text match(es)", nullptr, result.textMatches))
                                                      : QString())
                            + tr(" in %n file(s)", nullptr, result.files);
            if (!result.narrowedTo.isEmpty() && result.otherDefinitions > 0)
                title += tr(" · %n usage(s) of other definitions of %1 left out", nullptr, result.leftOut)
                             .arg(identifier);
            m_refs->setLocations(title, result.locations);
            Q_EMIT referencesShown(usages);
        });
}

void MainWindow::showHover(const QString &identifier, const QPoint &globalPos)
{
    m_queries->run<HoverInfo>(
        QStringLiteral("hover"), this,
        [identifier](const IndexStore *store, const Error &, const QueryRunner::CancelFlag &) {
            HoverInfo info;
            if (!store)
                return info;
            const QList<SymbolRecord> defs = store->symbols().named(identifier, 20);
            if (defs.isEmpty())
                return info;
            const int uses = store->symbols().refCount(identifier);
            const SymbolRecord &s = defs.first();
            QString sig = s.signature.trimmed();
            if (sig.isEmpty())
                sig = QualifiedNames(*store).of(s);
            if (sig.size() > 400)
                sig = sig.left(400) + QChar(0x2026);
            QStringList lines;
            lines << sig << QString();
            lines << QStringLiteral("%1 · %2:%3").arg(chunkKindName(s.kind), s.path).arg(s.line);
            if (defs.size() > 1)
                lines << QCoreApplication::translate("RepoLens::MainWindow", "%n definition(s)", nullptr,
                                                     int(defs.size()));
            lines << QCoreApplication::translate("RepoLens::MainWindow", "%n usage(s) in the index", nullptr, uses);
            info.text = lines.join(u'\n');
            return info;
        },
        [this, globalPos](HoverInfo info) {
            if (info.text.isEmpty())
                return;
            if ((QCursor::pos() - globalPos).manhattanLength() > 24 && !qEnvironmentVariableIsSet("REPOLENS_TEST"))
                return;
            // Plain text from the repository, escaped: never rendered as HTML.
            const QString html = QStringLiteral("<pre style=\"margin:0\">") + info.text.toHtmlEscaped()
                                 + QStringLiteral("</pre>");
            QToolTip::showText(globalPos, html, m_viewer->currentEditor());
            Q_EMIT hoverShown(info.text);
        });
}

// --- chat ------------------------------------------------------------------------------------

void MainWindow::ask(const QString &question)
{
    if (question.trimmed().isEmpty())
        return;
    m_chatDock->show();
    m_chatController->ask(question);
}

// --- chat, model and settings ----------------------------------------------------------------

void MainWindow::setUpChat()
{
    m_chatController = new ChatController(m_chat, m_queries, this);
    m_summaries = new SummaryRunner(statusBar(), m_chatController->conversations(), this);
    // Summaries are part of the vectors' text: the summarised chunks get new vectors.
    connect(m_summaries, &SummaryRunner::finished, this, [this](int summarized, bool) {
        if (summarized > 0)
            m_index->rerunAfterIndexHook();
    });
    connect(m_chat, &ChatPane::stopRequested, m_chatController, &ChatController::stop);
    connect(m_chatController, &ChatController::retrievalOnlyShown, this, &MainWindow::answerShown);
    connect(m_chatController, &ChatController::locationActivated, this, &MainWindow::openLocation);
    connect(m_chatController, &ChatController::settingsRequested, this, &MainWindow::showSettings);
    connect(m_chatController, &ChatController::settingsChanged, this, &MainWindow::loadApiKey);
    // The chat needs to know how complete the index is, and when it changed.
    connect(m_index, &IndexService::indexingStarted, m_chatController,
            [this] { m_chatController->setIndexState(true, m_index->lastProgress()); });
    connect(m_index, &IndexService::progressChanged, m_chatController,
            [this](const IndexProgress &p) { m_chatController->setIndexState(true, p); });
    // (indexFinished and indexFailed update the chat's index state in onIndexFinished /
    // onIndexFailed, before indexingFinished goes out.)
    connect(m_index, &IndexService::indexFinished, m_chatController, [this](const IndexReport &) {
        const LlmSettings &llm = m_chatController->settings();
        if (llm.summaries && llm.isConfigured() && !m_root.isEmpty())
            m_summaries->offer(m_index->databasePath(), llm.endpoint(m_chatController->apiKey()), !llm.sendCredentials);
    });
    // New vectors: searchers built before them are rebuilt with them.
    connect(m_index, &IndexService::afterIndexProgress, m_chatController, [this](int, int total) {
        if (total == 0)
            m_chatController->indexChanged();
    });
    connect(m_index, &IndexService::indexUpdated, m_chatController,
            [this](const IndexReport &, const QStringList &) { m_chatController->indexChanged(); });

    const AppearanceSettings appearance = AppearanceSettings::load();
    if (appearance.theme != AppearanceSettings::Theme::System)
        applyTheme(appearance.theme);
    if (!appearance.codeFontFamily.isEmpty() || appearance.codeFontSize > 0)
        setCodeFont(appearance.codeFont());
    setSyntaxTheme(appearance.syntaxThemeColours());
    connect(m_viewer, &CodeViewer::highlightNote, this,
            [this](const QString &note) { statusBar()->showMessage(note, 15000); });
    const IndexingSettings indexing = IndexingSettings::load();
    IndexOptions options = m_index->options();
    indexing.applyTo(options);
    m_index->setOptions(options);
    m_chatController->setSettings(LlmSettings::load(), SearchSettings::load());
    loadApiKey();
    if (m_options.detectOllama)
        QTimer::singleShot(0, m_chatController, &ChatController::detectOllama);
}

// The key of the configured endpoint: the system keychain first, then the environment
// variable the settings name (OPENAI_API_KEY by default).
void MainWindow::loadApiKey()
{
    const LlmSettings settings = m_chatController->settings();
    const QString envName = settings.apiKeyEnv.isEmpty() ? QStringLiteral("OPENAI_API_KEY") : settings.apiKeyEnv;
    const QString fromEnv = apiKeyFromEnvironment(settings);
    m_chatController->setApiKey(fromEnv, fromEnv.isEmpty() ? QString() : QStringLiteral("env:") + envName);
    const std::shared_ptr<CredentialStore> store = m_options.credentials;
    if (!store || !settings.isConfigured())
        return;
    const QString account = llmKeyAccount(settings.baseUrl.host());
    store->checkAvailability(this, [this, store, account](bool available) {
        if (!available)
            return;
        store->readSecret(account, this, [this](Result<QString> key) {
            if (key && !key->isEmpty())
                m_chatController->setApiKey(*key, QStringLiteral("keychain"));
        });
    });
}

void MainWindow::showSettings(const QString &page)
{
    SettingsBundle current;
    current.llm = m_chatController->settings();
    current.search = SearchSettings::load();
    current.indexing = IndexingSettings::load();
    current.appearance = AppearanceSettings::load();
    current.folder = m_root;
    auto *dialog = new SettingsDialog(current, m_options.credentials, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &SettingsDialog::applied, this, &MainWindow::applySettings);
    connect(dialog, &SettingsDialog::requestMade, m_chatController,
            [this](const RemoteCall &call) { m_chatController->logCall(call); });
    if (!page.isEmpty())
        dialog->showPage(page);
    dialog->open();
}

void MainWindow::applySettings(const SettingsBundle &b)
{
    const IndexingSettings oldIndexing = IndexingSettings::load();
    const SearchSettings oldSearch = SearchSettings::load();
    b.llm.save();
    b.search.save();
    b.indexing.save();
    b.appearance.save();
    m_chatController->setSettings(b.llm, b.search);
    if (b.keyChanged) {
        const std::shared_ptr<CredentialStore> store = m_options.credentials;
        const QString account = llmKeyAccount(b.llm.baseUrl.host());
        if (store && store->availability() == CredentialStore::Availability::Available) {
            auto done = [this](Result<void> r) {
                if (!r)
                    statusBar()->showMessage(tr("The key could not be stored in the keychain: %1").arg(r.error().message), 8000);
                loadApiKey();
            };
            if (b.key.isEmpty())
                store->deleteSecret(account, this, done);
            else
                store->writeSecret(account, b.key, this, done);
        } else {
            // No keychain: the key lives for this session only.
            m_chatController->setApiKey(b.key, QStringLiteral("session"));
        }
    } else {
        loadApiKey();
    }
    applyTheme(b.appearance.theme);
    setCodeFont(b.appearance.codeFont());
    setSyntaxTheme(b.appearance.syntaxThemeColours());
    const CodeTheme theme = CodeTheme::fromPalette(palette());
    for (CodeEditor *e : m_viewer->editors())
        e->applyTheme(theme);
    if (!(b.indexing == oldIndexing)) {
        IndexOptions options = m_index->options();
        options.scan.extraIgnorePatterns = b.indexing.ignorePatterns;
        options.scan.sizeCap = b.indexing.sizeCapBytes;
        m_index->setOptions(options);
        if (!m_root.isEmpty()) {
            statusBar()->showMessage(tr("Ignore rules changed: re-indexing"), 5000);
            m_index->start();
        }
    } else if (b.search.vectors
               && (!oldSearch.vectors || oldSearch.embedStatic != b.search.embedStatic || oldSearch.embedUrl != b.search.embedUrl
                   || oldSearch.embedModel != b.search.embedModel || oldSearch.embedBuiltin != b.search.embedBuiltin)
               && !m_root.isEmpty() && !m_index->isIndexing()) {
        // Another embedder: a run that finds the files unchanged, then the vectors of the new
        // model in the background (those of the old one are kept).
        statusBar()->showMessage(tr("Embedder changed: computing vectors"), 5000);
        m_index->start();
    }
    if (b.llm.summaries && b.llm.isConfigured() && !m_root.isEmpty() && !m_index->isIndexing())
        m_summaries->offer(m_index->databasePath(), b.llm.endpoint(m_chatController->apiKey()), !b.llm.sendCredentials);
}

// --- drag and drop ---------------------------------------------------------------------------

namespace {

bool carriesLocalFile(const QMimeData *mime)
{
    if (!mime || !mime->hasUrls())
        return false;
    for (const QUrl &url : mime->urls()) {
        if (url.isLocalFile())
            return true;
    }
    return false;
}

} // namespace

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::DragEnter:
    case QEvent::DragMove:
    case QEvent::Drop: {
        // Any widget of this window: the code editor and the question box would take a file
        // manager's drop as text (its path), the tree and other panes would refuse it.
        auto *widget = qobject_cast<QWidget *>(watched);
        if (!widget || widget->window() != this || widget == this)
            break;
        if (!carriesLocalFile(static_cast<QDropEvent *>(event)->mimeData()))
            break;
        return handleDrop(event);
    }
    default:
        break;
    }
    return QMainWindow::eventFilter(watched, event);
}

bool MainWindow::handleDrop(QEvent *event)
{
    auto *drop = static_cast<QDropEvent *>(event);
    if (event->type() == QEvent::Drop)
        dropEvent(drop);
    else
        drop->acceptProposedAction();
    return true;
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QMimeData *mime = event->mimeData();
    if (mime && mime->hasUrls() && !mime->urls().isEmpty() && mime->urls().first().isLocalFile())
        event->acceptProposedAction();
    else
        QMainWindow::dragEnterEvent(event);
}

void MainWindow::dragMoveEvent(QDragMoveEvent *event)
{
    const QMimeData *mime = event->mimeData();
    if (mime && mime->hasUrls())
        event->acceptProposedAction();
    else
        QMainWindow::dragMoveEvent(event);
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QMimeData *mime = event->mimeData();
    if (!mime || !mime->hasUrls()) {
        QMainWindow::dropEvent(event);
        return;
    }
    for (const QUrl &url : mime->urls()) {
        if (!url.isLocalFile())
            continue;
        event->acceptProposedAction();
        const QString path = url.toLocalFile();
        // Let the drag source finish before the (possibly modal) work starts.
        QMetaObject::invokeMethod(this, [this, path] { openPath(path); }, Qt::QueuedConnection);
        return;
    }
}

} // namespace RepoLens
