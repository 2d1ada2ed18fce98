// Fuzzes the static model loader: the first byte picks what the rest of the input is.
//   0: a safetensors file (parsed; every tensor's bytes read)
//   1: a tokenizer.json, then a text after the first NUL byte (loaded; the text encoded)
//   2: a model.safetensors beside a small fixed config and tokenizer (loaded; texts embedded)
//   3: a config.json beside the same tokenizer and a valid table (loaded; a text embedded)
// A malformed input must give an error; a loaded one must embed without reading out of bounds.

#include "core/embed/hftokenizer.h"
#include "core/embed/safetensors.h"
#include "core/embed/staticembedder.h"

#include <cstddef>
#include <cstdint>

using namespace RepoLens;

namespace {

// A WordPiece tokenizer of 12 tokens with the BERT normalizer and pre-tokenizer.
const char kFuzzTokenizer[] = R"JSON({"model":{"type":"WordPiece","unk_token":"[UNK]","continuing_subword_prefix":"##",
"max_input_chars_per_word":100,"vocab":{"[PAD]":0,"[UNK]":1,"a":2,"b":3,"##a":4,"##b":5,"read":6,"file":7,
"##s":8,"_":9,"(":10,")":11}},"normalizer":{"type":"BertNormalizer","clean_text":true,
"handle_chinese_chars":true,"strip_accents":null,"lowercase":true},"pre_tokenizer":{"type":"BertPreTokenizer"},
"added_tokens":[{"id":0,"content":"[PAD]","normalized":false,"special":true}]})JSON";

QByteArray fuzzTable()
{
    // 12 x 4 F32, values 0.25 * (row + column)
    QByteArray data;
    for (int r = 0; r < 12; ++r) {
        for (int c = 0; c < 4; ++c) {
            const float v = 0.25f * float(r + c);
            data.append(reinterpret_cast<const char *>(&v), sizeof v);
        }
    }
    const QByteArray header = R"JSON({"embeddings":{"dtype":"F32","shape":[12,4],"data_offsets":[0,192]}})JSON";
    QByteArray out(8, '\0');
    out[0] = char(header.size());
    return out + header + data;
}

void embedSome(StaticEmbedder &model, const QString &text)
{
    auto v = model.embed({text, QStringLiteral("read_files(a) ab ba"), QString()}, EmbedPurpose::Document);
    if (!v || v->size() != 3 || int(v->at(0).size()) != model.dimension())
        __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const QByteArray rest(reinterpret_cast<const char *>(data) + 1, qsizetype(size - 1));
    switch (data[0] % 4) {
    case 0: {
        auto file = SafeTensorsFile::parse(rest);
        if (file) {
            unsigned sum = 0;
            for (const SafeTensor &t : file->tensors()) {
                const QByteArrayView bytes = file->data(t);
                if (bytes.size() != t.bytes || t.bytes != t.elements * SafeTensor::elementSize(t.dtype))
                    __builtin_trap();
                for (char c : bytes)
                    sum += quint8(c);
            }
            if (sum == 0xdeadbeef)
                return 1;
        }
        break;
    }
    case 1: {
        const qsizetype nul = rest.indexOf('\0');
        auto tokenizer = HfTokenizer::fromJson(nul < 0 ? rest : rest.left(nul));
        if (tokenizer) {
            const QString text = nul < 0 ? QStringLiteral("Hello, wörld! read_file(path) 日本") : QString::fromUtf8(rest.mid(nul + 1));
            for (int id : (*tokenizer)->encode(text, 4096)) {
                if (id < 0 || id >= (*tokenizer)->vocabularySize())
                    __builtin_trap();
            }
            (*tokenizer)->encode(text, 3);
        }
        break;
    }
    case 2: {
        auto model = StaticEmbedder::fromData(QByteArray(R"JSON({"normalize": true})JSON"), QByteArray(kFuzzTokenizer), rest);
        if (model)
            embedSome(**model, QStringLiteral("read files a b"));
        break;
    }
    case 3: {
        auto model = StaticEmbedder::fromData(rest, QByteArray(kFuzzTokenizer), fuzzTable());
        if (model)
            embedSome(**model, QStringLiteral("read files a b ") + QString::fromUtf8(rest.left(64)));
        break;
    }
    }
    return 0;
}
