#include "codeeditor.h"

#include "async.h"
#include "highlighter.h"
#include "treesitterlexer.h"
#include "uilogging.h"

#include "core/base/safefile.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMimeDatabase>
#include <QMouseEvent>
#include <QStringDecoder>
#include <QToolTip>

namespace RepoLens {

namespace {

constexpr int kSnippetIndicator = 8;
constexpr int kFindIndicator = 9;
constexpr int kLinkIndicator = 10;
constexpr int kSnippetMarker = 1;
constexpr int kSnippetBackground = 2;
constexpr int kNumberMargin = 0;
constexpr int kMarkerMargin = 1;
constexpr int kFoldMargin = 2;

constexpr qint64 kMaxViewBytes = 16 * 1024 * 1024;
constexpr qint64 kMaxHighlightBytes = 2 * 1024 * 1024;

QList<int> indentationFoldLevels(const QByteArray &text)
{
    // Scintilla fold levels from indentation, as VS Code folds by default: a line is a fold
    // header when the next non-blank line is indented deeper; blank lines take the level of
    // the next non-blank line.
    constexpr int base = 0x400;       // SC_FOLDLEVELBASE
    constexpr int whiteFlag = 0x1000; // SC_FOLDLEVELWHITEFLAG
    constexpr int headerFlag = 0x2000;
    QList<int> indents; // -1 for blank lines
    const char *p = text.constData();
    const char *end = p + text.size();
    while (p <= end) {
        int indent = 0;
        const char *q = p;
        while (q < end && (*q == ' ' || *q == '\t')) {
            indent += *q == '\t' ? 4 - indent % 4 : 1;
            ++q;
        }
        const bool blank = q == end || *q == '\n' || *q == '\r';
        indents.append(blank ? -1 : indent);
        const char *nl = static_cast<const char *>(memchr(q, '\n', size_t(end - q)));
        if (!nl)
            break;
        p = nl + 1;
    }
    QList<int> levels(indents.size());
    int next = 0;
    for (qsizetype i = indents.size() - 1; i >= 0; --i) {
        const int indent = indents.at(i);
        if (indent < 0) {
            levels[i] = (base + std::min(next, 0x3ff)) | whiteFlag;
            continue;
        }
        int level = base + std::min(indent, 0x3ff);
        if (next > indent)
            level |= headerFlag;
        levels[i] = level;
        next = indent;
    }
    return levels;
}

} // namespace

LanguageId fileLanguage(const QString &absPath, const QString &rootPath, LanguageId byName, const QByteArray &text)
{
    if (HeaderLanguages::isHeader(absPath)) {
        // Relative to the opened folder when the file is inside it, else to its own folder.
        const QString root = !rootPath.isEmpty() && absPath.startsWith(rootPath + u'/') ? rootPath
                                                                                       : QFileInfo(absPath).path();
        const QString rel = absPath.mid(root.size() + 1);
        HeaderLanguages headers;
        QString folder = QFileInfo(rel).path();
        if (folder == u'.')
            folder.clear();
        for (int depth = 0; depth < 16; ++depth) {
            const QString dir = folder.isEmpty() ? root : root + u'/' + folder;
            bool sources = false;
            for (const QString &f : QDir(dir).entryList(QDir::Files)) {
                const QString path = folder.isEmpty() ? f : folder + u'/' + f;
                headers.addFile(path);
                const LanguageId lang = languageForPath(f);
                sources = sources || (!HeaderLanguages::isHeader(f)
                                      && (lang == LanguageId::C || lang == LanguageId::Cpp || lang == LanguageId::ObjC));
            }
            if (sources || folder.isEmpty())
                break;
            const qsizetype slash = folder.lastIndexOf(u'/');
            folder = slash < 0 ? QString() : folder.left(slash);
        }
        return headers.languageOf(rel);
    }
    if (byName == LanguageId::None)
        return languageForShebang(text);
    return byName;
}

LoadedFile loadFile(const QString &absPath, LanguageId language, const QString &rootPath)
{
    LoadedFile out;
    out.language = language;
    // Never blocks on a FIFO or device swapped in for the file: regular files only.
    Result<QByteArray> read = readRegularFile(QFile::encodeName(absPath), kMaxViewBytes);
    if (!read) {
        out.error = read.error().message;
        return out;
    }
    QByteArray bytes = std::move(*read);
    out.truncated = bytes.size() > kMaxViewBytes;
    if (out.truncated)
        bytes.truncate(kMaxViewBytes);
    if (bytes.left(8192).contains('\0')) {
        out.binary = true;
        return out;
    }
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString decoded = decoder.decode(bytes);
    if (decoder.hasError() && !out.truncated) {
        out.converted = true;
        bytes = QString::fromLatin1(bytes).toUtf8();
    }
    if (bytes.startsWith("\xEF\xBB\xBF"))
        bytes.remove(0, 3);
    out.utf8 = std::move(bytes);
    out.language = fileLanguage(absPath, rootPath, language, out.utf8);
    if (!out.highlightable())
        return out;
    if (isTreeSitterLanguage(out.language)) {
        out.spans = highlight(out.language, out.utf8);
    } else {
        static const QMimeDatabase mimes; // thread-safe
        out.mimeType = mimes.mimeTypeForFileNameAndData(absPath, out.utf8.left(4096)).name();
    }
    out.foldLevels = indentationFoldLevels(out.utf8);
    return out;
}

bool LoadedFile::highlightable() const
{
    return error.isEmpty() && !binary && utf8.size() <= kMaxHighlightBytes;
}

CodeEditor::CodeEditor(QWidget *parent)
    : QsciScintilla(parent)
{
    m_theme = CodeTheme::fromPalette(palette());
    configure();
    connect(this, &QsciScintillaBase::SCN_DWELLSTART, this, &CodeEditor::onDwellStart);
    connect(this, &QsciScintillaBase::SCN_DWELLEND, this, [] { QToolTip::hideText(); });
}

CodeEditor::~CodeEditor() = default;

void CodeEditor::configure()
{
    setUtf8(true);
    setReadOnly(true);
    setEolMode(EolUnix);
    setTabWidth(4);
    setIndentationGuides(true);
    setBraceMatching(SloppyBraceMatch);
    setCaretLineVisible(true);
    setCaretWidth(2);
    setWrapMode(WrapNone);
    setFrameShape(QFrame::NoFrame);
    SendScintilla(SCI_SETSCROLLWIDTHTRACKING, 1);
    SendScintilla(SCI_SETSCROLLWIDTH, 1);
    SendScintilla(SCI_SETMOUSEDWELLTIME, 500);
    SendScintilla(SCI_SETCARETLINEVISIBLEALWAYS, 1);
    SendScintilla(SCI_SETEXTRAASCENT, 1);
    SendScintilla(SCI_SETEXTRADESCENT, 1);

    setMarginType(kNumberMargin, NumberMargin);
    setMarginLineNumbers(kNumberMargin, true);
    setMarginType(kMarkerMargin, SymbolMargin);
    setMarginWidth(kMarkerMargin, 6);
    setMarginMarkerMask(kNumberMargin, 0);
    setMarginMarkerMask(kMarkerMargin, (1 << kSnippetMarker));
    setMarginSensitivity(kMarkerMargin, false);
    setFolding(BoxedTreeFoldStyle, kFoldMargin);

    markerDefine(LeftRectangle, kSnippetMarker);
    markerDefine(Background, kSnippetBackground);

    indicatorDefine(FullBoxIndicator, kSnippetIndicator);
    setIndicatorDrawUnder(true, kSnippetIndicator);

    indicatorDefine(RoundBoxIndicator, kFindIndicator);
    setIndicatorDrawUnder(true, kFindIndicator);

    indicatorDefine(PlainIndicator, kLinkIndicator);

    applyTheme(m_theme);
}

void CodeEditor::applyTheme(const CodeTheme &theme)
{
    m_theme = theme;
    setPaper(theme.background);
    setColor(theme.foreground);
    setFont(theme.font);
    setMarginsFont(theme.font);
    setMarginsBackgroundColor(theme.marginBackground);
    setMarginsForegroundColor(theme.marginForeground);
    setFoldMarginColors(theme.foldMargin, theme.foldMargin);
    for (int marker = 25; marker <= 31; ++marker) { // SC_MARKNUM_FOLDEREND .. SC_MARKNUM_FOLDEROPEN
        setMarkerForegroundColor(theme.background, marker);
        setMarkerBackgroundColor(theme.marginForeground, marker);
    }
    setCaretLineBackgroundColor(theme.caretLine);
    setCaretForegroundColor(theme.foreground);
    // Opaque, mixed with the paper: a translucent selection is drawn over the text (Scintilla 5
    // puts it on the layer above), which washed out the name a jump or Find had selected.
    {
        const QColor sel = theme.selection;
        const qreal a = sel.alphaF();
        setSelectionBackgroundColor(QColor::fromRgbF(theme.background.redF() * (1 - a) + sel.redF() * a,
                                                     theme.background.greenF() * (1 - a) + sel.greenF() * a,
                                                     theme.background.blueF() * (1 - a) + sel.blueF() * a));
        resetSelectionForegroundColor();
    }
    setMatchedBraceBackgroundColor(theme.caretLine.darker(theme.dark ? 70 : 110));
    setMatchedBraceForegroundColor(theme.foreground);
    setIndentationGuidesForegroundColor(theme.indentGuide);
    setIndentationGuidesBackgroundColor(theme.background);
    setMarkerBackgroundColor(theme.snippetMarker, kSnippetMarker);
    setMarkerForegroundColor(theme.snippetMarker, kSnippetMarker);
    QColor band = theme.snippet;
    band.setAlphaF(1.0);
    const qreal f = theme.dark ? 0.14 : 0.17;
    const QColor bandMixed = QColor::fromRgbF(theme.background.redF() * (1 - f) + band.redF() * f,
                                              theme.background.greenF() * (1 - f) + band.greenF() * f,
                                              theme.background.blueF() * (1 - f) + band.blueF() * f);
    setMarkerBackgroundColor(bandMixed, kSnippetBackground);
    // QScintilla takes the fill alpha from the colour's alpha: keep the text readable.
    QColor snippet = theme.snippet;
    snippet.setAlpha(theme.dark ? 40 : 34);
    setIndicatorForegroundColor(snippet, kSnippetIndicator);
    SendScintilla(SCI_INDICSETOUTLINEALPHA, static_cast<unsigned long>(kSnippetIndicator), 0L);
    QColor match = theme.findMatch;
    match.setAlpha(theme.dark ? 80 : 70);
    setIndicatorForegroundColor(match, kFindIndicator);
    SendScintilla(SCI_INDICSETOUTLINEALPHA, static_cast<unsigned long>(kFindIndicator), 160L);
    setIndicatorForegroundColor(theme.link, kLinkIndicator);
    if (m_highlighter)
        m_highlighter->setTheme(theme);
    updateLineNumberWidth();
}

TreeSitterLexer *CodeEditor::treeSitterLexer() const
{
    return m_highlighter ? qobject_cast<TreeSitterLexer *>(m_highlighter->lexer()) : nullptr;
}

QString CodeEditor::highlightNote() const
{
    return m_highlighter ? m_highlighter->note() : QString();
}

void CodeEditor::openFile(const QString &absPath, const QString &relPath)
{
    m_absPath = absPath;
    m_relPath = relPath;
    m_language = languageForPath(relPath.isEmpty() ? absPath : relPath);
    reload();
}

void CodeEditor::reload()
{
    m_loaded = false;
    const quint64 generation = ++m_loadGeneration;
    const QString path = m_absPath;
    const LanguageId language = m_language;
    QString root;
    if (!m_relPath.isEmpty() && path.endsWith(u'/' + m_relPath))
        root = path.left(path.size() - m_relPath.size() - 1);
    runAsync(
        this, [path, language, root] { return loadFile(path, language, root); },
        [this, generation](LoadedFile file) {
            if (generation != m_loadGeneration)
                return;
            applyLoaded(std::move(file));
        });
}

void CodeEditor::setupHighlighter(const LoadedFile &file)
{
    Highlighter *old = std::exchange(m_highlighter, nullptr);
    setLexer(nullptr);
    if (old) {
        old->disconnect(this);
        old->deleteLater();
    }
    if (file.highlightable()) {
        m_highlighter = Highlighter::create(file.language, m_theme, this);
        connect(m_highlighter, &Highlighter::noteChanged, this, &CodeEditor::highlightNoteChanged);
        connect(m_highlighter, &Highlighter::finished, this, &CodeEditor::highlightingFinished);
        setLexer(m_highlighter->lexer());
    }
    // setLexer() resets fonts and colours of the margins and caret line
    applyTheme(m_theme);
}

void CodeEditor::applyLoaded(LoadedFile &&file)
{
    m_loadError.clear();
    m_language = file.language;
    setupHighlighter(file);
    setReadOnly(false);
    if (!file.error.isEmpty()) {
        m_loadError = file.error;
        setText(tr("Cannot open %1: %2").arg(m_absPath, file.error));
    } else if (file.binary) {
        m_loadError = tr("binary file");
        setText(tr("%1 is a binary file and is not shown.").arg(QFileInfo(m_absPath).fileName()));
    } else {
        SendScintilla(SCI_SETTEXT, uintptr_t(0), file.utf8.constData());
    }
    SendScintilla(SCI_EMPTYUNDOBUFFER);
    setReadOnly(true);
    if (m_highlighter) {
        for (int line = 0; line < file.foldLevels.size(); ++line)
            SendScintilla(SCI_SETFOLDLEVEL, line, file.foldLevels.at(line));
    }
    updateLineNumberWidth();
    m_loaded = true;
    if (m_highlighter)
        m_highlighter->highlight(file, m_relPath.isEmpty() ? m_absPath : m_relPath);
    for (const QPair<int, int> &range : std::as_const(m_snippets))
        paintSnippet(range.first, range.second);
    const auto pending = std::exchange(m_pending, {});
    for (const auto &fn : pending)
        fn();
    Q_EMIT loaded();
}

void CodeEditor::updateLineNumberWidth()
{
    const int digits = std::max(3, int(QString::number(std::max(1, lines())).size()));
    setMarginWidth(kNumberMargin, QString(digits + 1, u'9'));
}

void CodeEditor::paintSnippet(int startLine, int endLine)
{
    const int first = std::max(0, startLine - 1);
    const int last = std::min(lines() - 1, endLine - 1);
    if (last < first)
        return;
    fillIndicatorRange(first, 0, last, lineLength(last), kSnippetIndicator);
    for (int line = first; line <= last; ++line) {
        markerAdd(line, kSnippetMarker);
        markerAdd(line, kSnippetBackground);
    }
}

void CodeEditor::addSnippetHighlight(int startLine, int endLine)
{
    if (endLine < startLine)
        std::swap(startLine, endLine);
    const QPair<int, int> range(startLine, endLine);
    if (!m_snippets.contains(range))
        m_snippets.append(range);
    if (m_loaded)
        paintSnippet(startLine, endLine);
}

void CodeEditor::clearSnippetHighlights()
{
    m_snippets.clear();
    if (!m_loaded)
        return;
    clearIndicatorRange(0, 0, std::max(0, lines() - 1), lineLength(std::max(0, lines() - 1)),
                        kSnippetIndicator);
    markerDeleteAll(kSnippetMarker);
    markerDeleteAll(kSnippetBackground);
}

void CodeEditor::revealLines(int startLine, int endLine)
{
    if (!m_loaded) {
        m_pending.append([this, startLine, endLine] { revealLines(startLine, endLine); });
        return;
    }
    const int first = std::clamp(startLine - 1, 0, std::max(0, lines() - 1));
    const int last = std::clamp(endLine - 1, first, std::max(0, lines() - 1));
    for (int line = first; line <= last; ++line)
        SendScintilla(SCI_ENSUREVISIBLE, line);
    const int onScreen = int(SendScintilla(SCI_LINESONSCREEN));
    const int span = last - first + 1;
    const int top = span < onScreen ? first - (onScreen - span) / 3 : first - 2;
    setFirstVisibleLine(std::max(0, top));
    setCursorPosition(first, 0);
}

void CodeEditor::goToLine(int line)
{
    revealLines(line, line);
}

int CodeEditor::currentLineNumber() const
{
    int line = 0;
    int index = 0;
    getCursorPosition(&line, &index);
    return line + 1;
}

QString CodeEditor::identifierAt(int position) const
{
    if (position < 0 || position >= length())
        return QString();
    auto *self = const_cast<CodeEditor *>(this);
    const int start = int(self->SendScintilla(SCI_WORDSTARTPOSITION, position, true));
    const int end = int(self->SendScintilla(SCI_WORDENDPOSITION, position, true));
    if (end <= start)
        return QString();
    const QString word = text(start, end);
    if (word.isEmpty() || word.at(0).isDigit())
        return QString();
    for (QChar c : word) {
        if (!c.isLetterOrNumber() && c != u'_' && c != u'$')
            return QString();
    }
    return word;
}

QString CodeEditor::identifierUnderCursor() const
{
    auto *self = const_cast<CodeEditor *>(this);
    const int pos = int(self->SendScintilla(SCI_GETCURRENTPOS));
    QString word = identifierAt(pos);
    if (word.isEmpty() && pos > 0)
        word = identifierAt(pos - 1);
    return word;
}

int CodeEditor::positionAtPoint(const QPoint &p) const
{
    auto *self = const_cast<CodeEditor *>(this);
    return int(self->SendScintilla(SCI_POSITIONFROMPOINTCLOSE, p.x(), p.y()));
}

QPoint CodeEditor::pointForPosition(int position) const
{
    auto *self = const_cast<CodeEditor *>(this);
    return QPoint(int(self->SendScintilla(SCI_POINTXFROMPOSITION, 0, position)),
                  int(self->SendScintilla(SCI_POINTYFROMPOSITION, 0, position)));
}

void CodeEditor::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ControlModifier)) {
        const int pos = positionAtPoint(event->position().toPoint());
        const QString word = identifierAt(pos);
        if (!word.isEmpty()) {
            SendScintilla(SCI_GOTOPOS, pos);
            clearLinkHover();
            Q_EMIT definitionRequested(word);
            event->accept();
            return;
        }
    }
    QsciScintilla::mousePressEvent(event);
}

void CodeEditor::mouseMoveEvent(QMouseEvent *event)
{
    if (event->modifiers() & Qt::ControlModifier)
        setLinkHover(positionAtPoint(event->position().toPoint()));
    else
        clearLinkHover();
    QsciScintilla::mouseMoveEvent(event);
}

void CodeEditor::keyReleaseEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Control)
        clearLinkHover();
    QsciScintilla::keyReleaseEvent(event);
}

void CodeEditor::leaveEvent(QEvent *event)
{
    clearLinkHover();
    QsciScintilla::leaveEvent(event);
}

void CodeEditor::setLinkHover(int position)
{
    const QString word = identifierAt(position);
    if (word.isEmpty()) {
        clearLinkHover();
        return;
    }
    const int start = int(SendScintilla(SCI_WORDSTARTPOSITION, position, true));
    const int end = int(SendScintilla(SCI_WORDENDPOSITION, position, true));
    if (start == m_linkStart && end == m_linkEnd)
        return;
    clearLinkHover();
    SendScintilla(SCI_SETINDICATORCURRENT, kLinkIndicator);
    SendScintilla(SCI_INDICATORFILLRANGE, start, end - start);
    m_linkStart = start;
    m_linkEnd = end;
}

void CodeEditor::clearLinkHover()
{
    if (m_linkStart < 0)
        return;
    SendScintilla(SCI_SETINDICATORCURRENT, kLinkIndicator);
    SendScintilla(SCI_INDICATORCLEARRANGE, m_linkStart, m_linkEnd - m_linkStart);
    m_linkStart = m_linkEnd = -1;
}

void CodeEditor::onDwellStart(int position, int x, int y)
{
    if (position < 0 || !m_loaded || QApplication::activePopupWidget())
        return;
    const QString word = identifierAt(position);
    if (word.isEmpty())
        return;
    Q_EMIT hoverRequested(word, viewport()->mapToGlobal(QPoint(x, y)));
}

void CodeEditor::contextMenuEvent(QContextMenuEvent *event)
{
    QString word;
    if (event->reason() == QContextMenuEvent::Mouse) {
        const QPoint p = viewport()->mapFromGlobal(event->globalPos());
        const int pos = positionAtPoint(p);
        word = identifierAt(pos);
        if (!word.isEmpty() && !hasSelectedText())
            SendScintilla(SCI_GOTOPOS, pos);
    } else {
        word = identifierUnderCursor();
    }
    QMenu *menu = createStandardContextMenu();
    QAction *first = menu->actions().value(0);
    auto *gotoDef = new QAction(tr("Go to Definition"), menu);
    gotoDef->setShortcut(QKeySequence(Qt::Key_F2));
    gotoDef->setEnabled(!word.isEmpty());
    connect(gotoDef, &QAction::triggered, this, [this, word] { Q_EMIT definitionRequested(word); });
    auto *refs = new QAction(tr("Find References"), menu);
    refs->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F12));
    refs->setEnabled(!word.isEmpty());
    connect(refs, &QAction::triggered, this, [this, word] { Q_EMIT referencesRequested(word); });
    menu->insertAction(first, gotoDef);
    menu->insertAction(first, refs);
    menu->insertSeparator(first);
    if (!m_snippets.isEmpty()) {
        menu->addSeparator();
        menu->addAction(tr("Clear Highlighted Ranges"), this, &CodeEditor::clearSnippetHighlights);
    }
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(event->globalPos());
}

int CodeEditor::markAllMatches(const QString &needle, bool caseSensitive, bool wholeWord, bool regex)
{
    clearMatchMarks();
    if (needle.isEmpty() || !m_loaded)
        return 0;
    int flags = 0;
    if (caseSensitive)
        flags |= SCFIND_MATCHCASE;
    if (wholeWord)
        flags |= SCFIND_WHOLEWORD;
    if (regex)
        flags |= SCFIND_REGEXP | SCFIND_CXX11REGEX;
    const QByteArray pattern = needle.toUtf8();
    SendScintilla(SCI_SETSEARCHFLAGS, flags);
    SendScintilla(SCI_SETINDICATORCURRENT, kFindIndicator);
    const int docLength = length();
    int start = 0;
    int count = 0;
    while (start < docLength && count < 10000) {
        SendScintilla(SCI_SETTARGETSTART, start);
        SendScintilla(SCI_SETTARGETEND, docLength);
        const int found = int(SendScintilla(SCI_SEARCHINTARGET, pattern.size(), pattern.constData()));
        if (found < 0)
            break;
        const int end = int(SendScintilla(SCI_GETTARGETEND));
        if (end > found)
            SendScintilla(SCI_INDICATORFILLRANGE, found, end - found);
        m_matchStarts.append(found);
        ++count;
        start = std::max(end, found + 1);
    }
    return count;
}

void CodeEditor::clearMatchMarks()
{
    m_matchStarts.clear();
    SendScintilla(SCI_SETINDICATORCURRENT, kFindIndicator);
    SendScintilla(SCI_INDICATORCLEARRANGE, 0, length());
}

} // namespace RepoLens
