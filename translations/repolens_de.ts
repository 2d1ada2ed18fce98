<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>QObject</name>
    <message>
        <source>Close (Esc)</source>
        <translation>Schließen (Esc)</translation>
    </message>
</context>
<context>
    <name>RepoLens::AboutDialog</name>
    <message>
        <source>Qt %1 (built with %2)</source>
        <translation>Qt %1 (erstellt mit %2)</translation>
    </message>
    <message>
        <source>Compiler: %1</source>
        <translation>Compiler: %1</translation>
    </message>
    <message>
        <source>Build type: %1</source>
        <translation>Build-Typ: %1</translation>
    </message>
    <message>
        <source>unspecified</source>
        <translation>nicht angegeben</translation>
    </message>
    <message>
        <source>tree-sitter core: %1 (%2)</source>
        <translation>tree-sitter-Kern: %1 (%2)</translation>
    </message>
    <message>
        <source>About RepoLens</source>
        <translation>Über RepoLens</translation>
    </message>
    <message>
        <source>&lt;h3&gt;RepoLens %1&lt;/h3&gt;&lt;p&gt;Ask questions about a codebase: a local index of its definitions and references, searched on your machine.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;RepoLens %1&lt;/h3&gt;&lt;p&gt;Fragen zu einer Codebasis stellen: ein lokaler Index ihrer Definitionen und Verwendungen, durchsucht auf Ihrem Rechner.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Bundled tree-sitter grammars:</source>
        <translation>Mitgelieferte tree-sitter-Grammatiken:</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Package</source>
        <translation>Paket</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>Lizenz</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>ABI %1</source>
        <translation>ABI %1</translation>
    </message>
    <message>
        <source>disabled: %1</source>
        <translation>deaktiviert: %1</translation>
    </message>
    <message>
        <source>RepoLens is free software under the MIT licence.</source>
        <translation>RepoLens ist freie Software unter der MIT-Lizenz.</translation>
    </message>
</context>
<context>
    <name>RepoLens::AgentStepsView</name>
    <message>
        <source>Agent steps</source>
        <translation>Agent-Schritte</translation>
    </message>
    <message>
        <source>%1. %2 %3</source>
        <translation>%1. %2 %3</translation>
    </message>
    <message>
        <source>Show what %1 returned</source>
        <translation>Zeigen, was %1 zurückgegeben hat</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>läuft…</translation>
    </message>
    <message numerus="yes">
        <source>Agent steps (%n call(s))</source>
        <translation>
            <numerusform>Agent-Schritte (%n Aufruf)</numerusform>
            <numerusform>Agent-Schritte (%n Aufrufe)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepoLens::AnswerView</name>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation>Quellen:</translation>
    </message>
    <message>
        <source>There is no source with this number in the context that was sent.</source>
        <translation>Im gesendeten Kontext gibt es keine Quelle mit dieser Nummer.</translation>
    </message>
    <message>
        <source>No file %1 in the index: the model may have invented it.</source>
        <translation>Keine Datei %1 im Index: Das Modell hat sie vielleicht erfunden.</translation>
    </message>
    <message>
        <source>%1 matches several files.</source>
        <translation>%1 passt auf mehrere Dateien.</translation>
    </message>
    <message>
        <source>The cited lines do not exist: %1</source>
        <translation>Die zitierten Zeilen gibt es nicht: %1</translation>
    </message>
</context>
<context>
    <name>RepoLens::ChatController</name>
    <message>
        <source>Retrieval only: answers are the best-matching code. &lt;a href=&quot;settings&quot;&gt;Configure a model…&lt;/a&gt;</source>
        <translation>Nur Suche: Antworten sind der am besten passende Code. &lt;a href=&quot;settings&quot;&gt;Modell einrichten…&lt;/a&gt;</translation>
    </message>
    <message>
        <source>With a model (OpenAI, Ollama, llama.cpp, vLLM, LM Studio, …) the chat writes answers with citations.</source>
        <translation>Mit einem Modell (OpenAI, Ollama, llama.cpp, vLLM, LM Studio, …) schreibt der Chat Antworten mit Quellenangaben.</translation>
    </message>
    <message>
        <source>on this machine</source>
        <translation>auf diesem Rechner</translation>
    </message>
    <message>
        <source>Answers by &lt;b&gt;%1&lt;/b&gt; %2 · &lt;a href=&quot;settings&quot;&gt;Settings&lt;/a&gt;</source>
        <translation>Antworten von &lt;b&gt;%1&lt;/b&gt; %2 · &lt;a href=&quot;settings&quot;&gt;Einstellungen&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Nothing leaves this machine.</source>
        <translation>Nichts verlässt diesen Rechner.</translation>
    </message>
    <message>
        <source>The question and the code chunks found for it are sent to %1.</source>
        <translation>Die Frage und die dazu gefundenen Codeabschnitte werden an %1 gesendet.</translation>
    </message>
    <message numerus="yes">
        <source>Ollama is running on this computer (%n model(s)). Use %1 to write answers? Nothing leaves the machine.</source>
        <translation>
            <numerusform>Ollama läuft auf diesem Rechner (%n Modell). %1 für Antworten verwenden? Nichts verlässt den Rechner.</numerusform>
            <numerusform>Ollama läuft auf diesem Rechner (%n Modelle). %1 für Antworten verwenden? Nichts verlässt den Rechner.</numerusform>
        </translation>
    </message>
    <message>
        <source>Use %1</source>
        <translation>%1 verwenden</translation>
    </message>
    <message>
        <source>Open a folder first (File ▸ Open Folder…).</source>
        <translation>Öffnen Sie zuerst einen Ordner (Datei ▸ Ordner öffnen…).</translation>
    </message>
    <message>
        <source>The folder has not been indexed yet; ask again in a moment.</source>
        <translation>Der Ordner ist noch nicht indiziert; fragen Sie gleich noch einmal.</translation>
    </message>
    <message>
        <source>Cannot open the index: %1</source>
        <translation>Der Index kann nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <source>The question has no words to search for.</source>
        <translation>Die Frage enthält keine Wörter, nach denen gesucht werden kann.</translation>
    </message>
    <message>
        <source>Search failed: %1</source>
        <translation>Suche fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>%1 of %2 files so far</source>
        <translation>bisher %1 von %2 Dateien</translation>
    </message>
    <message>
        <source>scanning</source>
        <translation>Durchsuchen</translation>
    </message>
    <message>
        <source>No model is configured, so these are the best-matching snippets. Settings ▸ Model connects OpenAI, Ollama, llama.cpp, vLLM or LM Studio for written answers.</source>
        <translation>Es ist kein Modell eingerichtet, daher sind dies die am besten passenden Ausschnitte. Unter Einstellungen ▸ Modell lassen sich OpenAI, Ollama, llama.cpp, vLLM oder LM Studio für geschriebene Antworten verbinden.</translation>
    </message>
    <message>
        <source>Searching (HyDE may ask the model first)…</source>
        <translation>Suche läuft (HyDE fragt eventuell zuerst das Modell)…</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Suche läuft…</translation>
    </message>
    <message>
        <source>The server answered HTTP %1; trying again in %2 (attempt %3)…</source>
        <translation>Der Server antwortete mit HTTP %1; neuer Versuch in %2 (Versuch %3)…</translation>
    </message>
    <message>
        <source>the model reached its token limit (%1 tokens; Settings ▸ Model ▸ Max tokens).</source>
        <translation>das Modell hat sein Token-Limit erreicht (%1 Tokens; Einstellungen ▸ Modell ▸ Max. Tokens).</translation>
    </message>
    <message numerus="yes">
        <source>%n chunk(s)</source>
        <translation>
            <numerusform>%n Abschnitt</numerusform>
            <numerusform>%n Abschnitte</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 Tokens</translation>
    </message>
    <message>
        <source>context of the previous question</source>
        <translation>Kontext der vorigen Frage</translation>
    </message>
    <message>
        <source>HyDE %1</source>
        <translation>HyDE %1</translation>
    </message>
    <message numerus="yes">
        <source>%n graph path(s)</source>
        <translation>
            <numerusform>%n Graphpfad</numerusform>
            <numerusform>%n Graphpfade</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n withheld (credentials)</source>
        <translation>
            <numerusform>%n zurückgehalten (Zugangsdaten)</numerusform>
            <numerusform>%n zurückgehalten (Zugangsdaten)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is writing…</source>
        <translation>%1 schreibt…</translation>
    </message>
    <message>
        <source>first words after %1, %2 in all</source>
        <translation>erste Wörter nach %1, insgesamt %2</translation>
    </message>
    <message numerus="yes">
        <source>%n citation(s) not found in the index</source>
        <translation>
            <numerusform>%n Quellenangabe nicht im Index gefunden</numerusform>
            <numerusform>%n Quellenangaben nicht im Index gefunden</numerusform>
        </translation>
    </message>
    <message>
        <source>The index is still being built: the context may be incomplete.</source>
        <translation>Der Index wird noch aufgebaut: Der Kontext ist möglicherweise unvollständig.</translation>
    </message>
    <message>
        <source>the answer was incomplete.</source>
        <translation>die Antwort war unvollständig.</translation>
    </message>
    <message>
        <source>Retrieval only (no model was configured)</source>
        <translation>Nur Suche (kein Modell eingerichtet)</translation>
    </message>
    <message>
        <source>Rename Conversation</source>
        <translation>Unterhaltung umbenennen</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>Titel:</translation>
    </message>
    <message>
        <source>Delete Conversation</source>
        <translation>Unterhaltung löschen</translation>
    </message>
    <message>
        <source>Delete the conversation &quot;%1&quot;? This cannot be undone.</source>
        <translation>Die Unterhaltung „%1“ löschen? Das lässt sich nicht rückgängig machen.</translation>
    </message>
    <message>
        <source>Could not connect to %1: nothing is listening there. Is the model server (Ollama, llama.cpp, …) running, and is the port right?</source>
        <translation>Keine Verbindung zu %1: Dort lauscht nichts. Läuft der Modellserver (Ollama, llama.cpp, …) und stimmt der Port?</translation>
    </message>
    <message>
        <source>The host of %1 was not found. Check the base URL in Settings ▸ Model.</source>
        <translation>Der Host von %1 wurde nicht gefunden. Prüfen Sie die Basis-URL unter Einstellungen ▸ Modell.</translation>
    </message>
    <message>
        <source>The secure connection to %1 failed (TLS). Check http:// versus https:// and the server&apos;s certificate.</source>
        <translation>Die sichere Verbindung zu %1 ist fehlgeschlagen (TLS). Prüfen Sie http:// gegenüber https:// und das Zertifikat des Servers.</translation>
    </message>
    <message>
        <source>The server refused the API key (HTTP 401). Set the key in Settings ▸ Model.</source>
        <translation>Der Server hat den API-Schlüssel abgelehnt (HTTP 401). Setzen Sie den Schlüssel unter Einstellungen ▸ Modell.</translation>
    </message>
    <message>
        <source>The API key may not use this model or endpoint (HTTP 403).</source>
        <translation>Der API-Schlüssel darf dieses Modell oder diesen Endpunkt nicht verwenden (HTTP 403).</translation>
    </message>
    <message>
        <source>The server has no model &quot;%1&quot; (HTTP 404). Check the name in Settings ▸ Model; with Ollama, pull it first (ollama pull %1).</source>
        <translation>Der Server hat kein Modell „%1“ (HTTP 404). Prüfen Sie den Namen unter Einstellungen ▸ Modell; bei Ollama laden Sie es zuerst herunter (ollama pull %1).</translation>
    </message>
    <message>
        <source>There is no chat completions endpoint at %1 (HTTP 404). The base URL usually ends in /v1.</source>
        <translation>Unter %1 gibt es keinen Chat-Completions-Endpunkt (HTTP 404). Die Basis-URL endet meist auf /v1.</translation>
    </message>
    <message>
        <source>The server rejected the request (HTTP %1).</source>
        <translation>Der Server hat die Anfrage abgelehnt (HTTP %1).</translation>
    </message>
    <message numerus="yes">
        <source>The server is rate limiting (HTTP 429), still after %n attempt(s). Wait a moment and retry.</source>
        <translation>
            <numerusform>Der Server begrenzt die Anfragen (HTTP 429), auch nach %n Versuch. Warten Sie einen Moment und versuchen Sie es erneut.</numerusform>
            <numerusform>Der Server begrenzt die Anfragen (HTTP 429), auch nach %n Versuchen. Warten Sie einen Moment und versuchen Sie es erneut.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The server failed (HTTP %1), still after %n attempt(s).</source>
        <translation>
            <numerusform>Der Server ist fehlgeschlagen (HTTP %1), auch nach %n Versuch.</numerusform>
            <numerusform>Der Server ist fehlgeschlagen (HTTP %1), auch nach %n Versuchen.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server reported an error.</source>
        <translation>Der Server hat einen Fehler gemeldet.</translation>
    </message>
    <message>
        <source>The server stopped answering (no data for %1 s). Local models can be slow to start: retry, or raise the timeout in Settings ▸ Model.</source>
        <translation>Der Server antwortet nicht mehr (seit %1 s keine Daten). Lokale Modelle starten manchmal langsam: Versuchen Sie es erneut oder erhöhen Sie die Zeitüberschreitung unter Einstellungen ▸ Modell.</translation>
    </message>
    <message>
        <source>The server sent something that is not an OpenAI-compatible answer stream.</source>
        <translation>Der Server hat etwas gesendet, das kein OpenAI-kompatibler Antwortstrom ist.</translation>
    </message>
    <message>
        <source>The answer stream ended before it was complete.</source>
        <translation>Der Antwortstrom endete, bevor er vollständig war.</translation>
    </message>
    <message>
        <source>The server closed the connection in the middle of the answer.</source>
        <translation>Der Server hat die Verbindung mitten in der Antwort geschlossen.</translation>
    </message>
    <message>
        <source>Network error talking to %1.</source>
        <translation>Netzwerkfehler bei der Verbindung mit %1.</translation>
    </message>
    <message>
        <source>No model is configured (Settings ▸ Model).</source>
        <translation>Es ist kein Modell eingerichtet (Einstellungen ▸ Modell).</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Angehalten.</translation>
    </message>
    <message>
        <source>Server said: %1</source>
        <translation>Der Server meldete: %1</translation>
    </message>
    <message>
        <source>%1 of %2 files parsed so far, the others searched as plain text</source>
        <translation>%1 von %2 Dateien bisher analysiert, die übrigen als reiner Text durchsucht</translation>
    </message>
    <message>
        <source>reading files</source>
        <translation>Dateien werden gelesen</translation>
    </message>
    <message>
        <source>what does this project do?</source>
        <translation>was macht dieses Projekt?</translation>
    </message>
    <message>
        <source>where is the entry point?</source>
        <translation>wo ist der Einstiegspunkt?</translation>
    </message>
    <message>
        <source>The index is incomplete (indexing was stopped before it finished): the context may be missing code. Re-index (F5) completes it.</source>
        <translation>Der Index ist unvollständig (die Indexierung wurde vor dem Ende gestoppt): im Kontext kann Code fehlen. Neu indexieren (F5) vervollständigt ihn.</translation>
    </message>
    <message>
        <source>Nothing is indexed yet, so there is nothing to answer from; ask again in a moment.</source>
        <translation>Noch ist nichts indexiert, es gibt also nichts, woraus geantwortet werden könnte; fragen Sie gleich noch einmal.</translation>
    </message>
    <message>
        <source>This folder has nothing to search: no file in it was indexed (the file tree says why).</source>
        <translation>In diesem Ordner gibt es nichts zu durchsuchen: keine seiner Dateien wurde indexiert (der Dateibaum sagt, warum).</translation>
    </message>
    <message>
        <source>No code in the index matches the question. Rephrase it, or name a file or symbol with @.</source>
        <translation>Kein Code im Index passt zur Frage. Formulieren Sie sie um oder nennen Sie eine Datei oder ein Symbol mit @.</translation>
    </message>
    <message>
        <source>Nothing was sent to the model.</source>
        <translation>An das Modell wurde nichts gesendet.</translation>
    </message>
    <message>
        <source>agent mode (Settings ▸ Retrieval)</source>
        <translation>Agent-Modus (Einstellungen ▸ Suche)</translation>
    </message>
    <message>
        <source>agent mode: %1</source>
        <translation>Agent-Modus: %1</translation>
    </message>
    <message>
        <source>%1 is looking through the code with the tools…</source>
        <translation>%1 durchsucht den Code mit den Werkzeugen…</translation>
    </message>
    <message>
        <source>Step %1: %2…</source>
        <translation>Schritt %1: %2…</translation>
    </message>
    <message>
        <source>%1 does not take tools; answered single-shot instead.</source>
        <translation>%1 unterstützt keine Werkzeuge; stattdessen in einem Schritt beantwortet.</translation>
    </message>
    <message>
        <source>the model does not take tools: answered single-shot</source>
        <translation>das Modell unterstützt keine Werkzeuge: in einem Schritt beantwortet</translation>
    </message>
    <message numerus="yes">
        <source>agent request %1 (%n tool call(s))</source>
        <translation>
            <numerusform>Agent-Anfrage %1 (%n Werkzeugaufruf)</numerusform>
            <numerusform>Agent-Anfrage %1 (%n Werkzeugaufrufe)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the model kept calling tools and did not answer within %n round(s).</source>
        <translation>
            <numerusform>das Modell rief weiter Werkzeuge auf und antwortete nicht innerhalb von %n Runde.</numerusform>
            <numerusform>das Modell rief weiter Werkzeuge auf und antwortete nicht innerhalb von %n Runden.</numerusform>
        </translation>
    </message>
    <message>
        <source>Answered from what the tools returned within the limits (%1).</source>
        <translation>Aus den Ergebnissen der Werkzeuge innerhalb der Grenzen beantwortet (%1).</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>Agent</translation>
    </message>
    <message numerus="yes">
        <source>%n tool call(s)</source>
        <translation>
            <numerusform>%n Werkzeugaufruf</numerusform>
            <numerusform>%n Werkzeugaufrufe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n Anfrage</numerusform>
            <numerusform>%n Anfragen</numerusform>
        </translation>
    </message>
    <message>
        <source>Indexing was stopped before any file of this folder was indexed, so there is nothing to answer from yet. Re-index (F5) goes on where it stopped.</source>
        <translation>Die Indexierung wurde gestoppt, bevor eine Datei dieses Ordners indexiert war; es gibt also noch nichts, woraus geantwortet werden könnte. Neu indexieren (F5) macht dort weiter, wo sie gestoppt wurde.</translation>
    </message>
</context>
<context>
    <name>RepoLens::ChatPane</name>
    <message>
        <source>Not now</source>
        <translation>Nicht jetzt</translation>
    </message>
    <message>
        <source>Retrieval only: answers are the best-matching code</source>
        <translation>Nur Suche: Antworten sind der am besten passende Code</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>Fragen</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Suche läuft…</translation>
    </message>
    <message>
        <source>No matching code found.</source>
        <translation>Kein passender Code gefunden.</translation>
    </message>
    <message numerus="yes">
        <source>%n result(s)</source>
        <translation>
            <numerusform>%n Ergebnis</numerusform>
            <numerusform>%n Ergebnisse</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>The index is still being built (%1): results may be incomplete.</source>
        <translation>Der Index wird noch aufgebaut (%1): Die Ergebnisse sind möglicherweise unvollständig.</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Angehalten.</translation>
    </message>
    <message>
        <source>Conversations in this folder</source>
        <translation>Unterhaltungen in diesem Ordner</translation>
    </message>
    <message>
        <source>New Chat</source>
        <translation>Neuer Chat</translation>
    </message>
    <message>
        <source>Start a new conversation</source>
        <translation>Eine neue Unterhaltung beginnen</translation>
    </message>
    <message>
        <source>Conversation actions</source>
        <translation>Aktionen für die Unterhaltung</translation>
    </message>
    <message>
        <source>&amp;Rename Conversation…</source>
        <translation>Unterhaltung &amp;umbenennen…</translation>
    </message>
    <message>
        <source>&amp;Delete Conversation</source>
        <translation>Unterhaltung &amp;löschen</translation>
    </message>
    <message>
        <source>What Was &amp;Sent…</source>
        <translation>Was wurde &amp;gesendet…</translation>
    </message>
    <message>
        <source>Model &amp;Settings…</source>
        <translation>Modell-&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Neue Unterhaltung</translation>
    </message>
    <message>
        <source>(untitled)</source>
        <translation>(ohne Titel)</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Send the question again</source>
        <translation>Die Frage erneut senden</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Neu erzeugen</translation>
    </message>
    <message>
        <source>Ask the model again with the same context</source>
        <translation>Das Modell mit demselben Kontext erneut fragen</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the answer as Markdown</source>
        <translation>Die Antwort als Markdown kopieren</translation>
    </message>
    <message>
        <source>Inspect…</source>
        <translation>Untersuchen…</translation>
    </message>
    <message>
        <source>How the context was found, what was sent, and where</source>
        <translation>Wie der Kontext gefunden wurde, was gesendet wurde und wohin</translation>
    </message>
    <message>
        <source>⚠ The answer was cut off: %1</source>
        <translation>⚠ Die Antwort wurde abgeschnitten: %1</translation>
    </message>
    <message>
        <source>Ask a question about the code in this folder.</source>
        <translation>Stellen Sie eine Frage zum Code in diesem Ordner.</translation>
    </message>
    <message>
        <source>For example (click to ask):</source>
        <translation>Zum Beispiel (zum Fragen anklicken):</translation>
    </message>
    <message>
        <source>Ask: %1</source>
        <translation>Fragen: %1</translation>
    </message>
    <message>
        <source>This question is about %1 tokens (%2). %3 reads about %4 tokens besides the code context and its answer, so it cannot be sent like this: keep the part that matters (the error and the lines around it).</source>
        <translation>Diese Frage hat etwa %1 Token (%2). %3 liest neben dem Code-Kontext und seiner Antwort etwa %4 Token, so kann sie nicht gesendet werden: behalten Sie den Teil, auf den es ankommt (den Fehler und die Zeilen darum).</translation>
    </message>
    <message>
        <source>Pasted text: about %1 tokens (%2) of the %3 this question may take.</source>
        <translation>Eingefügter Text: etwa %1 Token (%2) der %3, die diese Frage haben darf.</translation>
    </message>
    <message>
        <source>Pasted text: about %1 tokens (%2); only its first part is searched.</source>
        <translation>Eingefügter Text: etwa %1 Token (%2); nur sein erster Teil wird gesucht.</translation>
    </message>
    <message>
        <source>… (%1 characters in all)</source>
        <translation>… (%1 Zeichen insgesamt)</translation>
    </message>
    <message numerus="yes">
        <source>%n call site(s)</source>
        <translation>
            <numerusform>%n Aufrufstelle</numerusform>
            <numerusform>%n Aufrufstellen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> in %n file(s)</source>
        <translation>
            <numerusform> in %n Datei</numerusform>
            <numerusform> in %n Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>The index is incomplete (indexing was stopped before it finished): results may be missing code. Re-index (F5) completes it.</source>
        <translation>Der Index ist unvollständig (die Indexierung wurde vor dem Ende gestoppt): in den Ergebnissen kann Code fehlen. Neu indexieren (F5) vervollständigt ihn.</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>in %1</translation>
    </message>
    <message>
        <source>Matched by name: the type of the object it is called on is not known.</source>
        <translation>Über den Namen gefunden: der Typ des Objekts, auf dem es aufgerufen wird, ist nicht bekannt.</translation>
    </message>
    <message>
        <source>Defined at:</source>
        <translation>Definiert in:</translation>
    </message>
    <message numerus="yes">
        <source>… %n more: Find References (Shift+F12) lists every one.</source>
        <translation>
            <numerusform>… %n weitere: Verwendungen suchen (Umschalt+F12) listet alle.</numerusform>
            <numerusform>… %n weitere: Verwendungen suchen (Umschalt+F12) listet alle.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Tests: %n call site(s)</source>
        <translation>
            <numerusform>Tests: %n Aufrufstelle</numerusform>
            <numerusform>Tests: %n Aufrufstellen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n use(s) of other definitions with the same name left out.</source>
        <translation>
            <numerusform>%n Verwendung anderer Definitionen gleichen Namens ausgelassen.</numerusform>
            <numerusform>%n Verwendungen anderer Definitionen gleichen Namens ausgelassen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Found by text: the reference graph records no usage on this line.</source>
        <translation>Im Text gefunden: Der Referenzgraph verzeichnet in dieser Zeile keine Verwendung.</translation>
    </message>
    <message>
        <source>No call sites of %1 in the index.</source>
        <translation>Keine Aufrufstellen von %1 im Index.</translation>
    </message>
    <message numerus="yes">
        <source>No call sites of %1 in the index. The first %n line(s) that use it without a call (property or field reads, callbacks; found by text):</source>
        <translation>
            <numerusform>Keine Aufrufstellen von %1 im Index. Die erste Zeile, die es ohne Aufruf verwendet (Lesen einer Eigenschaft oder eines Felds, Callbacks; im Text gefunden):</numerusform>
            <numerusform>Keine Aufrufstellen von %1 im Index. Die ersten %n Zeilen, die es ohne Aufruf verwenden (Lesen einer Eigenschaft oder eines Felds, Callbacks; im Text gefunden):</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No call sites of %1 in the index. %n line(s) use it without a call (property or field reads, callbacks; found by text):</source>
        <translation>
            <numerusform>Keine Aufrufstellen von %1 im Index. %n Zeile verwendet es ohne Aufruf (Lesen einer Eigenschaft oder eines Felds, Callbacks; im Text gefunden):</numerusform>
            <numerusform>Keine Aufrufstellen von %1 im Index. %n Zeilen verwenden es ohne Aufruf (Lesen einer Eigenschaft oder eines Felds, Callbacks; im Text gefunden):</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Used without a call (found by text): %n line(s)</source>
        <translation>
            <numerusform>Ohne Aufruf verwendet (im Text gefunden): %n Zeile</numerusform>
            <numerusform>Ohne Aufruf verwendet (im Text gefunden): %n Zeilen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepoLens::CodeEditor</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>binary file</source>
        <translation>Binärdatei</translation>
    </message>
    <message>
        <source>%1 is a binary file and is not shown.</source>
        <translation>%1 ist eine Binärdatei und wird nicht angezeigt.</translation>
    </message>
    <message>
        <source>Go to Definition</source>
        <translation>Zur Definition</translation>
    </message>
    <message>
        <source>Find References</source>
        <translation>Verwendungen finden</translation>
    </message>
    <message>
        <source>Clear Highlighted Ranges</source>
        <translation>Hervorhebungen entfernen</translation>
    </message>
</context>
<context>
    <name>RepoLens::CodeViewer</name>
    <message>
        <source>Open a file from the tree or with Ctrl+P,
or ask a question in the chat (Ctrl+L).</source>
        <translation>Öffnen Sie eine Datei im Baum oder mit Strg+P,
oder stellen Sie im Chat eine Frage (Strg+L).</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>(top level)</source>
        <translation>(oberste Ebene)</translation>
    </message>
</context>
<context>
    <name>RepoLens::FileTreeModel</name>
    <message>
        <source>Not indexed yet</source>
        <translation>Noch nicht indiziert</translation>
    </message>
    <message>
        <source>Indexed</source>
        <translation>Indiziert</translation>
    </message>
    <message>
        <source>Ignored</source>
        <translation>Ignoriert</translation>
    </message>
    <message>
        <source>Too large to index</source>
        <translation>Zu groß zum Indizieren</translation>
    </message>
    <message>
        <source>Binary file</source>
        <translation>Binärdatei</translation>
    </message>
    <message>
        <source>Generated or minified</source>
        <translation>Generiert oder minifiziert</translation>
    </message>
    <message>
        <source>Unreadable</source>
        <translation>Nicht lesbar</translation>
    </message>
    <message>
        <source>Indexed as text (parse error)</source>
        <translation>Als Text indiziert (Parserfehler)</translation>
    </message>
    <message>
        <source>Unsupported format</source>
        <translation>Nicht unterstütztes Format</translation>
    </message>
</context>
<context>
    <name>RepoLens::FileTreePanel</name>
    <message>
        <source>Filter files (name or *.glob)</source>
        <translation>Dateien filtern (Name oder *.glob)</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>Show files that are not indexed (ignored, binary, too large)</source>
        <translation>Nicht indizierte Dateien anzeigen (ignoriert, binär, zu groß)</translation>
    </message>
    <message>
        <source>No folder is open.

Open one with File ▸ Open Folder… (Ctrl+O) or drop it onto the window.</source>
        <translation>Kein Ordner geöffnet.

Öffnen Sie einen mit Datei ▸ Ordner öffnen… (Strg+O) oder ziehen Sie ihn auf das Fenster.</translation>
    </message>
    <message>
        <source>Every file here is not indexed; “All” shows them.</source>
        <translation>Keine Datei hier ist indexiert; „Alle“ zeigt sie.</translation>
    </message>
    <message>
        <source>No file matches “%1”.

Clear the filter (Esc) to see every file.</source>
        <translation>Keine Datei passt zu „%1“.

Leeren Sie den Filter (Esc), um alle Dateien zu sehen.</translation>
    </message>
</context>
<context>
    <name>RepoLens::FindBar</name>
    <message>
        <source>Find:</source>
        <translation>Suchen:</translation>
    </message>
    <message>
        <source>Search in this file</source>
        <translation>In dieser Datei suchen</translation>
    </message>
    <message>
        <source>Find Previous (Shift+F3)</source>
        <translation>Vorheriges finden (Umschalt+F3)</translation>
    </message>
    <message>
        <source>Find Next (F3)</source>
        <translation>Nächstes finden (F3)</translation>
    </message>
    <message>
        <source>Aa</source>
        <translation>Aa</translation>
    </message>
    <message>
        <source>Match case</source>
        <translation>Groß-/Kleinschreibung beachten</translation>
    </message>
    <message>
        <source>W</source>
        <translation>W</translation>
    </message>
    <message>
        <source>Whole words</source>
        <translation>Ganze Wörter</translation>
    </message>
    <message>
        <source>.*</source>
        <translation>.*</translation>
    </message>
    <message>
        <source>Regular expression</source>
        <translation>Regulärer Ausdruck</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>Keine Treffer</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n Treffer</numerusform>
            <numerusform>%n Treffer</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
</context>
<context>
    <name>RepoLens::FindInFolderPanel</name>
    <message>
        <source>Find in the folder&apos;s files</source>
        <translation>In den Dateien des Ordners suchen</translation>
    </message>
    <message>
        <source>Files: src/**, *.py</source>
        <translation>Dateien: src/**, *.py</translation>
    </message>
    <message>
        <source>Only paths that match one of these patterns, separated by commas: * and ? stay in a folder, ** crosses folders, a pattern without / matches file names anywhere.</source>
        <translation>Nur Pfade, die einem dieser Muster entsprechen (durch Kommas getrennt): * und ? bleiben in einem Ordner, ** geht über Ordner hinweg, ein Muster ohne / passt auf Dateinamen überall.</translation>
    </message>
    <message>
        <source>Match &amp;case</source>
        <translation>&amp;Groß-/Kleinschreibung</translation>
    </message>
    <message>
        <source>&amp;Whole words</source>
        <translation>Ganze &amp;Wörter</translation>
    </message>
    <message>
        <source>Regular e&amp;xpression</source>
        <translation>Regulärer &amp;Ausdruck</translation>
    </message>
    <message>
        <source>PCRE syntax, as in grep -P: \w, \d, (a|b), [a-z]{2,}, (?i)…</source>
        <translation>PCRE-Syntax wie bei grep -P: \w, \d, (a|b), [a-z]{2,}, (?i)…</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Stop reading files</source>
        <translation>Das Lesen der Dateien beenden</translation>
    </message>
    <message>
        <source>Type text to find in every indexed file of the folder.</source>
        <translation>Text eingeben, um ihn in allen indizierten Dateien des Ordners zu finden.</translation>
    </message>
    <message numerus="yes">
        <source>Stopped: %n match(es) shown.</source>
        <translation>
            <numerusform>Beendet: %n Treffer angezeigt.</numerusform>
            <numerusform>Beendet: %n Treffer angezeigt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Beendet.</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Suche läuft…</translation>
    </message>
    <message>
        <source>The folder is not indexed yet.</source>
        <translation>Der Ordner ist noch nicht indiziert.</translation>
    </message>
    <message>
        <source>Reading files: %1 of %2…</source>
        <translation>Dateien werden gelesen: %1 von %2…</translation>
    </message>
    <message>
        <source>Not a valid regular expression: %1</source>
        <translation>Kein gültiger regulärer Ausdruck: %1</translation>
    </message>
    <message>
        <source>The search failed: %1</source>
        <translation>Die Suche ist fehlgeschlagen: %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n match(es))</source>
        <translation>
            <numerusform>%1 (%n Treffer)</numerusform>
            <numerusform>%1 (%n Treffer)</numerusform>
        </translation>
    </message>
    <message>
        <source>More matches… (click to load)</source>
        <translation>Weitere Treffer… (zum Laden klicken)</translation>
    </message>
    <message numerus="yes">
        <source>No matches in %n file(s).</source>
        <translation>
            <numerusform>Keine Treffer in %n Datei.</numerusform>
            <numerusform>Keine Treffer in %n Dateien.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n Treffer</numerusform>
            <numerusform>%n Treffer</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> in %n file(s)</source>
        <translation>
            <numerusform> in %n Datei</numerusform>
            <numerusform> in %n Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>; more below</source>
        <translation>; weitere unten</translation>
    </message>
    <message>
        <source> · %1 ms</source>
        <translation> · %1 ms</translation>
    </message>
    <message>
        <source> · every file was read (no three characters of the pattern are certain)</source>
        <translation> · alle Dateien wurden gelesen (keine drei Zeichen des Musters stehen fest)</translation>
    </message>
    <message numerus="yes">
        <source> · the expression gave up on %n line(s)</source>
        <translation>
            <numerusform> · der Ausdruck gab bei %n Zeile auf</numerusform>
            <numerusform> · der Ausdruck gab bei %n Zeilen auf</numerusform>
        </translation>
    </message>
    <message>
        <source>Context: </source>
        <translation>Kontext: </translation>
    </message>
    <message>
        <source>Lines shown before and after each match</source>
        <translation>Zeilen, die vor und nach jedem Treffer gezeigt werden</translation>
    </message>
</context>
<context>
    <name>RepoLens::GoToLineBar</name>
    <message>
        <source>Go to line:</source>
        <translation>Gehe zu Zeile:</translation>
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
        <translation>Symbole werden geladen…</translation>
    </message>
    <message>
        <source>No symbols.</source>
        <translation>Keine Symbole.</translation>
    </message>
    <message numerus="yes">
        <source>%n of %1 symbol(s)</source>
        <translation>
            <numerusform>%n von %1 Symbol</numerusform>
            <numerusform>%n von %1 Symbolen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepoLens::HelperHighlighter</name>
    <message>
        <source>Highlighted up to line %1 only: %2</source>
        <translation>Nur bis Zeile %1 hervorgehoben: %2</translation>
    </message>
    <message>
        <source>Shown as plain text: %1</source>
        <translation>Als reiner Text angezeigt: %1</translation>
    </message>
</context>
<context>
    <name>RepoLens::Integrations</name>
    <message>
        <source>Run in a terminal</source>
        <translation>In einem Terminal ausführen</translation>
    </message>
    <message>
        <source>settings.json (Zed ▸ Settings)</source>
        <translation>settings.json (Zed ▸ Einstellungen)</translation>
    </message>
    <message>
        <source>Any client (HTTP)</source>
        <translation>Jeder Client (HTTP)</translation>
    </message>
    <message>
        <source>Run in a terminal; it prints the URL and the bearer token</source>
        <translation>In einem Terminal ausführen; es gibt die URL und das Bearer-Token aus</translation>
    </message>
</context>
<context>
    <name>RepoLens::Language</name>
    <message>
        <source>System default</source>
        <translation>Systemvorgabe</translation>
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
        <translation>Fragen zu einer Codebasis stellen. Alles bleibt auf diesem Rechner.</translation>
    </message>
    <message>
        <source>Open Folder…</source>
        <translation>Ordner öffnen…</translation>
    </message>
    <message>
        <source>or drop a folder onto this window  ·  Ctrl+O</source>
        <translation>oder einen Ordner auf dieses Fenster ziehen  ·  Strg+O</translation>
    </message>
    <message>
        <source>Recent folders</source>
        <translation>Zuletzt geöffnete Ordner</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>References</source>
        <translation>Verwendungen</translation>
    </message>
    <message>
        <source>&amp;Open Folder…</source>
        <translation>Ordner ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Quick Open File…</source>
        <translation>Datei &amp;schnell öffnen…</translation>
    </message>
    <message>
        <source>&amp;Close Tab</source>
        <translation>Tab s&amp;chließen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>&amp;Suchen…</translation>
    </message>
    <message>
        <source>Find &amp;Next</source>
        <translation>&amp;Nächstes finden</translation>
    </message>
    <message>
        <source>Find &amp;Previous</source>
        <translation>&amp;Vorheriges finden</translation>
    </message>
    <message>
        <source>&amp;Go to Line…</source>
        <translation>&amp;Gehe zu Zeile…</translation>
    </message>
    <message>
        <source>Go to &amp;Definition</source>
        <translation>Zur &amp;Definition</translation>
    </message>
    <message>
        <source>Find &amp;References</source>
        <translation>&amp;Verwendungen finden</translation>
    </message>
    <message>
        <source>&amp;Clear Highlighted Ranges</source>
        <translation>&amp;Hervorhebungen entfernen</translation>
    </message>
    <message>
        <source>&amp;Re-index Folder</source>
        <translation>Ordner &amp;neu indizieren</translation>
    </message>
    <message>
        <source>&amp;Stop Indexing</source>
        <translation>Indizierung &amp;anhalten</translation>
    </message>
    <message>
        <source>Focus &amp;Chat</source>
        <translation>&amp;Chat fokussieren</translation>
    </message>
    <message>
        <source>Focus File &amp;Filter</source>
        <translation>Datei&amp;filter fokussieren</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;About RepoLens</source>
        <translation>&amp;Über RepoLens</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>What Was &amp;Sent…</source>
        <translation>Was wurde &amp;gesendet…</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
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
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Stop indexing (what was indexed so far is kept)</source>
        <translation>Indizierung anhalten (bisher Indiziertes bleibt erhalten)</translation>
    </message>
    <message>
        <source>No recent folders</source>
        <translation>Keine zuletzt geöffneten Ordner</translation>
    </message>
    <message>
        <source>Clear Recent Folders</source>
        <translation>Liste leeren</translation>
    </message>
    <message>
        <source>Open Folder</source>
        <translation>Ordner öffnen</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 existiert nicht.</translation>
    </message>
    <message>
        <source>%1 is not a folder.</source>
        <translation>%1 ist kein Ordner.</translation>
    </message>
    <message>
        <source>You do not have permission to read %1.</source>
        <translation>Sie haben keine Leseberechtigung für %1.</translation>
    </message>
    <message>
        <source>Use Find References (Shift+F12) on a symbol to list its usages here.</source>
        <translation>Mit „Verwendungen finden“ (Umschalt+F12) auf einem Symbol werden seine Verwendungen hier aufgelistet.</translation>
    </message>
    <message>
        <source>%1 — RepoLens</source>
        <translation>%1 — RepoLens</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Wird angehalten…</translation>
    </message>
    <message>
        <source>Indexing: scanning…</source>
        <translation>Indizierung: Durchsuchen…</translation>
    </message>
    <message>
        <source>Scanning… %1 files found</source>
        <translation>Durchsuchen… %1 Dateien gefunden</translation>
    </message>
    <message>
        <source>Indexing %1 / %2 files</source>
        <translation>Indiziere %1 / %2 Dateien</translation>
    </message>
    <message>
        <source>Linking references…</source>
        <translation>Verknüpfe Verwendungen…</translation>
    </message>
    <message>
        <source>Reading git history…</source>
        <translation>Lese Git-Verlauf…</translation>
    </message>
    <message>
        <source>Finishing…</source>
        <translation>Abschließen…</translation>
    </message>
    <message>
        <source>Indexing stopped; %1 files were indexed before.</source>
        <translation>Indizierung angehalten; zuvor wurden %1 Dateien indiziert.</translation>
    </message>
    <message>
        <source>Indexed %1 changed files (%2 unchanged) in %3 s</source>
        <translation>%1 geänderte Dateien indiziert (%2 unverändert) in %3 s</translation>
    </message>
    <message>
        <source>Not watching for changes: rescanning every %1 s</source>
        <translation>Keine Überwachung auf Änderungen: erneutes Durchsuchen alle %1 s</translation>
    </message>
    <message>
        <source>The index was damaged (%1) and has been rebuilt; the damaged file was kept as %2</source>
        <translation>Der Index war beschädigt (%1) und wurde neu aufgebaut; die beschädigte Datei wurde als %2 aufbewahrt</translation>
    </message>
    <message numerus="yes">
        <source>Updated %n changed file(s)</source>
        <translation>
            <numerusform>%n geänderte Datei aktualisiert</numerusform>
            <numerusform>%n geänderte Dateien aktualisiert</numerusform>
        </translation>
    </message>
    <message>
        <source>Indexing failed: %1</source>
        <translation>Indizierung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>not found (%1)</source>
        <translation>nicht gefunden (%1)</translation>
    </message>
    <message>
        <source>permission denied (%1)</source>
        <translation>Zugriff verweigert (%1)</translation>
    </message>
    <message>
        <source>the disk is full; what was indexed is kept, and indexing continues once there is room</source>
        <translation>der Datenträger ist voll; bisher Indiziertes bleibt erhalten, und die Indizierung geht weiter, sobald Platz ist</translation>
    </message>
    <message>
        <source>the index cannot be written: its folder is read-only (%1)</source>
        <translation>der Index kann nicht geschrieben werden: sein Ordner ist schreibgeschützt (%1)</translation>
    </message>
    <message>
        <source>the index is damaged; re-index the folder (F5)</source>
        <translation>der Index ist beschädigt; indizieren Sie den Ordner neu (F5)</translation>
    </message>
    <message>
        <source>the index was written by a newer RepoLens</source>
        <translation>der Index wurde von einer neueren RepoLens-Version geschrieben</translation>
    </message>
    <message>
        <source>%1 files · %2 indexed · %3 not indexed</source>
        <translation>%1 Dateien · %2 indiziert · %3 nicht indiziert</translation>
    </message>
    <message>
        <source>Not indexed yet</source>
        <translation>Noch nicht indiziert</translation>
    </message>
    <message>
        <source>%1 files indexed · %2 chunks</source>
        <translation>%1 Dateien indiziert · %2 Abschnitte</translation>
    </message>
    <message>
        <source>%1 files are not indexed (ignored, binary, too large, …)</source>
        <translation>%1 Dateien sind nicht indiziert (ignoriert, binär, zu groß, …)</translation>
    </message>
    <message>
        <source>Looking up %1…</source>
        <translation>Suche %1…</translation>
    </message>
    <message>
        <source>No definition of %1 in the index.</source>
        <translation>Keine Definition von %1 im Index.</translation>
    </message>
    <message>
        <source>Cannot look up %1: the folder is not indexed yet.</source>
        <translation>%1 kann nicht nachgeschlagen werden: Der Ordner ist noch nicht indiziert.</translation>
    </message>
    <message numerus="yes">
        <source>%n definition(s) of %1</source>
        <translation>
            <numerusform>%n Definition von %1</numerusform>
            <numerusform>%n Definitionen von %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Finding references to %1…</source>
        <translation>Suche Verwendungen von %1…</translation>
    </message>
    <message>
        <source>definition</source>
        <translation>Definition</translation>
    </message>
    <message>
        <source>Cannot find references: the folder is not indexed yet.</source>
        <translation>Verwendungen können nicht gesucht werden: Der Ordner ist noch nicht indiziert.</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n usage(s)</source>
        <translation>
            <numerusform>%1: %n Verwendung</numerusform>
            <numerusform>%1: %n Verwendungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n definition(s)</source>
        <translation>
            <numerusform>, %n Definition</numerusform>
            <numerusform>, %n Definitionen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> in %n file(s)</source>
        <translation>
            <numerusform> in %n Datei</numerusform>
            <numerusform> in %n Dateien</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n definition(s)</source>
        <translation>
            <numerusform>%n Definition</numerusform>
            <numerusform>%n Definitionen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n usage(s) in the index</source>
        <translation>
            <numerusform>%n Verwendung im Index</numerusform>
            <numerusform>%n Verwendungen im Index</numerusform>
        </translation>
    </message>
    <message>
        <source>The key could not be stored in the keychain: %1</source>
        <translation>Der Schlüssel konnte nicht im Schlüsselbund gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Ignore rules changed: re-indexing</source>
        <translation>Ignorierregeln geändert: Neuindizierung</translation>
    </message>
    <message>
        <source>Vectors: %1 / %2</source>
        <translation>Vektoren: %1 / %2</translation>
    </message>
    <message>
        <source>Computing vectors for semantic search; keyword search is ready, and searches use the vectors computed so far.</source>
        <translation>Vektoren für die semantische Suche werden berechnet; die Stichwortsuche ist bereit, und Suchen verwenden die bisher berechneten Vektoren.</translation>
    </message>
    <message>
        <source>Reading %1 / %2 files</source>
        <translation>Lese %1 / %2 Dateien</translation>
    </message>
    <message>
        <source>Parsing %1 / %2 files (searchable)</source>
        <translation>Analysiere %1 / %2 Dateien (durchsuchbar)</translation>
    </message>
    <message>
        <source>Reading the folder…</source>
        <translation>Der Ordner wird gelesen…</translation>
    </message>
    <message>
        <source>This folder has no files.</source>
        <translation>Dieser Ordner enthält keine Dateien.</translation>
    </message>
    <message>
        <source>Cannot read the folder: %1</source>
        <translation>Der Ordner kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Reopen the last folder at start</source>
        <translation>Beim Start den letzten Ordner wieder öffnen</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation>&amp;Zurück</translation>
    </message>
    <message>
        <source>&amp;Forward</source>
        <translation>&amp;Vorwärts</translation>
    </message>
    <message>
        <source>Reopen Last Folder at &amp;Start</source>
        <translation>Letzten Ordner beim &amp;Start öffnen</translation>
    </message>
    <message>
        <source>Line and column of the cursor</source>
        <translation>Zeile und Spalte des Cursors</translation>
    </message>
    <message>
        <source>Ln %1, Col %2</source>
        <translation>Z. %1, Sp. %2</translation>
    </message>
    <message numerus="yes">
        <source> · %n usage(s) of other definitions of %1 left out</source>
        <translation>
            <numerusform> · %n Verwendung anderer Definitionen von %1 ausgelassen</numerusform>
            <numerusform> · %n Verwendungen anderer Definitionen von %1 ausgelassen</numerusform>
        </translation>
    </message>
    <message>
        <source>Symbols</source>
        <translation>Symbole</translation>
    </message>
    <message>
        <source>Go to &amp;Symbol in File…</source>
        <translation>Zu &amp;Symbol in der Datei…</translation>
    </message>
    <message>
        <source>Go to Symbol in &amp;Folder…</source>
        <translation>Zu Symbol im &amp;Ordner…</translation>
    </message>
    <message>
        <source>Type part of a symbol in this file…</source>
        <translation>Teil eines Symbols dieser Datei eingeben…</translation>
    </message>
    <message>
        <source>Type part of a symbol name…</source>
        <translation>Teil eines Symbolnamens eingeben…</translation>
    </message>
    <message>
        <source>Indexing in another RepoLens process; answers use what it has written so far</source>
        <translation>Indizierung in einem anderen RepoLens-Prozess; Antworten nutzen, was bisher geschrieben ist</translation>
    </message>
    <message>
        <source>indexing in another RepoLens process (%1)</source>
        <translation>Indizierung in einem anderen RepoLens-Prozess (%1)</translation>
    </message>
    <message>
        <source>The index is damaged (%1); rebuilding it. Results may be incomplete until it is done.</source>
        <translation>Der Index ist beschädigt (%1); er wird neu aufgebaut. Bis dahin können Ergebnisse unvollständig sein.</translation>
    </message>
    <message>
        <source>The index is damaged (%1) and its data folder is read-only, so it cannot be rebuilt; results may be incomplete.</source>
        <translation>Der Index ist beschädigt (%1) und sein Datenordner ist schreibgeschützt, daher kann er nicht neu aufgebaut werden; Ergebnisse können unvollständig sein.</translation>
    </message>
    <message>
        <source>Embedder changed: computing vectors</source>
        <translation>Embedder geändert: Vektoren werden berechnet</translation>
    </message>
    <message>
        <source>Find in Folder</source>
        <translation>Im Ordner suchen</translation>
    </message>
    <message>
        <source>Find in F&amp;older…</source>
        <translation>Im &amp;Ordner suchen…</translation>
    </message>
    <message>
        <source>Indexing text for Find in Folder %1 / %2 files</source>
        <translation>Text für „Im Ordner suchen“ wird indiziert: %1 / %2 Dateien</translation>
    </message>
    <message>
        <source>text match</source>
        <translation>Textfund</translation>
    </message>
    <message numerus="yes">
        <source>, the first %n text match(es)</source>
        <translation>
            <numerusform>, der erste Textfund</numerusform>
            <numerusform>, die ersten %n Textfunde</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n text match(es)</source>
        <translation>
            <numerusform>, %n Textfund</numerusform>
            <numerusform>, %n Textfunde</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepoLens::QuestionEdit</name>
    <message>
        <source>Ask about the code… (Enter sends, Shift+Enter for a new line, @ to mention a file or symbol)</source>
        <translation>Fragen Sie zum Code… (Eingabe sendet, Umschalt+Eingabe für eine neue Zeile, @ erwähnt eine Datei oder ein Symbol)</translation>
    </message>
</context>
<context>
    <name>RepoLens::QuickOpenDialog</name>
    <message>
        <source>Type part of a file name…</source>
        <translation>Teil eines Dateinamens eingeben…</translation>
    </message>
</context>
<context>
    <name>RepoLens::ReferencesPanel</name>
    <message>
        <source>Use Find References (Shift+F12) on a symbol to list its usages here.</source>
        <translation>Mit „Verwendungen finden“ (Umschalt+F12) auf einem Symbol werden seine Verwendungen hier aufgelistet.</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>Zeile %1</translation>
    </message>
    <message>
        <source>line %1 in %2</source>
        <translation>Zeile %1 in %2</translation>
    </message>
    <message>
        <source>Found by text: the reference graph records no usage on this line (a property or field read, a callback, a comment or a string)</source>
        <translation>Im Text gefunden: Der Referenzgraph verzeichnet in dieser Zeile keine Verwendung (Lesen einer Eigenschaft oder eines Felds, ein Callback, ein Kommentar oder eine Zeichenkette)</translation>
    </message>
</context>
<context>
    <name>RepoLens::ResultCard</name>
    <message>
        <source>Open %1 at lines %2</source>
        <translation>%1 bei den Zeilen %2 öffnen</translation>
    </message>
    <message>
        <source>Relevance score</source>
        <translation>Relevanzwert</translation>
    </message>
    <message>
        <source>Relevance score
%1</source>
        <translation>Relevanzwert
%1</translation>
    </message>
    <message numerus="yes">
        <source>… %n more line(s)</source>
        <translation>
            <numerusform>… %n weitere Zeile</numerusform>
            <numerusform>… %n weitere Zeilen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepoLens::RetrievalInspector</name>
    <message>
        <source>Retrieval Inspector</source>
        <translation>Such-Inspektor</translation>
    </message>
    <message>
        <source>Sent</source>
        <translation>Gesendet</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>Symbol</source>
        <translation>Symbol</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>BM25</source>
        <translation>BM25</translation>
    </message>
    <message>
        <source>BM25 rank</source>
        <translation>BM25-Rang</translation>
    </message>
    <message>
        <source>Vector</source>
        <translation>Vektor</translation>
    </message>
    <message>
        <source>Vector rank</source>
        <translation>Vektor-Rang</translation>
    </message>
    <message>
        <source>Symbol match</source>
        <translation>Symboltreffer</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Prior</source>
        <translation>Vorgabe</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <source>Rerank</source>
        <translation>Neubewertung</translation>
    </message>
    <message>
        <source>Final</source>
        <translation>Endwert</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>References</source>
        <translation>Verwendungen</translation>
    </message>
    <message>
        <source>Retrieval</source>
        <translation>Suche</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>Kandidaten</translation>
    </message>
    <message>
        <source>Context Sent</source>
        <translation>Gesendeter Kontext</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Anfrage</translation>
    </message>
    <message>
        <source>Question: %1
</source>
        <translation>Frage: %1
</translation>
    </message>
    <message>
        <source>Searched as: %1
</source>
        <translation>Gesucht als: %1
</translation>
    </message>
    <message>
        <source>Route: %1
</source>
        <translation>Weg: %1
</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>HyDE: %1 — %2
</source>
        <translation>HyDE: %1 — %2
</translation>
    </message>
    <message>
        <source>used</source>
        <translation>verwendet</translation>
    </message>
    <message>
        <source>not used</source>
        <translation>nicht verwendet</translation>
    </message>
    <message numerus="yes">
        <source>Context: %n chunk(s)</source>
        <translation>
            <numerusform>Kontext: %n Abschnitt</numerusform>
            <numerusform>Kontext: %n Abschnitte</numerusform>
        </translation>
    </message>
    <message>
        <source>, %1 tokens (estimated)
</source>
        <translation>, %1 Tokens (geschätzt)
</translation>
    </message>
    <message>
        <source>Retrieval time: %1 ms
</source>
        <translation>Suchdauer: %1 ms
</translation>
    </message>
    <message>
        <source>Stages:</source>
        <translation>Stufen:</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>Hinweise:</translation>
    </message>
    <message>
        <source>Requests made while searching:</source>
        <translation>Anfragen während der Suche:</translation>
    </message>
    <message>
        <source>Nothing was sent: no model was configured.</source>
        <translation>Nichts wurde gesendet: Es war kein Modell eingerichtet.</translation>
    </message>
    <message>
        <source>Nothing was sent.</source>
        <translation>Nichts wurde gesendet.</translation>
    </message>
    <message>
        <source>POST %1
Model: %2
Headers: Content-Type: application/json; Accept: text/event-stream; Authorization: Bearer *** (when a key is set)
Body (%3 bytes, exactly as sent):

</source>
        <translation>POST %1
Modell: %2
Kopfzeilen: Content-Type: application/json; Accept: text/event-stream; Authorization: Bearer *** (wenn ein Schlüssel gesetzt ist)
Inhalt (%3 Bytes, genau wie gesendet):

</translation>
    </message>
    <message>
        <source>POST %1 (%2, %3 bytes):</source>
        <translation>POST %1 (%2, %3 Bytes):</translation>
    </message>
    <message>
        <source>Withheld</source>
        <translation>Zurückgehalten</translation>
    </message>
    <message numerus="yes">
        <source>Withheld: credentials in %n chunk(s) were replaced by [withheld: …] before sending (Context Sent ▸ Withheld says where)
</source>
        <translation>
            <numerusform>Zurückgehalten: Zugangsdaten in %n Abschnitt wurden vor dem Senden durch [withheld: …] ersetzt (wo, steht unter Gesendeter Kontext ▸ Zurückgehalten)
</numerusform>
            <numerusform>Zurückgehalten: Zugangsdaten in %n Abschnitten wurden vor dem Senden durch [withheld: …] ersetzt (wo, steht unter Gesendeter Kontext ▸ Zurückgehalten)
</numerusform>
        </translation>
    </message>
    <message>
        <source>(withheld: %1)</source>
        <translation>(zurückgehalten: %1)</translation>
    </message>
    <message>
        <source>credentials withheld: %1</source>
        <translation>Zugangsdaten zurückgehalten: %1</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Context: re-used from the previous question
</source>
        <translation>Kontext: von der vorigen Frage übernommen
</translation>
    </message>
    <message>
        <source>Index: still being built when this was asked; the context may be incomplete
</source>
        <translation>Index: wurde noch aufgebaut, als dies gefragt wurde; der Kontext kann unvollständig sein
</translation>
    </message>
    <message>
        <source>Index: incomplete (indexing was stopped before it finished); Re-index (F5) completes it
</source>
        <translation>Index: unvollständig (die Indexierung wurde vor dem Ende gestoppt); Neu indexieren (F5) vervollständigt ihn
</translation>
    </message>
    <message>
        <source>Lexical</source>
        <translation>Lexikalisch</translation>
    </message>
</context>
<context>
    <name>RepoLens::SentLogDialog</name>
    <message>
        <source>What Was Sent</source>
        <translation>Was wurde gesendet</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>Endpunkt</translation>
    </message>
    <message>
        <source>Purpose</source>
        <translation>Zweck</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Files and lines</source>
        <translation>Dateien und Zeilen</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Clear Log</source>
        <translation>Protokoll leeren</translation>
    </message>
    <message>
        <source>Forget the record of what was sent for this folder?</source>
        <translation>Die Aufzeichnung, was für diesen Ordner gesendet wurde, vergessen?</translation>
    </message>
    <message>
        <source> (this machine)</source>
        <translation> (dieser Rechner)</translation>
    </message>
    <message>
        <source>Nothing from %1 has been sent to a model.</source>
        <translation>Nichts aus %1 wurde an ein Modell gesendet.</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) to model endpoints for %1</source>
        <translation>
            <numerusform>%n Anfrage an Modell-Endpunkte für %1</numerusform>
            <numerusform>%n Anfragen an Modell-Endpunkte für %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n left this machine (%1 bytes in all); requests to a local server stay on it.</source>
        <translation>
            <numerusform>%n hat diesen Rechner verlassen (insgesamt %1 Bytes); Anfragen an einen lokalen Server bleiben auf ihm.</numerusform>
            <numerusform>%n haben diesen Rechner verlassen (insgesamt %1 Bytes); Anfragen an einen lokalen Server bleiben auf ihm.</numerusform>
        </translation>
    </message>
    <message>
        <source>Withheld</source>
        <translation>Zurückgehalten</translation>
    </message>
    <message>
        <source>Clear Log…</source>
        <translation>Protokoll leeren…</translation>
    </message>
    <message numerus="yes">
        <source>%n chunk(s)</source>
        <translation>
            <numerusform>%n Abschnitt</numerusform>
            <numerusform>%n Abschnitte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> from %n file(s)</source>
        <translation>
            <numerusform> aus %n Datei</numerusform>
            <numerusform> aus %n Dateien</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepoLens::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>Embeddings</translation>
    </message>
    <message>
        <source>Retrieval</source>
        <translation>Suche</translation>
    </message>
    <message>
        <source>Indexing</source>
        <translation>Indizierung</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Darstellung</translation>
    </message>
    <message>
        <source>Any OpenAI-compatible chat completions endpoint: OpenAI, Ollama, llama.cpp server, vLLM, LM Studio, … Leave the URL empty for retrieval-only answers (nothing is sent anywhere).</source>
        <translation>Jeder OpenAI-kompatible Chat-Completions-Endpunkt: OpenAI, Ollama, llama.cpp-Server, vLLM, LM Studio, … Lassen Sie die URL leer für reine Suchantworten (dann wird nichts gesendet).</translation>
    </message>
    <message>
        <source>Choose a preset…</source>
        <translation>Vorlage wählen…</translation>
    </message>
    <message>
        <source>e.g. qwen2.5-coder:7b, gpt-4o-mini</source>
        <translation>z. B. qwen2.5-coder:7b, gpt-4o-mini</translation>
    </message>
    <message>
        <source>server default</source>
        <translation>Server-Vorgabe</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation>Vorlage:</translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation>Basis-URL:</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>API-Schlüssel:</translation>
    </message>
    <message>
        <source>Key variable:</source>
        <translation>Schlüsselvariable:</translation>
    </message>
    <message>
        <source>Temperature:</source>
        <translation>Temperatur:</translation>
    </message>
    <message>
        <source>Max tokens:</source>
        <translation>Max. Tokens:</translation>
    </message>
    <message>
        <source>Timeout:</source>
        <translation>Zeitüberschreitung:</translation>
    </message>
    <message>
        <source>Test Connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>stored in the keychain (type to replace, clear to remove)</source>
        <translation>im Schlüsselbund gespeichert (zum Ersetzen tippen, zum Entfernen leeren)</translation>
    </message>
    <message>
        <source>not set (local servers need none)</source>
        <translation>nicht gesetzt (lokale Server brauchen keinen)</translation>
    </message>
    <message>
        <source>The key is kept in the system keychain (%1), never in the settings file.</source>
        <translation>Der Schlüssel wird im Schlüsselbund des Systems (%1) aufbewahrt, nie in der Einstellungsdatei.</translation>
    </message>
    <message>
        <source>Until one is stored, %1 from the environment is used.</source>
        <translation>Bis einer gespeichert ist, wird %1 aus der Umgebung verwendet.</translation>
    </message>
    <message>
        <source>%1 is not set in the environment either.</source>
        <translation>%1 ist auch in der Umgebung nicht gesetzt.</translation>
    </message>
    <message>
        <source>used for this session only</source>
        <translation>nur für diese Sitzung verwendet</translation>
    </message>
    <message>
        <source>No system keychain (Secret Service) is available, so a key typed here is used for this session only and never saved. To keep one, set %1 in the environment before starting RepoLens: it is %2.</source>
        <translation>Es ist kein Schlüsselbund (Secret Service) verfügbar, daher wird ein hier eingegebener Schlüssel nur für diese Sitzung verwendet und nie gespeichert. Um einen dauerhaft zu verwenden, setzen Sie %1 in der Umgebung, bevor Sie RepoLens starten: Sie ist %2.</translation>
    </message>
    <message>
        <source>set</source>
        <translation>gesetzt</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>Enter a base URL first (%1).</source>
        <translation>Geben Sie zuerst eine Basis-URL ein (%1).</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1…</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message numerus="yes">
        <source>Connected: %n model(s).</source>
        <translation>
            <numerusform>Verbunden: %n Modell.</numerusform>
            <numerusform>Verbunden: %n Modelle.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server has no model &quot;%1&quot;: choose one from the list.</source>
        <translation>Der Server hat kein Modell „%1“: Wählen Sie eines aus der Liste.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is available.</source>
        <translation>„%1“ ist verfügbar.</translation>
    </message>
    <message>
        <source>Use vectors (hybrid search)</source>
        <translation>Vektoren verwenden (hybride Suche)</translation>
    </message>
    <message>
        <source>Built-in embedder (offline)</source>
        <translation>Eingebauter Embedder (offline)</translation>
    </message>
    <message>
        <source>Embeddings endpoint:</source>
        <translation>Embeddings-Endpunkt:</translation>
    </message>
    <message>
        <source>URL:</source>
        <translation>URL:</translation>
    </message>
    <message>
        <source>Input limit (tokens):</source>
        <translation>Eingabegrenze (Tokens):</translation>
    </message>
    <message>
        <source>Changing the embedder re-embeds the folder in the background; vectors of both models are kept, so switching back is free.</source>
        <translation>Ein Wechsel des Embedders berechnet die Vektoren des Ordners im Hintergrund neu; die Vektoren beider Modelle bleiben erhalten, ein Zurückwechseln kostet also nichts.</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <source>Built-in (local)</source>
        <translation>Eingebaut (lokal)</translation>
    </message>
    <message>
        <source>Rerank endpoint (/v1/rerank)</source>
        <translation>Rerank-Endpunkt (/v1/rerank)</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> Tokens</translation>
    </message>
    <message>
        <source>Re-rank:</source>
        <translation>Neubewertung:</translation>
    </message>
    <message>
        <source>Rerank URL:</source>
        <translation>Rerank-URL:</translation>
    </message>
    <message>
        <source>Rerank model:</source>
        <translation>Rerank-Modell:</translation>
    </message>
    <message>
        <source>Results considered (top-k):</source>
        <translation>Berücksichtigte Ergebnisse (Top-k):</translation>
    </message>
    <message>
        <source>Context budget:</source>
        <translation>Kontextbudget:</translation>
    </message>
    <message>
        <source>Conversation budget:</source>
        <translation>Unterhaltungsbudget:</translation>
    </message>
    <message>
        <source>The context budget is filled best-first with the chunks found (no overlapping ranges, each with its references); mentioned files and symbols and reference-graph paths come first.</source>
        <translation>Das Kontextbudget wird mit den gefundenen Abschnitten gefüllt, die besten zuerst (keine überlappenden Bereiche, jeder mit seinen Verwendungen); erwähnte Dateien und Symbole sowie Pfade im Verwendungsgraphen kommen zuerst.</translation>
    </message>
    <message>
        <source>Also ignore (one .gitignore pattern a line, on top of .gitignore and .repolensignore):</source>
        <translation>Außerdem ignorieren (ein .gitignore-Muster pro Zeile, zusätzlich zu .gitignore und .repolensignore):</translation>
    </message>
    <message>
        <source> KiB</source>
        <translation> KiB</translation>
    </message>
    <message>
        <source>Skip files larger than:</source>
        <translation>Dateien überspringen, die größer sind als:</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Wie das System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>Colours:</source>
        <translation>Farben:</translation>
    </message>
    <message>
        <source>Code font:</source>
        <translation>Code-Schriftart:</translation>
    </message>
    <message>
        <source>Code font size:</source>
        <translation>Code-Schriftgröße:</translation>
    </message>
    <message>
        <source>The base URL must be %1.</source>
        <translation>Die Basis-URL muss %1 sein.</translation>
    </message>
    <message>
        <source>The model must be %1.</source>
        <translation>Das Modell muss %1 sein.</translation>
    </message>
    <message>
        <source>Name the model to use (Test Connection lists the server&apos;s models).</source>
        <translation>Geben Sie das zu verwendende Modell an („Verbindung testen“ listet die Modelle des Servers auf).</translation>
    </message>
    <message>
        <source>The key variable must be %1.</source>
        <translation>Die Schlüsselvariable muss %1 sein.</translation>
    </message>
    <message>
        <source>The API key cannot contain spaces or line breaks.</source>
        <translation>Der API-Schlüssel darf keine Leerzeichen oder Zeilenumbrüche enthalten.</translation>
    </message>
    <message>
        <source>The embeddings URL must be an http:// or https:// URL such as http://127.0.0.1:11434/v1.</source>
        <translation>Die Embeddings-URL muss eine http://- oder https://-URL sein, etwa http://127.0.0.1:11434/v1.</translation>
    </message>
    <message>
        <source>Name the embedding model.</source>
        <translation>Geben Sie das Embedding-Modell an.</translation>
    </message>
    <message>
        <source>The rerank endpoint needs an http:// or https:// URL.</source>
        <translation>Der Rerank-Endpunkt braucht eine http://- oder https://-URL.</translation>
    </message>
    <message>
        <source>HyDE needs a model: set one on the Model page first.</source>
        <translation>HyDE braucht ein Modell: Richten Sie zuerst eines auf der Seite „Modell“ ein.</translation>
    </message>
    <message>
        <source>An ignore pattern cannot be used: %1.</source>
        <translation>Ein Ignoriermuster ist nicht verwendbar: %1.</translation>
    </message>
    <message>
        <source>Method summaries need a model: set one on the Model page first.</source>
        <translation>Methodenzusammenfassungen brauchen ein Modell: Richten Sie zuerst eines auf der Seite „Modell“ ein.</translation>
    </message>
    <message>
        <source>Language (after a restart):</source>
        <translation>Sprache (nach einem Neustart):</translation>
    </message>
    <message>
        <source>The chat model as judge (one more request per question)</source>
        <translation>Das Chat-Modell als Bewerter (eine zusätzliche Anfrage pro Frage)</translation>
    </message>
    <message>
        <source>Re-ranking by the chat model needs a model: set one on the Model page first.</source>
        <translation>Die Neubewertung durch das Chat-Modell braucht ein Modell: Richten Sie zuerst eines auf der Seite „Modell“ ein.</translation>
    </message>
    <message>
        <source>Privacy: with an endpoint on this machine (127.0.0.1, localhost) nothing leaves it. With a remote one, each question is sent with the code chunks chosen for it (shown in each answer&apos;s inspector; credentials in them are replaced by [withheld: …]), and HyDE and method summaries send more. Chat ▸ ⋯ ▸ What Was Sent lists every request.</source>
        <translation>Datenschutz: Mit einem Endpunkt auf diesem Rechner (127.0.0.1, localhost) verlässt nichts den Rechner. Mit einem entfernten Endpunkt wird jede Frage mit den dafür ausgewählten Codeabschnitten gesendet (im Inspektor jeder Antwort zu sehen; Zugangsdaten darin werden durch [withheld: …] ersetzt), und HyDE sowie Methodenzusammenfassungen senden mehr. Chat ▸ ⋯ ▸ Was wurde gesendet listet jede Anfrage auf.</translation>
    </message>
    <message>
        <source>RepoLens (light or dark, after the colours above)</source>
        <translation>RepoLens (hell oder dunkel, nach den Farben oben)</translation>
    </message>
    <message>
        <source>Listing the KSyntaxHighlighting themes…</source>
        <translation>KSyntaxHighlighting-Farbschemata werden aufgelistet …</translation>
    </message>
    <message>
        <source>Code colours:</source>
        <translation>Code-Farben:</translation>
    </message>
    <message>
        <source>KSyntaxHighlighting themes are not available: %1</source>
        <translation>KSyntaxHighlighting-Farbschemata sind nicht verfügbar: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n KSyntaxHighlighting theme(s); tree-sitter languages follow the same colours.</source>
        <translation>
            <numerusform>%n KSyntaxHighlighting-Farbschema; tree-sitter-Sprachen folgen denselben Farben.</numerusform>
            <numerusform>%n KSyntaxHighlighting-Farbschemata; tree-sitter-Sprachen folgen denselben Farben.</numerusform>
        </translation>
    </message>
    <message>
        <source>The colours of %1 are not known yet: wait for the list of themes.</source>
        <translation>Die Farben von %1 sind noch nicht bekannt: Warten Sie auf die Liste der Farbschemata.</translation>
    </message>
    <message>
        <source>Also send code that looks like it contains a credential</source>
        <translation>Auch Code senden, der Zugangsdaten zu enthalten scheint</translation>
    </message>
    <message>
        <source>API keys, private keys and passwords are withheld from every request unless this is on.</source>
        <translation>API-Schlüssel, private Schlüssel und Passwörter werden aus jeder Anfrage zurückgehalten, außer dies ist eingeschaltet.</translation>
    </message>
    <message>
        <source>HyDE for long or vague questions</source>
        <translation>HyDE für lange oder vage Fragen</translation>
    </message>
    <message>
        <source>HyDE lets the model write hypothetical code first and searches with it (two extra requests per question).</source>
        <translation>Mit HyDE schreibt das Modell zuerst hypothetischen Code, mit dem dann gesucht wird (zwei zusätzliche Anfragen pro Frage).</translation>
    </message>
    <message>
        <source>Method summaries</source>
        <translation>Methodenzusammenfassungen</translation>
    </message>
    <message>
        <source>The model describes each function and class in 2–3 lines, so search also finds what code does: one request per function, the count is shown before it starts, resumable.</source>
        <translation>Das Modell beschreibt jede Funktion und Klasse in 2–3 Zeilen, damit die Suche auch findet, was Code tut: eine Anfrage pro Funktion, die Anzahl wird vorher angezeigt, fortsetzbar.</translation>
    </message>
    <message>
        <source>Integrations</source>
        <translation>Integrationen</translation>
    </message>
    <message>
        <source>Agents such as Claude Code, Codex, Cursor, Continue and Zed can use this folder&apos;s index over the Model Context Protocol: search, definitions, every reference, numbered lines, impact. Register RepoLens with one of them:</source>
        <translation>Agenten wie Claude Code, Codex, Cursor, Continue und Zed können den Index dieses Ordners über das Model Context Protocol nutzen: Suche, Definitionen, jeden Verweis, nummerierte Zeilen, Auswirkungen. Registrieren Sie RepoLens bei einem davon:</translation>
    </message>
    <message>
        <source>FOLDER</source>
        <translation>ORDNER</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Kopiert</translation>
    </message>
    <message>
        <source>Client:</source>
        <translation>Client:</translation>
    </message>
    <message>
        <source>Where:</source>
        <translation>Wo:</translation>
    </message>
    <message>
        <source>Open a folder to see the command for it.</source>
        <translation>Öffnen Sie einen Ordner, um den Befehl dafür zu sehen.</translation>
    </message>
    <message>
        <source>The server keeps the index fresh while it runs and shares it with this window: one of them writes, the other reads and says so.</source>
        <translation>Der Server hält den Index aktuell, solange er läuft, und teilt ihn mit diesem Fenster: einer von beiden schreibt, der andere liest und sagt es.</translation>
    </message>
    <message>
        <source>Auto: agent for questions that need several steps</source>
        <translation>Automatisch: Agent für Fragen, die mehrere Schritte brauchen</translation>
    </message>
    <message>
        <source>Single-shot: one retrieval, one answer</source>
        <translation>Ein Schritt: eine Suche, eine Antwort</translation>
    </message>
    <message>
        <source>Agent: the model searches, reads and follows references</source>
        <translation>Agent: das Modell sucht, liest und folgt Verweisen</translation>
    </message>
    <message>
        <source>Answer mode:</source>
        <translation>Antwortmodus:</translation>
    </message>
    <message>
        <source>Agent rounds:</source>
        <translation>Agent-Runden:</translation>
    </message>
    <message>
        <source>Tool calls per round:</source>
        <translation>Werkzeugaufrufe pro Runde:</translation>
    </message>
    <message>
        <source>Vectors find code by meaning. The built-in embedder and a static model run on this machine; an endpoint (OpenAI /v1/embeddings, Ollama, TEI, …) receives every chunk of code once (its key comes from REPOLENS_API_KEY).</source>
        <translation>Vektoren finden Code nach Bedeutung. Der eingebaute Embedder und ein statisches Modell laufen auf diesem Rechner; ein Endpunkt (OpenAI /v1/embeddings, Ollama, TEI, …) erhält jeden Code-Abschnitt einmal (sein Schlüssel kommt aus REPOLENS_API_KEY).</translation>
    </message>
    <message>
        <source>Static model folder (offline):</source>
        <translation>Ordner eines statischen Modells (offline):</translation>
    </message>
    <message>
        <source>A model2vec model, e.g. potion-code-16M</source>
        <translation>Ein model2vec-Modell, z. B. potion-code-16M</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source>Static Model Folder</source>
        <translation>Ordner des statischen Modells</translation>
    </message>
    <message>
        <source>Choose the folder of a model in the model2vec format (config.json, tokenizer.json, model.safetensors), such as potion-code-16M.</source>
        <translation>Wählen Sie den Ordner eines Modells im model2vec-Format (config.json, tokenizer.json, model.safetensors), etwa potion-code-16M.</translation>
    </message>
    <message>
        <source>This folder is not a usable static embedding model: %1</source>
        <translation>Dieser Ordner ist kein verwendbares statisches Embedding-Modell: %1</translation>
    </message>
    <message>
        <source>%1 model: %2 tokens, %3 dimensions. Changing the model embeds the folder again.</source>
        <translation>%1-Modell: %2 Tokens, %3 Dimensionen. Ein Wechsel des Modells bettet den Ordner neu ein.</translation>
    </message>
</context>
<context>
    <name>RepoLens::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Kürzel</translation>
    </message>
    <message>
        <source>Code viewer</source>
        <translation>Code-Ansicht</translation>
    </message>
    <message>
        <source>Go to definition</source>
        <translation>Zur Definition</translation>
    </message>
    <message>
        <source>Ctrl+Click</source>
        <translation>Strg+Klick</translation>
    </message>
    <message>
        <source>Definition and usage count</source>
        <translation>Definition und Anzahl der Verwendungen</translation>
    </message>
    <message>
        <source>Hover over a name</source>
        <translation>Mauszeiger über einem Namen</translation>
    </message>
    <message>
        <source>Find next / previous in the find bar</source>
        <translation>Nächstes / vorheriges in der Suchleiste</translation>
    </message>
    <message>
        <source>F3 / Shift+F3</source>
        <translation>F3 / Umschalt+F3</translation>
    </message>
    <message>
        <source>Send question</source>
        <translation>Frage senden</translation>
    </message>
    <message>
        <source>Enter (Shift+Enter: new line)</source>
        <translation>Eingabe (Umschalt+Eingabe: neue Zeile)</translation>
    </message>
</context>
<context>
    <name>RepoLens::SummaryRunner</name>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Nicht jetzt</translation>
    </message>
    <message numerus="yes">
        <source>Method summaries: %n request(s) to %1 %2</source>
        <translation>
            <numerusform>Methodenzusammenfassungen: %n Anfrage an %1 %2</numerusform>
            <numerusform>Methodenzusammenfassungen: %n Anfragen an %1 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>on this machine</source>
        <translation>auf diesem Rechner</translation>
    </message>
    <message>
        <source>at %1</source>
        <translation>unter %1</translation>
    </message>
    <message>
        <source>Each function and class is sent to the model once for a 2–3 line description that search then uses. Stopping keeps what was written; it resumes later.</source>
        <translation>Jede Funktion und Klasse wird einmal an das Modell gesendet, um eine Beschreibung in 2–3 Zeilen zu erhalten, die die Suche dann nutzt. Beim Anhalten bleibt das Geschriebene erhalten; es geht später weiter.</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Method summaries: starting…</source>
        <translation>Methodenzusammenfassungen: Start…</translation>
    </message>
    <message>
        <source>Method summaries: %1 / %2</source>
        <translation>Methodenzusammenfassungen: %1 / %2</translation>
    </message>
    <message>
        <source>Method summaries failed: %1</source>
        <translation>Methodenzusammenfassungen fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message numerus="yes">
        <source>Method summaries: %n written</source>
        <translation>
            <numerusform>Methodenzusammenfassungen: %n geschrieben</numerusform>
            <numerusform>Methodenzusammenfassungen: %n geschrieben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n left</source>
        <translation>
            <numerusform>, %n übrig</numerusform>
            <numerusform>, %n übrig</numerusform>
        </translation>
    </message>
    <message>
        <source> — stopped: %1</source>
        <translation> — angehalten: %1</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
</context>
<context>
    <name>RepoLens::SymbolsPanel</name>
    <message>
        <source>Open a file to see its symbols.</source>
        <translation>Öffnen Sie eine Datei, um ihre Symbole zu sehen.</translation>
    </message>
    <message>
        <source>namespace</source>
        <translation>Namensraum</translation>
    </message>
    <message>
        <source>function</source>
        <translation>Funktion</translation>
    </message>
    <message>
        <source>method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <source>constructor</source>
        <translation>Konstruktor</translation>
    </message>
    <message>
        <source>class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>struct</source>
        <translation>Struktur</translation>
    </message>
    <message>
        <source>interface</source>
        <translation>Schnittstelle</translation>
    </message>
    <message>
        <source>enum</source>
        <translation>Aufzählung</translation>
    </message>
    <message>
        <source>trait</source>
        <translation>Trait</translation>
    </message>
    <message>
        <source>implementation</source>
        <translation>Implementierung</translation>
    </message>
    <message>
        <source>type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>macro</source>
        <translation>Makro</translation>
    </message>
    <message>
        <source>variable</source>
        <translation>Variable</translation>
    </message>
    <message>
        <source>module</source>
        <translation>Modul</translation>
    </message>
    <message>
        <source>No symbols: %1 files are not parsed.</source>
        <translation>Keine Symbole: %1-Dateien werden nicht geparst.</translation>
    </message>
    <message>
        <source>No symbols in this file.</source>
        <translation>Keine Symbole in dieser Datei.</translation>
    </message>
</context>
<context>
    <name>RepoLens::SyntaxHelper</name>
    <message numerus="yes">
        <source>The highlighter helper did not answer within %n second(s).</source>
        <translation>
            <numerusform>Das Hervorhebungsprogramm hat nicht innerhalb von %n Sekunde geantwortet.</numerusform>
            <numerusform>Das Hervorhebungsprogramm hat nicht innerhalb von %n Sekunden geantwortet.</numerusform>
        </translation>
    </message>
    <message>
        <source>The highlighter helper was changed.</source>
        <translation>Das Hervorhebungsprogramm wurde gewechselt.</translation>
    </message>
    <message>
        <source>The highlighter helper is not installed (%1).</source>
        <translation>Das Hervorhebungsprogramm ist nicht installiert (%1).</translation>
    </message>
    <message>
        <source>The highlighter helper could not be started: %1</source>
        <translation>Das Hervorhebungsprogramm konnte nicht gestartet werden: %1</translation>
    </message>
    <message>
        <source>The highlighter helper stopped unexpectedly.</source>
        <translation>Das Hervorhebungsprogramm wurde unerwartet beendet.</translation>
    </message>
    <message>
        <source>The highlighter helper exited with status %1.</source>
        <translation>Das Hervorhebungsprogramm hat sich mit Status %1 beendet.</translation>
    </message>
    <message>
        <source>The highlighter helper answered garbage (%1).</source>
        <translation>Das Hervorhebungsprogramm hat Unlesbares geantwortet (%1).</translation>
    </message>
    <message>
        <source>a frame over the size limit</source>
        <translation>ein Rahmen über der Größengrenze</translation>
    </message>
    <message>
        <source>a frame shorter than its header</source>
        <translation>ein Rahmen kürzer als sein Kopf</translation>
    </message>
    <message>
        <source>no greeting</source>
        <translation>keine Begrüßung</translation>
    </message>
    <message>
        <source>The highlighter helper speaks protocol version %1; this RepoLens needs %2.</source>
        <translation>Das Hervorhebungsprogramm spricht Protokollversion %1; dieses RepoLens braucht %2.</translation>
    </message>
    <message>
        <source>a reply to request %1, which was not asked</source>
        <translation>eine Antwort auf Anfrage %1, die nie gestellt wurde</translation>
    </message>
    <message>
        <source>an unreadable error</source>
        <translation>ein unlesbarer Fehler</translation>
    </message>
    <message>
        <source>The highlighter helper refused a request: %1</source>
        <translation>Das Hervorhebungsprogramm hat eine Anfrage abgelehnt: %1</translation>
    </message>
    <message>
        <source>message type %1 where %2 was expected</source>
        <translation>Nachrichtentyp %1, wo %2 erwartet war</translation>
    </message>
    <message>
        <source>a malformed reply of type %1</source>
        <translation>eine fehlerhafte Antwort vom Typ %1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Ask questions about a codebase.</source>
        <translation>Fragen zu einer Codebasis stellen.</translation>
    </message>
    <message>
        <source>Open a folder (a built-in fixture when none is given), index it, ask one question, open the top hit and exit.</source>
        <translation>Einen Ordner öffnen (ohne Angabe ein eingebautes Beispiel), indizieren, eine Frage stellen, den besten Treffer öffnen und beenden.</translation>
    </message>
    <message>
        <source>The question the self-test asks.</source>
        <translation>Die Frage, die der Selbsttest stellt.</translation>
    </message>
    <message>
        <source>Where indexes are stored.</source>
        <translation>Wo Indizes gespeichert werden.</translation>
    </message>
    <message>
        <source>With --self-test: save screenshots of the main states into dir.</source>
        <translation>Mit --self-test: Bildschirmfotos der wichtigsten Zustände in dir speichern.</translation>
    </message>
    <message>
        <source>Open the folder, print how long the window took to become interactive and the index to be checked, and exit.</source>
        <translation>Den Ordner öffnen, ausgeben, wie lange es dauerte, bis das Fenster bedienbar und der Index geprüft war, und beenden.</translation>
    </message>
    <message>
        <source>Grammars disabled (incompatible with the parser): %1</source>
        <translation>Grammatiken deaktiviert (mit dem Parser nicht kompatibel): %1</translation>
    </message>
    <message>
        <source>Folder to open (or a file: its repository opens and the file is shown).</source>
        <translation>Zu öffnender Ordner (oder eine Datei: ihr Repository wird geöffnet und die Datei gezeigt).</translation>
    </message>
</context>
</TS>
