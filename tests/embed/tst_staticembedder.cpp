// Static embedding models (model2vec format): tokenizers and vectors against the outputs of the
// Python reference (model2vec + Hugging Face tokenizers, tests/data/staticmodel/goldens.json,
// written by tools/staticmodel/make_test_models.py) for our tiny models and for model2vec's own
// format fixtures (../shared/models); the model id; malformed files (errors, never a crash);
// the untrained sub-token view.

#include "core/embed/hftokenizer.h"
#include "core/embed/safetensors.h"
#include "core/embed/staticembedder.h"
#include "core/embed/subtokenembedder.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstring>

using namespace RepoLens;

namespace {

const QString kData = QStringLiteral(REPOLENS_TEST_DATA "/staticmodel");

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

QJsonObject goldens()
{
    return QJsonDocument::fromJson(readAll(kData + QStringLiteral("/goldens.json"))).object();
}

QString modelFolder(const QString &name, const QString &source)
{
    if (source == QLatin1String("tests"))
        return kData + u'/' + name;
    return QStringLiteral(REPOLENS_MODEL_FIXTURES) + u'/' + name;
}

// A safetensors file from a header object and raw data.
QByteArray safetensors(const QJsonObject &header, const QByteArray &data)
{
    QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    QByteArray out(8, '\0');
    quint64 n = quint64(json.size());
    for (int i = 0; i < 8; ++i)
        out[i] = char((n >> (8 * i)) & 0xff);
    return out + json + data;
}

QJsonObject tensorEntry(const char *dtype, QJsonArray shape, qint64 begin, qint64 end)
{
    return QJsonObject{{QStringLiteral("dtype"), QLatin1String(dtype)},
                       {QStringLiteral("shape"), shape},
                       {QStringLiteral("data_offsets"), QJsonArray{double(begin), double(end)}}};
}

QByteArray floats(const std::vector<float> &v)
{
    return QByteArray(reinterpret_cast<const char *>(v.data()), qsizetype(v.size() * sizeof(float)));
}

// The tiny WordPiece model's three files, to be damaged one at a time.
struct ModelFiles
{
    QByteArray config;
    QByteArray tokenizer;
    QByteArray tensors;
};

ModelFiles tinyWordPiece()
{
    const QString dir = kData + QStringLiteral("/tiny-wordpiece");
    return {readAll(dir + QStringLiteral("/config.json")), readAll(dir + QStringLiteral("/tokenizer.json")),
            readAll(dir + QStringLiteral("/model.safetensors"))};
}

int tinyVocabulary()
{
    const QJsonObject t = QJsonDocument::fromJson(tinyWordPiece().tokenizer).object();
    return int(t.value(QStringLiteral("model")).toObject().value(QStringLiteral("vocab")).toObject().size());
}

QByteArray tokenizerWith(const std::function<void(QJsonObject &)> &change)
{
    QJsonObject t = QJsonDocument::fromJson(tinyWordPiece().tokenizer).object();
    change(t);
    return QJsonDocument(t).toJson(QJsonDocument::Compact);
}

} // namespace

class tst_StaticEmbedder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void goldens_data();
    void goldens();
    void embedIsNormalised();
    void modelIdFollowsContent();
    void layoutsAndFolders();
    void malformed_data();
    void malformed();
    void safetensorsLimits();
    void halfFloats();
    void subtokenView();
    void unigramWithoutUnknownId();
};

void tst_StaticEmbedder::goldens_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<int>("index");
    const QJsonObject models = ::goldens().value(QStringLiteral("models")).toObject();
    QVERIFY(models.size() >= 8);
    for (auto it = models.begin(); it != models.end(); ++it) {
        const QJsonObject m = it.value().toObject();
        const QString source = m.value(QStringLiteral("source")).toString();
        const int cases = int(m.value(QStringLiteral("cases")).toArray().size());
        for (int i = 0; i < cases; ++i)
            QTest::addRow("%s/%d", qPrintable(it.key()), i)
                << modelFolder(it.key(), source) << m.value(QStringLiteral("dtype")).toString() << i;
    }
}

// Token ids equal, vectors equal within float tolerance: 1e-5 (the reference sums 512 float32
// rows in float32, we in double), float16 models 2e-3 (the reference averages in half precision).
void tst_StaticEmbedder::goldens()
{
    QFETCH(QString, folder);
    QFETCH(QString, dtype);
    QFETCH(int, index);
    if (!QFileInfo::exists(folder))
        QSKIP(qPrintable(QStringLiteral("model2vec's format fixtures are not at %1 (shared/models beside the checkout)").arg(folder)));
    auto model = StaticEmbedder::load(folder);
    QVERIFY2(model, qPrintable(model ? QString() : model.error().toString()));
    const QString name = QFileInfo(folder).fileName();
    const QJsonObject g = ::goldens().value(QStringLiteral("models")).toObject().value(name).toObject();
    const QJsonObject c = g.value(QStringLiteral("cases")).toArray().at(index).toObject();
    const QString text = c.value(QStringLiteral("text")).toString();
    QCOMPARE((*model)->info().medianTokenLength, g.value(QStringLiteral("median_token_length")).toInt());

    std::vector<int> want;
    for (const QJsonValue &v : c.value(QStringLiteral("ids")).toArray())
        want.push_back(v.toInt());
    const std::vector<int> got = (*model)->tokenIds(text);
    if (got != want) {
        QStringList a, b;
        for (int i : got)
            a << QString::number(i);
        for (int i : want)
            b << QString::number(i);
        QFAIL(qPrintable(QStringLiteral("ids of %1:\n got  %2\n want %3").arg(text.left(60), a.join(u' '), b.join(u' '))));
    }

    const EmbeddingVector v = (*model)->encode(text);
    const QJsonArray wantVector = c.value(QStringLiteral("vector")).toArray();
    QCOMPARE(int(v.size()), int(wantVector.size()));
    const double tolerance = dtype == QLatin1String("float16") ? 2e-3 : 1e-5;
    for (qsizetype k = 0; k < wantVector.size(); ++k) {
        const double w = wantVector.at(k).toDouble();
        if (std::abs(v[size_t(k)] - w) > tolerance * std::max(1.0, std::abs(w)))
            QFAIL(qPrintable(QStringLiteral("component %1 of %2: %3, expected %4").arg(k).arg(text.left(60)).arg(v[size_t(k)]).arg(w)));
    }
}

// embed() gives unit vectors whatever the model's "normalize" (cosine is the metric), in the
// direction of encode(); an empty text gives the zero vector.
void tst_StaticEmbedder::embedIsNormalised()
{
    auto model = StaticEmbedder::load(kData + QStringLiteral("/tiny-wordpiece-int8-st"));
    QVERIFY2(model, qPrintable(model ? QString() : model.error().toString()));
    QVERIFY(!(*model)->info().normalize);
    QCOMPARE((*model)->info().maxLength, 16);
    const QString text = QStringLiteral("read the file path");
    const EmbeddingVector raw = (*model)->encode(text);
    double norm = 0;
    for (float x : raw)
        norm += double(x) * x;
    QVERIFY(norm > 4); // int8 rows, not normalised
    auto embedded = (*model)->embed({text, QString()}, EmbedPurpose::Query);
    QVERIFY(embedded);
    double n2 = 0;
    for (size_t k = 0; k < raw.size(); ++k) {
        n2 += double(embedded->at(0)[k]) * embedded->at(0)[k];
        QVERIFY(std::abs(embedded->at(0)[k] - raw[k] / std::sqrt(norm)) < 1e-6);
    }
    QVERIFY(std::abs(n2 - 1.0) < 1e-6);
    for (float x : embedded->at(1))
        QCOMPARE(x, 0.0f);
    // many texts at once (split over threads): the same vectors as one at a time
    QStringList many;
    for (int i = 0; i < 100; ++i)
        many << QStringLiteral("the quick fox %1 reads file %2").arg(i).arg(i * 7);
    auto batch = (*model)->embed(many, EmbedPurpose::Document);
    QVERIFY(batch);
    for (int i = 0; i < 100; i += 17) {
        auto one = (*model)->embed({many.at(i)}, EmbedPurpose::Document);
        QVERIFY(one);
        QCOMPARE(one->at(0), batch->at(i));
    }
}

// The model id is made from the three files' content: the same model in another folder has the
// same id; a changed byte in any file gives another one.
void tst_StaticEmbedder::modelIdFollowsContent()
{
    const ModelFiles f = tinyWordPiece();
    auto a = StaticEmbedder::fromData(f.config, f.tokenizer, f.tensors, QStringLiteral("/a"));
    auto b = StaticEmbedder::fromData(f.config, f.tokenizer, f.tensors, QStringLiteral("/b"));
    QVERIFY(a && b);
    QCOMPARE((*a)->modelId(), (*b)->modelId());
    QVERIFY(StaticEmbedder::isStaticModel((*a)->modelId()));
    QVERIFY((*a)->modelId().startsWith(QLatin1String("static1-8-")));
    QCOMPARE((*a)->dimension(), 8);

    QByteArray config = f.config;
    config.replace("\"hidden_dim\": 8", "\"hidden_dim\": 8, \"x\": 1");
    QVERIFY(config != f.config);
    QByteArray tensors = f.tensors;
    tensors[tensors.size() - 1] = char(tensors.at(tensors.size() - 1) ^ 1); // last weight's low bit
    const QByteArray tokenizer = f.tokenizer + ' ';
    QSet<QString> ids{(*a)->modelId()};
    for (const ModelFiles &changed : {ModelFiles{config, f.tokenizer, f.tensors}, ModelFiles{f.config, tokenizer, f.tensors},
                                      ModelFiles{f.config, f.tokenizer, tensors}}) {
        auto m = StaticEmbedder::fromData(changed.config, changed.tokenizer, changed.tensors);
        QVERIFY2(m, qPrintable(m ? QString() : m.error().toString()));
        ids.insert((*m)->modelId());
    }
    QCOMPARE(ids.size(), 4);
}

// Folders: the model2vec layout, the sentence-transformers ones; a folder that is not a model
// is refused with what is missing; a file where a folder is expected too.
void tst_StaticEmbedder::layoutsAndFolders()
{
    QTemporaryDir dir;
    const ModelFiles f = tinyWordPiece();
    QVERIFY(writeAll(dir.filePath(QStringLiteral("m2v/config.json")), f.config));
    QVERIFY(writeAll(dir.filePath(QStringLiteral("m2v/tokenizer.json")), f.tokenizer));
    QVERIFY(writeAll(dir.filePath(QStringLiteral("m2v/model.safetensors")), f.tensors));
    QVERIFY(writeAll(dir.filePath(QStringLiteral("st/config_sentence_transformers.json")), "{}"));
    QVERIFY(writeAll(dir.filePath(QStringLiteral("st/0_StaticEmbedding/tokenizer.json")), f.tokenizer));
    QVERIFY(writeAll(dir.filePath(QStringLiteral("st/0_StaticEmbedding/model.safetensors")), f.tensors));
    auto m2v = StaticEmbedder::loadUncached(dir.filePath(QStringLiteral("m2v")));
    auto st = StaticEmbedder::loadUncached(dir.filePath(QStringLiteral("st")));
    QVERIFY2(m2v, qPrintable(m2v ? QString() : m2v.error().toString()));
    QVERIFY2(st, qPrintable(st ? QString() : st.error().toString()));
    QVERIFY((*m2v)->info().normalize);
    QVERIFY(!(*st)->info().normalize); // its config has no "normalize": model2vec's default
    QCOMPARE((*m2v)->tokenIds(QStringLiteral("hello world")), (*st)->tokenIds(QStringLiteral("hello world")));

    auto missing = StaticEmbedder::loadUncached(dir.filePath(QStringLiteral("nothing")));
    QVERIFY(!missing);
    QCOMPARE(missing.error().code, ErrorCode::NotFound);
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("empty"))));
    auto empty = StaticEmbedder::loadUncached(dir.filePath(QStringLiteral("empty")));
    QVERIFY(!empty);
    QVERIFY2(empty.error().message.contains(QLatin1String("config.json, tokenizer.json and model.safetensors")),
             qPrintable(empty.error().message));
    auto file = StaticEmbedder::loadUncached(dir.filePath(QStringLiteral("m2v/config.json")));
    QVERIFY(!file);
    QCOMPARE(file.error().code, ErrorCode::NotADirectory);
}

void tst_StaticEmbedder::malformed_data()
{
    QTest::addColumn<QByteArray>("config");
    QTest::addColumn<QByteArray>("tokenizer");
    QTest::addColumn<QByteArray>("tensors");
    QTest::addColumn<QString>("message");
    const ModelFiles f = tinyWordPiece();
    const int vocab = tinyVocabulary();
    const int tableBytes = vocab * 8 * 4;
    auto table = [&](const char *dtype, QJsonArray shape, qint64 begin, qint64 end, const QByteArray &data) {
        return safetensors(QJsonObject{{QStringLiteral("embeddings"), tensorEntry(dtype, shape, begin, end)}}, data);
    };
    const QByteArray zeros(tableBytes, '\0');
    const QJsonArray shape{vocab, 8};

    QTest::newRow("config not JSON") << QByteArray("{\"normalize\": tru") << f.tokenizer << f.tensors << QStringLiteral("config.json is not a JSON object");
    QTest::newRow("config an array") << QByteArray("[1]") << f.tokenizer << f.tensors << QStringLiteral("config.json is not a JSON object");
    QTest::newRow("normalize a string") << QByteArray("{\"normalize\": \"yes\"}") << f.tokenizer << f.tensors << QStringLiteral("\"normalize\" is not true or false");
    QTest::newRow("max_length negative") << QByteArray("{\"max_length\": -1}") << f.tokenizer << f.tensors << QStringLiteral("\"max_length\" is not a positive integer");
    QTest::newRow("max_length fraction") << QByteArray("{\"max_length\": 2.5}") << f.tokenizer << f.tensors << QStringLiteral("\"max_length\" is not a positive integer");

    QTest::newRow("tokenizer not JSON") << f.config << f.tokenizer.left(f.tokenizer.size() / 2) << f.tensors << QStringLiteral("tokenizer.json is not a JSON object");
    QTest::newRow("tokenizer empty") << f.config << QByteArray() << f.tensors << QStringLiteral("tokenizer.json is not a JSON object");
    QTest::newRow("BPE model") << f.config << tokenizerWith([](QJsonObject &t) {
        QJsonObject m = t.value(QStringLiteral("model")).toObject();
        m[QStringLiteral("type")] = QStringLiteral("BPE");
        t[QStringLiteral("model")] = m;
    }) << f.tensors << QStringLiteral("unsupported tokenizer model 'BPE'");
    QTest::newRow("no model") << f.config << tokenizerWith([](QJsonObject &t) { t.remove(QStringLiteral("model")); })
                              << f.tensors << QStringLiteral("unsupported tokenizer model '?'");
    QTest::newRow("empty vocabulary") << f.config << tokenizerWith([](QJsonObject &t) {
        QJsonObject m = t.value(QStringLiteral("model")).toObject();
        m[QStringLiteral("vocab")] = QJsonObject();
        t[QStringLiteral("model")] = m;
    }) << f.tensors << QStringLiteral("WordPiece vocabulary is missing or empty");
    QTest::newRow("negative token id") << f.config << tokenizerWith([](QJsonObject &t) {
        QJsonObject m = t.value(QStringLiteral("model")).toObject();
        QJsonObject v = m.value(QStringLiteral("vocab")).toObject();
        v[QStringLiteral("hello")] = -3;
        m[QStringLiteral("vocab")] = v;
        t[QStringLiteral("model")] = m;
    }) << f.tensors << QStringLiteral("token id is not a small non-negative integer");
    QTest::newRow("huge token id") << f.config << tokenizerWith([](QJsonObject &t) {
        QJsonObject m = t.value(QStringLiteral("model")).toObject();
        QJsonObject v = m.value(QStringLiteral("vocab")).toObject();
        v[QStringLiteral("hello")] = 4e9;
        m[QStringLiteral("vocab")] = v;
        t[QStringLiteral("model")] = m;
    }) << f.tensors << QStringLiteral("token id is not a small non-negative integer");
    QTest::newRow("unigram entry not a pair") << f.config << tokenizerWith([](QJsonObject &t) {
        t[QStringLiteral("model")] = QJsonObject{{QStringLiteral("type"), QStringLiteral("Unigram")},
                                                 {QStringLiteral("vocab"), QJsonArray{QJsonArray{QStringLiteral("a")}}}};
    }) << f.tensors << QStringLiteral("Unigram vocabulary entry is not [piece, score]");
    QTest::newRow("unsupported normalizer") << f.config << tokenizerWith([](QJsonObject &t) {
        t[QStringLiteral("normalizer")] = QJsonObject{{QStringLiteral("type"), QStringLiteral("Precompiled")}};
    }) << f.tensors << QStringLiteral("unsupported tokenizer normalizer 'Precompiled'");
    QTest::newRow("unsupported pre-tokenizer") << f.config << tokenizerWith([](QJsonObject &t) {
        t[QStringLiteral("pre_tokenizer")] = QJsonObject{{QStringLiteral("type"), QStringLiteral("ByteLevel")}};
    }) << f.tensors << QStringLiteral("unsupported tokenizer pre-tokenizer 'ByteLevel'");
    QTest::newRow("bad regex") << f.config << tokenizerWith([](QJsonObject &t) {
        t[QStringLiteral("normalizer")] = QJsonObject{{QStringLiteral("type"), QStringLiteral("Replace")},
                                                      {QStringLiteral("pattern"), QJsonObject{{QStringLiteral("Regex"), QStringLiteral("((")}}},
                                                      {QStringLiteral("content"), QStringLiteral(" ")}};
    }) << f.tensors << QStringLiteral("regular expression is invalid");
    QTest::newRow("normalizers nested deep") << f.config << tokenizerWith([](QJsonObject &t) {
        QJsonObject n{{QStringLiteral("type"), QStringLiteral("Lowercase")}};
        for (int i = 0; i < 20; ++i)
            n = QJsonObject{{QStringLiteral("type"), QStringLiteral("Sequence")}, {QStringLiteral("normalizers"), QJsonArray{n}}};
        t[QStringLiteral("normalizer")] = n;
    }) << f.tensors << QStringLiteral("nested too deeply");
    QTest::newRow("added token without content") << f.config << tokenizerWith([](QJsonObject &t) {
        t[QStringLiteral("added_tokens")] = QJsonArray{QJsonObject{{QStringLiteral("id"), 3}}};
    }) << f.tensors << QStringLiteral("added token without content");

    QTest::newRow("safetensors empty") << f.config << f.tokenizer << QByteArray() << QStringLiteral("too short for its header length");
    QTest::newRow("safetensors 7 bytes") << f.config << f.tokenizer << QByteArray(7, 'x') << QStringLiteral("too short for its header length");
    QTest::newRow("header length 2^63") << f.config << f.tokenizer << QByteArray("\0\0\0\0\0\0\0\x80{}", 10) << QStringLiteral("larger than the limit");
    QTest::newRow("header 200 MB") << f.config << f.tokenizer << QByteArray("\0\xc2\xeb\x0b\0\0\0\0{}", 10) << QStringLiteral("larger than the limit");
    QTest::newRow("header past the end") << f.config << f.tokenizer << QByteArray("\x40\0\0\0\0\0\0\0{}", 10) << QStringLiteral("truncated: header of 64 bytes");
    QTest::newRow("header not JSON") << f.config << f.tokenizer << QByteArray("\x04\0\0\0\0\0\0\0{x:1", 12) << QStringLiteral("header is not a JSON object");
    QTest::newRow("header an array") << f.config << f.tokenizer << QByteArray("\x02\0\0\0\0\0\0\0[]", 10) << QStringLiteral("header is not a JSON object");
    QTest::newRow("data truncated") << f.config << f.tokenizer << f.tensors.left(f.tensors.size() - 9) << QStringLiteral("truncated: tensor ends at byte");
    QTest::newRow("unknown dtype") << f.config << f.tokenizer << table("F8_E4M3", shape, 0, tableBytes, zeros) << QStringLiteral("unknown safetensors dtype 'F8_E4M3'");
    QTest::newRow("shape and bytes disagree") << f.config << f.tokenizer << table("F32", QJsonArray{vocab, 9}, 0, tableBytes, zeros) << QStringLiteral("shape and byte range disagree");
    QTest::newRow("offsets reversed") << f.config << f.tokenizer << table("F32", shape, 8, 0, zeros) << QStringLiteral("data_offsets are not a range");
    QTest::newRow("offsets negative") << f.config << f.tokenizer << table("F32", shape, -8, tableBytes, zeros) << QStringLiteral("data_offsets are not a range");
    QTest::newRow("offsets past the data") << f.config << f.tokenizer << table("F32", shape, 16, tableBytes + 16, zeros) << QStringLiteral("tensor ends at byte");
    QTest::newRow("shape not an array") << f.config << f.tokenizer
                                        << safetensors(QJsonObject{{QStringLiteral("embeddings"),
                                                                    QJsonObject{{QStringLiteral("dtype"), QStringLiteral("F32")},
                                                                                {QStringLiteral("shape"), 3},
                                                                                {QStringLiteral("data_offsets"), QJsonArray{0, 12}}}}},
                                                       QByteArray(12, '\0'))
                                        << QStringLiteral("shape is not an array");
    QTest::newRow("shape negative") << f.config << f.tokenizer << table("F32", QJsonArray{-1, 8}, 0, tableBytes, zeros) << QStringLiteral("shape holds something other than a size");
    QTest::newRow("shape overflows") << f.config << f.tokenizer << table("F32", QJsonArray{4503599627370496.0, 4503599627370496.0, 16}, 0, tableBytes, zeros) << QStringLiteral("shape and byte range disagree");
    QTest::newRow("no embeddings tensor") << f.config << f.tokenizer
                                          << safetensors(QJsonObject{{QStringLiteral("other"), tensorEntry("F32", shape, 0, tableBytes)}}, zeros)
                                          << QStringLiteral("has no \"embeddings\" tensor");
    QTest::newRow("embeddings a vector") << f.config << f.tokenizer << table("F32", QJsonArray{vocab * 8}, 0, tableBytes, zeros) << QStringLiteral("not a matrix");
    QTest::newRow("embeddings of width 0") << f.config << f.tokenizer << table("F32", QJsonArray{vocab, 0}, 0, 0, QByteArray()) << QStringLiteral("not a matrix");
    QTest::newRow("embeddings of I32") << f.config << f.tokenizer << table("I32", shape, 0, tableBytes, zeros) << QStringLiteral("embedding table of type I32");
    QTest::newRow("fewer rows than tokens") << f.config << f.tokenizer << table("F32", QJsonArray{vocab - 1, 8}, 0, tableBytes - 32, zeros.left(tableBytes - 32)) << QStringLiteral("rows for");
    std::vector<float> nan(size_t(vocab) * 8, 0.5f);
    nan[17] = std::nanf("");
    QTest::newRow("NaN in the table") << f.config << f.tokenizer << table("F32", shape, 0, tableBytes, floats(nan)) << QStringLiteral("infinities or NaN");
    nan[17] = INFINITY;
    QTest::newRow("infinity in the table") << f.config << f.tokenizer << table("F32", shape, 0, tableBytes, floats(nan)) << QStringLiteral("infinities or NaN");
    auto withExtra = [&](const char *name, const char *dtype, QJsonArray extraShape, const QByteArray &extra) {
        return safetensors(QJsonObject{{QStringLiteral("embeddings"), tensorEntry("F32", shape, 0, tableBytes)},
                                       {QLatin1String(name), tensorEntry(dtype, extraShape, tableBytes, tableBytes + extra.size())}},
                           zeros + extra);
    };
    QTest::newRow("weights too short") << f.config << f.tokenizer << withExtra("weights", "F64", QJsonArray{vocab - 1}, QByteArray((vocab - 1) * 8, '\0')) << QStringLiteral("\"weights\" is not a float vector");
    QTest::newRow("weights of I32") << f.config << f.tokenizer << withExtra("weights", "I32", QJsonArray{vocab}, QByteArray(vocab * 4, '\0')) << QStringLiteral("\"weights\" is not a float vector");
    QByteArray nanWeights(vocab * 8, '\0');
    const double dnan = std::nan("");
    std::memcpy(nanWeights.data() + 8, &dnan, 8);
    QTest::newRow("NaN weight") << f.config << f.tokenizer << withExtra("weights", "F64", QJsonArray{vocab}, nanWeights) << QStringLiteral("\"weights\" holds infinities or NaN");
    QTest::newRow("mapping of F32") << f.config << f.tokenizer << withExtra("mapping", "F32", QJsonArray{vocab}, QByteArray(vocab * 4, '\0')) << QStringLiteral("\"mapping\" is not an integer vector");
    QByteArray farRow(vocab * 8, '\0');
    const qint64 far = 1000000;
    std::memcpy(farRow.data() + 8 * 5, &far, 8);
    QTest::newRow("mapping past the table") << f.config << f.tokenizer << withExtra("mapping", "I64", QJsonArray{vocab}, farRow) << QStringLiteral("\"mapping\" points token 5 at row 1000000");
    QByteArray negativeRow(vocab * 4, '\0');
    const qint32 minus = -1;
    std::memcpy(negativeRow.data() + 4 * 2, &minus, 4);
    QTest::newRow("mapping negative") << f.config << f.tokenizer << withExtra("mapping", "I32", QJsonArray{vocab}, negativeRow) << QStringLiteral("\"mapping\" points token 2 at row -1");
}

void tst_StaticEmbedder::malformed()
{
    QFETCH(QByteArray, config);
    QFETCH(QByteArray, tokenizer);
    QFETCH(QByteArray, tensors);
    QFETCH(QString, message);
    auto model = StaticEmbedder::fromData(config, tokenizer, tensors, QStringLiteral("/models/broken"));
    QVERIFY(!model);
    QVERIFY2(model.error().message.contains(message), qPrintable(model.error().toString()));
    QVERIFY2(model.error().toString().contains(QLatin1String("/models/broken")), qPrintable(model.error().toString()));
}

// The same limits through a file on disk, and a file larger than the cap is not read at all.
void tst_StaticEmbedder::safetensorsLimits()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("m.safetensors"));
    QVERIFY(writeAll(path, tinyWordPiece().tensors));
    auto ok = SafeTensorsFile::read(path);
    QVERIFY(ok);
    QCOMPARE(ok->tensors().size(), 2);
    const SafeTensor *e = ok->tensor(u"embeddings");
    QVERIFY(e);
    QCOMPARE(e->dtype, SafeTensor::DType::F32);
    QCOMPARE(e->shape, (std::vector<qint64>{tinyVocabulary(), 8}));
    auto capped = SafeTensorsFile::read(path, 100);
    QVERIFY(!capped);
    QVERIFY(capped.error().message.contains(QLatin1String("too large")));
    auto none = SafeTensorsFile::read(dir.filePath(QStringLiteral("none")));
    QVERIFY(!none);
    QCOMPARE(none.error().code, ErrorCode::NotFound);
}

void tst_StaticEmbedder::halfFloats()
{
    QCOMPARE(halfToFloat(0x3c00), 1.0f);
    QCOMPARE(halfToFloat(0xc000), -2.0f);
    QCOMPARE(halfToFloat(0x7bff), 65504.0f);
    QCOMPARE(halfToFloat(0x0001), 5.9604644775390625e-08f); // smallest subnormal
    QCOMPARE(halfToFloat(0x03ff), 6.097555160522461e-05f);  // largest subnormal
    QCOMPARE(halfToFloat(0x8000), -0.0f);
    QVERIFY(std::isinf(halfToFloat(0x7c00)));
    QCOMPARE(bfloat16ToFloat(0x3f80), 1.0f);
    QCOMPARE(bfloat16ToFloat(0xc0a0), -5.0f);
}

// The untrained view: deterministic, its id rebuilds it, and its cosine follows the shared
// sub-tokens (readFile ~ read_file; nothing shared ~ 0).
void tst_StaticEmbedder::subtokenView()
{
    SubtokenEmbedder e(SubtokenEmbedder::Options{});
    QCOMPARE(e.modelId(), QStringLiteral("subtokens1-256-log"));
    const auto options = SubtokenEmbedder::optionsFromModelId(e.modelId());
    QVERIFY(options);
    QCOMPARE(options->dimension, 256);
    QVERIFY(!SubtokenEmbedder::optionsFromModelId(QStringLiteral("subtokens1-100-log")));
    QVERIFY(!SubtokenEmbedder::optionsFromModelId(QStringLiteral("builtin-lsa1-64-abc")));
    auto v = e.embed({QStringLiteral("def readFile(path)"), QStringLiteral("read_file path"),
                      QStringLiteral("cookie jar domain"), QStringLiteral("def readFile(path)")},
                     EmbedPurpose::Document);
    QVERIFY(v);
    auto cos = [&](int a, int b) {
        double s = 0;
        for (size_t k = 0; k < 256; ++k)
            s += double(v->at(a)[k]) * v->at(b)[k];
        return s;
    };
    QCOMPARE(v->at(0), v->at(3));
    QVERIFY2(cos(0, 1) > 0.5, qPrintable(QString::number(cos(0, 1))));
    QVERIFY2(std::abs(cos(0, 2)) < 0.25, qPrintable(QString::number(cos(0, 2))));
    // the vector of one term is fixed by the term alone: a golden first components check
    auto one = e.embed({QStringLiteral("proxy")}, EmbedPurpose::Query);
    QVERIFY(one);
    const float unit = 1.0f / 16.0f;
    for (float x : one->at(0))
        QVERIFY(x == unit || x == -unit);
}

// A Unigram model without an unknown token: a character no piece covers is dropped, never
// encoded as id -1 (found by fuzz_staticmodel).
void tst_StaticEmbedder::unigramWithoutUnknownId()
{
    auto tokenizer = HfTokenizer::fromJson(
        R"JSON({"model":{"type":"Unigram","vocab":[["ab",-1.0],["a",-2.0],["b",-2.0]]}})JSON");
    QVERIFY2(tokenizer, qPrintable(tokenizer ? QString() : tokenizer.error().toString()));
    QCOMPARE((*tokenizer)->encode(QStringLiteral("abcab"), 100), (std::vector<int>{0, 0}));
    QCOMPARE((*tokenizer)->encode(QStringLiteral("cba"), 100), (std::vector<int>{2, 1}));
}

QTEST_GUILESS_MAIN(tst_StaticEmbedder)
#include "tst_staticembedder.moc"
