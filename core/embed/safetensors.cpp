#include "safetensors.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <cstring>

namespace RepoLens {

namespace {

std::optional<SafeTensor::DType> safeTensorDType(const QString &name)
{
    static const struct
    {
        const char *name;
        SafeTensor::DType type;
    } kTypes[] = {{"F64", SafeTensor::DType::F64}, {"F32", SafeTensor::DType::F32}, {"F16", SafeTensor::DType::F16},
                  {"BF16", SafeTensor::DType::BF16}, {"I64", SafeTensor::DType::I64}, {"I32", SafeTensor::DType::I32},
                  {"I16", SafeTensor::DType::I16}, {"I8", SafeTensor::DType::I8}, {"U8", SafeTensor::DType::U8}};
    for (const auto &t : kTypes) {
        if (name == QLatin1String(t.name))
            return t.type;
    }
    return std::nullopt;
}

// A JSON number that is a non-negative integer below 2^53 (exact in a double).
std::optional<qint64> safeTensorInteger(const QJsonValue &v)
{
    if (!v.isDouble())
        return std::nullopt;
    const double d = v.toDouble();
    if (!(d >= 0) || d > 9007199254740992.0 || std::floor(d) != d)
        return std::nullopt;
    return qint64(d);
}

Error safeTensorError(const QString &message, const QString &name = {})
{
    return makeError(ErrorCode::Corrupt, message, name);
}

} // namespace

int SafeTensor::elementSize(DType t)
{
    switch (t) {
    case DType::F64:
    case DType::I64:
        return 8;
    case DType::F32:
    case DType::I32:
        return 4;
    case DType::F16:
    case DType::BF16:
    case DType::I16:
        return 2;
    case DType::I8:
    case DType::U8:
        return 1;
    }
    return 1;
}

QString SafeTensor::dtypeName(DType t)
{
    switch (t) {
    case DType::F64: return QStringLiteral("F64");
    case DType::F32: return QStringLiteral("F32");
    case DType::F16: return QStringLiteral("F16");
    case DType::BF16: return QStringLiteral("BF16");
    case DType::I64: return QStringLiteral("I64");
    case DType::I32: return QStringLiteral("I32");
    case DType::I16: return QStringLiteral("I16");
    case DType::I8: return QStringLiteral("I8");
    case DType::U8: return QStringLiteral("U8");
    }
    return {};
}

Result<SafeTensorsFile> SafeTensorsFile::parse(QByteArray bytes)
{
    auto file = parseHeader(bytes, bytes.size());
    if (file)
        file->m_bytes = std::move(bytes);
    return file;
}

Result<SafeTensorsFile> SafeTensorsFile::readHeader(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return makeError(f.exists() ? ErrorCode::PermissionDenied : ErrorCode::NotFound, f.errorString(), path);
    QByteArray start = f.read(8);
    if (start.size() == 8) {
        quint64 headerLength = 0;
        for (int i = 7; i >= 0; --i)
            headerLength = (headerLength << 8) | quint8(start.at(i));
        if (headerLength <= quint64(kMaxHeaderBytes))
            start += f.read(qint64(headerLength));
    }
    auto parsed = parseHeader(start, f.size());
    if (!parsed) {
        Error e = parsed.error();
        e.context = e.context.isEmpty() ? path : path + QStringLiteral(": ") + e.context;
        return e;
    }
    return parsed;
}

Result<SafeTensorsFile> SafeTensorsFile::parseHeader(const QByteArray &bytes, qint64 fileSize)
{
    if (bytes.size() < 8 || fileSize < 8)
        return safeTensorError(QStringLiteral("safetensors file too short for its header length"));
    quint64 headerLength = 0;
    for (int i = 7; i >= 0; --i)
        headerLength = (headerLength << 8) | quint8(bytes.at(i));
    if (headerLength > quint64(kMaxHeaderBytes))
        return safeTensorError(QStringLiteral("safetensors header of %1 bytes is larger than the limit").arg(headerLength));
    if (headerLength > quint64(fileSize - 8) || headerLength > quint64(bytes.size() - 8))
        return safeTensorError(QStringLiteral("safetensors file truncated: header of %1 bytes, file of %2 bytes")
                                   .arg(headerLength)
                                   .arg(fileSize));
    QJsonParseError jsonError;
    const QJsonDocument header
        = QJsonDocument::fromJson(QByteArray::fromRawData(bytes.constData() + 8, qsizetype(headerLength)), &jsonError);
    if (jsonError.error != QJsonParseError::NoError || !header.isObject())
        return safeTensorError(QStringLiteral("safetensors header is not a JSON object: %1").arg(jsonError.errorString()));
    const qint64 dataStart = 8 + qint64(headerLength);
    const qint64 dataSize = fileSize - dataStart;

    SafeTensorsFile file;
    const QJsonObject o = header.object();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it.key() == QLatin1String("__metadata__")) {
            if (!it.value().isObject() && !it.value().isNull())
                return safeTensorError(QStringLiteral("safetensors __metadata__ is not an object"));
            continue;
        }
        if (!it.value().isObject())
            return safeTensorError(QStringLiteral("safetensors entry is not an object"), it.key());
        const QJsonObject t = it.value().toObject();
        SafeTensor tensor;
        tensor.name = it.key();
        const auto dtype = safeTensorDType(t.value(QLatin1String("dtype")).toString());
        if (!dtype)
            return safeTensorError(QStringLiteral("unknown safetensors dtype '%1'").arg(t.value(QLatin1String("dtype")).toString()),
                                   tensor.name);
        tensor.dtype = *dtype;
        const QJsonValue shape = t.value(QLatin1String("shape"));
        if (!shape.isArray() || shape.toArray().size() > 8)
            return safeTensorError(QStringLiteral("safetensors shape is not an array of at most 8 sizes"), tensor.name);
        qint64 elements = 1;
        for (const QJsonValue &dim : shape.toArray()) {
            const auto n = safeTensorInteger(dim);
            if (!n)
                return safeTensorError(QStringLiteral("safetensors shape holds something other than a size"), tensor.name);
            tensor.shape.push_back(*n);
            // Bounded by the data size before it can overflow: each size is below 2^53, and the
            // running product stays at most dataSize (< 2^63) unless a factor is 0.
            if (*n != 0 && elements > dataSize / *n)
                elements = dataSize + 1;
            else
                elements *= *n;
        }
        const QJsonValue offsets = t.value(QLatin1String("data_offsets"));
        if (!offsets.isArray() || offsets.toArray().size() != 2)
            return safeTensorError(QStringLiteral("safetensors data_offsets is not [begin, end]"), tensor.name);
        const auto begin = safeTensorInteger(offsets.toArray().at(0));
        const auto end = safeTensorInteger(offsets.toArray().at(1));
        if (!begin || !end || *begin > *end)
            return safeTensorError(QStringLiteral("safetensors data_offsets are not a range"), tensor.name);
        if (*end > dataSize)
            return safeTensorError(QStringLiteral("safetensors file truncated: tensor ends at byte %1 of %2 data bytes")
                                       .arg(*end)
                                       .arg(dataSize),
                                   tensor.name);
        const int width = SafeTensor::elementSize(tensor.dtype);
        if (elements > dataSize || elements * width != *end - *begin)
            return safeTensorError(QStringLiteral("safetensors shape and byte range disagree"), tensor.name);
        tensor.elements = elements;
        tensor.offset = dataStart + *begin;
        tensor.bytes = *end - *begin;
        file.m_tensors.append(std::move(tensor));
    }
    return file;
}

Result<SafeTensorsFile> SafeTensorsFile::read(const QString &path, qint64 maxBytes)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return makeError(f.exists() ? ErrorCode::PermissionDenied : ErrorCode::NotFound, f.errorString(), path);
    if (f.size() > maxBytes)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("file too large (%1 bytes)").arg(f.size()), path);
    QByteArray bytes = f.readAll();
    if (f.error() != QFileDevice::NoError)
        return makeError(ErrorCode::Io, f.errorString(), path);
    auto parsed = parse(std::move(bytes));
    if (!parsed) {
        Error e = parsed.error();
        e.context = e.context.isEmpty() ? path : path + QStringLiteral(": ") + e.context;
        return e;
    }
    return parsed;
}

const SafeTensor *SafeTensorsFile::tensor(QStringView name) const
{
    for (const SafeTensor &t : m_tensors) {
        if (t.name == name)
            return &t;
    }
    return nullptr;
}

QByteArrayView SafeTensorsFile::data(const SafeTensor &t) const
{
    if (t.offset + t.bytes > m_bytes.size())
        return {}; // a header read alone
    return QByteArrayView(m_bytes.constData() + t.offset, qsizetype(t.bytes));
}

float halfToFloat(quint16 h)
{
    const quint32 sign = quint32(h & 0x8000u) << 16;
    const quint32 exponent = (h >> 10) & 0x1fu;
    quint32 mantissa = h & 0x3ffu;
    quint32 bits = 0;
    if (exponent == 0) {
        if (mantissa == 0) {
            bits = sign;
        } else { // subnormal: normalise
            int e = -1;
            do {
                ++e;
                mantissa <<= 1;
            } while ((mantissa & 0x400u) == 0);
            bits = sign | quint32(127 - 15 - e) << 23 | (mantissa & 0x3ffu) << 13;
        }
    } else if (exponent == 0x1f) {
        bits = sign | 0x7f800000u | mantissa << 13;
    } else {
        bits = sign | (exponent + 127 - 15) << 23 | mantissa << 13;
    }
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

float bfloat16ToFloat(quint16 b)
{
    const quint32 bits = quint32(b) << 16;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

} // namespace RepoLens
