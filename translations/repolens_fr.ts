<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr" sourcelanguage="en">
<context>
    <name>QObject</name>
    <message>
        <source>Close (Esc)</source>
        <translation>Fermer (Échap)</translation>
    </message>
</context>
<context>
    <name>RepoLens::AboutDialog</name>
    <message>
        <source>Qt %1 (built with %2)</source>
        <translation>Qt %1 (compilé avec %2)</translation>
    </message>
    <message>
        <source>Compiler: %1</source>
        <translation>Compilateur : %1</translation>
    </message>
    <message>
        <source>Build type: %1</source>
        <translation>Type de compilation : %1</translation>
    </message>
    <message>
        <source>unspecified</source>
        <translation>non précisé</translation>
    </message>
    <message>
        <source>tree-sitter core: %1 (%2)</source>
        <translation>Noyau tree-sitter : %1 (%2)</translation>
    </message>
    <message>
        <source>About RepoLens</source>
        <translation>À propos de RepoLens</translation>
    </message>
    <message>
        <source>&lt;h3&gt;RepoLens %1&lt;/h3&gt;&lt;p&gt;Ask questions about a codebase: a local index of its definitions and references, searched on your machine.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;RepoLens %1&lt;/h3&gt;&lt;p&gt;Posez des questions sur une base de code : un index local de ses définitions et références, interrogé sur votre machine.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Bundled tree-sitter grammars:</source>
        <translation>Grammaires tree-sitter incluses :</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Langage</translation>
    </message>
    <message>
        <source>Package</source>
        <translation>Paquet</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>Licence</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>inconnue</translation>
    </message>
    <message>
        <source>ABI %1</source>
        <translation>ABI %1</translation>
    </message>
    <message>
        <source>disabled: %1</source>
        <translation>désactivée : %1</translation>
    </message>
    <message>
        <source>RepoLens is free software under the MIT licence.</source>
        <translation>RepoLens est un logiciel libre sous licence MIT.</translation>
    </message>
</context>
<context>
    <name>RepoLens::AgentStepsView</name>
    <message>
        <source>Agent steps</source>
        <translation>Étapes de l’agent</translation>
    </message>
    <message>
        <source>%1. %2 %3</source>
        <translation>%1. %2 %3</translation>
    </message>
    <message>
        <source>Show what %1 returned</source>
        <translation>Afficher ce que %1 a renvoyé</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>en cours…</translation>
    </message>
    <message numerus="yes">
        <source>Agent steps (%n call(s))</source>
        <translation>
            <numerusform>Étapes de l’agent (%n appel)</numerusform>
            <numerusform>Étapes de l’agent (%n appels)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepoLens::AnswerView</name>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation>Sources :</translation>
    </message>
    <message>
        <source>There is no source with this number in the context that was sent.</source>
        <translation>Aucune source ne porte ce numéro dans le contexte envoyé.</translation>
    </message>
    <message>
        <source>No file %1 in the index: the model may have invented it.</source>
        <translation>Aucun fichier %1 dans l&apos;index : le modèle l&apos;a peut-être inventé.</translation>
    </message>
    <message>
        <source>%1 matches several files.</source>
        <translation>%1 correspond à plusieurs fichiers.</translation>
    </message>
    <message>
        <source>The cited lines do not exist: %1</source>
        <translation>Les lignes citées n&apos;existent pas : %1</translation>
    </message>
</context>
<context>
    <name>RepoLens::ChatController</name>
    <message>
        <source>Retrieval only: answers are the best-matching code. &lt;a href=&quot;settings&quot;&gt;Configure a model…&lt;/a&gt;</source>
        <translation>Recherche seule : les réponses sont le code le plus pertinent. &lt;a href=&quot;settings&quot;&gt;Configurer un modèle…&lt;/a&gt;</translation>
    </message>
    <message>
        <source>With a model (OpenAI, Ollama, llama.cpp, vLLM, LM Studio, …) the chat writes answers with citations.</source>
        <translation>Avec un modèle (OpenAI, Ollama, llama.cpp, vLLM, LM Studio, …), le chat rédige des réponses avec citations.</translation>
    </message>
    <message>
        <source>on this machine</source>
        <translation>sur cette machine</translation>
    </message>
    <message>
        <source>Answers by &lt;b&gt;%1&lt;/b&gt; %2 · &lt;a href=&quot;settings&quot;&gt;Settings&lt;/a&gt;</source>
        <translation>Réponses de &lt;b&gt;%1&lt;/b&gt; %2 · &lt;a href=&quot;settings&quot;&gt;Paramètres&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Nothing leaves this machine.</source>
        <translation>Rien ne quitte cette machine.</translation>
    </message>
    <message>
        <source>The question and the code chunks found for it are sent to %1.</source>
        <translation>La question et les extraits de code trouvés pour elle sont envoyés à %1.</translation>
    </message>
    <message numerus="yes">
        <source>Ollama is running on this computer (%n model(s)). Use %1 to write answers? Nothing leaves the machine.</source>
        <translation>
            <numerusform>Ollama tourne sur cet ordinateur (%n modèle). Utiliser %1 pour rédiger les réponses ? Rien ne quitte la machine.</numerusform>
            <numerusform>Ollama tourne sur cet ordinateur (%n modèles). Utiliser %1 pour rédiger les réponses ? Rien ne quitte la machine.</numerusform>
        </translation>
    </message>
    <message>
        <source>Use %1</source>
        <translation>Utiliser %1</translation>
    </message>
    <message>
        <source>Open a folder first (File ▸ Open Folder…).</source>
        <translation>Ouvrez d&apos;abord un dossier (Fichier ▸ Ouvrir un dossier…).</translation>
    </message>
    <message>
        <source>The folder has not been indexed yet; ask again in a moment.</source>
        <translation>Le dossier n&apos;est pas encore indexé ; reposez la question dans un instant.</translation>
    </message>
    <message>
        <source>Cannot open the index: %1</source>
        <translation>Impossible d&apos;ouvrir l&apos;index : %1</translation>
    </message>
    <message>
        <source>The question has no words to search for.</source>
        <translation>La question ne contient aucun mot à rechercher.</translation>
    </message>
    <message>
        <source>Search failed: %1</source>
        <translation>La recherche a échoué : %1</translation>
    </message>
    <message>
        <source>%1 of %2 files so far</source>
        <translation>%1 fichiers sur %2 pour l&apos;instant</translation>
    </message>
    <message>
        <source>scanning</source>
        <translation>analyse</translation>
    </message>
    <message>
        <source>No model is configured, so these are the best-matching snippets. Settings ▸ Model connects OpenAI, Ollama, llama.cpp, vLLM or LM Studio for written answers.</source>
        <translation>Aucun modèle n&apos;est configuré : voici donc les extraits les plus pertinents. Paramètres ▸ Modèle permet de connecter OpenAI, Ollama, llama.cpp, vLLM ou LM Studio pour obtenir des réponses rédigées.</translation>
    </message>
    <message>
        <source>Searching (HyDE may ask the model first)…</source>
        <translation>Recherche en cours (HyDE peut d&apos;abord interroger le modèle)…</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Recherche en cours…</translation>
    </message>
    <message>
        <source>The server answered HTTP %1; trying again in %2 (attempt %3)…</source>
        <translation>Le serveur a répondu HTTP %1 ; nouvel essai dans %2 (tentative %3)…</translation>
    </message>
    <message>
        <source>the model reached its token limit (%1 tokens; Settings ▸ Model ▸ Max tokens).</source>
        <translation>le modèle a atteint sa limite de jetons (%1 jetons ; Paramètres ▸ Modèle ▸ Jetons max.).</translation>
    </message>
    <message numerus="yes">
        <source>%n chunk(s)</source>
        <translation>
            <numerusform>%n extrait</numerusform>
            <numerusform>%n extraits</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 jetons</translation>
    </message>
    <message>
        <source>context of the previous question</source>
        <translation>contexte de la question précédente</translation>
    </message>
    <message>
        <source>HyDE %1</source>
        <translation>HyDE %1</translation>
    </message>
    <message numerus="yes">
        <source>%n graph path(s)</source>
        <translation>
            <numerusform>%n chemin du graphe</numerusform>
            <numerusform>%n chemins du graphe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n withheld (credentials)</source>
        <translation>
            <numerusform>%n retenu (identifiants)</numerusform>
            <numerusform>%n retenus (identifiants)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is writing…</source>
        <translation>%1 rédige…</translation>
    </message>
    <message>
        <source>first words after %1, %2 in all</source>
        <translation>premiers mots après %1, %2 au total</translation>
    </message>
    <message numerus="yes">
        <source>%n citation(s) not found in the index</source>
        <translation>
            <numerusform>%n citation introuvable dans l&apos;index</numerusform>
            <numerusform>%n citations introuvables dans l&apos;index</numerusform>
        </translation>
    </message>
    <message>
        <source>The index is still being built: the context may be incomplete.</source>
        <translation>L&apos;index est encore en construction : le contexte peut être incomplet.</translation>
    </message>
    <message>
        <source>the answer was incomplete.</source>
        <translation>la réponse était incomplète.</translation>
    </message>
    <message>
        <source>Retrieval only (no model was configured)</source>
        <translation>Recherche seule (aucun modèle configuré)</translation>
    </message>
    <message>
        <source>Rename Conversation</source>
        <translation>Renommer la conversation</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>Titre :</translation>
    </message>
    <message>
        <source>Delete Conversation</source>
        <translation>Supprimer la conversation</translation>
    </message>
    <message>
        <source>Delete the conversation &quot;%1&quot;? This cannot be undone.</source>
        <translation>Supprimer la conversation « %1 » ? Cette action est irréversible.</translation>
    </message>
    <message>
        <source>Could not connect to %1: nothing is listening there. Is the model server (Ollama, llama.cpp, …) running, and is the port right?</source>
        <translation>Connexion à %1 impossible : rien n&apos;écoute à cette adresse. Le serveur de modèles (Ollama, llama.cpp, …) est-il lancé et le port est-il correct ?</translation>
    </message>
    <message>
        <source>The host of %1 was not found. Check the base URL in Settings ▸ Model.</source>
        <translation>L&apos;hôte de %1 est introuvable. Vérifiez l&apos;URL de base dans Paramètres ▸ Modèle.</translation>
    </message>
    <message>
        <source>The secure connection to %1 failed (TLS). Check http:// versus https:// and the server&apos;s certificate.</source>
        <translation>La connexion sécurisée à %1 a échoué (TLS). Vérifiez http:// ou https:// et le certificat du serveur.</translation>
    </message>
    <message>
        <source>The server refused the API key (HTTP 401). Set the key in Settings ▸ Model.</source>
        <translation>Le serveur a refusé la clé d&apos;API (HTTP 401). Définissez la clé dans Paramètres ▸ Modèle.</translation>
    </message>
    <message>
        <source>The API key may not use this model or endpoint (HTTP 403).</source>
        <translation>La clé d&apos;API n&apos;a pas accès à ce modèle ou à ce point d&apos;accès (HTTP 403).</translation>
    </message>
    <message>
        <source>The server has no model &quot;%1&quot; (HTTP 404). Check the name in Settings ▸ Model; with Ollama, pull it first (ollama pull %1).</source>
        <translation>Le serveur n&apos;a pas de modèle « %1 » (HTTP 404). Vérifiez le nom dans Paramètres ▸ Modèle ; avec Ollama, téléchargez-le d&apos;abord (ollama pull %1).</translation>
    </message>
    <message>
        <source>There is no chat completions endpoint at %1 (HTTP 404). The base URL usually ends in /v1.</source>
        <translation>Aucun point d&apos;accès chat completions à %1 (HTTP 404). L&apos;URL de base se termine généralement par /v1.</translation>
    </message>
    <message>
        <source>The server rejected the request (HTTP %1).</source>
        <translation>Le serveur a rejeté la requête (HTTP %1).</translation>
    </message>
    <message numerus="yes">
        <source>The server is rate limiting (HTTP 429), still after %n attempt(s). Wait a moment and retry.</source>
        <translation>
            <numerusform>Le serveur limite le débit (HTTP 429), encore après %n tentative. Patientez un instant et réessayez.</numerusform>
            <numerusform>Le serveur limite le débit (HTTP 429), encore après %n tentatives. Patientez un instant et réessayez.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The server failed (HTTP %1), still after %n attempt(s).</source>
        <translation>
            <numerusform>Le serveur a échoué (HTTP %1), encore après %n tentative.</numerusform>
            <numerusform>Le serveur a échoué (HTTP %1), encore après %n tentatives.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server reported an error.</source>
        <translation>Le serveur a signalé une erreur.</translation>
    </message>
    <message>
        <source>The server stopped answering (no data for %1 s). Local models can be slow to start: retry, or raise the timeout in Settings ▸ Model.</source>
        <translation>Le serveur ne répond plus (aucune donnée depuis %1 s). Les modèles locaux peuvent être lents à démarrer : réessayez ou augmentez le délai dans Paramètres ▸ Modèle.</translation>
    </message>
    <message>
        <source>The server sent something that is not an OpenAI-compatible answer stream.</source>
        <translation>Le serveur a envoyé autre chose qu&apos;un flux de réponse compatible OpenAI.</translation>
    </message>
    <message>
        <source>The answer stream ended before it was complete.</source>
        <translation>Le flux de réponse s&apos;est terminé avant d&apos;être complet.</translation>
    </message>
    <message>
        <source>The server closed the connection in the middle of the answer.</source>
        <translation>Le serveur a fermé la connexion au milieu de la réponse.</translation>
    </message>
    <message>
        <source>Network error talking to %1.</source>
        <translation>Erreur réseau en communiquant avec %1.</translation>
    </message>
    <message>
        <source>No model is configured (Settings ▸ Model).</source>
        <translation>Aucun modèle n&apos;est configuré (Paramètres ▸ Modèle).</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Arrêté.</translation>
    </message>
    <message>
        <source>Server said: %1</source>
        <translation>Le serveur a répondu : %1</translation>
    </message>
    <message>
        <source>%1 of %2 files parsed so far, the others searched as plain text</source>
        <translation>%1 fichiers sur %2 analysés pour l’instant, les autres cherchés comme texte brut</translation>
    </message>
    <message>
        <source>reading files</source>
        <translation>lecture des fichiers</translation>
    </message>
    <message>
        <source>what does this project do?</source>
        <translation>que fait ce projet ?</translation>
    </message>
    <message>
        <source>where is the entry point?</source>
        <translation>où est le point d&apos;entrée ?</translation>
    </message>
    <message>
        <source>The index is incomplete (indexing was stopped before it finished): the context may be missing code. Re-index (F5) completes it.</source>
        <translation>L&apos;index est incomplet (l&apos;indexation a été arrêtée avant la fin) : il peut manquer du code dans le contexte. Réindexer (F5) le complète.</translation>
    </message>
    <message>
        <source>Nothing is indexed yet, so there is nothing to answer from; ask again in a moment.</source>
        <translation>Rien n&apos;est encore indexé, il n&apos;y a donc rien d&apos;où répondre ; reposez la question dans un instant.</translation>
    </message>
    <message>
        <source>This folder has nothing to search: no file in it was indexed (the file tree says why).</source>
        <translation>Ce dossier n&apos;a rien à chercher : aucun de ses fichiers n&apos;a été indexé (l&apos;arborescence dit pourquoi).</translation>
    </message>
    <message>
        <source>No code in the index matches the question. Rephrase it, or name a file or symbol with @.</source>
        <translation>Aucun code de l&apos;index ne correspond à la question. Reformulez-la, ou nommez un fichier ou un symbole avec @.</translation>
    </message>
    <message>
        <source>Nothing was sent to the model.</source>
        <translation>Rien n&apos;a été envoyé au modèle.</translation>
    </message>
    <message>
        <source>agent mode (Settings ▸ Retrieval)</source>
        <translation>mode agent (Paramètres ▸ Recherche)</translation>
    </message>
    <message>
        <source>agent mode: %1</source>
        <translation>mode agent : %1</translation>
    </message>
    <message>
        <source>%1 is looking through the code with the tools…</source>
        <translation>%1 parcourt le code avec les outils…</translation>
    </message>
    <message>
        <source>Step %1: %2…</source>
        <translation>Étape %1 : %2…</translation>
    </message>
    <message>
        <source>%1 does not take tools; answered single-shot instead.</source>
        <translation>%1 ne prend pas d’outils ; réponse en une seule passe à la place.</translation>
    </message>
    <message>
        <source>the model does not take tools: answered single-shot</source>
        <translation>le modèle ne prend pas d’outils : réponse en une seule passe</translation>
    </message>
    <message numerus="yes">
        <source>agent request %1 (%n tool call(s))</source>
        <translation>
            <numerusform>requête de l’agent %1 (%n appel d’outil)</numerusform>
            <numerusform>requête de l’agent %1 (%n appels d’outils)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the model kept calling tools and did not answer within %n round(s).</source>
        <translation>
            <numerusform>le modèle a continué d’appeler des outils sans répondre en %n tour.</numerusform>
            <numerusform>le modèle a continué d’appeler des outils sans répondre en %n tours.</numerusform>
        </translation>
    </message>
    <message>
        <source>Answered from what the tools returned within the limits (%1).</source>
        <translation>Réponse tirée des résultats des outils dans les limites (%1).</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>agent</translation>
    </message>
    <message numerus="yes">
        <source>%n tool call(s)</source>
        <translation>
            <numerusform>%n appel d’outil</numerusform>
            <numerusform>%n appels d’outils</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n requête</numerusform>
            <numerusform>%n requêtes</numerusform>
        </translation>
    </message>
    <message>
        <source>Indexing was stopped before any file of this folder was indexed, so there is nothing to answer from yet. Re-index (F5) goes on where it stopped.</source>
        <translation>L&apos;indexation a été arrêtée avant qu&apos;un seul fichier de ce dossier soit indexé : il n&apos;y a donc encore rien d&apos;où répondre. Réindexer (F5) reprend là où elle s&apos;est arrêtée.</translation>
    </message>
</context>
<context>
    <name>RepoLens::ChatPane</name>
    <message>
        <source>Not now</source>
        <translation>Pas maintenant</translation>
    </message>
    <message>
        <source>Retrieval only: answers are the best-matching code</source>
        <translation>Recherche seule : les réponses sont le code le plus pertinent</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>Demander</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Recherche en cours…</translation>
    </message>
    <message>
        <source>No matching code found.</source>
        <translation>Aucun code correspondant trouvé.</translation>
    </message>
    <message numerus="yes">
        <source>%n result(s)</source>
        <translation>
            <numerusform>%n résultat</numerusform>
            <numerusform>%n résultats</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>The index is still being built (%1): results may be incomplete.</source>
        <translation>L&apos;index est encore en construction (%1) : les résultats peuvent être incomplets.</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Arrêté.</translation>
    </message>
    <message>
        <source>Conversations in this folder</source>
        <translation>Conversations de ce dossier</translation>
    </message>
    <message>
        <source>New Chat</source>
        <translation>Nouveau chat</translation>
    </message>
    <message>
        <source>Start a new conversation</source>
        <translation>Commencer une nouvelle conversation</translation>
    </message>
    <message>
        <source>Conversation actions</source>
        <translation>Actions sur la conversation</translation>
    </message>
    <message>
        <source>&amp;Rename Conversation…</source>
        <translation>&amp;Renommer la conversation…</translation>
    </message>
    <message>
        <source>&amp;Delete Conversation</source>
        <translation>&amp;Supprimer la conversation</translation>
    </message>
    <message>
        <source>What Was &amp;Sent…</source>
        <translation>Ce qui a été &amp;envoyé…</translation>
    </message>
    <message>
        <source>Model &amp;Settings…</source>
        <translation>&amp;Paramètres du modèle…</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Nouvelle conversation</translation>
    </message>
    <message>
        <source>(untitled)</source>
        <translation>(sans titre)</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Réessayer</translation>
    </message>
    <message>
        <source>Send the question again</source>
        <translation>Renvoyer la question</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Régénérer</translation>
    </message>
    <message>
        <source>Ask the model again with the same context</source>
        <translation>Interroger à nouveau le modèle avec le même contexte</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Copy the answer as Markdown</source>
        <translation>Copier la réponse en Markdown</translation>
    </message>
    <message>
        <source>Inspect…</source>
        <translation>Inspecter…</translation>
    </message>
    <message>
        <source>How the context was found, what was sent, and where</source>
        <translation>Comment le contexte a été trouvé, ce qui a été envoyé et où</translation>
    </message>
    <message>
        <source>⚠ The answer was cut off: %1</source>
        <translation>⚠ La réponse a été tronquée : %1</translation>
    </message>
    <message>
        <source>Ask a question about the code in this folder.</source>
        <translation>Posez une question sur le code de ce dossier.</translation>
    </message>
    <message>
        <source>For example (click to ask):</source>
        <translation>Par exemple (cliquez pour demander) :</translation>
    </message>
    <message>
        <source>Ask: %1</source>
        <translation>Demander : %1</translation>
    </message>
    <message>
        <source>This question is about %1 tokens (%2). %3 reads about %4 tokens besides the code context and its answer, so it cannot be sent like this: keep the part that matters (the error and the lines around it).</source>
        <translation>Cette question fait environ %1 jetons (%2). %3 lit environ %4 jetons en plus du contexte de code et de sa réponse : elle ne peut pas être envoyée ainsi. Gardez la partie qui compte (l&apos;erreur et les lignes autour).</translation>
    </message>
    <message>
        <source>Pasted text: about %1 tokens (%2) of the %3 this question may take.</source>
        <translation>Texte collé : environ %1 jetons (%2) sur les %3 que cette question peut prendre.</translation>
    </message>
    <message>
        <source>Pasted text: about %1 tokens (%2); only its first part is searched.</source>
        <translation>Texte collé : environ %1 jetons (%2) ; seule sa première partie est cherchée.</translation>
    </message>
    <message>
        <source>… (%1 characters in all)</source>
        <translation>… (%1 caractères en tout)</translation>
    </message>
    <message numerus="yes">
        <source>%n call site(s)</source>
        <translation>
            <numerusform>%n appel</numerusform>
            <numerusform>%n appels</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> in %n file(s)</source>
        <translation>
            <numerusform> dans %n fichier</numerusform>
            <numerusform> dans %n fichiers</numerusform>
        </translation>
    </message>
    <message>
        <source>The index is incomplete (indexing was stopped before it finished): results may be missing code. Re-index (F5) completes it.</source>
        <translation>L&apos;index est incomplet (l&apos;indexation a été arrêtée avant la fin) : il peut manquer du code dans les résultats. Réindexer (F5) le complète.</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>dans %1</translation>
    </message>
    <message>
        <source>Matched by name: the type of the object it is called on is not known.</source>
        <translation>Trouvé par le nom : le type de l&apos;objet sur lequel il est appelé n&apos;est pas connu.</translation>
    </message>
    <message>
        <source>Defined at:</source>
        <translation>Défini à :</translation>
    </message>
    <message numerus="yes">
        <source>… %n more: Find References (Shift+F12) lists every one.</source>
        <translation>
            <numerusform>… %n de plus : Rechercher les références (Maj+F12) les liste tous.</numerusform>
            <numerusform>… %n de plus : Rechercher les références (Maj+F12) les liste tous.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Tests: %n call site(s)</source>
        <translation>
            <numerusform>Tests : %n appel</numerusform>
            <numerusform>Tests : %n appels</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n use(s) of other definitions with the same name left out.</source>
        <translation>
            <numerusform>%n utilisation d&apos;autres définitions du même nom laissée de côté.</numerusform>
            <numerusform>%n utilisations d&apos;autres définitions du même nom laissées de côté.</numerusform>
        </translation>
    </message>
    <message>
        <source>Found by text: the reference graph records no usage on this line.</source>
        <translation>Trouvé dans le texte : le graphe des références n’enregistre aucune utilisation sur cette ligne.</translation>
    </message>
    <message>
        <source>No call sites of %1 in the index.</source>
        <translation>Aucun appel de %1 dans l&apos;index.</translation>
    </message>
    <message numerus="yes">
        <source>No call sites of %1 in the index. The first %n line(s) that use it without a call (property or field reads, callbacks; found by text):</source>
        <translation>
            <numerusform>Aucun appel de %1 dans l&apos;index. La première ligne qui l’utilise sans appel (lecture d’une propriété ou d’un champ, callbacks ; trouvée dans le texte) :</numerusform>
            <numerusform>Aucun appel de %1 dans l&apos;index. Les %n premières lignes qui l’utilisent sans appel (lecture d’une propriété ou d’un champ, callbacks ; trouvées dans le texte) :</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No call sites of %1 in the index. %n line(s) use it without a call (property or field reads, callbacks; found by text):</source>
        <translation>
            <numerusform>Aucun appel de %1 dans l&apos;index. %n ligne l’utilise sans appel (lecture d’une propriété ou d’un champ, callbacks ; trouvée dans le texte) :</numerusform>
            <numerusform>Aucun appel de %1 dans l&apos;index. %n lignes l’utilisent sans appel (lecture d’une propriété ou d’un champ, callbacks ; trouvées dans le texte) :</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Used without a call (found by text): %n line(s)</source>
        <translation>
            <numerusform>Utilisé sans appel (trouvé dans le texte) : %n ligne</numerusform>
            <numerusform>Utilisé sans appel (trouvé dans le texte) : %n lignes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepoLens::CodeEditor</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>Impossible d&apos;ouvrir %1 : %2</translation>
    </message>
    <message>
        <source>binary file</source>
        <translation>fichier binaire</translation>
    </message>
    <message>
        <source>%1 is a binary file and is not shown.</source>
        <translation>%1 est un fichier binaire et n&apos;est pas affiché.</translation>
    </message>
    <message>
        <source>Go to Definition</source>
        <translation>Aller à la définition</translation>
    </message>
    <message>
        <source>Find References</source>
        <translation>Trouver les références</translation>
    </message>
    <message>
        <source>Clear Highlighted Ranges</source>
        <translation>Effacer les plages surlignées</translation>
    </message>
</context>
<context>
    <name>RepoLens::CodeViewer</name>
    <message>
        <source>Open a file from the tree or with Ctrl+P,
or ask a question in the chat (Ctrl+L).</source>
        <translation>Ouvrez un fichier depuis l&apos;arborescence ou avec Ctrl+P,
ou posez une question dans le chat (Ctrl+L).</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <source>(top level)</source>
        <translation>(racine)</translation>
    </message>
</context>
<context>
    <name>RepoLens::FileTreeModel</name>
    <message>
        <source>Not indexed yet</source>
        <translation>Pas encore indexé</translation>
    </message>
    <message>
        <source>Indexed</source>
        <translation>Indexé</translation>
    </message>
    <message>
        <source>Ignored</source>
        <translation>Ignoré</translation>
    </message>
    <message>
        <source>Too large to index</source>
        <translation>Trop volumineux pour être indexé</translation>
    </message>
    <message>
        <source>Binary file</source>
        <translation>Fichier binaire</translation>
    </message>
    <message>
        <source>Generated or minified</source>
        <translation>Généré ou minifié</translation>
    </message>
    <message>
        <source>Unreadable</source>
        <translation>Illisible</translation>
    </message>
    <message>
        <source>Indexed as text (parse error)</source>
        <translation>Indexé comme texte (erreur d&apos;analyse)</translation>
    </message>
    <message>
        <source>Unsupported format</source>
        <translation>Format non pris en charge</translation>
    </message>
</context>
<context>
    <name>RepoLens::FileTreePanel</name>
    <message>
        <source>Filter files (name or *.glob)</source>
        <translation>Filtrer les fichiers (nom ou *.glob)</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Tous</translation>
    </message>
    <message>
        <source>Show files that are not indexed (ignored, binary, too large)</source>
        <translation>Afficher les fichiers non indexés (ignorés, binaires, trop volumineux)</translation>
    </message>
    <message>
        <source>No folder is open.

Open one with File ▸ Open Folder… (Ctrl+O) or drop it onto the window.</source>
        <translation>Aucun dossier n&apos;est ouvert.

Ouvrez-en un avec Fichier ▸ Ouvrir un dossier… (Ctrl+O) ou déposez-le sur la fenêtre.</translation>
    </message>
    <message>
        <source>Every file here is not indexed; “All” shows them.</source>
        <translation>Aucun fichier ici n&apos;est indexé ; « Tous » les montre.</translation>
    </message>
    <message>
        <source>No file matches “%1”.

Clear the filter (Esc) to see every file.</source>
        <translation>Aucun fichier ne correspond à « %1 ».

Effacez le filtre (Échap) pour voir tous les fichiers.</translation>
    </message>
</context>
<context>
    <name>RepoLens::FindBar</name>
    <message>
        <source>Find:</source>
        <translation>Rechercher :</translation>
    </message>
    <message>
        <source>Search in this file</source>
        <translation>Rechercher dans ce fichier</translation>
    </message>
    <message>
        <source>Find Previous (Shift+F3)</source>
        <translation>Précédent (Maj+F3)</translation>
    </message>
    <message>
        <source>Find Next (F3)</source>
        <translation>Suivant (F3)</translation>
    </message>
    <message>
        <source>Aa</source>
        <translation>Aa</translation>
    </message>
    <message>
        <source>Match case</source>
        <translation>Respecter la casse</translation>
    </message>
    <message>
        <source>W</source>
        <translation>M</translation>
    </message>
    <message>
        <source>Whole words</source>
        <translation>Mots entiers</translation>
    </message>
    <message>
        <source>.*</source>
        <translation>.*</translation>
    </message>
    <message>
        <source>Regular expression</source>
        <translation>Expression régulière</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>Aucune correspondance</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n correspondance</numerusform>
            <numerusform>%n correspondances</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 sur %2</translation>
    </message>
</context>
<context>
    <name>RepoLens::FindInFolderPanel</name>
    <message>
        <source>Find in the folder&apos;s files</source>
        <translation>Rechercher dans les fichiers du dossier</translation>
    </message>
    <message>
        <source>Files: src/**, *.py</source>
        <translation>Fichiers : src/**, *.py</translation>
    </message>
    <message>
        <source>Only paths that match one of these patterns, separated by commas: * and ? stay in a folder, ** crosses folders, a pattern without / matches file names anywhere.</source>
        <translation>Seulement les chemins qui correspondent à l&apos;un de ces motifs, séparés par des virgules : * et ? restent dans un dossier, ** traverse les dossiers, un motif sans / correspond aux noms de fichier partout.</translation>
    </message>
    <message>
        <source>Match &amp;case</source>
        <translation>Respecter la &amp;casse</translation>
    </message>
    <message>
        <source>&amp;Whole words</source>
        <translation>&amp;Mots entiers</translation>
    </message>
    <message>
        <source>Regular e&amp;xpression</source>
        <translation>E&amp;xpression régulière</translation>
    </message>
    <message>
        <source>PCRE syntax, as in grep -P: \w, \d, (a|b), [a-z]{2,}, (?i)…</source>
        <translation>Syntaxe PCRE, comme grep -P : \w, \d, (a|b), [a-z]{2,}, (?i)…</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>Stop reading files</source>
        <translation>Arrêter la lecture des fichiers</translation>
    </message>
    <message>
        <source>Type text to find in every indexed file of the folder.</source>
        <translation>Saisissez un texte à rechercher dans tous les fichiers indexés du dossier.</translation>
    </message>
    <message numerus="yes">
        <source>Stopped: %n match(es) shown.</source>
        <translation>
            <numerusform>Arrêté : %n résultat affiché.</numerusform>
            <numerusform>Arrêté : %n résultats affichés.</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Arrêté.</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Recherche…</translation>
    </message>
    <message>
        <source>The folder is not indexed yet.</source>
        <translation>Le dossier n&apos;est pas encore indexé.</translation>
    </message>
    <message>
        <source>Reading files: %1 of %2…</source>
        <translation>Lecture des fichiers : %1 sur %2…</translation>
    </message>
    <message>
        <source>Not a valid regular expression: %1</source>
        <translation>Expression régulière non valide : %1</translation>
    </message>
    <message>
        <source>The search failed: %1</source>
        <translation>La recherche a échoué : %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n match(es))</source>
        <translation>
            <numerusform>%1 (%n résultat)</numerusform>
            <numerusform>%1 (%n résultats)</numerusform>
        </translation>
    </message>
    <message>
        <source>More matches… (click to load)</source>
        <translation>Plus de résultats… (cliquer pour charger)</translation>
    </message>
    <message numerus="yes">
        <source>No matches in %n file(s).</source>
        <translation>
            <numerusform>Aucun résultat dans %n fichier.</numerusform>
            <numerusform>Aucun résultat dans %n fichiers.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n résultat</numerusform>
            <numerusform>%n résultats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> in %n file(s)</source>
        <translation>
            <numerusform> dans %n fichier</numerusform>
            <numerusform> dans %n fichiers</numerusform>
        </translation>
    </message>
    <message>
        <source>; more below</source>
        <translation> ; d&apos;autres plus bas</translation>
    </message>
    <message>
        <source> · %1 ms</source>
        <translation> · %1 ms</translation>
    </message>
    <message>
        <source> · every file was read (no three characters of the pattern are certain)</source>
        <translation> · tous les fichiers ont été lus (aucune suite de trois caractères du motif n&apos;est certaine)</translation>
    </message>
    <message numerus="yes">
        <source> · the expression gave up on %n line(s)</source>
        <translation>
            <numerusform> · l&apos;expression a abandonné sur %n ligne</numerusform>
            <numerusform> · l&apos;expression a abandonné sur %n lignes</numerusform>
        </translation>
    </message>
    <message>
        <source>Context: </source>
        <translation>Contexte : </translation>
    </message>
    <message>
        <source>Lines shown before and after each match</source>
        <translation>Lignes affichées avant et après chaque résultat</translation>
    </message>
</context>
<context>
    <name>RepoLens::GoToLineBar</name>
    <message>
        <source>Go to line:</source>
        <translation>Aller à la ligne :</translation>
    </message>
    <message>
        <source>(1–%1)</source>
        <translation>(1–%1)</translation>
    </message>
</context>
<context>
    <name>RepoLens::GoToSymbolDialog</name>
    <message>
        <source>Loading symbols…</source>
        <translation>Chargement des symboles…</translation>
    </message>
    <message>
        <source>No symbols.</source>
        <translation>Aucun symbole.</translation>
    </message>
    <message numerus="yes">
        <source>%n of %1 symbol(s)</source>
        <translation>
            <numerusform>%n symbole sur %1</numerusform>
            <numerusform>%n symboles sur %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepoLens::HelperHighlighter</name>
    <message>
        <source>Highlighted up to line %1 only: %2</source>
        <translation>Coloré jusqu’à la ligne %1 seulement : %2</translation>
    </message>
    <message>
        <source>Shown as plain text: %1</source>
        <translation>Affiché en texte brut : %1</translation>
    </message>
</context>
<context>
    <name>RepoLens::Integrations</name>
    <message>
        <source>Run in a terminal</source>
        <translation>À lancer dans un terminal</translation>
    </message>
    <message>
        <source>settings.json (Zed ▸ Settings)</source>
        <translation>settings.json (Zed ▸ Paramètres)</translation>
    </message>
    <message>
        <source>Any client (HTTP)</source>
        <translation>Tout client (HTTP)</translation>
    </message>
    <message>
        <source>Run in a terminal; it prints the URL and the bearer token</source>
        <translation>À lancer dans un terminal ; affiche l’URL et le jeton d’accès</translation>
    </message>
</context>
<context>
    <name>RepoLens::Language</name>
    <message>
        <source>System default</source>
        <translation>Langue du système</translation>
    </message>
</context>
<context>
    <name>RepoLens::MainWindow</name>
    <message>
        <source>RepoLens</source>
        <translation>RepoLens</translation>
    </message>
    <message>
        <source>Ask questions about a codebase. Everything stays on this machine.</source>
        <translation>Posez des questions sur une base de code. Tout reste sur cette machine.</translation>
    </message>
    <message>
        <source>Open Folder…</source>
        <translation>Ouvrir un dossier…</translation>
    </message>
    <message>
        <source>or drop a folder onto this window  ·  Ctrl+O</source>
        <translation>ou déposez un dossier sur cette fenêtre  ·  Ctrl+O</translation>
    </message>
    <message>
        <source>Recent folders</source>
        <translation>Dossiers récents</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Fichiers</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>References</source>
        <translation>Références</translation>
    </message>
    <message>
        <source>&amp;Open Folder…</source>
        <translation>&amp;Ouvrir un dossier…</translation>
    </message>
    <message>
        <source>&amp;Quick Open File…</source>
        <translation>Ouverture &amp;rapide d&apos;un fichier…</translation>
    </message>
    <message>
        <source>&amp;Close Tab</source>
        <translation>&amp;Fermer l&apos;onglet</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>&amp;Rechercher…</translation>
    </message>
    <message>
        <source>Find &amp;Next</source>
        <translation>&amp;Suivant</translation>
    </message>
    <message>
        <source>Find &amp;Previous</source>
        <translation>&amp;Précédent</translation>
    </message>
    <message>
        <source>&amp;Go to Line…</source>
        <translation>&amp;Aller à la ligne…</translation>
    </message>
    <message>
        <source>Go to &amp;Definition</source>
        <translation>Aller à la &amp;définition</translation>
    </message>
    <message>
        <source>Find &amp;References</source>
        <translation>Trouver les &amp;références</translation>
    </message>
    <message>
        <source>&amp;Clear Highlighted Ranges</source>
        <translation>&amp;Effacer les plages surlignées</translation>
    </message>
    <message>
        <source>&amp;Re-index Folder</source>
        <translation>&amp;Réindexer le dossier</translation>
    </message>
    <message>
        <source>&amp;Stop Indexing</source>
        <translation>&amp;Arrêter l&apos;indexation</translation>
    </message>
    <message>
        <source>Focus &amp;Chat</source>
        <translation>Aller au &amp;chat</translation>
    </message>
    <message>
        <source>Focus File &amp;Filter</source>
        <translation>Aller au &amp;filtre de fichiers</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Raccourcis clavier</translation>
    </message>
    <message>
        <source>&amp;About RepoLens</source>
        <translation>À &amp;propos de RepoLens</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Paramètres…</translation>
    </message>
    <message>
        <source>What Was &amp;Sent…</source>
        <translation>Ce qui a été &amp;envoyé…</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Ouvrir un dossier &amp;récent</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Édition</translation>
    </message>
    <message>
        <source>&amp;Navigate</source>
        <translation>&amp;Navigation</translation>
    </message>
    <message>
        <source>&amp;Index</source>
        <translation>&amp;Index</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <source>Stop indexing (what was indexed so far is kept)</source>
        <translation>Arrêter l&apos;indexation (ce qui a déjà été indexé est conservé)</translation>
    </message>
    <message>
        <source>No recent folders</source>
        <translation>Aucun dossier récent</translation>
    </message>
    <message>
        <source>Clear Recent Folders</source>
        <translation>Effacer la liste des dossiers récents</translation>
    </message>
    <message>
        <source>Open Folder</source>
        <translation>Ouvrir un dossier</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Ouvrir</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 n&apos;existe pas.</translation>
    </message>
    <message>
        <source>%1 is not a folder.</source>
        <translation>%1 n&apos;est pas un dossier.</translation>
    </message>
    <message>
        <source>You do not have permission to read %1.</source>
        <translation>Vous n&apos;avez pas la permission de lire %1.</translation>
    </message>
    <message>
        <source>Use Find References (Shift+F12) on a symbol to list its usages here.</source>
        <translation>Utilisez Trouver les références (Maj+F12) sur un symbole pour lister ici ses utilisations.</translation>
    </message>
    <message>
        <source>%1 — RepoLens</source>
        <translation>%1 — RepoLens</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Arrêt en cours…</translation>
    </message>
    <message>
        <source>Indexing: scanning…</source>
        <translation>Indexation : analyse…</translation>
    </message>
    <message>
        <source>Scanning… %1 files found</source>
        <translation>Analyse… %1 fichiers trouvés</translation>
    </message>
    <message>
        <source>Indexing %1 / %2 files</source>
        <translation>Indexation de %1 / %2 fichiers</translation>
    </message>
    <message>
        <source>Linking references…</source>
        <translation>Liaison des références…</translation>
    </message>
    <message>
        <source>Reading git history…</source>
        <translation>Lecture de l&apos;historique git…</translation>
    </message>
    <message>
        <source>Finishing…</source>
        <translation>Finalisation…</translation>
    </message>
    <message>
        <source>Indexing stopped; %1 files were indexed before.</source>
        <translation>Indexation arrêtée ; %1 fichiers avaient été indexés.</translation>
    </message>
    <message>
        <source>Indexed %1 changed files (%2 unchanged) in %3 s</source>
        <translation>%1 fichiers modifiés indexés (%2 inchangés) en %3 s</translation>
    </message>
    <message>
        <source>Not watching for changes: rescanning every %1 s</source>
        <translation>Pas de surveillance des modifications : nouvelle analyse toutes les %1 s</translation>
    </message>
    <message>
        <source>The index was damaged (%1) and has been rebuilt; the damaged file was kept as %2</source>
        <translation>L&apos;index était endommagé (%1) et a été reconstruit ; le fichier endommagé a été conservé sous %2</translation>
    </message>
    <message numerus="yes">
        <source>Updated %n changed file(s)</source>
        <translation>
            <numerusform>%n fichier modifié mis à jour</numerusform>
            <numerusform>%n fichiers modifiés mis à jour</numerusform>
        </translation>
    </message>
    <message>
        <source>Indexing failed: %1</source>
        <translation>L&apos;indexation a échoué : %1</translation>
    </message>
    <message>
        <source>not found (%1)</source>
        <translation>introuvable (%1)</translation>
    </message>
    <message>
        <source>permission denied (%1)</source>
        <translation>permission refusée (%1)</translation>
    </message>
    <message>
        <source>the disk is full; what was indexed is kept, and indexing continues once there is room</source>
        <translation>le disque est plein ; ce qui a été indexé est conservé et l&apos;indexation reprendra dès qu&apos;il y aura de la place</translation>
    </message>
    <message>
        <source>the index cannot be written: its folder is read-only (%1)</source>
        <translation>impossible d&apos;écrire l&apos;index : son dossier est en lecture seule (%1)</translation>
    </message>
    <message>
        <source>the index is damaged; re-index the folder (F5)</source>
        <translation>l&apos;index est endommagé ; réindexez le dossier (F5)</translation>
    </message>
    <message>
        <source>the index was written by a newer RepoLens</source>
        <translation>l&apos;index a été écrit par une version plus récente de RepoLens</translation>
    </message>
    <message>
        <source>%1 files · %2 indexed · %3 not indexed</source>
        <translation>%1 fichiers · %2 indexés · %3 non indexés</translation>
    </message>
    <message>
        <source>Not indexed yet</source>
        <translation>Pas encore indexé</translation>
    </message>
    <message>
        <source>%1 files indexed · %2 chunks</source>
        <translation>%1 fichiers indexés · %2 extraits</translation>
    </message>
    <message>
        <source>%1 files are not indexed (ignored, binary, too large, …)</source>
        <translation>%1 fichiers ne sont pas indexés (ignorés, binaires, trop volumineux, …)</translation>
    </message>
    <message>
        <source>Looking up %1…</source>
        <translation>Recherche de %1…</translation>
    </message>
    <message>
        <source>No definition of %1 in the index.</source>
        <translation>Aucune définition de %1 dans l&apos;index.</translation>
    </message>
    <message>
        <source>Cannot look up %1: the folder is not indexed yet.</source>
        <translation>Impossible de rechercher %1 : le dossier n&apos;est pas encore indexé.</translation>
    </message>
    <message numerus="yes">
        <source>%n definition(s) of %1</source>
        <translation>
            <numerusform>%n définition de %1</numerusform>
            <numerusform>%n définitions de %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Finding references to %1…</source>
        <translation>Recherche des références à %1…</translation>
    </message>
    <message>
        <source>definition</source>
        <translation>définition</translation>
    </message>
    <message>
        <source>Cannot find references: the folder is not indexed yet.</source>
        <translation>Impossible de trouver les références : le dossier n&apos;est pas encore indexé.</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n usage(s)</source>
        <translation>
            <numerusform>%1 : %n utilisation</numerusform>
            <numerusform>%1 : %n utilisations</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n definition(s)</source>
        <translation>
            <numerusform>, %n définition</numerusform>
            <numerusform>, %n définitions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> in %n file(s)</source>
        <translation>
            <numerusform> dans %n fichier</numerusform>
            <numerusform> dans %n fichiers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n definition(s)</source>
        <translation>
            <numerusform>%n définition</numerusform>
            <numerusform>%n définitions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n usage(s) in the index</source>
        <translation>
            <numerusform>%n utilisation dans l&apos;index</numerusform>
            <numerusform>%n utilisations dans l&apos;index</numerusform>
        </translation>
    </message>
    <message>
        <source>The key could not be stored in the keychain: %1</source>
        <translation>La clé n&apos;a pas pu être enregistrée dans le trousseau : %1</translation>
    </message>
    <message>
        <source>Ignore rules changed: re-indexing</source>
        <translation>Règles d&apos;exclusion modifiées : réindexation</translation>
    </message>
    <message>
        <source>Vectors: %1 / %2</source>
        <translation>Vecteurs : %1 / %2</translation>
    </message>
    <message>
        <source>Computing vectors for semantic search; keyword search is ready, and searches use the vectors computed so far.</source>
        <translation>Calcul des vecteurs pour la recherche sémantique ; la recherche par mots-clés est prête et les recherches utilisent les vecteurs déjà calculés.</translation>
    </message>
    <message>
        <source>Reading %1 / %2 files</source>
        <translation>Lecture de %1 / %2 fichiers</translation>
    </message>
    <message>
        <source>Parsing %1 / %2 files (searchable)</source>
        <translation>Analyse de %1 / %2 fichiers (recherche possible)</translation>
    </message>
    <message>
        <source>Reading the folder…</source>
        <translation>Lecture du dossier…</translation>
    </message>
    <message>
        <source>This folder has no files.</source>
        <translation>Ce dossier ne contient aucun fichier.</translation>
    </message>
    <message>
        <source>Cannot read the folder: %1</source>
        <translation>Impossible de lire le dossier : %1</translation>
    </message>
    <message>
        <source>Reopen the last folder at start</source>
        <translation>Rouvrir le dernier dossier au démarrage</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation>&amp;Précédent</translation>
    </message>
    <message>
        <source>&amp;Forward</source>
        <translation>&amp;Suivant</translation>
    </message>
    <message>
        <source>Reopen Last Folder at &amp;Start</source>
        <translation>Rouvrir le dernier dossier au &amp;démarrage</translation>
    </message>
    <message>
        <source>Line and column of the cursor</source>
        <translation>Ligne et colonne du curseur</translation>
    </message>
    <message>
        <source>Ln %1, Col %2</source>
        <translation>Ln %1, Col %2</translation>
    </message>
    <message numerus="yes">
        <source> · %n usage(s) of other definitions of %1 left out</source>
        <translation>
            <numerusform> · %n utilisation d&apos;autres définitions de %1 laissée de côté</numerusform>
            <numerusform> · %n utilisations d&apos;autres définitions de %1 laissées de côté</numerusform>
        </translation>
    </message>
    <message>
        <source>Symbols</source>
        <translation>Symboles</translation>
    </message>
    <message>
        <source>Go to &amp;Symbol in File…</source>
        <translation>Aller au &amp;symbole du fichier…</translation>
    </message>
    <message>
        <source>Go to Symbol in &amp;Folder…</source>
        <translation>Aller au symbole du &amp;dossier…</translation>
    </message>
    <message>
        <source>Type part of a symbol in this file…</source>
        <translation>Tapez une partie d’un symbole de ce fichier…</translation>
    </message>
    <message>
        <source>Type part of a symbol name…</source>
        <translation>Tapez une partie d’un nom de symbole…</translation>
    </message>
    <message>
        <source>Indexing in another RepoLens process; answers use what it has written so far</source>
        <translation>Indexation dans un autre processus RepoLens ; les réponses utilisent ce qui est déjà écrit</translation>
    </message>
    <message>
        <source>indexing in another RepoLens process (%1)</source>
        <translation>indexation dans un autre processus RepoLens (%1)</translation>
    </message>
    <message>
        <source>The index is damaged (%1); rebuilding it. Results may be incomplete until it is done.</source>
        <translation>L’index est endommagé (%1) ; il est en cours de reconstruction. Les résultats peuvent être incomplets d’ici là.</translation>
    </message>
    <message>
        <source>The index is damaged (%1) and its data folder is read-only, so it cannot be rebuilt; results may be incomplete.</source>
        <translation>L’index est endommagé (%1) et son dossier de données est en lecture seule : il ne peut pas être reconstruit ; les résultats peuvent être incomplets.</translation>
    </message>
    <message>
        <source>Embedder changed: computing vectors</source>
        <translation>Embedder modifié : calcul des vecteurs</translation>
    </message>
    <message>
        <source>Find in Folder</source>
        <translation>Rechercher dans le dossier</translation>
    </message>
    <message>
        <source>Find in F&amp;older…</source>
        <translation>Rechercher dans le d&amp;ossier…</translation>
    </message>
    <message>
        <source>Indexing text for Find in Folder %1 / %2 files</source>
        <translation>Indexation du texte pour la recherche dans le dossier : %1 / %2 fichiers</translation>
    </message>
    <message>
        <source>text match</source>
        <translation>occurrence textuelle</translation>
    </message>
    <message numerus="yes">
        <source>, the first %n text match(es)</source>
        <translation>
            <numerusform>, la première occurrence textuelle</numerusform>
            <numerusform>, les %n premières occurrences textuelles</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n text match(es)</source>
        <translation>
            <numerusform>, %n occurrence textuelle</numerusform>
            <numerusform>, %n occurrences textuelles</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepoLens::QuestionEdit</name>
    <message>
        <source>Ask about the code… (Enter sends, Shift+Enter for a new line, @ to mention a file or symbol)</source>
        <translation>Posez une question sur le code… (Entrée envoie, Maj+Entrée pour une nouvelle ligne, @ pour mentionner un fichier ou un symbole)</translation>
    </message>
</context>
<context>
    <name>RepoLens::QuickOpenDialog</name>
    <message>
        <source>Type part of a file name…</source>
        <translation>Saisissez une partie d&apos;un nom de fichier…</translation>
    </message>
</context>
<context>
    <name>RepoLens::ReferencesPanel</name>
    <message>
        <source>Use Find References (Shift+F12) on a symbol to list its usages here.</source>
        <translation>Utilisez Trouver les références (Maj+F12) sur un symbole pour lister ici ses utilisations.</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Emplacement</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>ligne %1</translation>
    </message>
    <message>
        <source>line %1 in %2</source>
        <translation>ligne %1 dans %2</translation>
    </message>
    <message>
        <source>Found by text: the reference graph records no usage on this line (a property or field read, a callback, a comment or a string)</source>
        <translation>Trouvé dans le texte : le graphe des références n’enregistre aucune utilisation sur cette ligne (lecture d’une propriété ou d’un champ, callback, commentaire ou chaîne)</translation>
    </message>
</context>
<context>
    <name>RepoLens::ResultCard</name>
    <message>
        <source>Open %1 at lines %2</source>
        <translation>Ouvrir %1 aux lignes %2</translation>
    </message>
    <message>
        <source>Relevance score</source>
        <translation>Score de pertinence</translation>
    </message>
    <message>
        <source>Relevance score
%1</source>
        <translation>Score de pertinence
%1</translation>
    </message>
    <message numerus="yes">
        <source>… %n more line(s)</source>
        <translation>
            <numerusform>… %n ligne de plus</numerusform>
            <numerusform>… %n lignes de plus</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepoLens::RetrievalInspector</name>
    <message>
        <source>Retrieval Inspector</source>
        <translation>Inspecteur de recherche</translation>
    </message>
    <message>
        <source>Sent</source>
        <translation>Envoyé</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Emplacement</translation>
    </message>
    <message>
        <source>Symbol</source>
        <translation>Symbole</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Étape</translation>
    </message>
    <message>
        <source>BM25</source>
        <translation>BM25</translation>
    </message>
    <message>
        <source>BM25 rank</source>
        <translation>Rang BM25</translation>
    </message>
    <message>
        <source>Vector</source>
        <translation>Vecteur</translation>
    </message>
    <message>
        <source>Vector rank</source>
        <translation>Rang vectoriel</translation>
    </message>
    <message>
        <source>Symbol match</source>
        <translation>Correspondance de symbole</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <source>Prior</source>
        <translation>A priori</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>Graphe</translation>
    </message>
    <message>
        <source>Rerank</source>
        <translation>Reclassement</translation>
    </message>
    <message>
        <source>Final</source>
        <translation>Final</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Jetons</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Pourquoi</translation>
    </message>
    <message>
        <source>#</source>
        <translation>n°</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Depuis</translation>
    </message>
    <message>
        <source>References</source>
        <translation>Références</translation>
    </message>
    <message>
        <source>Retrieval</source>
        <translation>Recherche</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>Candidats</translation>
    </message>
    <message>
        <source>Context Sent</source>
        <translation>Contexte envoyé</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Requête</translation>
    </message>
    <message>
        <source>Question: %1
</source>
        <translation>Question : %1
</translation>
    </message>
    <message>
        <source>Searched as: %1
</source>
        <translation>Recherché sous la forme : %1
</translation>
    </message>
    <message>
        <source>Route: %1
</source>
        <translation>Voie : %1
</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(aucun)</translation>
    </message>
    <message>
        <source>HyDE: %1 — %2
</source>
        <translation>HyDE : %1 — %2
</translation>
    </message>
    <message>
        <source>used</source>
        <translation>utilisé</translation>
    </message>
    <message>
        <source>not used</source>
        <translation>non utilisé</translation>
    </message>
    <message numerus="yes">
        <source>Context: %n chunk(s)</source>
        <translation>
            <numerusform>Contexte : %n extrait</numerusform>
            <numerusform>Contexte : %n extraits</numerusform>
        </translation>
    </message>
    <message>
        <source>, %1 tokens (estimated)
</source>
        <translation>, %1 jetons (estimation)
</translation>
    </message>
    <message>
        <source>Retrieval time: %1 ms
</source>
        <translation>Durée de la recherche : %1 ms
</translation>
    </message>
    <message>
        <source>Stages:</source>
        <translation>Étapes :</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>échec : %1</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>Remarques :</translation>
    </message>
    <message>
        <source>Requests made while searching:</source>
        <translation>Requêtes effectuées pendant la recherche :</translation>
    </message>
    <message>
        <source>Nothing was sent: no model was configured.</source>
        <translation>Rien n&apos;a été envoyé : aucun modèle n&apos;était configuré.</translation>
    </message>
    <message>
        <source>Nothing was sent.</source>
        <translation>Rien n&apos;a été envoyé.</translation>
    </message>
    <message>
        <source>POST %1
Model: %2
Headers: Content-Type: application/json; Accept: text/event-stream; Authorization: Bearer *** (when a key is set)
Body (%3 bytes, exactly as sent):

</source>
        <translation>POST %1
Modèle : %2
En-têtes : Content-Type: application/json; Accept: text/event-stream; Authorization: Bearer *** (si une clé est définie)
Corps (%3 octets, tel qu&apos;envoyé) :

</translation>
    </message>
    <message>
        <source>POST %1 (%2, %3 bytes):</source>
        <translation>POST %1 (%2, %3 octets) :</translation>
    </message>
    <message>
        <source>Withheld</source>
        <translation>Retenu</translation>
    </message>
    <message numerus="yes">
        <source>Withheld: credentials in %n chunk(s) were replaced by [withheld: …] before sending (Context Sent ▸ Withheld says where)
</source>
        <translation>
            <numerusform>Retenu : les identifiants de %n extrait ont été remplacés par [withheld: …] avant l’envoi (Contexte envoyé ▸ Retenu indique où)
</numerusform>
            <numerusform>Retenu : les identifiants de %n extraits ont été remplacés par [withheld: …] avant l’envoi (Contexte envoyé ▸ Retenu indique où)
</numerusform>
        </translation>
    </message>
    <message>
        <source>(withheld: %1)</source>
        <translation>(retenu : %1)</translation>
    </message>
    <message>
        <source>credentials withheld: %1</source>
        <translation>identifiants retenus : %1</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Context: re-used from the previous question
</source>
        <translation>Contexte : repris de la question précédente
</translation>
    </message>
    <message>
        <source>Index: still being built when this was asked; the context may be incomplete
</source>
        <translation>Index : encore en construction au moment de la question ; le contexte peut être incomplet
</translation>
    </message>
    <message>
        <source>Index: incomplete (indexing was stopped before it finished); Re-index (F5) completes it
</source>
        <translation>Index : incomplet (l&apos;indexation a été arrêtée avant la fin) ; Réindexer (F5) le complète
</translation>
    </message>
    <message>
        <source>Lexical</source>
        <translation>Lexical</translation>
    </message>
</context>
<context>
    <name>RepoLens::SentLogDialog</name>
    <message>
        <source>What Was Sent</source>
        <translation>Ce qui a été envoyé</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>Point d&apos;accès</translation>
    </message>
    <message>
        <source>Purpose</source>
        <translation>Objet</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Octets</translation>
    </message>
    <message>
        <source>Files and lines</source>
        <translation>Fichiers et lignes</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <source>Clear Log</source>
        <translation>Effacer le journal</translation>
    </message>
    <message>
        <source>Forget the record of what was sent for this folder?</source>
        <translation>Oublier l&apos;historique de ce qui a été envoyé pour ce dossier ?</translation>
    </message>
    <message>
        <source> (this machine)</source>
        <translation> (cette machine)</translation>
    </message>
    <message>
        <source>Nothing from %1 has been sent to a model.</source>
        <translation>Rien de %1 n&apos;a été envoyé à un modèle.</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) to model endpoints for %1</source>
        <translation>
            <numerusform>%n requête vers des points d&apos;accès de modèles pour %1</numerusform>
            <numerusform>%n requêtes vers des points d&apos;accès de modèles pour %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n left this machine (%1 bytes in all); requests to a local server stay on it.</source>
        <translation>
            <numerusform>%n a quitté cette machine (%1 octets au total) ; les requêtes vers un serveur local y restent.</numerusform>
            <numerusform>%n ont quitté cette machine (%1 octets au total) ; les requêtes vers un serveur local y restent.</numerusform>
        </translation>
    </message>
    <message>
        <source>Withheld</source>
        <translation>Retenu</translation>
    </message>
    <message>
        <source>Clear Log…</source>
        <translation>Effacer le journal…</translation>
    </message>
    <message numerus="yes">
        <source>%n chunk(s)</source>
        <translation>
            <numerusform>%n extrait</numerusform>
            <numerusform>%n extraits</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> from %n file(s)</source>
        <translation>
            <numerusform> de %n fichier</numerusform>
            <numerusform> de %n fichiers</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepoLens::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>Plongements</translation>
    </message>
    <message>
        <source>Retrieval</source>
        <translation>Recherche</translation>
    </message>
    <message>
        <source>Indexing</source>
        <translation>Indexation</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Apparence</translation>
    </message>
    <message>
        <source>Any OpenAI-compatible chat completions endpoint: OpenAI, Ollama, llama.cpp server, vLLM, LM Studio, … Leave the URL empty for retrieval-only answers (nothing is sent anywhere).</source>
        <translation>Tout point d&apos;accès chat completions compatible OpenAI : OpenAI, Ollama, serveur llama.cpp, vLLM, LM Studio, … Laissez l&apos;URL vide pour des réponses par recherche seule (rien n&apos;est envoyé).</translation>
    </message>
    <message>
        <source>Choose a preset…</source>
        <translation>Choisir un préréglage…</translation>
    </message>
    <message>
        <source>e.g. qwen2.5-coder:7b, gpt-4o-mini</source>
        <translation>p. ex. qwen2.5-coder:7b, gpt-4o-mini</translation>
    </message>
    <message>
        <source>server default</source>
        <translation>valeur du serveur</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation>Préréglage :</translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation>URL de base :</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modèle :</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>Clé d&apos;API :</translation>
    </message>
    <message>
        <source>Key variable:</source>
        <translation>Variable de la clé :</translation>
    </message>
    <message>
        <source>Temperature:</source>
        <translation>Température :</translation>
    </message>
    <message>
        <source>Max tokens:</source>
        <translation>Jetons max. :</translation>
    </message>
    <message>
        <source>Timeout:</source>
        <translation>Délai d&apos;attente :</translation>
    </message>
    <message>
        <source>Test Connection</source>
        <translation>Tester la connexion</translation>
    </message>
    <message>
        <source>stored in the keychain (type to replace, clear to remove)</source>
        <translation>enregistrée dans le trousseau (saisissez pour la remplacer, videz pour la supprimer)</translation>
    </message>
    <message>
        <source>not set (local servers need none)</source>
        <translation>non définie (les serveurs locaux n&apos;en ont pas besoin)</translation>
    </message>
    <message>
        <source>The key is kept in the system keychain (%1), never in the settings file.</source>
        <translation>La clé est conservée dans le trousseau du système (%1), jamais dans le fichier de paramètres.</translation>
    </message>
    <message>
        <source>Until one is stored, %1 from the environment is used.</source>
        <translation>Tant qu&apos;aucune clé n&apos;est enregistrée, %1 de l&apos;environnement est utilisée.</translation>
    </message>
    <message>
        <source>%1 is not set in the environment either.</source>
        <translation>%1 n&apos;est pas non plus définie dans l&apos;environnement.</translation>
    </message>
    <message>
        <source>used for this session only</source>
        <translation>utilisée pour cette session seulement</translation>
    </message>
    <message>
        <source>No system keychain (Secret Service) is available, so a key typed here is used for this session only and never saved. To keep one, set %1 in the environment before starting RepoLens: it is %2.</source>
        <translation>Aucun trousseau système (Secret Service) n&apos;est disponible : une clé saisie ici n&apos;est utilisée que pour cette session et n&apos;est jamais enregistrée. Pour en conserver une, définissez %1 dans l&apos;environnement avant de lancer RepoLens : elle est actuellement %2.</translation>
    </message>
    <message>
        <source>set</source>
        <translation>définie</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>non définie</translation>
    </message>
    <message>
        <source>Enter a base URL first (%1).</source>
        <translation>Saisissez d&apos;abord une URL de base (%1).</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Connexion à %1…</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Échec : %1</translation>
    </message>
    <message numerus="yes">
        <source>Connected: %n model(s).</source>
        <translation>
            <numerusform>Connecté : %n modèle.</numerusform>
            <numerusform>Connecté : %n modèles.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server has no model &quot;%1&quot;: choose one from the list.</source>
        <translation>Le serveur n&apos;a pas de modèle « %1 » : choisissez-en un dans la liste.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is available.</source>
        <translation>« %1 » est disponible.</translation>
    </message>
    <message>
        <source>Use vectors (hybrid search)</source>
        <translation>Utiliser les vecteurs (recherche hybride)</translation>
    </message>
    <message>
        <source>Built-in embedder (offline)</source>
        <translation>Plongement intégré (hors ligne)</translation>
    </message>
    <message>
        <source>Embeddings endpoint:</source>
        <translation>Point d&apos;accès des plongements :</translation>
    </message>
    <message>
        <source>URL:</source>
        <translation>URL :</translation>
    </message>
    <message>
        <source>Input limit (tokens):</source>
        <translation>Limite d&apos;entrée (jetons) :</translation>
    </message>
    <message>
        <source>Changing the embedder re-embeds the folder in the background; vectors of both models are kept, so switching back is free.</source>
        <translation>Changer de plongement recalcule les vecteurs du dossier en arrière-plan ; les vecteurs des deux modèles sont conservés, revenir en arrière est donc gratuit.</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Désactivé</translation>
    </message>
    <message>
        <source>Built-in (local)</source>
        <translation>Intégré (local)</translation>
    </message>
    <message>
        <source>Rerank endpoint (/v1/rerank)</source>
        <translation>Point d&apos;accès de reclassement (/v1/rerank)</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> jetons</translation>
    </message>
    <message>
        <source>Re-rank:</source>
        <translation>Reclassement :</translation>
    </message>
    <message>
        <source>Rerank URL:</source>
        <translation>URL de reclassement :</translation>
    </message>
    <message>
        <source>Rerank model:</source>
        <translation>Modèle de reclassement :</translation>
    </message>
    <message>
        <source>Results considered (top-k):</source>
        <translation>Résultats pris en compte (top-k) :</translation>
    </message>
    <message>
        <source>Context budget:</source>
        <translation>Budget de contexte :</translation>
    </message>
    <message>
        <source>Conversation budget:</source>
        <translation>Budget de conversation :</translation>
    </message>
    <message>
        <source>The context budget is filled best-first with the chunks found (no overlapping ranges, each with its references); mentioned files and symbols and reference-graph paths come first.</source>
        <translation>Le budget de contexte est rempli avec les extraits trouvés, les meilleurs d&apos;abord (sans plages qui se chevauchent, chacun avec ses références) ; les fichiers et symboles mentionnés et les chemins du graphe de références passent en premier.</translation>
    </message>
    <message>
        <source>Also ignore (one .gitignore pattern a line, on top of .gitignore and .repolensignore):</source>
        <translation>Ignorer aussi (un motif .gitignore par ligne, en plus de .gitignore et .repolensignore) :</translation>
    </message>
    <message>
        <source> KiB</source>
        <translation> Kio</translation>
    </message>
    <message>
        <source>Skip files larger than:</source>
        <translation>Ignorer les fichiers de plus de :</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Suivre le système</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Clair</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Sombre</translation>
    </message>
    <message>
        <source>Colours:</source>
        <translation>Couleurs :</translation>
    </message>
    <message>
        <source>Code font:</source>
        <translation>Police du code :</translation>
    </message>
    <message>
        <source>Code font size:</source>
        <translation>Taille de la police du code :</translation>
    </message>
    <message>
        <source>The base URL must be %1.</source>
        <translation>L&apos;URL de base doit être %1.</translation>
    </message>
    <message>
        <source>The model must be %1.</source>
        <translation>Le modèle doit être %1.</translation>
    </message>
    <message>
        <source>Name the model to use (Test Connection lists the server&apos;s models).</source>
        <translation>Indiquez le modèle à utiliser (Tester la connexion liste les modèles du serveur).</translation>
    </message>
    <message>
        <source>The key variable must be %1.</source>
        <translation>La variable de la clé doit être %1.</translation>
    </message>
    <message>
        <source>The API key cannot contain spaces or line breaks.</source>
        <translation>La clé d&apos;API ne peut pas contenir d&apos;espaces ni de sauts de ligne.</translation>
    </message>
    <message>
        <source>The embeddings URL must be an http:// or https:// URL such as http://127.0.0.1:11434/v1.</source>
        <translation>L&apos;URL des plongements doit être une URL http:// ou https://, par exemple http://127.0.0.1:11434/v1.</translation>
    </message>
    <message>
        <source>Name the embedding model.</source>
        <translation>Indiquez le modèle de plongement.</translation>
    </message>
    <message>
        <source>The rerank endpoint needs an http:// or https:// URL.</source>
        <translation>Le point d&apos;accès de reclassement nécessite une URL http:// ou https://.</translation>
    </message>
    <message>
        <source>HyDE needs a model: set one on the Model page first.</source>
        <translation>HyDE nécessite un modèle : configurez-en d&apos;abord un sur la page Modèle.</translation>
    </message>
    <message>
        <source>An ignore pattern cannot be used: %1.</source>
        <translation>Un motif d&apos;exclusion est inutilisable : %1.</translation>
    </message>
    <message>
        <source>Method summaries need a model: set one on the Model page first.</source>
        <translation>Les résumés de méthodes nécessitent un modèle : configurez-en d&apos;abord un sur la page Modèle.</translation>
    </message>
    <message>
        <source>Language (after a restart):</source>
        <translation>Langue (après un redémarrage) :</translation>
    </message>
    <message>
        <source>The chat model as judge (one more request per question)</source>
        <translation>Le modèle de chat comme juge (une requête de plus par question)</translation>
    </message>
    <message>
        <source>Re-ranking by the chat model needs a model: set one on the Model page first.</source>
        <translation>Le reclassement par le modèle de chat nécessite un modèle : configurez-en d&apos;abord un sur la page Modèle.</translation>
    </message>
    <message>
        <source>Privacy: with an endpoint on this machine (127.0.0.1, localhost) nothing leaves it. With a remote one, each question is sent with the code chunks chosen for it (shown in each answer&apos;s inspector; credentials in them are replaced by [withheld: …]), and HyDE and method summaries send more. Chat ▸ ⋯ ▸ What Was Sent lists every request.</source>
        <translation>Confidentialité : avec un point d&apos;accès sur cette machine (127.0.0.1, localhost), rien ne la quitte. Avec un point d&apos;accès distant, chaque question est envoyée avec les extraits de code choisis pour elle (visibles dans l&apos;inspecteur de chaque réponse ; les identifiants qu&apos;ils contiennent sont remplacés par [withheld: …]), et HyDE ainsi que les résumés de méthodes en envoient davantage. Chat ▸ ⋯ ▸ Ce qui a été envoyé liste chaque requête.</translation>
    </message>
    <message>
        <source>RepoLens (light or dark, after the colours above)</source>
        <translation>RepoLens (clair ou sombre, selon les couleurs ci-dessus)</translation>
    </message>
    <message>
        <source>Listing the KSyntaxHighlighting themes…</source>
        <translation>Liste des thèmes KSyntaxHighlighting…</translation>
    </message>
    <message>
        <source>Code colours:</source>
        <translation>Couleurs du code :</translation>
    </message>
    <message>
        <source>KSyntaxHighlighting themes are not available: %1</source>
        <translation>Les thèmes KSyntaxHighlighting ne sont pas disponibles : %1</translation>
    </message>
    <message numerus="yes">
        <source>%n KSyntaxHighlighting theme(s); tree-sitter languages follow the same colours.</source>
        <translation>
            <numerusform>%n thème KSyntaxHighlighting ; les langages tree-sitter suivent les mêmes couleurs.</numerusform>
            <numerusform>%n thèmes KSyntaxHighlighting ; les langages tree-sitter suivent les mêmes couleurs.</numerusform>
        </translation>
    </message>
    <message>
        <source>The colours of %1 are not known yet: wait for the list of themes.</source>
        <translation>Les couleurs de %1 ne sont pas encore connues : attendez la liste des thèmes.</translation>
    </message>
    <message>
        <source>Also send code that looks like it contains a credential</source>
        <translation>Envoyer aussi le code qui semble contenir un identifiant secret</translation>
    </message>
    <message>
        <source>API keys, private keys and passwords are withheld from every request unless this is on.</source>
        <translation>Les clés d&apos;API, clés privées et mots de passe sont retenus de chaque requête, sauf si cette option est cochée.</translation>
    </message>
    <message>
        <source>HyDE for long or vague questions</source>
        <translation>HyDE pour les questions longues ou vagues</translation>
    </message>
    <message>
        <source>HyDE lets the model write hypothetical code first and searches with it (two extra requests per question).</source>
        <translation>Avec HyDE, le modèle écrit d&apos;abord du code hypothétique avec lequel on cherche (deux requêtes de plus par question).</translation>
    </message>
    <message>
        <source>Method summaries</source>
        <translation>Résumés des méthodes</translation>
    </message>
    <message>
        <source>The model describes each function and class in 2–3 lines, so search also finds what code does: one request per function, the count is shown before it starts, resumable.</source>
        <translation>Le modèle décrit chaque fonction et classe en 2 ou 3 lignes, pour que la recherche trouve aussi ce que fait le code : une requête par fonction, le nombre est affiché avant de commencer, reprenable.</translation>
    </message>
    <message>
        <source>Integrations</source>
        <translation>Intégrations</translation>
    </message>
    <message>
        <source>Agents such as Claude Code, Codex, Cursor, Continue and Zed can use this folder&apos;s index over the Model Context Protocol: search, definitions, every reference, numbered lines, impact. Register RepoLens with one of them:</source>
        <translation>Des agents comme Claude Code, Codex, Cursor, Continue et Zed peuvent utiliser l’index de ce dossier par le Model Context Protocol : recherche, définitions, toutes les références, lignes numérotées, impact. Enregistrez RepoLens auprès de l’un d’eux :</translation>
    </message>
    <message>
        <source>FOLDER</source>
        <translation>DOSSIER</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Copié</translation>
    </message>
    <message>
        <source>Client:</source>
        <translation>Client :</translation>
    </message>
    <message>
        <source>Where:</source>
        <translation>Où :</translation>
    </message>
    <message>
        <source>Open a folder to see the command for it.</source>
        <translation>Ouvrez un dossier pour voir la commande correspondante.</translation>
    </message>
    <message>
        <source>The server keeps the index fresh while it runs and shares it with this window: one of them writes, the other reads and says so.</source>
        <translation>Le serveur garde l’index à jour tant qu’il tourne et le partage avec cette fenêtre : l’un écrit, l’autre lit et l’indique.</translation>
    </message>
    <message>
        <source>Auto: agent for questions that need several steps</source>
        <translation>Automatique : agent pour les questions qui demandent plusieurs étapes</translation>
    </message>
    <message>
        <source>Single-shot: one retrieval, one answer</source>
        <translation>Une passe : une recherche, une réponse</translation>
    </message>
    <message>
        <source>Agent: the model searches, reads and follows references</source>
        <translation>Agent : le modèle cherche, lit et suit les références</translation>
    </message>
    <message>
        <source>Answer mode:</source>
        <translation>Mode de réponse :</translation>
    </message>
    <message>
        <source>Agent rounds:</source>
        <translation>Tours de l’agent :</translation>
    </message>
    <message>
        <source>Tool calls per round:</source>
        <translation>Appels d’outils par tour :</translation>
    </message>
    <message>
        <source>Vectors find code by meaning. The built-in embedder and a static model run on this machine; an endpoint (OpenAI /v1/embeddings, Ollama, TEI, …) receives every chunk of code once (its key comes from REPOLENS_API_KEY).</source>
        <translation>Les vecteurs trouvent le code par le sens. L’embedder intégré et un modèle statique tournent sur cette machine ; un point d’accès (OpenAI /v1/embeddings, Ollama, TEI, …) reçoit chaque fragment de code une fois (sa clé vient de REPOLENS_API_KEY).</translation>
    </message>
    <message>
        <source>Static model folder (offline):</source>
        <translation>Dossier d’un modèle statique (hors ligne) :</translation>
    </message>
    <message>
        <source>A model2vec model, e.g. potion-code-16M</source>
        <translation>Un modèle model2vec, par ex. potion-code-16M</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Choisir…</translation>
    </message>
    <message>
        <source>Static Model Folder</source>
        <translation>Dossier du modèle statique</translation>
    </message>
    <message>
        <source>Choose the folder of a model in the model2vec format (config.json, tokenizer.json, model.safetensors), such as potion-code-16M.</source>
        <translation>Choisissez le dossier d’un modèle au format model2vec (config.json, tokenizer.json, model.safetensors), comme potion-code-16M.</translation>
    </message>
    <message>
        <source>This folder is not a usable static embedding model: %1</source>
        <translation>Ce dossier n’est pas un modèle d’embedding statique utilisable : %1</translation>
    </message>
    <message>
        <source>%1 model: %2 tokens, %3 dimensions. Changing the model embeds the folder again.</source>
        <translation>Modèle %1 : %2 jetons, %3 dimensions. Changer de modèle recalcule les vecteurs du dossier.</translation>
    </message>
</context>
<context>
    <name>RepoLens::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Raccourcis clavier</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Commande</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Raccourci</translation>
    </message>
    <message>
        <source>Code viewer</source>
        <translation>Visionneuse de code</translation>
    </message>
    <message>
        <source>Go to definition</source>
        <translation>Aller à la définition</translation>
    </message>
    <message>
        <source>Ctrl+Click</source>
        <translation>Ctrl+clic</translation>
    </message>
    <message>
        <source>Definition and usage count</source>
        <translation>Définition et nombre d&apos;utilisations</translation>
    </message>
    <message>
        <source>Hover over a name</source>
        <translation>Survol d&apos;un nom</translation>
    </message>
    <message>
        <source>Find next / previous in the find bar</source>
        <translation>Suivant / précédent dans la barre de recherche</translation>
    </message>
    <message>
        <source>F3 / Shift+F3</source>
        <translation>F3 / Maj+F3</translation>
    </message>
    <message>
        <source>Send question</source>
        <translation>Envoyer la question</translation>
    </message>
    <message>
        <source>Enter (Shift+Enter: new line)</source>
        <translation>Entrée (Maj+Entrée : nouvelle ligne)</translation>
    </message>
</context>
<context>
    <name>RepoLens::SummaryRunner</name>
    <message>
        <source>Start</source>
        <translation>Démarrer</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Pas maintenant</translation>
    </message>
    <message numerus="yes">
        <source>Method summaries: %n request(s) to %1 %2</source>
        <translation>
            <numerusform>Résumés de méthodes : %n requête vers %1 %2</numerusform>
            <numerusform>Résumés de méthodes : %n requêtes vers %1 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>on this machine</source>
        <translation>sur cette machine</translation>
    </message>
    <message>
        <source>at %1</source>
        <translation>à %1</translation>
    </message>
    <message>
        <source>Each function and class is sent to the model once for a 2–3 line description that search then uses. Stopping keeps what was written; it resumes later.</source>
        <translation>Chaque fonction et classe est envoyée une fois au modèle pour obtenir une description de 2 à 3 lignes que la recherche utilise ensuite. L&apos;arrêt conserve ce qui a été écrit ; la suite reprend plus tard.</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>Method summaries: starting…</source>
        <translation>Résumés de méthodes : démarrage…</translation>
    </message>
    <message>
        <source>Method summaries: %1 / %2</source>
        <translation>Résumés de méthodes : %1 / %2</translation>
    </message>
    <message>
        <source>Method summaries failed: %1</source>
        <translation>Les résumés de méthodes ont échoué : %1</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message numerus="yes">
        <source>Method summaries: %n written</source>
        <translation>
            <numerusform>Résumés de méthodes : %n rédigé</numerusform>
            <numerusform>Résumés de méthodes : %n rédigés</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n left</source>
        <translation>
            <numerusform>, %n restant</numerusform>
            <numerusform>, %n restants</numerusform>
        </translation>
    </message>
    <message>
        <source> — stopped: %1</source>
        <translation> — arrêté : %1</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Reprendre</translation>
    </message>
</context>
<context>
    <name>RepoLens::SymbolsPanel</name>
    <message>
        <source>Open a file to see its symbols.</source>
        <translation>Ouvrez un fichier pour voir ses symboles.</translation>
    </message>
    <message>
        <source>namespace</source>
        <translation>espace de noms</translation>
    </message>
    <message>
        <source>function</source>
        <translation>fonction</translation>
    </message>
    <message>
        <source>method</source>
        <translation>méthode</translation>
    </message>
    <message>
        <source>constructor</source>
        <translation>constructeur</translation>
    </message>
    <message>
        <source>class</source>
        <translation>classe</translation>
    </message>
    <message>
        <source>struct</source>
        <translation>structure</translation>
    </message>
    <message>
        <source>interface</source>
        <translation>interface</translation>
    </message>
    <message>
        <source>enum</source>
        <translation>énumération</translation>
    </message>
    <message>
        <source>trait</source>
        <translation>trait</translation>
    </message>
    <message>
        <source>implementation</source>
        <translation>implémentation</translation>
    </message>
    <message>
        <source>type</source>
        <translation>type</translation>
    </message>
    <message>
        <source>macro</source>
        <translation>macro</translation>
    </message>
    <message>
        <source>variable</source>
        <translation>variable</translation>
    </message>
    <message>
        <source>module</source>
        <translation>module</translation>
    </message>
    <message>
        <source>No symbols: %1 files are not parsed.</source>
        <translation>Aucun symbole : les fichiers %1 ne sont pas analysés.</translation>
    </message>
    <message>
        <source>No symbols in this file.</source>
        <translation>Aucun symbole dans ce fichier.</translation>
    </message>
</context>
<context>
    <name>RepoLens::SyntaxHelper</name>
    <message numerus="yes">
        <source>The highlighter helper did not answer within %n second(s).</source>
        <translation>
            <numerusform>Le programme de coloration n’a pas répondu en %n seconde.</numerusform>
            <numerusform>Le programme de coloration n’a pas répondu en %n secondes.</numerusform>
        </translation>
    </message>
    <message>
        <source>The highlighter helper was changed.</source>
        <translation>Le programme de coloration a été changé.</translation>
    </message>
    <message>
        <source>The highlighter helper is not installed (%1).</source>
        <translation>Le programme de coloration n’est pas installé (%1).</translation>
    </message>
    <message>
        <source>The highlighter helper could not be started: %1</source>
        <translation>Le programme de coloration n’a pas pu démarrer : %1</translation>
    </message>
    <message>
        <source>The highlighter helper stopped unexpectedly.</source>
        <translation>Le programme de coloration s’est arrêté de façon inattendue.</translation>
    </message>
    <message>
        <source>The highlighter helper exited with status %1.</source>
        <translation>Le programme de coloration s’est terminé avec le code %1.</translation>
    </message>
    <message>
        <source>The highlighter helper answered garbage (%1).</source>
        <translation>Le programme de coloration a répondu n’importe quoi (%1).</translation>
    </message>
    <message>
        <source>a frame over the size limit</source>
        <translation>une trame au-delà de la taille limite</translation>
    </message>
    <message>
        <source>a frame shorter than its header</source>
        <translation>une trame plus courte que son en-tête</translation>
    </message>
    <message>
        <source>no greeting</source>
        <translation>pas de salutation</translation>
    </message>
    <message>
        <source>The highlighter helper speaks protocol version %1; this RepoLens needs %2.</source>
        <translation>Le programme de coloration parle la version %1 du protocole ; ce RepoLens a besoin de la %2.</translation>
    </message>
    <message>
        <source>a reply to request %1, which was not asked</source>
        <translation>une réponse à la requête %1, qui n’a pas été posée</translation>
    </message>
    <message>
        <source>an unreadable error</source>
        <translation>une erreur illisible</translation>
    </message>
    <message>
        <source>The highlighter helper refused a request: %1</source>
        <translation>Le programme de coloration a refusé une requête : %1</translation>
    </message>
    <message>
        <source>message type %1 where %2 was expected</source>
        <translation>un message de type %1 au lieu de %2</translation>
    </message>
    <message>
        <source>a malformed reply of type %1</source>
        <translation>une réponse mal formée de type %1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Ask questions about a codebase.</source>
        <translation>Posez des questions sur une base de code.</translation>
    </message>
    <message>
        <source>Open a folder (a built-in fixture when none is given), index it, ask one question, open the top hit and exit.</source>
        <translation>Ouvrir un dossier (un exemple intégré si aucun n&apos;est indiqué), l&apos;indexer, poser une question, ouvrir le meilleur résultat et quitter.</translation>
    </message>
    <message>
        <source>The question the self-test asks.</source>
        <translation>La question posée par l&apos;autotest.</translation>
    </message>
    <message>
        <source>Where indexes are stored.</source>
        <translation>Emplacement des index.</translation>
    </message>
    <message>
        <source>With --self-test: save screenshots of the main states into dir.</source>
        <translation>Avec --self-test : enregistrer des captures d&apos;écran des principaux états dans dir.</translation>
    </message>
    <message>
        <source>Open the folder, print how long the window took to become interactive and the index to be checked, and exit.</source>
        <translation>Ouvrir le dossier, afficher le temps mis par la fenêtre pour devenir interactive et par l&apos;index pour être vérifié, puis quitter.</translation>
    </message>
    <message>
        <source>Grammars disabled (incompatible with the parser): %1</source>
        <translation>Grammaires désactivées (incompatibles avec l&apos;analyseur) : %1</translation>
    </message>
    <message>
        <source>Folder to open (or a file: its repository opens and the file is shown).</source>
        <translation>Dossier à ouvrir (ou un fichier : son dépôt s&apos;ouvre et le fichier est affiché).</translation>
    </message>
</context>
</TS>
