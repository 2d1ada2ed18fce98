#pragma once

// A small real folder, indexed with the real indexer, that the retrieval tests (tests/retrieve)
// and the model-side tests of HyDE and summaries (tests/llm) share: an encoder and a decoder
// connected through frame headers, a helper, and a settings file holding a GitHub token.

#include "core/index/indexer.h"
#include "core/store/indexstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace RepoLens::Test {

class CodecFixture
{
public:
    void write(const QString &rel, const QByteArray &text)
    {
        const QString path = m_root.filePath(rel);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(text);
    }

    // Indexes the folder (again) and opens the index read-only as store().
    void reindex()
    {
        m_store.reset();
        Indexer indexer(m_root.path(), m_db);
        auto report = indexer.run();
        QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
        auto store = IndexStore::open(m_db, IndexStore::Mode::ReadOnly);
        QVERIFY(store);
        m_store = std::move(*store);
    }

    // Writes the folder and indexes it.
    void create()
    {
        write(QStringLiteral("codec/encoder.py"),
              "class EncoderClass:\n"
              "    \"\"\"Turns records into a framed byte stream.\"\"\"\n"
              "\n"
              "    def encode(self, data):\n"
              "        return pack_frames(normalize(data))\n");
        write(QStringLiteral("codec/frames.py"),
              "def pack_frames(items):\n"
              "    \"\"\"Packs every item behind a length header.\"\"\"\n"
              "    return [frame_header(i) + i for i in items]\n"
              "\n"
              "\n"
              "def frame_header(item):\n"
              "    return len(item)\n");
        write(QStringLiteral("codec/decoder.py"),
              "from codec.frames import frame_header\n"
              "\n"
              "\n"
              "class DecoderClass:\n"
              "    def decode(self, blob):\n"
              "        size = frame_header(blob)\n"
              "        return blob[size:]\n");
        write(QStringLiteral("codec/util.py"),
              "def normalize(data):\n"
              "    \"\"\"Lower-cases every item of the data before it is framed.\"\"\"\n"
              "    return [d.lower() for d in data]\n");
        write(QStringLiteral("settings.py"),
              "API_TOKEN = \"ghp_abcdefghijklmnopqrstuvwxyz0123456789AB\"\n"
              "\n"
              "\n"
              "def load_settings(path):\n"
              "    \"\"\"Reads the settings file.\"\"\"\n"
              "    return open(path).read()\n");
        m_db = IndexStore::databasePath(m_data.path(), m_root.path());
        reindex();
    }

    IndexStore *store() const { return m_store.get(); }
    QString databasePath() const { return m_db; }

private:
    QTemporaryDir m_root;
    QTemporaryDir m_data;
    QString m_db;
    std::unique_ptr<IndexStore> m_store;
};

} // namespace RepoLens::Test
