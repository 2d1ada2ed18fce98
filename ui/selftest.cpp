#include "selftest.h"

#include "chatpane.h"
#include "codeeditor.h"
#include "codeviewer.h"
#include "findbar.h"
#include "findinfolderpanel.h"
#include "mainwindow.h"
#include "stalldetector.h"

#include "referencespanel.h"

#include "core/index/indexservice.h"

#include <QDir>
#include <QDockWidget>
#include <QPixmap>
#include <QElapsedTimer>
#include <QFile>
#include <QTimer>

#include <cstdio>
#include <memory>

namespace RepoLens {

namespace {

const char *const kConfigPy = R"PY("""Configuration loading for the sample service."""

import json
import os


class ConfigError(Exception):
    """Raised when the configuration file is missing or invalid."""


def parse_config(path):
    """Read a JSON configuration file and return it as a dict."""
    if not os.path.exists(path):
        raise ConfigError(f"missing config file: {path}")
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    return normalise(data)


def normalise(data):
    """Fill in defaults for the keys the service needs."""
    data.setdefault("port", 8080)
    data.setdefault("workers", 4)
    return data
)PY";

const char *const kServerPy = R"PY(from config import parse_config


class Server:
    def __init__(self, config_path):
        self.config = parse_config(config_path)
        self.running = False

    def start(self):
        port = self.config["port"]
        self.running = True
        return port

    def stop(self):
        self.running = False
)PY";

const char *const kRingCpp = R"CPP(#include <cstddef>
#include <vector>

// A fixed-size ring buffer that overwrites the oldest element when full.
template<typename T>
class RingBuffer
{
public:
    explicit RingBuffer(std::size_t capacity) : m_items(capacity) {}

    void push(const T &value)
    {
        m_items[m_head] = value;
        m_head = (m_head + 1) % m_items.size();
        if (m_size < m_items.size())
            ++m_size;
    }

    std::size_t size() const { return m_size; }

private:
    std::vector<T> m_items;
    std::size_t m_head = 0;
    std::size_t m_size = 0;
};
)CPP";

const char *const kReadme = R"MD(# Sample service

Reads its configuration with `parse_config` and serves requests.

## Running

Start the server with `Server(path).start()`.
)MD";

} // namespace

SelfTest::SelfTest(MainWindow *window, QString folder, QString query, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_folder(std::move(folder))
    , m_query(std::move(query))
{
}

SelfTest::~SelfTest() = default;

bool SelfTest::writeFixture(const QString &dir)
{
    const QList<QPair<QString, const char *>> files = {
        {QStringLiteral("service/config.py"), kConfigPy},
        {QStringLiteral("service/server.py"), kServerPy},
        {QStringLiteral("src/ringbuffer.h"), kRingCpp},
        {QStringLiteral("README.md"), kReadme},
    };
    for (const auto &[rel, text] : files) {
        const QString path = dir + u'/' + rel;
        QDir().mkpath(path.section(u'/', 0, -2));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return false;
        f.write(text);
    }
    return true;
}

void SelfTest::step(const QString &message)
{
    std::fprintf(stderr, "self-test: %s\n", qPrintable(message));
}

void SelfTest::fail(const QString &message)
{
    if (m_done)
        return;
    m_done = true;
    std::fprintf(stderr, "self-test: FAILED: %s\n", qPrintable(message));
    Q_EMIT finished(1);
}

void SelfTest::succeed()
{
    if (m_done)
        return;
    m_done = true;
    if (StallDetector *stall = m_window->stallDetector())
        step(QStringLiteral("longest event-loop stall: %1 ms").arg(stall->longestStallMs()));
    step(QStringLiteral("passed"));
    Q_EMIT finished(0);
}

void SelfTest::start(int timeoutMs)
{
    QTimer::singleShot(timeoutMs, this, [this] { fail(QStringLiteral("timed out")); });
    if (m_folder.isEmpty()) {
        m_tempDir = std::make_unique<QTemporaryDir>();
        if (!m_tempDir->isValid() || !writeFixture(m_tempDir->path())) {
            fail(QStringLiteral("cannot write the fixture folder"));
            return;
        }
        m_folder = m_tempDir->path();
        if (m_query.isEmpty())
            m_query = QStringLiteral("where is the config file parsed");
    }
    if (m_query.isEmpty())
        m_query = QStringLiteral("main");
    connect(m_window, &MainWindow::indexingFinished, this, &SelfTest::onIndexed);
    connect(m_window, &MainWindow::answerShown, this, &SelfTest::onAnswer);
    if (!m_screenshotDir.isEmpty()) {
        screenshot(QStringLiteral("welcome"));
        // Indexing under way: files done / total, phase, progress bar and cancel button in the
        // status bar. Taken once, a third of the way through parsing (progress comes at ~10 Hz:
        // a quick run may skip past that, then when linking starts).
        auto taken = std::make_shared<bool>(false);
        connect(m_window->indexService(), &IndexService::progressChanged, this, [this, taken](const IndexProgress &p) {
            const bool parsed = p.phase == IndexProgress::Phase::Parsing && p.filesTotal > 0 && p.filesDone * 3 >= p.filesTotal;
            if (*taken || !(parsed || p.phase == IndexProgress::Phase::Linking))
                return;
            *taken = true;
            screenshot(QStringLiteral("indexing"));
        });
    }
    step(QStringLiteral("opening %1").arg(m_folder));
    if (!m_window->openFolder(m_folder))
        fail(QStringLiteral("cannot open %1").arg(m_folder));
}

void SelfTest::screenshot(const QString &name)
{
    QDir().mkpath(m_screenshotDir);
    const QString path = m_screenshotDir + u'/' + name + QStringLiteral(".png");
    if (m_window->grab().save(path))
        step(QStringLiteral("saved %1").arg(path));
    else
        step(QStringLiteral("could not save %1").arg(path));
}

void SelfTest::finishWithScreenshots()
{
    // Let the viewer paint and the hover settle first.
    QTimer::singleShot(800, this, [this] {
        screenshot(QStringLiteral("answer"));
        CodeEditor *editor = m_window->viewer()->currentEditor();
        const QString symbol = editor ? m_symbol : QString();
        if (symbol.isEmpty()) {
            succeed();
            return;
        }
        connect(m_window, &MainWindow::referencesShown, this, [this, symbol] {
            QTimer::singleShot(500, this, [this, symbol] {
                screenshot(QStringLiteral("references"));
                // F2 on the symbol: the viewer at its definition, the Symbols panel on it; then the
                // small-screen pictures (also when no definition is found within 10 s)
                auto next = std::make_shared<bool>(false);
                auto small = [this, symbol, next] {
                    if (*next)
                        return;
                    *next = true;
                    smallScreenShots(symbol);
                };
                connect(m_window, &MainWindow::definitionShown, this, [this, small] {
                    QTimer::singleShot(800, this, [this, small] {
                        screenshot(QStringLiteral("definition"));
                        small();
                    });
                }, Qt::SingleShotConnection);
                QTimer::singleShot(10000, this, small);
                m_window->goToDefinition(symbol);
            });
        }, Qt::SingleShotConnection);
        m_window->findReferences(symbol);
    });
}

void SelfTest::smallScreenShots(const QString &symbol)
{
    // A 1024 x 700 screen: every pane still fits, with the Find bar open ("n of m", all
    // matches marked); then a "who calls" answer (call sites by file).
    m_extraAnswer = true;
    m_window->showNormal();
    m_window->resize(1024, 700);
    m_window->viewer()->showFindBar();
    if (FindBar *bar = m_window->viewer()->findBar()) {
        bar->activate(symbol);
        bar->findNext();
        bar->findNext();
    }
    QTimer::singleShot(600, this, [this, symbol] {
        screenshot(QStringLiteral("small"));
        connect(m_window, &MainWindow::answerShown, this, [this, symbol] {
            QTimer::singleShot(500, this, [this, symbol] {
                screenshot(QStringLiteral("who-calls"));
                findInFolderShot(symbol);
            });
        }, Qt::SingleShotConnection);
        m_window->ask(QStringLiteral("who calls %1").arg(symbol));
    });
}

void SelfTest::findInFolderShot(const QString &symbol)
{
    // Edit ▸ Find in Folder on the symbol, live from the grep index: matches grouped by file,
    // each line with its number and the match marked.
    m_window->resize(1400, 880);
    if (FindBar *bar = m_window->viewer()->findBar())
        bar->hide();
    connect(m_window->findInFolder(), &FindInFolderPanel::searchFinished, this, [this] {
        QTimer::singleShot(600, this, [this] {
            screenshot(QStringLiteral("find-in-folder"));
            succeed();
        });
    }, Qt::SingleShotConnection);
    m_window->findInFolderDock()->show();
    m_window->findInFolderDock()->raise();
    m_window->resizeDocks({m_window->findInFolderDock()}, {380}, Qt::Vertical);
    m_window->findInFolder()->activate(symbol);
}

void SelfTest::onIndexed()
{
    if (m_asked || m_done)
        return;
    m_asked = true;
    if (m_screenshotDir.isEmpty()) {
        step(QStringLiteral("indexed; asking \"%1\"").arg(m_query));
        m_window->ask(m_query);
        return;
    }
    // Pictures show the product at rest: the vectors computed behind the keyword index too.
    step(QStringLiteral("indexed; waiting for the vectors"));
    auto asked = std::make_shared<bool>(false);
    auto ask = [this, asked] {
        if (*asked || m_done)
            return;
        *asked = true;
        step(QStringLiteral("asking \"%1\"").arg(m_query));
        m_window->ask(m_query);
    };
    connect(m_window->indexService(), &IndexService::afterIndexProgress, this, [ask](int, int total) {
        if (total == 0)
            ask();
    });
    QTimer::singleShot(60000, this, ask);
}

void SelfTest::onAnswer(int results)
{
    if (m_done || m_extraAnswer)
        return;
    step(QStringLiteral("%1 results").arg(results));
    const QList<ResultCard *> cards = m_window->chat()->lastResultCards();
    // A "who calls" answer lists call sites, definitions first, instead of result cards.
    const auto callSites = cards.isEmpty() ? m_window->chat()->lastCallSiteLinks() : QList<QPair<LinkLabel *, CallSite>>();
    if (results == 0 || (cards.isEmpty() && callSites.isEmpty())) {
        fail(QStringLiteral("the query found nothing"));
        return;
    }
    ChatResult top;
    if (!cards.isEmpty()) {
        top = cards.first()->result();
        step(QStringLiteral("opening the top hit %1:%2-%3").arg(top.path).arg(top.startLine).arg(top.endLine));
        m_symbol = top.symbol.section(u'.', -1);
        Q_EMIT cards.first()->pathLabel()->clicked();
    } else {
        const auto &[link, site] = callSites.first();
        top.path = site.path;
        top.startLine = top.endLine = site.line;
        m_symbol = m_window->chat()->lastCallSitesOf().section(u'.', -1);
        step(QStringLiteral("%1 call sites of %2; opening %3:%4").arg(results).arg(m_symbol, top.path).arg(top.startLine));
        Q_EMIT link->clicked();
    }
    CodeEditor *editor = m_window->viewer()->currentEditor();
    if (!editor || editor->relativePath() != top.path) {
        fail(QStringLiteral("the viewer did not open %1").arg(top.path));
        return;
    }
    auto check = [this, editor, top] {
        if (editor->lines() < top.endLine) {
            fail(QStringLiteral("the viewer shows %1 lines, fewer than the hit's end line %2")
                     .arg(editor->lines())
                     .arg(top.endLine));
            return;
        }
        if (!editor->snippetHighlights().contains(qMakePair(top.startLine, top.endLine))) {
            fail(QStringLiteral("the cited range is not highlighted"));
            return;
        }
        if (m_screenshotDir.isEmpty())
            succeed();
        else
            finishWithScreenshots();
    };
    if (editor->isLoaded())
        check();
    else
        connect(editor, &CodeEditor::loaded, this, check, Qt::SingleShotConnection);
}

} // namespace RepoLens
