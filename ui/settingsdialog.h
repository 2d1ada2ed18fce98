#pragma once

#include "appsettings.h"
#include "codetheme.h"

#include "core/llm/credentialstore.h"
#include "core/llm/llmsettings.h"
#include "core/retrieve/remotecall.h"
#include "core/search/searchsettings.h"

#include <QDialog>

#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFontComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QNetworkAccessManager;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QStackedWidget;

namespace RepoLens {

// Everything the settings dialog edits.
struct SettingsBundle
{
    LlmSettings llm;
    SearchSettings search;
    IndexingSettings indexing;
    AppearanceSettings appearance;
    QString folder;            // the open folder (Integrations shows its MCP command)
    bool keyChanged = false;   // the API key field was edited
    QString key;               // the new key (empty: remove it)
};

// Settings ▸ Model (endpoint, model, key, test connection), Embeddings (built-in, a static
// model folder or an endpoint), Retrieval (re-rank, HyDE, top-k, context budget), Indexing (ignore patterns, size
// cap, method summaries) and Appearance (theme, code font). OK / Apply validate every field
// and refuse bad values with a message naming the field; applied() carries the new settings,
// which the window applies at once (no restart). The API key goes to the system keychain when
// there is one and never into the settings file.
class SettingsDialog : public QDialog
{
    Q_OBJECT
public:
    SettingsDialog(const SettingsBundle &current, std::shared_ptr<CredentialStore> credentials,
                   QWidget *parent = nullptr);

    void showPage(const QString &name); // "model", "embeddings", "retrieval", "indexing", "appearance", "integrations"
    // Validates and emits applied(); false (after telling why) when a value is refused.
    bool apply();
    QString lastError() const { return m_lastError; }

    // For tests and the screenshots.
    QLineEdit *baseUrlEdit() const { return m_baseUrl; }
    QComboBox *modelBox() const { return m_model; }
    QLineEdit *keyEdit() const { return m_key; }
    QLabel *keyStatus() const { return m_keyStatus; }
    QPushButton *testButton() const { return m_test; }
    QLabel *testResult() const { return m_testResult; }
    QSpinBox *topK() const { return m_topK; }
    QSpinBox *contextBudget() const { return m_budget; }
    QCheckBox *hyde() const { return m_hyde; }
    QComboBox *rerank() const { return m_rerank; }
    QRadioButton *staticModelChoice() const { return m_static; }
    QLineEdit *staticFolderEdit() const { return m_staticFolder; }
    QLabel *staticFolderStatus() const { return m_staticStatus; }
    QLineEdit *rerankUrl() const { return m_rerankUrl; }
    QLineEdit *rerankModel() const { return m_rerankModel; }
    QPlainTextEdit *ignorePatterns() const { return m_ignore; }
    QComboBox *theme() const { return m_theme; }
    // The code viewer's colours: ours, or a KSyntaxHighlighting theme (listed by the helper).
    QComboBox *syntaxThemeBox() const { return m_syntaxTheme; }
    QLabel *syntaxThemeNote() const { return m_syntaxThemeNote; }
    QListWidget *pages() const { return m_pages; }
    QComboBox *agentMode() const { return m_agentMode; }
    QComboBox *integrationClient() const { return m_client; }
    QPlainTextEdit *integrationText() const { return m_snippet; }
    QPushButton *integrationCopy() const { return m_copySnippet; }
    void setQuietErrors(bool quiet) { m_quiet = quiet; } // tests: no message boxes

Q_SIGNALS:
    void applied(const RepoLens::SettingsBundle &settings);
    void connectionTested(bool ok, const QString &message);
    // A request left for a model endpoint (Test Connection's GET /models): for the log.
    void requestMade(const RepoLens::RemoteCall &call);

private:
    QWidget *modelPage();
    QWidget *embeddingsPage();
    QWidget *retrievalPage();
    QWidget *indexingPage();
    QWidget *appearancePage();
    void fillSyntaxThemes();
    QWidget *integrationsPage();
    void testConnection();
    void updateKeyStatus();
    bool refuse(const QString &page, QWidget *field, const QString &message);
    // Checks the static model folder field and says what is there (or why it is not a model).
    bool checkStaticFolder();

    SettingsBundle m_current;
    std::shared_ptr<CredentialStore> m_credentials;
    QNetworkAccessManager *m_nam;
    bool m_keyStored = false;
    bool m_keyEdited = false;
    bool m_quiet = false;
    QString m_lastError;

    QListWidget *m_pages;
    QStackedWidget *m_stack;
    // agent mode (model page) and integrations
    QComboBox *m_agentMode = nullptr;
    QSpinBox *m_agentRounds = nullptr;
    QSpinBox *m_agentCalls = nullptr;
    QComboBox *m_client = nullptr;
    QLabel *m_snippetWhere = nullptr;
    QPlainTextEdit *m_snippet = nullptr;
    QPushButton *m_copySnippet = nullptr;
    // model
    QComboBox *m_preset;
    QLineEdit *m_baseUrl;
    QComboBox *m_model;
    QLineEdit *m_key;
    QLineEdit *m_keyEnv;
    QLabel *m_keyStatus;
    QDoubleSpinBox *m_temperature;
    QSpinBox *m_maxTokens;
    QSpinBox *m_timeout;
    QPushButton *m_test;
    QLabel *m_testResult;
    // embeddings
    QRadioButton *m_builtin;
    QRadioButton *m_static;
    QLineEdit *m_staticFolder;
    QPushButton *m_staticBrowse;
    QLabel *m_staticStatus;
    QRadioButton *m_remote;
    QCheckBox *m_vectors;
    QLineEdit *m_embedUrl;
    QLineEdit *m_embedModel;
    QSpinBox *m_embedMaxTokens;
    // retrieval
    QComboBox *m_rerank;
    QLineEdit *m_rerankUrl;
    QLineEdit *m_rerankModel;
    QCheckBox *m_hyde;
    QCheckBox *m_sendCredentials;
    QSpinBox *m_topK;
    QSpinBox *m_budget;
    QSpinBox *m_history;
    // indexing
    QPlainTextEdit *m_ignore;
    QSpinBox *m_sizeCap;
    QCheckBox *m_summaries;
    // appearance
    QComboBox *m_theme;
    QComboBox *m_syntaxTheme;
    QLabel *m_syntaxThemeNote;
    QList<SyntaxTheme> m_syntaxThemes;
    QFontComboBox *m_font;
    QSpinBox *m_fontSize;
};

} // namespace RepoLens

Q_DECLARE_METATYPE(RepoLens::SettingsBundle)
