#include "settingsdialog.h"

#include "integrations.h"

#include "language.h"
#include "llmerrortext.h"
#include "syntaxhelper.h"

#include "core/embed/staticembedder.h"
#include "core/llm/modelprobe.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFontComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStackedWidget>
#include <QFontDatabase>
#include <QClipboard>
#include <QApplication>
#include <QVBoxLayout>

namespace RepoLens {

namespace {

const QStringList kPageNames = {QStringLiteral("model"), QStringLiteral("embeddings"), QStringLiteral("retrieval"),
                                QStringLiteral("indexing"), QStringLiteral("appearance"), QStringLiteral("integrations")};

QLabel *note(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setForegroundRole(QPalette::PlaceholderText);
    label->setTextFormat(Qt::PlainText);
    return label;
}

struct Preset
{
    const char *name;
    const char *url;
    const char *model;
};

const Preset kPresets[] = {
    {"Ollama (this machine)", "http://127.0.0.1:11434/v1", ""},
    {"llama.cpp server (this machine)", "http://127.0.0.1:8080/v1", ""},
    {"LM Studio (this machine)", "http://127.0.0.1:1234/v1", ""},
    {"vLLM (this machine)", "http://127.0.0.1:8000/v1", ""},
    {"OpenAI", "https://api.openai.com/v1", "gpt-4o-mini"},
};

} // namespace

SettingsDialog::SettingsDialog(const SettingsBundle &current, std::shared_ptr<CredentialStore> credentials,
                               QWidget *parent)
    : QDialog(parent)
    , m_current(current)
    , m_credentials(std::move(credentials))
    , m_nam(new QNetworkAccessManager(this))
{
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(tr("Settings"));
    resize(760, 560);
    auto *layout = new QVBoxLayout(this);
    auto *row = new QHBoxLayout;
    m_pages = new QListWidget(this);
    m_pages->setObjectName(QStringLiteral("settingsPages"));
    m_pages->addItems({tr("Model"), tr("Embeddings"), tr("Retrieval"), tr("Indexing"), tr("Appearance"), tr("Integrations")});
    m_pages->setFixedWidth(150);
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(modelPage());
    m_stack->addWidget(embeddingsPage());
    m_stack->addWidget(retrievalPage());
    m_stack->addWidget(indexingPage());
    m_stack->addWidget(appearancePage());
    m_stack->addWidget(integrationsPage());
    row->addWidget(m_pages);
    row->addWidget(m_stack, 1);
    layout->addLayout(row, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Apply | QDialogButtonBox::Cancel, this);
    layout->addWidget(buttons);
    connect(m_pages, &QListWidget::currentRowChanged, m_stack, &QStackedWidget::setCurrentIndex);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (apply())
            accept();
    });
    connect(buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, [this] { apply(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    m_pages->setCurrentRow(0);
}

void SettingsDialog::showPage(const QString &name)
{
    const int i = int(kPageNames.indexOf(name));
    if (i >= 0)
        m_pages->setCurrentRow(i);
}

QWidget *SettingsDialog::modelPage()
{
    auto *page = new QWidget(this);
    auto *v = new QVBoxLayout(page);
    v->addWidget(note(tr("Any OpenAI-compatible chat completions endpoint: OpenAI, Ollama, llama.cpp server, vLLM, "
                         "LM Studio, … Leave the URL empty for retrieval-only answers (nothing is sent anywhere)."),
                      page));
    auto *form = new QFormLayout;
    m_preset = new QComboBox(page);
    m_preset->addItem(tr("Choose a preset…"));
    for (const Preset &p : kPresets)
        m_preset->addItem(QString::fromUtf8(p.name));
    m_baseUrl = new QLineEdit(m_current.llm.baseUrl.toString(), page);
    m_baseUrl->setObjectName(QStringLiteral("baseUrl"));
    m_baseUrl->setPlaceholderText(QStringLiteral("http://127.0.0.1:11434/v1"));
    m_baseUrl->setClearButtonEnabled(true);
    m_model = new QComboBox(page);
    m_model->setObjectName(QStringLiteral("model"));
    m_model->setEditable(true);
    m_model->setCurrentText(m_current.llm.model);
    m_model->lineEdit()->setPlaceholderText(tr("e.g. qwen2.5-coder:7b, gpt-4o-mini"));
    m_key = new QLineEdit(page);
    m_key->setObjectName(QStringLiteral("apiKey"));
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setClearButtonEnabled(true);
    m_keyEnv = new QLineEdit(m_current.llm.apiKeyEnv, page);
    m_keyEnv->setObjectName(QStringLiteral("apiKeyEnv"));
    m_keyStatus = new QLabel(page);
    m_keyStatus->setObjectName(QStringLiteral("keyStatus"));
    m_keyStatus->setWordWrap(true);
    m_temperature = new QDoubleSpinBox(page);
    m_temperature->setRange(0, 2);
    m_temperature->setSingleStep(0.1);
    m_temperature->setValue(m_current.llm.temperature);
    m_maxTokens = new QSpinBox(page);
    m_maxTokens->setRange(0, 1000000);
    m_maxTokens->setSpecialValueText(tr("server default"));
    m_maxTokens->setValue(m_current.llm.maxTokens);
    m_timeout = new QSpinBox(page);
    m_timeout->setRange(5, 3600);
    m_timeout->setSuffix(tr(" s"));
    m_timeout->setValue(m_current.llm.timeoutSeconds);
    form->addRow(tr("Preset:"), m_preset);
    form->addRow(tr("Base URL:"), m_baseUrl);
    form->addRow(tr("Model:"), m_model);
    form->addRow(tr("API key:"), m_key);
    form->addRow(QString(), m_keyStatus);
    form->addRow(tr("Key variable:"), m_keyEnv);
    form->addRow(tr("Temperature:"), m_temperature);
    form->addRow(tr("Max tokens:"), m_maxTokens);
    form->addRow(tr("Timeout:"), m_timeout);
    v->addLayout(form);
    auto *testRow = new QHBoxLayout;
    m_test = new QPushButton(tr("Test Connection"), page);
    m_test->setObjectName(QStringLiteral("testConnection"));
    m_testResult = new QLabel(page);
    m_testResult->setObjectName(QStringLiteral("testResult"));
    m_testResult->setWordWrap(true);
    m_testResult->setTextFormat(Qt::PlainText);
    testRow->addWidget(m_test);
    testRow->addWidget(m_testResult, 1);
    v->addLayout(testRow);
    v->addWidget(note(tr("Privacy: with an endpoint on this machine (127.0.0.1, localhost) nothing leaves it. With a "
                         "remote one, each question is sent with the code chunks chosen for it (shown in each answer's "
                         "inspector; credentials in them are replaced by [withheld: …]), and HyDE and method summaries "
                         "send more. Chat ▸ ⋯ ▸ What Was Sent lists every request."),
                      page));
    // Check boxes keep short texts and explain themselves in a wrapped note below: a check
    // box never wraps, and a long one would make the dialog wider than a small screen.
    m_sendCredentials = new QCheckBox(tr("Also send code that looks like it contains a credential"), page);
    m_sendCredentials->setObjectName(QStringLiteral("sendCredentials"));
    m_sendCredentials->setChecked(m_current.llm.sendCredentials);
    v->addWidget(m_sendCredentials);
    v->addWidget(note(tr("API keys, private keys and passwords are withheld from every request unless this is on."), page));
    v->addStretch(1);
    connect(m_preset, &QComboBox::activated, this, [this](int index) {
        if (index <= 0)
            return;
        const Preset &p = kPresets[index - 1];
        m_baseUrl->setText(QString::fromUtf8(p.url));
        if (*p.model)
            m_model->setCurrentText(QString::fromUtf8(p.model));
        if (QString::fromUtf8(p.url).startsWith(QLatin1String("https://api.openai.com")))
            m_keyEnv->setText(QStringLiteral("OPENAI_API_KEY"));
        m_preset->setCurrentIndex(0);
    });
    connect(m_key, &QLineEdit::textEdited, this, [this] { m_keyEdited = true; });
    connect(m_keyEnv, &QLineEdit::textChanged, this, &SettingsDialog::updateKeyStatus);
    connect(m_test, &QPushButton::clicked, this, &SettingsDialog::testConnection);
    updateKeyStatus();
    if (m_credentials) {
        const QString account = llmKeyAccount(m_current.llm.baseUrl.host());
        m_credentials->checkAvailability(this, [this, account](bool available) {
            if (!available) {
                updateKeyStatus();
                return;
            }
            m_credentials->readSecret(account, this, [this](Result<QString> r) {
                m_keyStored = r.ok() && !r->isEmpty();
                updateKeyStatus();
            });
        });
    }
    return page;
}

void SettingsDialog::updateKeyStatus()
{
    const QString var = m_keyEnv->text().trimmed().isEmpty() ? QStringLiteral("OPENAI_API_KEY") : m_keyEnv->text().trimmed();
    const bool envSet = !qEnvironmentVariable(var.toLocal8Bit().constData()).isEmpty();
    const bool keychain = m_credentials && m_credentials->availability() == CredentialStore::Availability::Available;
    QString text;
    if (keychain) {
        m_key->setPlaceholderText(m_keyStored ? tr("stored in the keychain (type to replace, clear to remove)")
                                              : tr("not set (local servers need none)"));
        text = tr("The key is kept in the system keychain (%1), never in the settings file.")
                   .arg(m_credentials->backendName());
        if (!m_keyStored)
            text += u' ' + (envSet ? tr("Until one is stored, %1 from the environment is used.").arg(var)
                                   : tr("%1 is not set in the environment either.").arg(var));
    } else {
        m_key->setPlaceholderText(tr("used for this session only"));
        text = tr("No system keychain (Secret Service) is available, so a key typed here is used for this session "
                  "only and never saved. To keep one, set %1 in the environment before starting RepoLens: it is %2.")
                   .arg(var, envSet ? tr("set") : tr("not set"));
    }
    m_keyStatus->setText(text);
}

void SettingsDialog::testConnection()
{
    LlmSettings s = m_current.llm;
    QString why;
    if (!s.setValue(QStringLiteral("llm.url"), m_baseUrl->text(), &why) || s.baseUrl.isEmpty()) {
        m_testResult->setText(tr("Enter a base URL first (%1).").arg(why.isEmpty() ? QStringLiteral("http://127.0.0.1:11434/v1") : why));
        return;
    }
    s.model = m_model->currentText().trimmed();
    s.timeoutSeconds = m_timeout->value();
    QString key = m_key->text();
    if (key.isEmpty())
        key = apiKeyFromEnvironment(s);
    LlmEndpoint e = s.endpoint(key);
    e.timeoutMs = std::min(e.timeoutMs, 15000);
    m_test->setEnabled(false);
    m_testResult->setText(tr("Connecting to %1…").arg(e.displayUrl(QStringLiteral("models"))));
    const QString model = s.model;
    listModels(
        m_nam, e,
        [this, model, e](const ModelListing &listing) {
            m_test->setEnabled(true);
            RemoteCall call;
            call.time = QDateTime::currentDateTime();
            call.endpoint = QStringLiteral("GET ") + e.displayUrl(QStringLiteral("models"));
            call.purpose = QStringLiteral("test connection");
            call.model = model;
            call.local = e.isLocal();
            call.status = listing.ok() ? QStringLiteral("ok") : llmErrorKindName(listing.error.kind);
            Q_EMIT requestMade(call);
            if (!listing.ok()) {
                const QString text = llmErrorText(listing.error, model, e.timeoutMs / 1000);
                m_testResult->setText(tr("Failed: %1").arg(text));
                Q_EMIT connectionTested(false, text);
                return;
            }
            const QString current = m_model->currentText();
            m_model->clear();
            m_model->addItems(listing.models);
            m_model->setCurrentText(current.isEmpty() ? preferredModel(listing.models) : current);
            QString text = tr("Connected: %n model(s).", nullptr, int(listing.models.size()));
            bool ok = true;
            if (!model.isEmpty() && !listing.models.isEmpty() && !listing.models.contains(model)) {
                text += u' ' + tr("The server has no model \"%1\": choose one from the list.").arg(model);
                ok = false;
            } else if (!model.isEmpty()) {
                text += u' ' + tr("\"%1\" is available.").arg(model);
            }
            m_testResult->setText(text);
            Q_EMIT connectionTested(ok, text);
        },
        this);
}

QWidget *SettingsDialog::embeddingsPage()
{
    auto *page = new QWidget(this);
    auto *v = new QVBoxLayout(page);
    v->addWidget(note(tr("Vectors find code by meaning. The built-in embedder and a static model run on this "
                         "machine; an endpoint (OpenAI /v1/embeddings, Ollama, TEI, …) receives every chunk of code "
                         "once (its key comes from REPOLENS_API_KEY)."),
                      page));
    m_vectors = new QCheckBox(tr("Use vectors (hybrid search)"), page);
    m_vectors->setChecked(m_current.search.vectors);
    m_builtin = new QRadioButton(tr("Built-in embedder (offline)"), page);
    m_static = new QRadioButton(tr("Static model folder (offline):"), page);
    m_remote = new QRadioButton(tr("Embeddings endpoint:"), page);
    auto *group = new QButtonGroup(page);
    group->addButton(m_builtin);
    group->addButton(m_static);
    group->addButton(m_remote);
    (!m_current.search.embedStatic.isEmpty() ? m_static : m_current.search.embedUrl.isEmpty() ? m_builtin : m_remote)
        ->setChecked(true);
    m_staticFolder = new QLineEdit(m_current.search.embedStatic, page);
    m_staticFolder->setPlaceholderText(tr("A model2vec model, e.g. potion-code-16M"));
    m_staticBrowse = new QPushButton(tr("Choose…"), page);
    m_staticStatus = new QLabel(page);
    m_staticStatus->setWordWrap(true);
    auto *staticRow = new QHBoxLayout;
    staticRow->addWidget(m_staticFolder, 1);
    staticRow->addWidget(m_staticBrowse);
    m_embedUrl = new QLineEdit(m_current.search.embedUrl.toString(), page);
    m_embedUrl->setPlaceholderText(QStringLiteral("http://127.0.0.1:11434/v1"));
    m_embedModel = new QLineEdit(m_current.search.embedModel, page);
    m_embedModel->setPlaceholderText(QStringLiteral("nomic-embed-text"));
    m_embedMaxTokens = new QSpinBox(page);
    m_embedMaxTokens->setRange(16, 1000000);
    m_embedMaxTokens->setValue(m_current.search.embedMaxTokens);
    auto *form = new QFormLayout;
    form->addRow(tr("URL:"), m_embedUrl);
    form->addRow(tr("Model:"), m_embedModel);
    form->addRow(tr("Input limit (tokens):"), m_embedMaxTokens);
    v->addWidget(m_vectors);
    v->addWidget(m_builtin);
    v->addWidget(m_static);
    v->addLayout(staticRow);
    v->addWidget(m_staticStatus);
    v->addWidget(m_remote);
    v->addLayout(form);
    v->addWidget(note(tr("Changing the embedder re-embeds the folder in the background; vectors of both models are "
                         "kept, so switching back is free."),
                      page));
    v->addStretch(1);
    auto sync = [this] {
        const bool remote = m_remote->isChecked();
        m_embedUrl->setEnabled(remote);
        m_embedModel->setEnabled(remote);
        m_embedMaxTokens->setEnabled(remote);
        const bool isStatic = m_static->isChecked();
        m_staticFolder->setEnabled(isStatic);
        m_staticBrowse->setEnabled(isStatic);
        m_staticStatus->setVisible(isStatic);
    };
    connect(m_remote, &QRadioButton::toggled, this, sync);
    connect(m_static, &QRadioButton::toggled, this, sync);
    connect(m_staticFolder, &QLineEdit::editingFinished, this, [this] { checkStaticFolder(); });
    connect(m_staticBrowse, &QPushButton::clicked, this, [this] {
        const QString start = m_staticFolder->text().trimmed();
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Static Model Folder"), start);
        if (dir.isEmpty())
            return;
        m_staticFolder->setText(dir);
        checkStaticFolder();
    });
    sync();
    if (!m_current.search.embedStatic.isEmpty())
        checkStaticFolder();
    return page;
}

bool SettingsDialog::checkStaticFolder()
{
    const QString folder = m_staticFolder->text().trimmed();
    if (folder.isEmpty()) {
        m_staticStatus->setText(tr("Choose the folder of a model in the model2vec format (config.json, "
                                   "tokenizer.json, model.safetensors), such as potion-code-16M."));
        return false;
    }
    // The config, the tokenizer and the tensors' header only: quick enough to do here.
    const auto info = StaticEmbedder::inspect(folder);
    if (!info) {
        m_staticStatus->setText(tr("This folder is not a usable static embedding model: %1").arg(info.error().message));
        return false;
    }
    m_staticStatus->setText(tr("%1 model: %2 tokens, %3 dimensions. Changing the model embeds the folder again.")
                                .arg(info->tokenizerModel)
                                .arg(info->vocabulary)
                                .arg(info->dimension));
    return true;
}

QWidget *SettingsDialog::integrationsPage()
{
    auto *page = new QWidget(this);
    auto *v = new QVBoxLayout(page);
    v->addWidget(note(tr("Agents such as Claude Code, Codex, Cursor, Continue and Zed can use this folder's index over "
                         "the Model Context Protocol: search, definitions, every reference, numbered lines, impact. "
                         "Register RepoLens with one of them:"),
                      page));
    const QString folder = m_current.folder;
    m_client = new QComboBox(page);
    m_client->setObjectName(QStringLiteral("integrationClient"));
    const QList<McpSnippet> snippets = mcpSnippets(repolensCliPath(), folder.isEmpty() ? tr("FOLDER") : folder);
    for (const McpSnippet &s : snippets)
        m_client->addItem(s.client);
    m_snippetWhere = new QLabel(page);
    m_snippetWhere->setTextFormat(Qt::PlainText);
    m_snippet = new QPlainTextEdit(page);
    m_snippet->setObjectName(QStringLiteral("integrationText"));
    m_snippet->setReadOnly(true);
    m_snippet->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_copySnippet = new QPushButton(tr("Copy"), page);
    m_copySnippet->setObjectName(QStringLiteral("integrationCopy"));
    auto show = [this, snippets](int i) {
        if (i < 0 || i >= snippets.size())
            return;
        m_snippetWhere->setText(snippets.at(i).where);
        m_snippet->setPlainText(snippets.at(i).text);
    };
    connect(m_client, &QComboBox::currentIndexChanged, this, show);
    connect(m_copySnippet, &QPushButton::clicked, this, [this] {
        QApplication::clipboard()->setText(m_snippet->toPlainText());
        m_copySnippet->setText(tr("Copied"));
    });
    connect(m_client, &QComboBox::currentIndexChanged, this, [this] { m_copySnippet->setText(tr("Copy")); });
    show(0);
    auto *form = new QFormLayout;
    form->addRow(tr("Client:"), m_client);
    form->addRow(tr("Where:"), m_snippetWhere);
    v->addLayout(form);
    v->addWidget(m_snippet, 1);
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(m_copySnippet);
    v->addLayout(row);
    if (folder.isEmpty())
        v->addWidget(note(tr("Open a folder to see the command for it."), page));
    v->addWidget(note(tr("The server keeps the index fresh while it runs and shares it with this window: one of them "
                         "writes, the other reads and says so."),
                      page));
    return page;
}

QWidget *SettingsDialog::retrievalPage()
{
    auto *page = new QWidget(this);
    auto *v = new QVBoxLayout(page);
    auto *form = new QFormLayout;
    m_rerank = new QComboBox(page);
    m_rerank->setObjectName(QStringLiteral("rerank"));
    m_rerank->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_rerank->setMinimumContentsLength(24);
    m_rerank->addItem(tr("Off"), rerankModeName(RerankMode::Off));
    m_rerank->addItem(tr("Built-in (local)"), rerankModeName(RerankMode::Local));
    m_rerank->addItem(tr("Rerank endpoint (/v1/rerank)"), rerankModeName(RerankMode::Endpoint));
    m_rerank->addItem(tr("The chat model as judge (one more request per question)"), rerankModeName(RerankMode::Llm));
    m_rerank->setCurrentIndex(std::max(0, m_rerank->findData(rerankModeName(m_current.search.rerank))));
    m_rerankUrl = new QLineEdit(m_current.search.rerankUrl.toString(), page);
    m_rerankModel = new QLineEdit(m_current.search.rerankModel, page);
    m_hyde = new QCheckBox(tr("HyDE for long or vague questions"), page);
    m_hyde->setObjectName(QStringLiteral("hyde"));
    m_hyde->setChecked(m_current.llm.hyde);
    m_topK = new QSpinBox(page);
    m_topK->setObjectName(QStringLiteral("topK"));
    m_topK->setRange(1, 100);
    m_topK->setValue(m_current.llm.topK);
    m_budget = new QSpinBox(page);
    m_budget->setObjectName(QStringLiteral("contextBudget"));
    m_budget->setRange(500, 1000000);
    m_budget->setSingleStep(500);
    m_budget->setSuffix(tr(" tokens"));
    m_budget->setValue(m_current.llm.contextBudget);
    m_history = new QSpinBox(page);
    m_history->setRange(0, 1000000);
    m_history->setSingleStep(500);
    m_history->setSuffix(tr(" tokens"));
    m_history->setValue(m_current.llm.historyBudget);
    form->addRow(tr("Re-rank:"), m_rerank);
    form->addRow(tr("Rerank URL:"), m_rerankUrl);
    form->addRow(tr("Rerank model:"), m_rerankModel);
    form->addRow(tr("Results considered (top-k):"), m_topK);
    form->addRow(tr("Context budget:"), m_budget);
    form->addRow(tr("Conversation budget:"), m_history);
    m_agentMode = new QComboBox(page);
    m_agentMode->setObjectName(QStringLiteral("agentMode"));
    m_agentMode->addItem(tr("Auto: agent for questions that need several steps"), agentModeName(LlmSettings::AgentMode::Auto));
    m_agentMode->addItem(tr("Single-shot: one retrieval, one answer"), agentModeName(LlmSettings::AgentMode::SingleShot));
    m_agentMode->addItem(tr("Agent: the model searches, reads and follows references"), agentModeName(LlmSettings::AgentMode::Agent));
    m_agentMode->setCurrentIndex(std::max(0, m_agentMode->findData(agentModeName(m_current.llm.agentMode))));
    m_agentRounds = new QSpinBox(page);
    m_agentRounds->setRange(1, 20);
    m_agentRounds->setValue(m_current.llm.agentRounds);
    m_agentCalls = new QSpinBox(page);
    m_agentCalls->setRange(1, 32);
    m_agentCalls->setValue(m_current.llm.agentCalls);
    form->addRow(tr("Answer mode:"), m_agentMode);
    form->addRow(tr("Agent rounds:"), m_agentRounds);
    form->addRow(tr("Tool calls per round:"), m_agentCalls);
    v->addLayout(form);
    v->addWidget(m_hyde);
    v->addWidget(note(tr("HyDE lets the model write hypothetical code first and searches with it (two extra "
                         "requests per question)."),
                      page));
    v->addWidget(note(tr("The context budget is filled best-first with the chunks found (no overlapping ranges, each "
                         "with its references); mentioned files and symbols and reference-graph paths come first."),
                      page));
    v->addStretch(1);
    // The rerank endpoint's URL and model mean something only with that mode.
    auto sync = [this] {
        const bool endpoint = m_rerank->currentData().toString() == rerankModeName(RerankMode::Endpoint);
        m_rerankUrl->setEnabled(endpoint);
        m_rerankModel->setEnabled(endpoint);
    };
    connect(m_rerank, &QComboBox::currentIndexChanged, this, sync);
    sync();
    return page;
}

QWidget *SettingsDialog::indexingPage()
{
    auto *page = new QWidget(this);
    auto *v = new QVBoxLayout(page);
    auto *ignoreLabel = new QLabel(tr("Also ignore (one .gitignore pattern a line, on top of .gitignore and "
                                      ".repolensignore):"),
                                   page);
    ignoreLabel->setWordWrap(true);
    v->addWidget(ignoreLabel);
    m_ignore = new QPlainTextEdit(m_current.indexing.ignorePatterns.join(u'\n'), page);
    m_ignore->setObjectName(QStringLiteral("ignorePatterns"));
    m_ignore->setPlaceholderText(QStringLiteral("third_party/\n*.generated.ts"));
    v->addWidget(m_ignore, 1);
    auto *form = new QFormLayout;
    m_sizeCap = new QSpinBox(page);
    m_sizeCap->setRange(16, 64 * 1024);
    m_sizeCap->setSuffix(tr(" KiB"));
    m_sizeCap->setValue(int(m_current.indexing.sizeCapBytes / 1024));
    form->addRow(tr("Skip files larger than:"), m_sizeCap);
    v->addLayout(form);
    m_summaries = new QCheckBox(tr("Method summaries"), page);
    m_summaries->setObjectName(QStringLiteral("summaries"));
    m_summaries->setChecked(m_current.llm.summaries);
    v->addWidget(m_summaries);
    v->addWidget(note(tr("The model describes each function and class in 2–3 lines, so search also finds what code "
                         "does: one request per function, the count is shown before it starts, resumable."),
                      page));
    return page;
}

QWidget *SettingsDialog::appearancePage()
{
    auto *page = new QWidget(this);
    auto *v = new QVBoxLayout(page);
    auto *form = new QFormLayout;
    m_theme = new QComboBox(page);
    m_theme->setObjectName(QStringLiteral("themeBox"));
    m_theme->addItem(tr("Follow the system"), int(AppearanceSettings::Theme::System));
    m_theme->addItem(tr("Light"), int(AppearanceSettings::Theme::Light));
    m_theme->addItem(tr("Dark"), int(AppearanceSettings::Theme::Dark));
    m_theme->setCurrentIndex(m_theme->findData(int(m_current.appearance.theme)));
    m_syntaxTheme = new QComboBox(page);
    m_syntaxTheme->setObjectName(QStringLiteral("syntaxThemeBox"));
    m_syntaxTheme->addItem(tr("RepoLens (light or dark, after the colours above)"), QString());
    if (!m_current.appearance.syntaxTheme.isEmpty()) {
        // Listed before the helper answers, so that the choice shows at once.
        m_syntaxTheme->addItem(m_current.appearance.syntaxTheme, m_current.appearance.syntaxTheme);
        m_syntaxTheme->setCurrentIndex(1);
        if (const auto colours = m_current.appearance.syntaxThemeColours())
            m_syntaxThemes.append(*colours);
    }
    m_syntaxThemeNote = new QLabel(page);
    m_syntaxThemeNote->setObjectName(QStringLiteral("syntaxThemeNote"));
    m_syntaxThemeNote->setWordWrap(true);
    m_syntaxThemeNote->setForegroundRole(QPalette::PlaceholderText);
    m_syntaxThemeNote->setText(tr("Listing the KSyntaxHighlighting themes…"));
    fillSyntaxThemes();
    m_font = new QFontComboBox(page);
    m_font->setFontFilters(QFontComboBox::MonospacedFonts);
    m_font->setCurrentFont(m_current.appearance.codeFont());
    m_fontSize = new QSpinBox(page);
    m_fontSize->setRange(6, 40);
    m_fontSize->setValue(m_current.appearance.codeFont().pointSize() > 0 ? m_current.appearance.codeFont().pointSize() : 10);
    form->addRow(tr("Colours:"), m_theme);
    form->addRow(tr("Code colours:"), m_syntaxTheme);
    form->addRow(QString(), m_syntaxThemeNote);
    form->addRow(tr("Code font:"), m_font);
    form->addRow(tr("Code font size:"), m_fontSize);
    auto *language = new QComboBox(page);
    language->setObjectName(QStringLiteral("languageBox"));
    fillLanguageBox(language);
    form->addRow(tr("Language (after a restart):"), language);
    v->addLayout(form);
    v->addStretch(1);
    return page;
}

void SettingsDialog::fillSyntaxThemes()
{
    SyntaxHelper::instance()->listThemes(this, [this](Result<QList<SyntaxTheme>> themes) {
        if (!themes) {
            m_syntaxThemeNote->setText(tr("KSyntaxHighlighting themes are not available: %1").arg(themes.error().message));
            return;
        }
        const QString chosen = m_syntaxTheme->currentData().toString();
        m_syntaxThemes = *themes;
        m_syntaxTheme->clear();
        m_syntaxTheme->addItem(tr("RepoLens (light or dark, after the colours above)"), QString());
        for (const SyntaxTheme &t : std::as_const(m_syntaxThemes))
            m_syntaxTheme->addItem(t.name, t.name);
        m_syntaxTheme->setCurrentIndex(std::max(0, m_syntaxTheme->findData(chosen)));
        m_syntaxThemeNote->setText(tr("%n KSyntaxHighlighting theme(s); tree-sitter languages follow the same colours.",
                                      nullptr, int(m_syntaxThemes.size())));
    });
}

bool SettingsDialog::refuse(const QString &page, QWidget *field, const QString &message)
{
    m_lastError = message;
    showPage(page);
    if (field)
        field->setFocus();
    if (!m_quiet)
        QMessageBox::warning(this, tr("Settings"), message);
    return false;
}

bool SettingsDialog::apply()
{
    m_lastError.clear();
    SettingsBundle b = m_current;
    QString why;
    // Model
    if (!b.llm.setValue(QStringLiteral("llm.url"), m_baseUrl->text(), &why))
        return refuse(QStringLiteral("model"), m_baseUrl, tr("The base URL must be %1.").arg(why));
    if (!b.llm.setValue(QStringLiteral("llm.model"), m_model->currentText(), &why))
        return refuse(QStringLiteral("model"), m_model, tr("The model must be %1.").arg(why));
    if (!b.llm.baseUrl.isEmpty() && b.llm.model.isEmpty())
        return refuse(QStringLiteral("model"), m_model,
                      tr("Name the model to use (Test Connection lists the server's models)."));
    if (!b.llm.setValue(QStringLiteral("llm.key_env"), m_keyEnv->text(), &why))
        return refuse(QStringLiteral("model"), m_keyEnv, tr("The key variable must be %1.").arg(why));
    if (m_key->text().contains(QRegularExpression(QStringLiteral("\\s"))))
        return refuse(QStringLiteral("model"), m_key, tr("The API key cannot contain spaces or line breaks."));
    b.llm.temperature = m_temperature->value();
    b.llm.maxTokens = m_maxTokens->value();
    b.llm.timeoutSeconds = m_timeout->value();
    b.keyChanged = m_keyEdited;
    b.key = m_key->text().trimmed();
    // Embeddings
    b.search.vectors = m_vectors->isChecked();
    b.search.embedStatic.clear();
    if (m_static->isChecked()) {
        if (!checkStaticFolder())
            return refuse(QStringLiteral("embeddings"), m_staticFolder, m_staticStatus->text());
        b.search.setValue(QStringLiteral("embed.static"), m_staticFolder->text().trimmed());
    } else if (m_remote->isChecked()) {
        if (m_embedUrl->text().trimmed().isEmpty() || !b.search.setValue(QStringLiteral("embed.url"), m_embedUrl->text().trimmed()))
            return refuse(QStringLiteral("embeddings"), m_embedUrl,
                          tr("The embeddings URL must be an http:// or https:// URL such as http://127.0.0.1:11434/v1."));
        if (m_embedModel->text().trimmed().isEmpty())
            return refuse(QStringLiteral("embeddings"), m_embedModel, tr("Name the embedding model."));
        b.search.embedModel = m_embedModel->text().trimmed();
        b.search.embedMaxTokens = m_embedMaxTokens->value();
    } else {
        b.search.embedUrl = QUrl();
        b.search.embedModel.clear();
    }
    // Retrieval
    bool known = false;
    b.search.rerank = rerankModeFromName(m_rerank->currentData().toString(), &known);
    if (b.search.rerank == RerankMode::Endpoint) {
        if (m_rerankUrl->text().trimmed().isEmpty() || !b.search.setValue(QStringLiteral("rerank.url"), m_rerankUrl->text().trimmed()))
            return refuse(QStringLiteral("retrieval"), m_rerankUrl, tr("The rerank endpoint needs an http:// or https:// URL."));
        b.search.rerankModel = m_rerankModel->text().trimmed();
    }
    b.llm.hyde = m_hyde->isChecked();
    b.llm.agentMode = m_agentMode->currentIndex() == 1   ? LlmSettings::AgentMode::SingleShot
                      : m_agentMode->currentIndex() == 2 ? LlmSettings::AgentMode::Agent
                                                         : LlmSettings::AgentMode::Auto;
    b.llm.agentRounds = m_agentRounds->value();
    b.llm.agentCalls = m_agentCalls->value();
    b.llm.sendCredentials = m_sendCredentials->isChecked();
    b.llm.topK = m_topK->value();
    b.llm.contextBudget = m_budget->value();
    b.llm.historyBudget = m_history->value();
    if (b.search.rerank == RerankMode::Llm && b.llm.baseUrl.isEmpty())
        return refuse(QStringLiteral("retrieval"), m_rerank, tr("Re-ranking by the chat model needs a model: set one on the Model page first."));
    if (b.llm.hyde && b.llm.baseUrl.isEmpty())
        return refuse(QStringLiteral("retrieval"), m_hyde, tr("HyDE needs a model: set one on the Model page first."));
    // Indexing
    QStringList patterns;
    for (const QString &line : m_ignore->toPlainText().split(u'\n')) {
        if (!line.trimmed().isEmpty())
            patterns << line.trimmed();
    }
    if (const QString bad = IndexingSettings::validatePatterns(patterns); !bad.isEmpty())
        return refuse(QStringLiteral("indexing"), m_ignore, tr("An ignore pattern cannot be used: %1.").arg(bad));
    b.indexing.ignorePatterns = patterns;
    b.indexing.sizeCapBytes = qint64(m_sizeCap->value()) * 1024;
    b.llm.summaries = m_summaries->isChecked();
    if (b.llm.summaries && b.llm.baseUrl.isEmpty())
        return refuse(QStringLiteral("indexing"), m_summaries, tr("Method summaries need a model: set one on the Model page first."));
    // Appearance
    b.appearance.theme = AppearanceSettings::Theme(m_theme->currentData().toInt());
    b.appearance.codeFontFamily = m_font->currentFont().family();
    b.appearance.codeFontSize = m_fontSize->value();
    b.appearance.syntaxTheme = m_syntaxTheme->currentData().toString();
    b.appearance.syntaxThemeData.clear();
    for (const SyntaxTheme &t : std::as_const(m_syntaxThemes)) {
        if (t.name == b.appearance.syntaxTheme)
            b.appearance.syntaxThemeData = t.toJson();
    }
    if (!b.appearance.syntaxTheme.isEmpty() && b.appearance.syntaxThemeData.isEmpty())
        return refuse(QStringLiteral("appearance"), m_syntaxTheme,
                      tr("The colours of %1 are not known yet: wait for the list of themes.").arg(b.appearance.syntaxTheme));
    if (auto *language = findChild<QComboBox *>(QStringLiteral("languageBox")))
        setLanguageSetting(languageFromBox(language));

    m_current = b;
    m_current.keyChanged = false;
    m_keyEdited = false;
    Q_EMIT applied(b);
    return true;
}

} // namespace RepoLens
