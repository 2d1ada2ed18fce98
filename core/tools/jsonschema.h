#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace RepoLens {

// Checks a value against the subset of JSON Schema (2020-12) our tool schemas use: type
// (one or a list of string, integer, number, boolean, object, array, null), properties,
// required, additionalProperties (false or a schema), enum, const, minimum, maximum,
// minLength, maxLength, minItems, maxItems, items. Unknown keywords are ignored
// (description, title, default, examples, $schema). Returns an empty string when the value
// is valid, else the first problem with its place: "top_k: expected integer, got string".
QString validateJson(const QJsonValue &value, const QJsonObject &schema, const QString &where = {});

// The JSON type name of a value as a schema names it ("integer" for whole numbers).
QString jsonTypeName(const QJsonValue &value);

} // namespace RepoLens
