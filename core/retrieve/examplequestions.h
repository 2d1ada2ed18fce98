#pragma once

#include "core/store/indexstore.h"

#include <QStringList>

namespace RepoLens {

// Three questions that make sense for this folder, for the empty chat: how its most used
// class (or struct) works, who calls its most used function, and an explanation of the file
// that defines the class. Empty when nothing is indexed. Reads every symbol: a query thread.
QStringList exampleQuestions(const IndexStore &store);

} // namespace RepoLens
