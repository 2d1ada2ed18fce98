#pragma once

#include <QList>
#include <QStringView>

namespace RepoLens {

// Fuzzy matching for Go to Symbol: the pattern's characters in order, ignoring case, scored so
// that matches at the start of words (`gts` in go_to_symbol, `GTS` in GoToSymbol, after `.`,
// `::`, `#`, `/`), runs of consecutive characters and exact case rank first, and long gaps and
// long names last. Returns -1 when the pattern does not match; an empty pattern matches
// everything with 0. `positions`, when given, receives the matched indexes of `text`.
int fuzzyScore(QStringView pattern, QStringView text, QList<int> *positions = nullptr);

} // namespace RepoLens
