#pragma once

#include "chatpane.h"
#include "referencespanel.h"

#include "core/index/indexer.h"
#include "core/llm/credentialstore.h"

#include <QMainWindow>
#include <QPointer>
#include <QStringList>
#include <QTimer>

#include <memory>
#include <mutex>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QStackedWidget;
class QToolButton;

namespace RepoLens {

class ChatController;
class ChatPane;
class CodeViewer;
class FileTreePanel;
class GoToSymbolDialog;
class IndexService;
class QueryRunner;
class QuickOpenDialog;
class ReferencesPanel;
class FindInFolderPanel;
class StallDetector;
class SummaryRunner;
class SymbolsPanel;
struct Error;
struct SettingsBundle;

// The desktop window: files (left dock), code viewer (centre, tabs), chat (right dock),
// references (bottom dock), indexing progress in the status bar. Owns the IndexService and the
// QueryRunner; everything that touches SQLite, parses or walks files runs through them.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    struct Options
    {
        QString dataDir;        // where indexes live; empty: IndexStore::defaultDataDir()
        bool restoreState = true;
        bool stallDetector = true;
        // Where API keys are kept (the app passes the system keychain); none: the environment.
        std::shared_ptr<CredentialStore> credentials;
        bool detectOllama = true; // look for Ollama on this machine when no model is set
    };

    explicit MainWindow(QWidget *parent = nullptr);
    explicit MainWindow(const Options &options, QWidget *parent = nullptr);
    ~MainWindow() override;

    QString rootPath() const { return m_root; }
    bool isIndexing() const;

    CodeViewer *viewer() const { return m_viewer; }
    ChatPane *chat() const { return m_chat; }
    ChatController *chatController() const { return m_chatController; }
    SummaryRunner *summaryRunner() const { return m_summaries; }
    ReferencesPanel *references() const { return m_refs; }
    FindInFolderPanel *findInFolder() const { return m_findInFolder; }
    QDockWidget *findInFolderDock() const { return m_findInFolderDock; }
    FileTreePanel *fileTree() const { return m_files; }
    SymbolsPanel *symbols() const { return m_symbols; }
    GoToSymbolDialog *fileSymbolsDialog() const { return m_fileSymbolsDialog; }
    GoToSymbolDialog *folderSymbolsDialog() const { return m_folderSymbolsDialog; }
    IndexService *indexService() const { return m_index; }
    QueryRunner *queryRunner() const { return m_queries; }
    StallDetector *stallDetector() const { return m_stall; }
    QProgressBar *progressBar() const { return m_progress; }
    QLabel *progressLabel() const { return m_phaseLabel; }

    static QStringList recentFolders();
    // The folder a file belongs to: the nearest enclosing repository (.git, .hg, .svn, .jj),
    // never the home folder or /; without one, the file's own folder.
    static QString projectRootFor(const QString &filePath);
    // Settings: open the last folder again at start (File ▸ Reopen Last Folder at Start).
    static bool reopensLastFolder();
    static void setReopensLastFolder(bool on);
    // Opens the most recent folder when the setting is on and it still exists; false when not.
    bool reopenLastFolder();
    QLabel *cursorLabel() const { return m_cursorLabel; }
    QToolButton *cancelButton() const { return m_cancelButton; }

public Q_SLOTS:
    // Opens a folder (or the folder of a file, then shows the file) and starts indexing.
    bool openFolder(const QString &path);
    void openPath(const QString &path);
    void chooseFolder();
    void reindex();
    void cancelIndexing();
    void ask(const QString &question);
    void openLocation(const QString &path, int startLine, int endLine);
    void openFile(const QString &path);
    void goToDefinition(const QString &identifier);
    void findReferences(const QString &identifier);
    void quickOpen();
    // Ctrl+Shift+O / Ctrl+T: fuzzy Go to Symbol in the open file / in the whole folder (index).
    void goToSymbolInFile();
    void goToSymbolInFolder();
    void focusChat();
    // Alt+Left / Alt+Right: the places jumped from (definitions, references, citations).
    void goBack();
    void goForward();
    void showShortcuts();
    // Settings ▸ page ("model", "embeddings", "retrieval", "indexing", "appearance").
    void showSettings(const QString &page = {});
    void applySettings(const RepoLens::SettingsBundle &settings);

Q_SIGNALS:
    void folderOpened(const QString &rootPath);
    void treeUpdated();
    void indexingFinished();
    void answerShown(int resultCount);
    void definitionShown(const QString &path, int line);
    void referencesShown(int count);
    void hoverShown(const QString &text);

protected:
    // Drops of folders and files anywhere in the window (the editor, the tree, the question
    // box, ...) open them, before the widget under the cursor can take them as text.
    bool eventFilter(QObject *watched, QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void createActions();
    void createMenus();
    void createDocks();
    void createStatusBar();
    QWidget *createWelcomePage();
    void updateWelcomePage();
    void updateActions();
    void restoreSettings();
    void saveSettings();
    void addRecentFolder(const QString &path);
    void rebuildRecentMenu();

    void refreshTree(bool full);
    void refreshStats();
    void onIndexingStarted();
    void onProgress(const IndexProgress &progress);
    void onIndexFinished(const IndexReport &report);
    void onIndexFailed(const Error &error);
    void showHover(const QString &identifier, const QPoint &globalPos);
    QString currentIdentifier() const;
    void showFindInFolder();
    void connectFreshness();
    void updateCursorLabel();
    void updateStatsLabel();
    void recordJump();
    bool handleDrop(QEvent *event);
    void setUpChat();
    void loadApiKey();
    QString errorText(const Error &error) const;

    Options m_options;
    QString m_root;
    QString m_pendingFile; // a dropped file to show once the folder is open

    IndexService *m_index;
    QueryRunner *m_queries;
    StallDetector *m_stall = nullptr;

    QStackedWidget *m_center;
    QWidget *m_welcome;
    QWidget *m_welcomeRecent = nullptr;
    CodeViewer *m_viewer;
    FileTreePanel *m_files;
    ChatPane *m_chat;
    ChatController *m_chatController = nullptr;
    SummaryRunner *m_summaries = nullptr;
    ReferencesPanel *m_refs;
    FindInFolderPanel *m_findInFolder;
    SymbolsPanel *m_symbols;
    QDockWidget *m_symbolsDock;
    GoToSymbolDialog *m_fileSymbolsDialog = nullptr;
    GoToSymbolDialog *m_folderSymbolsDialog = nullptr;
    bool m_folderSymbolsStale = true; // the index changed since they were loaded
    QDockWidget *m_filesDock;
    QDockWidget *m_chatDock;
    QDockWidget *m_refsDock;
    QDockWidget *m_findInFolderDock;
    QuickOpenDialog *m_quickOpen = nullptr;

    QLabel *m_phaseLabel;
    QProgressBar *m_progress;
    QToolButton *m_cancelButton;
    QLabel *m_statsLabel;
    QLabel *m_vectorsLabel = nullptr;
    QLabel *m_watchLabel = nullptr;
    QLabel *m_cursorLabel = nullptr;
    int m_storeIndexed = 0;
    int m_storeNotIndexed = 0;
    int m_chunks = -1;
    QMetaObject::Connection m_cursorConnection;
    struct NavPosition
    {
        QString path;
        int line = 0;   // 1-based
        int column = 0; // 0-based
    };
    QList<NavPosition> m_back;
    QList<NavPosition> m_forward;
    NavPosition m_arrived; // the last jump's destination (the file may still be loading)
    void showPosition(const NavPosition &p);
    NavPosition currentPosition() const;
    QTimer m_treeTimer;
    // Files the user looked at last (most recent first): the embedding stage, on the indexer's
    // thread, does them first.
    struct RecentlyViewed
    {
        std::mutex mutex;
        QStringList paths;
    };
    std::shared_ptr<RecentlyViewed> m_recentlyViewed = std::make_shared<RecentlyViewed>();

    QMenu *m_recentMenu = nullptr;
    QAction *m_openAct = nullptr;
    QAction *m_quickOpenAct = nullptr;
    QAction *m_closeTabAct = nullptr;
    QAction *m_quitAct = nullptr;
    QAction *m_findAct = nullptr;
    QAction *m_findNextAct = nullptr;
    QAction *m_findPrevAct = nullptr;
    QAction *m_findInFolderAct = nullptr;
    QAction *m_gotoLineAct = nullptr;
    QAction *m_gotoDefAct = nullptr;
    QAction *m_findRefsAct = nullptr;
    QAction *m_gotoSymbolAct = nullptr;
    QAction *m_gotoFolderSymbolAct = nullptr;
    QAction *m_clearHighlightsAct = nullptr;
    QAction *m_reindexAct = nullptr;
    QAction *m_cancelIndexAct = nullptr;
    QAction *m_focusChatAct = nullptr;
    QAction *m_focusFilesAct = nullptr;
    QAction *m_shortcutsAct = nullptr;
    QAction *m_aboutAct = nullptr;
    QAction *m_settingsAct = nullptr;
    QAction *m_sentLogAct = nullptr;
    QAction *m_backAct = nullptr;
    QAction *m_forwardAct = nullptr;
    QAction *m_reopenAct = nullptr;
};

} // namespace RepoLens
