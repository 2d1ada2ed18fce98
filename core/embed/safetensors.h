#pragma once

#include "core/base/result.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <vector>

namespace RepoLens {

// One tensor of a safetensors file: its element type, shape and bytes (little-endian).
struct SafeTensor
{
    enum class DType { F64, F32, F16, BF16, I64, I32, I16, I8, U8 };
    QString name;
    DType dtype = DType::F32;
    std::vector<qint64> shape;
    qint64 elements = 0;
    qint64 offset = 0; // from the start of the file
    qint64 bytes = 0;

    static int elementSize(DType t);
    static QString dtypeName(DType t);
};

// A safetensors file, read whole and checked: an unsigned 64-bit little-endian header length N,
// N bytes of JSON {name: {"dtype", "shape", "data_offsets": [begin, end]}, "__metadata__": {...}},
// then the data; offsets count from the first byte after the header. Every tensor is checked
// (known dtype, shape x element size = its byte range, the range inside the file) before anything
// is read, so a truncated, lying or hostile file gives an error, never a read out of bounds.
class SafeTensorsFile
{
public:
    // The largest header accepted (the format's own limit).
    static constexpr qint64 kMaxHeaderBytes = 100'000'000;

    static Result<SafeTensorsFile> parse(QByteArray bytes);
    // The tensors a file declares, from its first bytes (the length and the header) and its
    // size, checked as parse() checks them; data() is not available on the result.
    static Result<SafeTensorsFile> parseHeader(const QByteArray &start, qint64 fileSize);
    // Reads only the header of a file.
    static Result<SafeTensorsFile> readHeader(const QString &path);
    // Reads the file (at most maxBytes) and parses it.
    static Result<SafeTensorsFile> read(const QString &path, qint64 maxBytes = qint64(4) << 30);

    const QList<SafeTensor> &tensors() const { return m_tensors; }
    const SafeTensor *tensor(QStringView name) const;
    // The raw bytes of a tensor of this file.
    QByteArrayView data(const SafeTensor &t) const;
    const QByteArray &bytes() const { return m_bytes; }

private:
    QByteArray m_bytes;
    QList<SafeTensor> m_tensors;
};

// Half-precision and bfloat16 to float.
float halfToFloat(quint16 h);
float bfloat16ToFloat(quint16 b);

} // namespace RepoLens
