#include "staticembedder.h"

#include "hftokenizer.h"
#include "safetensors.h"

#include "core/base/logging.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
#include <optional>
#include <thread>

namespace RepoLens {

namespace {

const QLatin1String kStaticPrefix("static1-");

constexpr qint64 kMaxConfigBytes = 16 << 20;
constexpr qint64 kMaxTokenizerBytes = qint64(512) << 20;
constexpr qint64 kMaxModelBytes = qint64(2) << 30;
constexpr int kMaxDimension = 16384;

// The three files of a model folder, in one of the layouts model2vec reads.
struct StaticModelFiles
{
    QString config;
    QString tokenizer;
    QString safetensors;
};

std::optional<StaticModelFiles> staticModelFiles(const QString &folder)
{
    const QDir dir(folder);
    const StaticModelFiles layouts[] = {
        {dir.filePath(QStringLiteral("config.json")), dir.filePath(QStringLiteral("tokenizer.json")),
         dir.filePath(QStringLiteral("model.safetensors"))},
        {dir.filePath(QStringLiteral("config_sentence_transformers.json")), dir.filePath(QStringLiteral("tokenizer.json")),
         dir.filePath(QStringLiteral("model.safetensors"))},
        {dir.filePath(QStringLiteral("config_sentence_transformers.json")),
         dir.filePath(QStringLiteral("0_StaticEmbedding/tokenizer.json")),
         dir.filePath(QStringLiteral("0_StaticEmbedding/model.safetensors"))},
    };
    for (const StaticModelFiles &f : layouts) {
        if (QFileInfo(f.config).isFile() && QFileInfo(f.tokenizer).isFile() && QFileInfo(f.safetensors).isFile())
            return f;
    }
    return std::nullopt;
}

Result<QByteArray> readModelFile(const QString &path, qint64 maxBytes)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::PermissionDenied, f.errorString(), path);
    if (f.size() > maxBytes)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("file too large (%1 bytes)").arg(f.size()), path);
    QByteArray bytes = f.readAll();
    if (f.error() != QFileDevice::NoError)
        return makeError(ErrorCode::Io, f.errorString(), path);
    return bytes;
}

bool floatTableIsFinite(QByteArrayView data, SafeTensor::DType dtype)
{
    const char *p = data.data();
    const qsizetype n = data.size();
    switch (dtype) {
    case SafeTensor::DType::F32:
        for (qsizetype i = 0; i + 4 <= n; i += 4) {
            quint32 bits;
            std::memcpy(&bits, p + i, 4);
            if ((bits & 0x7f800000u) == 0x7f800000u)
                return false;
        }
        return true;
    case SafeTensor::DType::F64:
        for (qsizetype i = 0; i + 8 <= n; i += 8) {
            quint64 bits;
            std::memcpy(&bits, p + i, 8);
            if ((bits & 0x7ff0000000000000ull) == 0x7ff0000000000000ull)
                return false;
        }
        return true;
    case SafeTensor::DType::F16:
        for (qsizetype i = 0; i + 2 <= n; i += 2) {
            quint16 bits;
            std::memcpy(&bits, p + i, 2);
            if ((bits & 0x7c00u) == 0x7c00u)
                return false;
        }
        return true;
    case SafeTensor::DType::BF16:
        for (qsizetype i = 0; i + 2 <= n; i += 2) {
            quint16 bits;
            std::memcpy(&bits, p + i, 2);
            if ((bits & 0x7f80u) == 0x7f80u)
                return false;
        }
        return true;
    default:
        return true;
    }
}

double staticReadScalar(const char *p, SafeTensor::DType dtype)
{
    switch (dtype) {
    case SafeTensor::DType::F64: {
        double v;
        std::memcpy(&v, p, 8);
        return v;
    }
    case SafeTensor::DType::F32: {
        float v;
        std::memcpy(&v, p, 4);
        return v;
    }
    case SafeTensor::DType::F16: {
        quint16 v;
        std::memcpy(&v, p, 2);
        return halfToFloat(v);
    }
    case SafeTensor::DType::BF16: {
        quint16 v;
        std::memcpy(&v, p, 2);
        return bfloat16ToFloat(v);
    }
    case SafeTensor::DType::I64: {
        qint64 v;
        std::memcpy(&v, p, 8);
        return double(v);
    }
    case SafeTensor::DType::I32: {
        qint32 v;
        std::memcpy(&v, p, 4);
        return v;
    }
    case SafeTensor::DType::I16: {
        qint16 v;
        std::memcpy(&v, p, 2);
        return v;
    }
    case SafeTensor::DType::I8:
        return qint8(*p);
    case SafeTensor::DType::U8:
        return quint8(*p);
    }
    return 0;
}

Error staticModelError(const QString &message, const QString &folder)
{
    return makeError(ErrorCode::Corrupt, message, folder);
}

Result<void> staticParseConfig(const QByteArray &configJson, StaticModelInfo &info, const QString &folder)
{
    QJsonParseError jsonError;
    const QJsonDocument config = QJsonDocument::fromJson(configJson, &jsonError);
    if (jsonError.error != QJsonParseError::NoError || !config.isObject())
        return makeError(ErrorCode::Parse, QStringLiteral("config.json is not a JSON object: %1").arg(jsonError.errorString()),
                         folder);
    const QJsonObject cfg = config.object();
    const QJsonValue normalize = cfg.value(QLatin1String("normalize"));
    if (!normalize.isUndefined() && !normalize.isNull() && !normalize.isBool())
        return makeError(ErrorCode::Parse, QStringLiteral("config.json \"normalize\" is not true or false"), folder);
    info.normalize = normalize.toBool(false);
    const QJsonValue maxLength = cfg.value(QLatin1String("max_length"));
    if (maxLength.isNull()) {
        info.maxLength = -1;
    } else if (!maxLength.isUndefined()) {
        const double v = maxLength.toDouble(-1);
        if (!(v >= 1 && v <= 1e6) || std::floor(v) != v)
            return makeError(ErrorCode::Parse, QStringLiteral("config.json \"max_length\" is not a positive integer"), folder);
        info.maxLength = int(v);
    }
    return {};
}

// The tensors' names, types and shapes against the tokenizer's vocabulary (info.vocabulary);
// fills the rest of info. Returns the embedding table.
Result<const SafeTensor *> staticCheckTensors(const SafeTensorsFile &file, StaticModelInfo &info, const QString &folder)
{
    const SafeTensor *table = file.tensor(u"embeddings");
    if (!table)
        table = file.tensor(u"embedding.weight");
    if (!table)
        return staticModelError(QStringLiteral("model.safetensors has no \"embeddings\" tensor"), folder);
    if (table->shape.size() != 2 || table->shape[0] < 1 || table->shape[1] < 1 || table->shape[1] > kMaxDimension
        || table->shape[0] > std::numeric_limits<qint32>::max())
        return staticModelError(QStringLiteral("the embedding table is not a matrix of rows x 1..%1 dimensions").arg(kMaxDimension),
                                folder);
    switch (table->dtype) {
    case SafeTensor::DType::F32:
    case SafeTensor::DType::F64:
    case SafeTensor::DType::F16:
    case SafeTensor::DType::BF16:
    case SafeTensor::DType::I8:
        break;
    default:
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("embedding table of type %1 (F32, F16, BF16, I8 and F64 are supported)")
                             .arg(SafeTensor::dtypeName(table->dtype)),
                         folder);
    }
    info.rows = int(table->shape[0]);
    info.dimension = int(table->shape[1]);
    info.dtype = SafeTensor::dtypeName(table->dtype);
    const int vocabulary = info.vocabulary;
    if (const SafeTensor *w = file.tensor(u"weights")) {
        const bool isFloat = w->dtype == SafeTensor::DType::F64 || w->dtype == SafeTensor::DType::F32
                             || w->dtype == SafeTensor::DType::F16 || w->dtype == SafeTensor::DType::BF16;
        if (!isFloat || w->shape.size() != 1 || w->shape[0] < vocabulary)
            return staticModelError(QStringLiteral("\"weights\" is not a float vector of one weight per token (%1 tokens)")
                                        .arg(vocabulary),
                                    folder);
        info.hasWeights = true;
    }
    if (const SafeTensor *m = file.tensor(u"mapping")) {
        const bool isInt = m->dtype == SafeTensor::DType::I64 || m->dtype == SafeTensor::DType::I32
                           || m->dtype == SafeTensor::DType::I16 || m->dtype == SafeTensor::DType::U8;
        if (!isInt || m->shape.size() != 1 || m->shape[0] < vocabulary)
            return staticModelError(QStringLiteral("\"mapping\" is not an integer vector of one row per token (%1 tokens)")
                                        .arg(vocabulary),
                                    folder);
        info.hasMapping = true;
    } else if (info.rows < vocabulary) {
        return staticModelError(QStringLiteral("the embedding table has %1 rows for %2 tokens").arg(info.rows).arg(vocabulary),
                                folder);
    }
    return table;
}

Result<std::unique_ptr<HfTokenizer>> staticParseTokenizer(const QByteArray &json, const QString &folder)
{
    auto tokenizer = HfTokenizer::fromJson(json, kMaxTokenizerBytes);
    if (!tokenizer) {
        Error err = tokenizer.error();
        err.message = QStringLiteral("tokenizer.json: ") + err.message;
        err.context = folder;
        return err;
    }
    return tokenizer;
}

} // namespace

class StaticEmbedder::Private
{
public:
    StaticModelInfo info;
    QString modelId;
    std::unique_ptr<HfTokenizer> tokenizer;
    QByteArray fileBytes;        // the safetensors file, which the table points into
    const char *table = nullptr; // rows x dimension elements of tableType
    SafeTensor::DType tableType = SafeTensor::DType::F32;
    std::vector<double> weights; // by token id, empty: none
    std::vector<qint32> mapping; // token id -> row, empty: identity

    std::vector<int> ids(const QString &text) const
    {
        const std::u32string all = [&] {
            std::u32string s;
            const QList<uint> ucs4 = text.toUcs4();
            s.assign(ucs4.cbegin(), ucs4.cend());
            return s;
        }();
        std::u32string cut = all;
        if (info.maxLength >= 0) {
            const size_t maxChars = size_t(info.maxLength) * size_t(std::max(0, info.medianTokenLength));
            if (cut.size() > maxChars)
                cut.resize(maxChars);
        }
        std::vector<int> out = tokenizer->encode(cut, info.maxLength);
        const int unk = tokenizer->unknownId();
        if (unk >= 0)
            out.erase(std::remove(out.begin(), out.end(), unk), out.end());
        return out;
    }

    template<typename Read>
    void accumulate(const std::vector<int> &tokenIds, std::vector<double> &sum, Read &&read) const
    {
        const int dim = info.dimension;
        const size_t rowBytes = size_t(dim) * size_t(SafeTensor::elementSize(tableType));
        for (int id : tokenIds) {
            if (id < 0 || id >= info.vocabulary)
                continue; // cannot happen: checked at load
            const qint64 row = mapping.empty() ? id : mapping[size_t(id)];
            const double w = weights.empty() ? 1.0 : weights[size_t(id)];
            const char *p = table + size_t(row) * rowBytes;
            for (int k = 0; k < dim; ++k)
                sum[size_t(k)] += read(p, k) * w;
        }
    }

    EmbeddingVector encode(const QString &text, bool normalise) const
    {
        const std::vector<int> tokenIds = ids(text);
        const int dim = info.dimension;
        std::vector<double> sum(size_t(dim), 0.0);
        switch (tableType) {
        case SafeTensor::DType::F32:
            accumulate(tokenIds, sum, [](const char *p, int k) {
                float v;
                std::memcpy(&v, p + 4 * k, 4);
                return double(v);
            });
            break;
        case SafeTensor::DType::F64:
            accumulate(tokenIds, sum, [](const char *p, int k) {
                double v;
                std::memcpy(&v, p + 8 * k, 8);
                return v;
            });
            break;
        case SafeTensor::DType::F16:
            accumulate(tokenIds, sum, [](const char *p, int k) {
                quint16 v;
                std::memcpy(&v, p + 2 * k, 2);
                return double(halfToFloat(v));
            });
            break;
        case SafeTensor::DType::BF16:
            accumulate(tokenIds, sum, [](const char *p, int k) {
                quint16 v;
                std::memcpy(&v, p + 2 * k, 2);
                return double(bfloat16ToFloat(v));
            });
            break;
        case SafeTensor::DType::I8:
            accumulate(tokenIds, sum, [](const char *p, int k) { return double(qint8(p[k])); });
            break;
        default:
            break;
        }
        EmbeddingVector v(size_t(dim), 0.0f);
        if (!tokenIds.empty()) {
            for (int k = 0; k < dim; ++k)
                v[size_t(k)] = float(sum[size_t(k)] / double(tokenIds.size()));
        }
        if (normalise) {
            double norm = 0;
            for (float x : v)
                norm += double(x) * x;
            const float scale = float(1.0 / (std::sqrt(norm) + 1e-32));
            for (float &x : v)
                x *= scale;
        }
        return v;
    }
};

StaticEmbedder::StaticEmbedder()
    : d(std::make_unique<Private>())
{
}

StaticEmbedder::~StaticEmbedder() = default;

bool StaticEmbedder::isStaticModel(const QString &modelId)
{
    return modelId.startsWith(kStaticPrefix);
}

Result<std::unique_ptr<StaticEmbedder>> StaticEmbedder::fromData(const QByteArray &configJson, const QByteArray &tokenizerJson,
                                                                 QByteArray safetensors, const QString &folder)
{
    std::unique_ptr<StaticEmbedder> e(new StaticEmbedder);
    Private &p = *e->d;
    p.info.folder = folder;
    if (auto r = staticParseConfig(configJson, p.info, folder); !r)
        return r.error();
    auto tokenizer = staticParseTokenizer(tokenizerJson, folder);
    if (!tokenizer)
        return tokenizer.error();
    p.tokenizer = std::move(*tokenizer);
    p.info.tokenizerModel = p.tokenizer->model() == HfTokenizer::Model::WordPiece ? QStringLiteral("WordPiece")
                                                                                   : QStringLiteral("Unigram");
    p.info.vocabulary = p.tokenizer->vocabularySize();
    p.info.medianTokenLength = p.tokenizer->medianTokenLength();

    const QByteArray hashOfTensors = QCryptographicHash::hash(safetensors, QCryptographicHash::Sha1);
    auto file = SafeTensorsFile::parse(std::move(safetensors));
    if (!file) {
        Error err = file.error();
        err.message = QStringLiteral("model.safetensors: ") + err.message;
        err.context = folder + (err.context.isEmpty() ? QString() : QStringLiteral(": ") + err.context);
        return err;
    }
    auto checked = staticCheckTensors(*file, p.info, folder);
    if (!checked)
        return checked.error();
    const SafeTensor *table = *checked;
    if (!floatTableIsFinite(file->data(*table), table->dtype))
        return staticModelError(QStringLiteral("the embedding table holds infinities or NaN"), folder);
    p.tableType = table->dtype;
    const int vocabulary = p.info.vocabulary;
    if (const SafeTensor *w = file->tensor(u"weights")) {
        if (!floatTableIsFinite(file->data(*w), w->dtype))
            return staticModelError(QStringLiteral("\"weights\" holds infinities or NaN"), folder);
        const QByteArrayView raw = file->data(*w);
        const int width = SafeTensor::elementSize(w->dtype);
        p.weights.resize(size_t(vocabulary));
        for (int i = 0; i < vocabulary; ++i)
            p.weights[size_t(i)] = staticReadScalar(raw.data() + qsizetype(i) * width, w->dtype);
    }
    if (const SafeTensor *m = file->tensor(u"mapping")) {
        const QByteArrayView raw = file->data(*m);
        const int width = SafeTensor::elementSize(m->dtype);
        p.mapping.resize(size_t(vocabulary));
        for (int i = 0; i < vocabulary; ++i) {
            const double row = staticReadScalar(raw.data() + qsizetype(i) * width, m->dtype);
            if (row < 0 || row >= p.info.rows)
                return staticModelError(QStringLiteral("\"mapping\" points token %1 at row %2 of a table of %3 rows")
                                            .arg(i)
                                            .arg(qint64(row))
                                            .arg(p.info.rows),
                                        folder);
            p.mapping[size_t(i)] = qint32(row);
        }
    }
    p.fileBytes = file->bytes(); // shares the data: the table pointer stays valid
    p.table = p.fileBytes.constData() + table->offset;

    QCryptographicHash id(QCryptographicHash::Sha1);
    id.addData(QCryptographicHash::hash(configJson, QCryptographicHash::Sha1));
    id.addData(QCryptographicHash::hash(tokenizerJson, QCryptographicHash::Sha1));
    id.addData(hashOfTensors);
    p.modelId = kStaticPrefix + QString::number(p.info.dimension) + u'-' + QString::fromLatin1(id.result().toHex().left(12));
    return e;
}

Result<StaticModelInfo> StaticEmbedder::inspect(const QString &folder)
{
    const QFileInfo fi(folder);
    if (!fi.exists())
        return makeError(ErrorCode::NotFound, QStringLiteral("no such folder"), folder);
    if (!fi.isDir())
        return makeError(ErrorCode::NotADirectory, QStringLiteral("not a folder"), folder);
    const auto files = staticModelFiles(folder);
    if (!files)
        return makeError(ErrorCode::NotFound,
                         QStringLiteral("not a static embedding model: config.json, tokenizer.json and model.safetensors expected"),
                         folder);
    StaticModelInfo info;
    info.folder = fi.absoluteFilePath();
    auto config = readModelFile(files->config, kMaxConfigBytes);
    if (!config)
        return config.error();
    if (auto r = staticParseConfig(*config, info, folder); !r)
        return r.error();
    auto tokenizerJson = readModelFile(files->tokenizer, kMaxTokenizerBytes);
    if (!tokenizerJson)
        return tokenizerJson.error();
    auto tokenizer = staticParseTokenizer(*tokenizerJson, folder);
    if (!tokenizer)
        return tokenizer.error();
    info.tokenizerModel = (*tokenizer)->model() == HfTokenizer::Model::WordPiece ? QStringLiteral("WordPiece")
                                                                                  : QStringLiteral("Unigram");
    info.vocabulary = (*tokenizer)->vocabularySize();
    info.medianTokenLength = (*tokenizer)->medianTokenLength();
    auto header = SafeTensorsFile::readHeader(files->safetensors);
    if (!header) {
        Error err = header.error();
        err.message = QStringLiteral("model.safetensors: ") + err.message;
        return err;
    }
    auto checked = staticCheckTensors(*header, info, folder);
    if (!checked)
        return checked.error();
    return info;
}

Result<std::unique_ptr<StaticEmbedder>> StaticEmbedder::loadUncached(const QString &folder)
{
    const QFileInfo fi(folder);
    if (!fi.exists())
        return makeError(ErrorCode::NotFound, QStringLiteral("no such folder"), folder);
    if (!fi.isDir())
        return makeError(ErrorCode::NotADirectory, QStringLiteral("not a folder"), folder);
    const auto files = staticModelFiles(folder);
    if (!files)
        return makeError(ErrorCode::NotFound,
                         QStringLiteral("not a static embedding model: config.json, tokenizer.json and model.safetensors expected"),
                         folder);
    auto config = readModelFile(files->config, kMaxConfigBytes);
    if (!config)
        return config.error();
    auto tokenizer = readModelFile(files->tokenizer, kMaxTokenizerBytes);
    if (!tokenizer)
        return tokenizer.error();
    auto tensors = readModelFile(files->safetensors, kMaxModelBytes);
    if (!tensors)
        return tensors.error();
    return fromData(*config, *tokenizer, std::move(*tensors), fi.absoluteFilePath());
}

Result<std::shared_ptr<StaticEmbedder>> StaticEmbedder::load(const QString &folder)
{
    // One model per process: the last one loaded, kept while its files are unchanged.
    static std::mutex mutex;
    static QString cachedKey;
    static std::shared_ptr<StaticEmbedder> cached;
    QString key = QFileInfo(folder).absoluteFilePath();
    if (const auto files = staticModelFiles(folder)) {
        for (const QString &f : {files->config, files->tokenizer, files->safetensors}) {
            const QFileInfo fi(f);
            key += u'|' + QString::number(fi.size()) + u'@' + QString::number(fi.lastModified().toMSecsSinceEpoch());
        }
    }
    {
        std::lock_guard lock(mutex);
        if (cached && key == cachedKey)
            return cached;
    }
    auto loaded = loadUncached(folder);
    if (!loaded)
        return loaded.error();
    std::shared_ptr<StaticEmbedder> model(std::move(*loaded));
    qCInfo(lcEmbed).noquote() << "static model" << model->modelId() << "loaded from" << folder << '('
                              << model->info().tokenizerModel << model->info().vocabulary << "tokens," << model->info().dtype
                              << model->info().rows << 'x' << model->info().dimension << ')';
    std::lock_guard lock(mutex);
    cachedKey = key;
    cached = model;
    return model;
}

EmbeddingVector StaticEmbedder::encode(const QString &text) const
{
    return d->encode(text, d->info.normalize);
}

std::vector<int> StaticEmbedder::tokenIds(const QString &text) const
{
    return d->ids(text);
}

const StaticModelInfo &StaticEmbedder::info() const
{
    return d->info;
}

QString StaticEmbedder::modelId() const
{
    return d->modelId;
}

int StaticEmbedder::dimension() const
{
    return d->info.dimension;
}

Result<QList<EmbeddingVector>> StaticEmbedder::embed(const QStringList &texts, EmbedPurpose purpose,
                                                     const std::atomic_bool *cancel)
{
    Q_UNUSED(purpose);
    std::vector<EmbeddingVector> out(size_t(texts.size()));
    // Texts are independent: split a large batch over the cores (each vector is the same
    // whichever thread computes it).
    const int threads = texts.size() >= 32 ? std::clamp(QThread::idealThreadCount(), 1, 8) : 1;
    std::atomic_bool stopped{false};
    auto work = [&](int part) {
        const qsizetype begin = texts.size() * part / threads, end = texts.size() * (part + 1) / threads;
        for (qsizetype i = begin; i < end; ++i) {
            if (cancel && cancel->load(std::memory_order_relaxed)) {
                stopped = true;
                return;
            }
            out[size_t(i)] = d->encode(texts.at(i), true);
        }
    };
    std::vector<std::thread> pool;
    for (int part = 1; part < threads; ++part)
        pool.emplace_back(work, part);
    work(0);
    for (std::thread &t : pool)
        t.join();
    if (stopped)
        return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
    QList<EmbeddingVector> result;
    result.reserve(texts.size());
    for (EmbeddingVector &v : out)
        result.append(std::move(v));
    return result;
}

} // namespace RepoLens
