#include "jsonschema.h"

#include <QJsonArray>

#include <cmath>

using namespace Qt::StringLiterals;

namespace RepoLens {

namespace {

bool isInteger(const QJsonValue &v)
{
    if (!v.isDouble())
        return false;
    const double d = v.toDouble();
    return std::isfinite(d) && std::floor(d) == d && std::fabs(d) < 9.007199254740992e15;
}

bool hasType(const QJsonValue &v, const QString &type)
{
    if (type == u"integer")
        return isInteger(v);
    if (type == u"number")
        return v.isDouble();
    if (type == u"string")
        return v.isString();
    if (type == u"boolean")
        return v.isBool();
    if (type == u"object")
        return v.isObject();
    if (type == u"array")
        return v.isArray();
    if (type == u"null")
        return v.isNull();
    return true; // unknown type names do not reject
}

QString place(const QString &where)
{
    return where.isEmpty() ? u"arguments"_s : where;
}

QString join(const QString &where, const QString &key)
{
    return where.isEmpty() ? key : where + u'.' + key;
}

} // namespace

QString jsonTypeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return u"null"_s;
    case QJsonValue::Bool:
        return u"boolean"_s;
    case QJsonValue::Double:
        return isInteger(value) ? u"integer"_s : u"number"_s;
    case QJsonValue::String:
        return u"string"_s;
    case QJsonValue::Array:
        return u"array"_s;
    case QJsonValue::Object:
        return u"object"_s;
    case QJsonValue::Undefined:
        break;
    }
    return u"undefined"_s;
}

QString validateJson(const QJsonValue &value, const QJsonObject &schema, const QString &where)
{
    const QJsonValue type = schema.value(u"type"_s);
    if (type.isString() || type.isArray()) {
        QStringList types;
        if (type.isString())
            types << type.toString();
        else
            for (const QJsonValue &t : type.toArray())
                types << t.toString();
        bool any = false;
        for (const QString &t : std::as_const(types))
            any = any || hasType(value, t);
        if (!any)
            return u"%1: expected %2, got %3"_s.arg(place(where), types.join(u" or "_s), jsonTypeName(value));
    }
    if (schema.contains(u"const"_s) && value != schema.value(u"const"_s))
        return u"%1: must be %2"_s.arg(place(where), schema.value(u"const"_s).toVariant().toString());
    if (schema.value(u"enum"_s).isArray()) {
        const QJsonArray allowed = schema.value(u"enum"_s).toArray();
        if (!allowed.contains(value)) {
            QStringList names;
            for (const QJsonValue &a : allowed)
                names << a.toVariant().toString();
            return u"%1: must be one of %2"_s.arg(place(where), names.join(u", "_s));
        }
    }
    if (value.isDouble()) {
        const double d = value.toDouble();
        if (schema.contains(u"minimum"_s) && d < schema.value(u"minimum"_s).toDouble())
            return u"%1: must be at least %2"_s.arg(place(where)).arg(schema.value(u"minimum"_s).toDouble());
        if (schema.contains(u"maximum"_s) && d > schema.value(u"maximum"_s).toDouble())
            return u"%1: must be at most %2"_s.arg(place(where)).arg(schema.value(u"maximum"_s).toDouble());
    }
    if (value.isString()) {
        const qsizetype n = value.toString().size();
        if (schema.contains(u"minLength"_s) && n < schema.value(u"minLength"_s).toInt())
            return u"%1: must have at least %2 characters"_s.arg(place(where)).arg(schema.value(u"minLength"_s).toInt());
        if (schema.contains(u"maxLength"_s) && n > schema.value(u"maxLength"_s).toInt())
            return u"%1: is %2 characters long, at most %3 are allowed"_s.arg(place(where)).arg(n).arg(
                schema.value(u"maxLength"_s).toInt());
    }
    if (value.isArray()) {
        const QJsonArray items = value.toArray();
        if (schema.contains(u"minItems"_s) && items.size() < schema.value(u"minItems"_s).toInt())
            return u"%1: needs at least %2 items"_s.arg(place(where)).arg(schema.value(u"minItems"_s).toInt());
        if (schema.contains(u"maxItems"_s) && items.size() > schema.value(u"maxItems"_s).toInt())
            return u"%1: takes at most %2 items"_s.arg(place(where)).arg(schema.value(u"maxItems"_s).toInt());
        if (schema.value(u"items"_s).isObject()) {
            const QJsonObject itemSchema = schema.value(u"items"_s).toObject();
            for (qsizetype i = 0; i < items.size(); ++i) {
                const QString problem = validateJson(items.at(i), itemSchema, u"%1[%2]"_s.arg(place(where)).arg(i));
                if (!problem.isEmpty())
                    return problem;
            }
        }
    }
    if (value.isObject()) {
        const QJsonObject obj = value.toObject();
        const QJsonObject properties = schema.value(u"properties"_s).toObject();
        for (const QJsonValue &r : schema.value(u"required"_s).toArray()) {
            if (!obj.contains(r.toString()))
                return u"%1: missing required property \"%2\""_s.arg(place(where), r.toString());
        }
        const QJsonValue additional = schema.value(u"additionalProperties"_s);
        for (auto it = obj.constBegin(); it != obj.constEnd(); ++it) {
            const QString at = join(where, it.key());
            if (properties.contains(it.key())) {
                const QString problem = validateJson(it.value(), properties.value(it.key()).toObject(), at);
                if (!problem.isEmpty())
                    return problem;
            } else if (additional.isBool() && !additional.toBool()) {
                QStringList known = properties.keys();
                return u"%1: unknown property \"%2\" (known: %3)"_s.arg(place(where), it.key(), known.join(u", "_s));
            } else if (additional.isObject()) {
                const QString problem = validateJson(it.value(), additional.toObject(), at);
                if (!problem.isEmpty())
                    return problem;
            }
        }
    }
    return {};
}

} // namespace RepoLens
