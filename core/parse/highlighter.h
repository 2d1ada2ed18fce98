#pragma once

#include "language.h"

#include <QByteArray>
#include <QList>

#include <atomic>

namespace RepoLens {

// One highlighted range of a document: [startByte, endByte) in its UTF-8 text, with the
// tree-sitter capture name that won it ("keyword", "string", "function.method", ...).
// Spans are sorted, never overlap and leave unhighlighted bytes uncovered.
struct HighlightSpan
{
    int startByte = 0;
    int endByte = 0;
    QByteArray capture;
};

struct HighlightOptions
{
    int timeoutMs = 2000; // parse budget; nothing is highlighted past it
};

// Highlights `utf8` with the grammar package's highlights.scm (predicates evaluated). For the
// same node the last matching pattern in the query wins: the packages' queries start with
// generic patterns (`(identifier) @variable`) and refine them further down. A capture nested
// inside another (an escape inside a string) wins over the outer one. Returns no spans
// for languages without a grammar, on timeout or on cancel. Thread-safe (one parser per thread);
// meant to run off the GUI thread.
QList<HighlightSpan> highlight(LanguageId language, const QByteArray &utf8,
                               const std::atomic_bool *cancel = nullptr,
                               const HighlightOptions &options = {});

// Every capture name the language's highlight query can produce.
QList<QByteArray> highlightCaptureNames(LanguageId language);

} // namespace RepoLens
