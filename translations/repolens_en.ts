<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>QObject</name>
    <message>
        <source>Close (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::AboutDialog</name>
    <message>
        <source>Qt %1 (built with %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compiler: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Build type: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unspecified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tree-sitter core: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About RepoLens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;RepoLens %1&lt;/h3&gt;&lt;p&gt;Ask questions about a codebase: a local index of its definitions and references, searched on your machine.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bundled tree-sitter grammars:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Package</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Licence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ABI %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>disabled: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RepoLens is free software under the MIT licence.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::AgentStepsView</name>
    <message>
        <source>Agent steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show what %1 returned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Agent steps (%n call(s))</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepoLens::AnswerView</name>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no source with this number in the context that was sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No file %1 in the index: the model may have invented it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 matches several files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cited lines do not exist: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::ChatController</name>
    <message>
        <source>Retrieval only: answers are the best-matching code. &lt;a href=&quot;settings&quot;&gt;Configure a model…&lt;/a&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With a model (OpenAI, Ollama, llama.cpp, vLLM, LM Studio, …) the chat writes answers with citations.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answers by &lt;b&gt;%1&lt;/b&gt; %2 · &lt;a href=&quot;settings&quot;&gt;Settings&lt;/a&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing leaves this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The question and the code chunks found for it are sent to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Ollama is running on this computer (%n model(s)). Use %1 to write answers? Nothing leaves the machine.</source>
        <translation>
            <numerusform>Ollama is running on this computer (%n model). Use %1 to write answers? Nothing leaves the machine.</numerusform>
            <numerusform>Ollama is running on this computer (%n models). Use %1 to write answers? Nothing leaves the machine.</numerusform>
        </translation>
    </message>
    <message>
        <source>Use %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a folder first (File ▸ Open Folder…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder has not been indexed yet; ask again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the index: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The question has no words to search for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 files so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scanning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model is configured, so these are the best-matching snippets. Settings ▸ Model connects OpenAI, Ollama, llama.cpp, vLLM or LM Studio for written answers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searching (HyDE may ask the model first)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server answered HTTP %1; trying again in %2 (attempt %3)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model reached its token limit (%1 tokens; Settings ▸ Model ▸ Max tokens).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n chunk(s)</source>
        <translation>
            <numerusform>%n chunk</numerusform>
            <numerusform>%n chunks</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context of the previous question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HyDE %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n graph path(s)</source>
        <translation>
            <numerusform>%n graph path</numerusform>
            <numerusform>%n graph paths</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n withheld (credentials)</source>
        <translation>
            <numerusform>%n withheld (credentials)</numerusform>
            <numerusform>%n withheld (credentials)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is writing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first words after %1, %2 in all</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n citation(s) not found in the index</source>
        <translation>
            <numerusform>%n citation not found in the index</numerusform>
            <numerusform>%n citations not found in the index</numerusform>
        </translation>
    </message>
    <message>
        <source>The index is still being built: the context may be incomplete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the answer was incomplete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retrieval only (no model was configured)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the conversation &quot;%1&quot;? This cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not connect to %1: nothing is listening there. Is the model server (Ollama, llama.cpp, …) running, and is the port right?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host of %1 was not found. Check the base URL in Settings ▸ Model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The secure connection to %1 failed (TLS). Check http:// versus https:// and the server&apos;s certificate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server refused the API key (HTTP 401). Set the key in Settings ▸ Model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The API key may not use this model or endpoint (HTTP 403).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server has no model &quot;%1&quot; (HTTP 404). Check the name in Settings ▸ Model; with Ollama, pull it first (ollama pull %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no chat completions endpoint at %1 (HTTP 404). The base URL usually ends in /v1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server rejected the request (HTTP %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The server is rate limiting (HTTP 429), still after %n attempt(s). Wait a moment and retry.</source>
        <translation>
            <numerusform>The server is rate limiting (HTTP 429), still after %n attempt. Wait a moment and retry.</numerusform>
            <numerusform>The server is rate limiting (HTTP 429), still after %n attempts. Wait a moment and retry.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The server failed (HTTP %1), still after %n attempt(s).</source>
        <translation>
            <numerusform>The server failed (HTTP %1), still after %n attempt.</numerusform>
            <numerusform>The server failed (HTTP %1), still after %n attempts.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server reported an error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server stopped answering (no data for %1 s). Local models can be slow to start: retry, or raise the timeout in Settings ▸ Model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server sent something that is not an OpenAI-compatible answer stream.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The answer stream ended before it was complete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server closed the connection in the middle of the answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Network error talking to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model is configured (Settings ▸ Model).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server said: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 files parsed so far, the others searched as plain text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what does this project do?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>where is the entry point?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The index is incomplete (indexing was stopped before it finished): the context may be missing code. Re-index (F5) completes it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing is indexed yet, so there is nothing to answer from; ask again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This folder has nothing to search: no file in it was indexed (the file tree says why).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No code in the index matches the question. Rephrase it, or name a file or symbol with @.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was sent to the model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>agent mode (Settings ▸ Retrieval)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>agent mode: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is looking through the code with the tools…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1: %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not take tools; answered single-shot instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model does not take tools: answered single-shot</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>agent request %1 (%n tool call(s))</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the model kept calling tools and did not answer within %n round(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Answered from what the tools returned within the limits (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n tool call(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Indexing was stopped before any file of this folder was indexed, so there is nothing to answer from yet. Re-index (F5) goes on where it stopped.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::ChatPane</name>
    <message>
        <source>Not now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retrieval only: answers are the best-matching code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No matching code found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n result(s)</source>
        <translation>
            <numerusform>%n result</numerusform>
            <numerusform>%n results</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The index is still being built (%1): results may be incomplete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversations in this folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New Chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a new conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversation actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rename Conversation…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What Was &amp;Sent…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model &amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(untitled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send the question again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask the model again with the same context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the answer as Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspect…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the context was found, what was sent, and where</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ The answer was cut off: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask a question about the code in this folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For example (click to ask):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This question is about %1 tokens (%2). %3 reads about %4 tokens besides the code context and its answer, so it cannot be sent like this: keep the part that matters (the error and the lines around it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pasted text: about %1 tokens (%2) of the %3 this question may take.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pasted text: about %1 tokens (%2); only its first part is searched.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… (%1 characters in all)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n call site(s)</source>
        <translation>
            <numerusform>%n call site</numerusform>
            <numerusform>%n call sites</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> in %n file(s)</source>
        <translation>
            <numerusform> in %n file</numerusform>
            <numerusform> in %n files</numerusform>
        </translation>
    </message>
    <message>
        <source>The index is incomplete (indexing was stopped before it finished): results may be missing code. Re-index (F5) completes it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matched by name: the type of the object it is called on is not known.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Defined at:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>… %n more: Find References (Shift+F12) lists every one.</source>
        <translation>
            <numerusform>… %n more: Find References (Shift+F12) lists every one.</numerusform>
            <numerusform>… %n more: Find References (Shift+F12) lists every one.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Tests: %n call site(s)</source>
        <translation>
            <numerusform>Tests: %n call site</numerusform>
            <numerusform>Tests: %n call sites</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n use(s) of other definitions with the same name left out.</source>
        <translation>
            <numerusform>%n use of other definitions with the same name left out.</numerusform>
            <numerusform>%n uses of other definitions with the same name left out.</numerusform>
        </translation>
    </message>
    <message>
        <source>Found by text: the reference graph records no usage on this line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No call sites of %1 in the index.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>No call sites of %1 in the index. The first %n line(s) that use it without a call (property or field reads, callbacks; found by text):</source>
        <translation>
            <numerusform>No call sites of %1 in the index. The first line that uses it without a call (property or field reads, callbacks; found by text):</numerusform>
            <numerusform>No call sites of %1 in the index. The first %n lines that use it without a call (property or field reads, callbacks; found by text):</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No call sites of %1 in the index. %n line(s) use it without a call (property or field reads, callbacks; found by text):</source>
        <translation>
            <numerusform>No call sites of %1 in the index. %n line uses it without a call (property or field reads, callbacks; found by text):</numerusform>
            <numerusform>No call sites of %1 in the index. %n lines use it without a call (property or field reads, callbacks; found by text):</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Used without a call (found by text): %n line(s)</source>
        <translation>
            <numerusform>Used without a call (found by text): %n line</numerusform>
            <numerusform>Used without a call (found by text): %n lines</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepoLens::CodeEditor</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>binary file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a binary file and is not shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to Definition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find References</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear Highlighted Ranges</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::CodeViewer</name>
    <message>
        <source>Open a file from the tree or with Ctrl+P,
or ask a question in the chat (Ctrl+L).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(top level)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::FileTreeModel</name>
    <message>
        <source>Not indexed yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too large to index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Binary file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generated or minified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unreadable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexed as text (parse error)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported format</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::FileTreePanel</name>
    <message>
        <source>Filter files (name or *.glob)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show files that are not indexed (ignored, binary, too large)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No folder is open.

Open one with File ▸ Open Folder… (Ctrl+O) or drop it onto the window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every file here is not indexed; “All” shows them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No file matches “%1”.

Clear the filter (Esc) to see every file.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::FindBar</name>
    <message>
        <source>Find:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search in this file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find Previous (Shift+F3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find Next (F3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aa</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>W</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>.*</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regular expression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n match</numerusform>
            <numerusform>%n matches</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::FindInFolderPanel</name>
    <message>
        <source>Find in the folder&apos;s files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files: src/**, *.py</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only paths that match one of these patterns, separated by commas: * and ? stay in a folder, ** crosses folders, a pattern without / matches file names anywhere.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match &amp;case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Whole words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regular e&amp;xpression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCRE syntax, as in grep -P: \w, \d, (a|b), [a-z]{2,}, (?i)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop reading files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type text to find in every indexed file of the folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Stopped: %n match(es) shown.</source>
        <translation>
            <numerusform>Stopped: %n match shown.</numerusform>
            <numerusform>Stopped: %n matches shown.</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder is not indexed yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading files: %1 of %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a valid regular expression: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The search failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n match(es))</source>
        <translation>
            <numerusform>%1 (%n match)</numerusform>
            <numerusform>%1 (%n matches)</numerusform>
        </translation>
    </message>
    <message>
        <source>More matches… (click to load)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>No matches in %n file(s).</source>
        <translation>
            <numerusform>No matches in %n file.</numerusform>
            <numerusform>No matches in %n files.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n match</numerusform>
            <numerusform>%n matches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> in %n file(s)</source>
        <translation>
            <numerusform> in %n file</numerusform>
            <numerusform> in %n files</numerusform>
        </translation>
    </message>
    <message>
        <source>; more below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · every file was read (no three characters of the pattern are certain)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> · the expression gave up on %n line(s)</source>
        <translation>
            <numerusform> · the expression gave up on %n line</numerusform>
            <numerusform> · the expression gave up on %n lines</numerusform>
        </translation>
    </message>
    <message>
        <source>Context: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lines shown before and after each match</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::GoToLineBar</name>
    <message>
        <source>Go to line:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(1–%1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::GoToSymbolDialog</name>
    <message>
        <source>Loading symbols…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No symbols.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n of %1 symbol(s)</source>
        <translation>
            <numerusform>%n of %1 symbol</numerusform>
            <numerusform>%n of %1 symbols</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepoLens::HelperHighlighter</name>
    <message>
        <source>Highlighted up to line %1 only: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shown as plain text: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::Integrations</name>
    <message>
        <source>Run in a terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>settings.json (Zed ▸ Settings)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any client (HTTP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run in a terminal; it prints the URL and the bearer token</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::Language</name>
    <message>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::MainWindow</name>
    <message>
        <source>RepoLens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask questions about a codebase. Everything stays on this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>or drop a folder onto this window  ·  Ctrl+O</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent folders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>References</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quick Open File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close Tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find &amp;Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find &amp;Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Go to Line…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to &amp;Definition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find &amp;References</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear Highlighted Ranges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Re-index Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Stop Indexing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Focus &amp;Chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Focus File &amp;Filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About RepoLens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What Was &amp;Sent…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Navigate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop indexing (what was indexed so far is kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No recent folders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear Recent Folders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You do not have permission to read %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use Find References (Shift+F12) on a symbol to list its usages here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — RepoLens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing: scanning…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scanning… %1 files found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing %1 / %2 files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linking references…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading git history…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finishing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing stopped; %1 files were indexed before.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexed %1 changed files (%2 unchanged) in %3 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not watching for changes: rescanning every %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The index was damaged (%1) and has been rebuilt; the damaged file was kept as %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Updated %n changed file(s)</source>
        <translation>
            <numerusform>Updated %n changed file</numerusform>
            <numerusform>Updated %n changed files</numerusform>
        </translation>
    </message>
    <message>
        <source>Indexing failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not found (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>permission denied (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the disk is full; what was indexed is kept, and indexing continues once there is room</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the index cannot be written: its folder is read-only (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the index is damaged; re-index the folder (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the index was written by a newer RepoLens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 files · %2 indexed · %3 not indexed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not indexed yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 files indexed · %2 chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 files are not indexed (ignored, binary, too large, …)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking up %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No definition of %1 in the index.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot look up %1: the folder is not indexed yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n definition(s) of %1</source>
        <translation>
            <numerusform>%n definition of %1</numerusform>
            <numerusform>%n definitions of %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Finding references to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>definition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot find references: the folder is not indexed yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %n usage(s)</source>
        <translation>
            <numerusform>%1: %n usage</numerusform>
            <numerusform>%1: %n usages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n definition(s)</source>
        <translation>
            <numerusform>, %n definition</numerusform>
            <numerusform>, %n definitions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> in %n file(s)</source>
        <translation>
            <numerusform> in %n file</numerusform>
            <numerusform> in %n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n definition(s)</source>
        <translation>
            <numerusform>%n definition</numerusform>
            <numerusform>%n definitions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n usage(s) in the index</source>
        <translation>
            <numerusform>%n usage in the index</numerusform>
            <numerusform>%n usages in the index</numerusform>
        </translation>
    </message>
    <message>
        <source>The key could not be stored in the keychain: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ignore rules changed: re-indexing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vectors: %1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing vectors for semantic search; keyword search is ready, and searches use the vectors computed so far.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading %1 / %2 files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parsing %1 / %2 files (searchable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This folder has no files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the folder: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reopen the last folder at start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reopen Last Folder at &amp;Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line and column of the cursor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ln %1, Col %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> · %n usage(s) of other definitions of %1 left out</source>
        <translation>
            <numerusform> · %n usage of other definitions of %1 left out</numerusform>
            <numerusform> · %n usages of other definitions of %1 left out</numerusform>
        </translation>
    </message>
    <message>
        <source>Symbols</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to &amp;Symbol in File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to Symbol in &amp;Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type part of a symbol in this file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type part of a symbol name…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing in another RepoLens process; answers use what it has written so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>indexing in another RepoLens process (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The index is damaged (%1); rebuilding it. Results may be incomplete until it is done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The index is damaged (%1) and its data folder is read-only, so it cannot be rebuilt; results may be incomplete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedder changed: computing vectors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find in Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find in F&amp;older…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing text for Find in Folder %1 / %2 files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>text match</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>, the first %n text match(es)</source>
        <translation>
            <numerusform>, the first text match</numerusform>
            <numerusform>, the first %n text matches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n text match(es)</source>
        <translation>
            <numerusform>, %n text match</numerusform>
            <numerusform>, %n text matches</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepoLens::QuestionEdit</name>
    <message>
        <source>Ask about the code… (Enter sends, Shift+Enter for a new line, @ to mention a file or symbol)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::QuickOpenDialog</name>
    <message>
        <source>Type part of a file name…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::ReferencesPanel</name>
    <message>
        <source>Use Find References (Shift+F12) on a symbol to list its usages here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Location</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Found by text: the reference graph records no usage on this line (a property or field read, a callback, a comment or a string)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::ResultCard</name>
    <message>
        <source>Open %1 at lines %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relevance score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relevance score
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>… %n more line(s)</source>
        <translation>
            <numerusform>… %n more line</numerusform>
            <numerusform>… %n more lines</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepoLens::RetrievalInspector</name>
    <message>
        <source>Retrieval Inspector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Location</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Symbol</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BM25</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BM25 rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vector rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Symbol match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prior</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rerank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>References</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retrieval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context Sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question: %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searched as: %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Route: %1
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HyDE: %1 — %2
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not used</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Context: %n chunk(s)</source>
        <translation>
            <numerusform>Context: %n chunk</numerusform>
            <numerusform>Context: %n chunks</numerusform>
        </translation>
    </message>
    <message>
        <source>, %1 tokens (estimated)
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retrieval time: %1 ms
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stages:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests made while searching:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was sent: no model was configured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>POST %1
Model: %2
Headers: Content-Type: application/json; Accept: text/event-stream; Authorization: Bearer *** (when a key is set)
Body (%3 bytes, exactly as sent):

</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>POST %1 (%2, %3 bytes):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Withheld</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Withheld: credentials in %n chunk(s) were replaced by [withheld: …] before sending (Context Sent ▸ Withheld says where)
</source>
        <translation>
            <numerusform>Withheld: credentials in %n chunk were replaced by [withheld: …] before sending (Context Sent ▸ Withheld says where)
</numerusform>
            <numerusform>Withheld: credentials in %n chunks were replaced by [withheld: …] before sending (Context Sent ▸ Withheld says where)
</numerusform>
        </translation>
    </message>
    <message>
        <source>(withheld: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>credentials withheld: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context: re-used from the previous question
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index: still being built when this was asked; the context may be incomplete
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index: incomplete (indexing was stopped before it finished); Re-index (F5) completes it
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lexical</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::SentLogDialog</name>
    <message>
        <source>What Was Sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Purpose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files and lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget the record of what was sent for this folder?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (this machine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing from %1 has been sent to a model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) to model endpoints for %1</source>
        <translation>
            <numerusform>%n request to model endpoints for %1</numerusform>
            <numerusform>%n requests to model endpoints for %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n left this machine (%1 bytes in all); requests to a local server stay on it.</source>
        <translation>
            <numerusform>%n left this machine (%1 bytes in all); requests to a local server stay on it.</numerusform>
            <numerusform>%n left this machine (%1 bytes in all); requests to a local server stay on it.</numerusform>
        </translation>
    </message>
    <message>
        <source>Withheld</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear Log…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n chunk(s)</source>
        <translation>
            <numerusform>%n chunk</numerusform>
            <numerusform>%n chunks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> from %n file(s)</source>
        <translation>
            <numerusform> from %n file</numerusform>
            <numerusform> from %n files</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepoLens::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retrieval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any OpenAI-compatible chat completions endpoint: OpenAI, Ollama, llama.cpp server, vLLM, LM Studio, … Leave the URL empty for retrieval-only answers (nothing is sent anywhere).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a preset…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. qwen2.5-coder:7b, gpt-4o-mini</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>server default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key variable:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max tokens:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test Connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stored in the keychain (type to replace, clear to remove)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not set (local servers need none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key is kept in the system keychain (%1), never in the settings file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Until one is stored, %1 from the environment is used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not set in the environment either.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>used for this session only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No system keychain (Secret Service) is available, so a key typed here is used for this session only and never saved. To keep one, set %1 in the environment before starting RepoLens: it is %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter a base URL first (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Connected: %n model(s).</source>
        <translation>
            <numerusform>Connected: %n model.</numerusform>
            <numerusform>Connected: %n models.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server has no model &quot;%1&quot;: choose one from the list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use vectors (hybrid search)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Built-in embedder (offline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embeddings endpoint:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input limit (tokens):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changing the embedder re-embeds the folder in the background; vectors of both models are kept, so switching back is free.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Built-in (local)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rerank endpoint (/v1/rerank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-rank:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rerank URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rerank model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Results considered (top-k):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context budget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversation budget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The context budget is filled best-first with the chunks found (no overlapping ranges, each with its references); mentioned files and symbols and reference-graph paths come first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also ignore (one .gitignore pattern a line, on top of .gitignore and .repolensignore):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skip files larger than:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colours:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code font:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code font size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The base URL must be %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model must be %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name the model to use (Test Connection lists the server&apos;s models).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key variable must be %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The API key cannot contain spaces or line breaks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The embeddings URL must be an http:// or https:// URL such as http://127.0.0.1:11434/v1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name the embedding model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rerank endpoint needs an http:// or https:// URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HyDE needs a model: set one on the Model page first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An ignore pattern cannot be used: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Method summaries need a model: set one on the Model page first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language (after a restart):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chat model as judge (one more request per question)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-ranking by the chat model needs a model: set one on the Model page first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Privacy: with an endpoint on this machine (127.0.0.1, localhost) nothing leaves it. With a remote one, each question is sent with the code chunks chosen for it (shown in each answer&apos;s inspector; credentials in them are replaced by [withheld: …]), and HyDE and method summaries send more. Chat ▸ ⋯ ▸ What Was Sent lists every request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RepoLens (light or dark, after the colours above)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing the KSyntaxHighlighting themes…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code colours:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KSyntaxHighlighting themes are not available: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n KSyntaxHighlighting theme(s); tree-sitter languages follow the same colours.</source>
        <translation>
            <numerusform>%n KSyntaxHighlighting theme; tree-sitter languages follow the same colours.</numerusform>
            <numerusform>%n KSyntaxHighlighting themes; tree-sitter languages follow the same colours.</numerusform>
        </translation>
    </message>
    <message>
        <source>The colours of %1 are not known yet: wait for the list of themes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also send code that looks like it contains a credential</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API keys, private keys and passwords are withheld from every request unless this is on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HyDE for long or vague questions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HyDE lets the model write hypothetical code first and searches with it (two extra requests per question).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Method summaries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model describes each function and class in 2–3 lines, so search also finds what code does: one request per function, the count is shown before it starts, resumable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Integrations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agents such as Claude Code, Codex, Cursor, Continue and Zed can use this folder&apos;s index over the Model Context Protocol: search, definitions, every reference, numbered lines, impact. Register RepoLens with one of them:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FOLDER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a folder to see the command for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server keeps the index fresh while it runs and shares it with this window: one of them writes, the other reads and says so.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto: agent for questions that need several steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Single-shot: one retrieval, one answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent: the model searches, reads and follows references</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer mode:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent rounds:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool calls per round:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vectors find code by meaning. The built-in embedder and a static model run on this machine; an endpoint (OpenAI /v1/embeddings, Ollama, TEI, …) receives every chunk of code once (its key comes from REPOLENS_API_KEY).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Static model folder (offline):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A model2vec model, e.g. potion-code-16M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Static Model Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the folder of a model in the model2vec format (config.json, tokenizer.json, model.safetensors), such as potion-code-16M.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This folder is not a usable static embedding model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 model: %2 tokens, %3 dimensions. Changing the model embeds the folder again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code viewer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to definition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Click</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Definition and usage count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hover over a name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find next / previous in the find bar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F3 / Shift+F3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter (Shift+Enter: new line)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::SummaryRunner</name>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not now</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Method summaries: %n request(s) to %1 %2</source>
        <translation>
            <numerusform>Method summaries: %n request to %1 %2</numerusform>
            <numerusform>Method summaries: %n requests to %1 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>on this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each function and class is sent to the model once for a 2–3 line description that search then uses. Stopping keeps what was written; it resumes later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Method summaries: starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Method summaries: %1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Method summaries failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Method summaries: %n written</source>
        <translation>
            <numerusform>Method summaries: %n written</numerusform>
            <numerusform>Method summaries: %n written</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n left</source>
        <translation>
            <numerusform>, %n left</numerusform>
            <numerusform>, %n left</numerusform>
        </translation>
    </message>
    <message>
        <source> — stopped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::SymbolsPanel</name>
    <message>
        <source>Open a file to see its symbols.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>namespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>constructor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>struct</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interface</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>enum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trait</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>implementation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>macro</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>variable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No symbols: %1 files are not parsed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No symbols in this file.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoLens::SyntaxHelper</name>
    <message numerus="yes">
        <source>The highlighter helper did not answer within %n second(s).</source>
        <translation>
            <numerusform>The highlighter helper did not answer within %n second.</numerusform>
            <numerusform>The highlighter helper did not answer within %n seconds.</numerusform>
        </translation>
    </message>
    <message>
        <source>The highlighter helper was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The highlighter helper is not installed (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The highlighter helper could not be started: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The highlighter helper stopped unexpectedly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The highlighter helper exited with status %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The highlighter helper answered garbage (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a frame over the size limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a frame shorter than its header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no greeting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The highlighter helper speaks protocol version %1; this RepoLens needs %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a reply to request %1, which was not asked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unreadable error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The highlighter helper refused a request: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>message type %1 where %2 was expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a malformed reply of type %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Ask questions about a codebase.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a folder (a built-in fixture when none is given), index it, ask one question, open the top hit and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The question the self-test asks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where indexes are stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --self-test: save screenshots of the main states into dir.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the folder, print how long the window took to become interactive and the index to be checked, and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grammars disabled (incompatible with the parser): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder to open (or a file: its repository opens and the file is shown).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
