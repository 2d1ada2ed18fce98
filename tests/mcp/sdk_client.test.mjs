// The official MCP TypeScript SDK drives `repolens-cli mcp` (stdio, and Streamable HTTP with a
// bearer token) through every tool on the fixture repository (tests/tools/fixture.json) and
// asserts exact results; bad input gets protocol errors and the server keeps serving.
//
// Run by ctest (tst_mcp_sdk) with node's test runner:
//   REPOLENS_CLI=build/ci/app/repolens-cli MCP_NODE_DIR=build/ci/mcp-node node --test tests/mcp/sdk_client.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, rmSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import http from 'node:http';

const here = dirname(fileURLToPath(import.meta.url));
const cli = process.env.REPOLENS_CLI;
const nodeDir = process.env.MCP_NODE_DIR;
assert.ok(cli && nodeDir, 'REPOLENS_CLI and MCP_NODE_DIR must be set');
const sdk = (p) => import(pathToFileURL(join(nodeDir, 'node_modules/@modelcontextprotocol/sdk/dist/esm', p)).href);
const { Client } = await sdk('client/index.js');
const { StdioClientTransport } = await sdk('client/stdio.js');
const { StreamableHTTPClientTransport } = await sdk('client/streamableHttp.js');
const { McpError, ListRootsRequestSchema } = await sdk('types.js');

const scratch = mkdtempSync(join(tmpdir(), 'repolens-mcp-'));
const dataDir = join(scratch, 'data');
const home = join(scratch, 'home');
mkdirSync(home);
const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local/share'),
              QT_LOGGING_RULES: 'repolens.*.info=false' };

function writeFixture(root) {
  const files = JSON.parse(readFileSync(join(here, '../tools/fixture.json'), 'utf8'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return realpathSync(root);
}
const repo = writeFixture(join(scratch, 'shop'));
const second = writeFixture(join(scratch, 'shop2'));
const emptyDir = join(scratch, 'empty');
mkdirSync(emptyDir);

// Every server process a test starts: the clean-up waits for them all to exit before it removes
// the scratch folder (a server still closing its index writes there).
const servers = [];
// Servers a test talks to by hand: a test that fails half-way leaves them running (stdin open).
const rawChildren = [];
function exitedPromise(pid) {
  return (async () => {
    for (let i = 0; i < 300; ++i) {
      try { process.kill(pid, 0); } catch { return; }
      await new Promise((ok) => setTimeout(ok, 50));
    }
  })();
}

async function connectStdio(args, { roots, cwd } = {}) {
  const capabilities = roots ? { roots: { listChanged: true } } : {};
  const client = new Client({ name: 'repolens-test', version: '1.0.0' }, { capabilities });
  if (roots)
    client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: roots.map((r) => ({ uri: pathToFileURL(r).href, name: 'shop' })) }));
  const transport = new StdioClientTransport({ command: cli, args: ['--data-dir', dataDir, 'mcp', ...args], env, stderr: 'pipe',
                                               cwd: cwd ?? (roots ? emptyDir : undefined) });
  await client.connect(transport);
  servers.push(transport.pid);
  return client;
}

async function waitIndexed(client, extra = {}) {
  for (let i = 0; i < 600; ++i) {
    const r = await client.callTool({ name: 'index_status', arguments: extra });
    const s = r.structuredContent;
    if (s.indexed && !s.activity.indexing && s.index.complete && s.files.indexed?.files === 5)
      return s;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  assert.fail('the fixture was not indexed within 60 s');
}

async function protocolError(promise, code, pattern) {
  await assert.rejects(promise, (e) => {
    assert.ok(e instanceof McpError, `expected an McpError, got ${e}`);
    assert.equal(e.code, code, e.message);
    if (pattern) assert.match(e.message, pattern);
    return true;
  });
}

let client;
before(async () => {
  client = await connectStdio([repo]);
  await waitIndexed(client);
});
after(async () => {
  await client?.close();
  for (const c of rawChildren)
    if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  await Promise.all(servers.filter((pid) => pid).map(exitedPromise));
  rmSync(scratch, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
});

test('initialize: server info, capabilities, instructions', () => {
  assert.equal(client.getServerVersion().name, 'repolens');
  const caps = client.getServerCapabilities();
  assert.deepEqual(caps.tools, { listChanged: false });
  assert.deepEqual(caps.logging, {});
  assert.match(client.getInstructions(), /RepoLens answers from an index of/);
});

test('tools/list: ten tools with input and output schemas', async () => {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name),
    ['search', 'find_symbol', 'references', 'outline', 'impact', 'read', 'grep', 'index_status', 'reindex', 'list_repos']);
  for (const t of tools) {
    assert.equal(t.inputSchema.type, 'object', t.name);
    assert.equal(t.outputSchema.type, 'object', t.name);
    assert.ok(t.description.length > 40, t.name);
    assert.equal(t.annotations.readOnlyHint, t.name !== 'reindex');
  }
});

test('search', async () => {
  const r = await client.callTool({ name: 'search', arguments: { query: 'total_price', top_k: 3 } });
  assert.equal(r.isError, false);
  const top = r.structuredContent.results[0];
  assert.deepEqual([top.path, top.start_line, top.end_line, top.symbol, top.kind], ['src/shop/cart.py', 18, 20, 'total_price', 'function']);
  assert.equal(r.structuredContent.route, 'symbol');
  assert.match(r.content[0].text, /1\. src\/shop\/cart\.py:18-20 function total_price/);
});

test('find_symbol', async () => {
  const r = await client.callTool({ name: 'find_symbol', arguments: { name: 'Cart.add' } });
  const d = r.structuredContent.definitions;
  assert.equal(d.length, 1);
  assert.deepEqual([d[0].path, d[0].line, d[0].end_line, d[0].kind, d[0].doc],
    ['src/shop/cart.py', 12, 15, 'method', 'Add an item; returns the new total.']);
});

test('references: callers, exhaustive, paged', async () => {
  const r = await client.callTool({ name: 'references', arguments: { symbol: 'total_price', kind: 'callers' } });
  assert.deepEqual(r.structuredContent.results.map((x) => `${x.path}:${x.line} ${x.in}`),
    ['src/shop/cart.py:15 Cart.add', 'src/shop/checkout.py:9 checkout']);
  assert.equal(r.structuredContent.exhaustive, true);
  const p1 = await client.callTool({ name: 'references', arguments: { symbol: 'total_price', kind: 'callers', limit: 1 } });
  const p2 = await client.callTool({ name: 'references', arguments: { symbol: 'total_price', kind: 'callers', limit: 1,
                                                                      cursor: p1.structuredContent.next_cursor } });
  assert.equal(p2.structuredContent.results[0].path, 'src/shop/checkout.py');
  assert.equal(p2.structuredContent.next_cursor, undefined);
});

test('read: numbered lines, the enclosing definition, withheld credentials', async () => {
  const r = await client.callTool({ name: 'read', arguments: { path: 'src/shop/cart.py', start_line: 23, end_line: 24 } });
  assert.equal(r.structuredContent.content, '23  def price_of(name):\n24      return PRICES.get(name, 0)\n');
  assert.equal(r.structuredContent.enclosing.symbol, 'price_of');
  const s = await client.callTool({ name: 'read', arguments: { path: 'config/settings.py' } });
  const lines = s.structuredContent.content.split('\n');
  assert.deepEqual([lines[0], lines[2]], ['1  DEBUG = False', '3  TIMEOUT = 30']);
  assert.match(lines[1], /^2  GITHUB_.*\[withheld: GitHub token\]/);
  assert.ok(!JSON.stringify(s).includes('ghp_'));
  const env = await client.callTool({ name: 'read', arguments: { path: '.env' } });
  assert.equal(env.isError, true);
  assert.match(env.content[0].text, /ignored/);
  assert.ok(!JSON.stringify(env).includes('hunter2'));
});

test('grep: literal, regex, context, paging', async () => {
  const r = await client.callTool({ name: 'grep', arguments: { pattern: 'total_price' } });
  assert.deepEqual(r.structuredContent.matches.map((m) => `${m.path}:${m.line}:${m.column}`),
    ['src/shop/cart.py:15:16', 'src/shop/cart.py:18:5', 'src/shop/checkout.py:1:29', 'src/shop/checkout.py:9:12']);
  const page = await client.callTool({ name: 'grep', arguments: { pattern: 'total_price', limit: 3 } });
  const rest = await client.callTool({ name: 'grep', arguments: { pattern: 'total_price', limit: 3, cursor: page.structuredContent.next_cursor } });
  assert.deepEqual(rest.structuredContent.matches.map((m) => `${m.path}:${m.line}`), ['src/shop/checkout.py:9']);
  const re = await client.callTool({ name: 'grep', arguments: { pattern: 'def \\w+_of\\(', regex: true, context: 1 } });
  assert.deepEqual(re.structuredContent.matches.map((m) => [m.line, m.after[0]]), [[23, '    return PRICES.get(name, 0)']]);
  // answered from the index: only the files that hold the trigrams were read
  assert.equal(r.structuredContent.narrowed, true);
  assert.equal(r.structuredContent.files_total, 5);
  assert.ok(r.structuredContent.files_searched <= 2, JSON.stringify(r.structuredContent));
  assert.equal(re.structuredContent.narrowed, true);
  // what no trigram narrows reads every file, with the same answer a scan gives
  const wide = await client.callTool({ name: 'grep', arguments: { pattern: '\\d{2}', regex: true } });
  assert.equal(wide.structuredContent.narrowed, false);
  assert.equal(wide.structuredContent.files_searched, 5);
  assert.deepEqual(wide.structuredContent.matches.map((m) => `${m.path}:${m.line}:${m.column}`), ['config/settings.py:3:11']);
});

test('outline', async () => {
  const r = await client.callTool({ name: 'outline', arguments: { path: 'src/shop/cart.py' } });
  const names = (nodes, depth = 0) => nodes.flatMap((n) => [`${'  '.repeat(depth)}${n.kind} ${n.name}`, ...names(n.children ?? [], depth + 1)]);
  assert.deepEqual(names(r.structuredContent.definitions),
    ['variable PRICES', 'class Cart', '  constructor __init__', '  method add', 'function total_price', 'function price_of']);
});

test('impact', async () => {
  const r = await client.callTool({ name: 'impact', arguments: { target: 'total_price' } });
  assert.deepEqual(r.structuredContent.dependents.map((d) => `${d.symbol}@${d.depth}`).sort(),
    ['Cart.add@1', 'checkout@1', 'test_add_returns_total@2']);
  assert.deepEqual(r.structuredContent.tests.map((d) => d.path), ['tests/test_cart.py']);
});

test('index_status, list_repos, reindex', async () => {
  const s = await client.callTool({ name: 'index_status', arguments: {} });
  assert.equal(s.structuredContent.files.indexed.files, 5);
  assert.equal(s.structuredContent.files.ignored.files, 1);
  assert.equal(s.structuredContent.activity.watching, true);
  const l = await client.callTool({ name: 'list_repos', arguments: {} });
  assert.deepEqual(l.structuredContent.repos.map((x) => [x.name, x.root, x.indexed]), [['shop', repo, true]]);
  const r = await client.callTool({ name: 'reindex', arguments: {} });
  assert.match(r.structuredContent.status, /^(started|queued)$/);
  await waitIndexed(client);
});

test('the watcher keeps the index fresh', async () => {
  writeFileSync(join(repo, 'src/shop/discount.py'), 'def apply_discount(total):\n    return total * 0.9\n');
  for (let i = 0; i < 200; ++i) {
    const r = await client.callTool({ name: 'find_symbol', arguments: { name: 'apply_discount' } });
    if (r.structuredContent.total === 1) {
      assert.equal(r.structuredContent.definitions[0].path, 'src/shop/discount.py');
      // grep sees the new text too (the file is read until its postings are written)
      const g = await client.callTool({ name: 'grep', arguments: { pattern: 'total * 0.9' } });
      assert.deepEqual(g.structuredContent.matches.map((m) => `${m.path}:${m.line}:${m.column}`), ['src/shop/discount.py:2:12']);
      assert.equal(g.structuredContent.narrowed, true);
      rmSync(join(repo, 'src/shop/discount.py'));
      return;
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  assert.fail('a new file was not indexed within 20 s');
});

test('progress notifications and logging', async () => {
  const progress = [];
  await client.callTool({ name: 'impact', arguments: { target: 'price_of', depth: 3 } }, undefined,
                        { onprogress: (p) => progress.push(p) });
  assert.ok(progress.length >= 2, JSON.stringify(progress));
  for (let i = 1; i < progress.length; ++i)
    assert.ok(progress[i].progress > progress[i - 1].progress);
  assert.deepEqual(await client.setLoggingLevel('debug'), {});
});

test('cancellation: the server drops the call and keeps serving', async () => {
  const controller = new AbortController();
  const call = client.callTool({ name: 'grep', arguments: { pattern: '(a|aa)+$', regex: true } }, undefined, { signal: controller.signal });
  controller.abort();
  await assert.rejects(call);
  assert.deepEqual(await client.ping(), {});
});

test('bad input gets protocol errors and the server keeps serving', async () => {
  await protocolError(client.callTool({ name: 'no_such_tool', arguments: {} }), -32602, /unknown tool: no_such_tool/);
  await protocolError(client.callTool({ name: 'find_symbol', arguments: { name: 5 } }), -32602, /name: expected string, got integer/);
  await protocolError(client.callTool({ name: 'read', arguments: { path: '../../etc/passwd' } }), -32602, /outside the folder/);
  await protocolError(client.callTool({ name: 'read', arguments: { path: '/etc/passwd' } }), -32602, /outside the folder/);
  await protocolError(client.callTool({ name: 'grep', arguments: { pattern: 'a'.repeat(5 * 1024 * 1024), regex: true } }), -32602,
                      /pattern: is 5242880 characters long, at most 1000/);
  await protocolError(client.callTool({ name: 'grep', arguments: { pattern: '(', regex: true } }), -32602, /not a valid regular expression/);
  await protocolError(client.request({ method: 'no/such/method', params: {} }, (await sdk('types.js')).EmptyResultSchema), -32601);
  assert.deepEqual(await client.ping(), {});
  const r = await client.callTool({ name: 'find_symbol', arguments: { name: 'checkout' } });
  assert.equal(r.structuredContent.total, 1);
});

// --- raw stdio: what the SDK never sends ------------------------------------------------------

function rawServer(args = [repo]) {
  const child = spawn(cli, ['--data-dir', dataDir, 'mcp', ...args], { env, stdio: ['pipe', 'pipe', 'ignore'] });
  servers.push(child.pid);
  rawChildren.push(child);
  const lines = [];
  let buffer = '';
  const waiters = [];
  child.stdout.on('data', (d) => {
    buffer += d;
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      lines.push(JSON.parse(buffer.slice(0, nl)));
      buffer = buffer.slice(nl + 1);
      waiters.splice(0).forEach((w) => w());
    }
  });
  const exited = new Promise((ok) => child.on('exit', (code) => ok(code)));
  const next = async (id) => {
    for (;;) {
      const found = lines.find((l) => l.id === id);
      if (found) return found;
      await new Promise((ok) => waiters.push(ok));
    }
  };
  return { child, lines, send: (obj) => child.stdin.write(typeof obj === 'string' ? obj + '\n' : JSON.stringify(obj) + '\n'), next, exited };
}

async function rawInitialized(args) {
  const s = rawServer(args);
  s.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
  await s.next(1);
  s.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return s;
}

test('raw stdio: a request before initialize, garbage, then a closed stdin mid-call', async () => {
  const s = rawServer();
  s.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  const early = await s.next(1);
  assert.equal(early.error.code, -32600);
  assert.match(early.error.message, /not initialized/);
  s.send('{this is not json');
  s.send({ jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
  const init = await s.next(2);
  assert.equal(init.result.protocolVersion, '2025-06-18');
  s.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  s.send([{ jsonrpc: '2.0', id: 3, method: 'ping' }]);
  s.send({ jsonrpc: '2.0', id: 4, method: 'ping' });
  assert.deepEqual((await s.next(4)).result, {});
  // a call, and stdin closes right after it: the answer still comes, then the server exits 0
  s.send({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'find_symbol', arguments: { name: 'price_of' } } });
  s.child.stdin.end();
  const answer = await s.next(5);
  assert.equal(answer.result.structuredContent.definitions[0].line, 23);
  assert.equal(await s.exited, 0);
});

test('raw stdio: a cancelled call gets no response; the next one does', async () => {
  const s = await rawInitialized();
  // The call and its cancellation in one write: the server reads both before the call is done.
  s.child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'find_symbol', arguments: { name: 'checkout' } } }) + '\n'
                      + JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'the user moved on' } }) + '\n');
  s.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'find_symbol', arguments: { name: 'price_of' } } });
  assert.equal((await s.next(3)).result.structuredContent.definitions[0].line, 23);
  await new Promise((ok) => setTimeout(ok, 500));
  s.send({ jsonrpc: '2.0', id: 4, method: 'ping' });
  assert.deepEqual((await s.next(4)).result, {});
  assert.deepEqual(s.lines.filter((l) => l.id === 2), []);
  s.child.stdin.end();
  assert.equal(await s.exited, 0);
});

test('several folders: repo names them, list_repos lists them', async () => {
  const c = await connectStdio([repo, second]);
  try {
    await waitIndexed(c, { repo: 'shop' });
    await waitIndexed(c, { repo: 'shop2' });
    const l = await c.callTool({ name: 'list_repos', arguments: {} });
    assert.deepEqual(l.structuredContent.repos.map((x) => x.name), ['shop', 'shop2']);
    await protocolError(c.callTool({ name: 'find_symbol', arguments: { name: 'checkout' } }), -32602, /several folders are served/);
    const r = await c.callTool({ name: 'find_symbol', arguments: { name: 'checkout', repo: 'shop2' } });
    assert.equal(r.structuredContent.repo, 'shop2');
  } finally {
    await c.close();
  }
});

test('no folder given: the client\'s roots are served', async () => {
  const c = await connectStdio([], { roots: [second] });
  try {
    for (let i = 0; i < 200; ++i) {
      const l = await c.callTool({ name: 'list_repos', arguments: {} });
      if (l.structuredContent.repos.length === 1 && l.structuredContent.repos[0].root === second)
        return;
      await new Promise((ok) => setTimeout(ok, 100));
    }
    assert.fail('the roots were not served');
  } finally {
    await c.close();
  }
});

test('no folder and no roots: the current folder is served', async () => {
  const c = await connectStdio([], { cwd: second });
  try {
    const l = await c.callTool({ name: 'list_repos', arguments: {} });
    assert.deepEqual(l.structuredContent.repos.map((x) => [x.name, x.root]), [['shop2', second]]);
    await waitIndexed(c);
    const r = await c.callTool({ name: 'find_symbol', arguments: { name: 'checkout' } });
    assert.deepEqual([r.structuredContent.repo, r.structuredContent.definitions[0].path], ['shop2', 'src/shop/checkout.py']);
  } finally {
    await c.close();
  }
});

// --- Streamable HTTP ---------------------------------------------------------------------------

async function startHttp(extra = []) {
  const child = spawn(cli, ['--data-dir', dataDir, 'mcp', repo, '--http', '0', ...extra], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  servers.push(child.pid);
  let out = '';
  await new Promise((ok, fail) => {
    child.stdout.on('data', (d) => {
      out += d;
      if (/token: .+\n/.test(out)) ok();
    });
    child.on('exit', (code) => fail(new Error(`mcp --http exited with ${code}`)));
  });
  return { child, url: out.match(/url: (\S+)/)[1], token: out.match(/token: (\S+)/)[1] };
}

function rawHttp(url, headers, body) {
  return new Promise((ok, fail) => {
    const u = new URL(url);
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
      (res) => { let b = ''; res.on('data', (d) => (b += d)); res.on('end', () => ok({ status: res.statusCode, body: b })); });
    req.on('error', fail);
    req.end(body ?? JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }));
  });
}

test('Streamable HTTP with a bearer token', async () => {
  const server = await startHttp();
  try {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const c = new Client({ name: 'repolens-http-test', version: '1.0.0' });
    await c.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: `Bearer ${server.token}` } } }));
    const progress = [];
    const r = await c.callTool({ name: 'find_symbol', arguments: { name: 'total_price' } }, undefined, { onprogress: (p) => progress.push(p) });
    assert.equal(r.structuredContent.definitions[0].line, 18);
    const s = await c.callTool({ name: 'search', arguments: { query: 'price of one item' } }, undefined, { onprogress: (p) => progress.push(p) });
    assert.ok(s.structuredContent.results.length > 0);
    assert.ok(progress.length >= 1);
    assert.deepEqual(await c.ping(), {});
    await protocolError(c.callTool({ name: 'read', arguments: { path: '/etc/passwd' } }), -32602, /outside the folder/);
    await c.close();

    assert.equal((await rawHttp(server.url, {})).status, 401);
    assert.equal((await rawHttp(server.url, { authorization: 'Bearer wrong' })).status, 401);
    assert.equal((await rawHttp(server.url, { authorization: `Bearer ${server.token}`, host: 'evil.example.com' })).status, 403);
    assert.equal((await rawHttp(server.url, { authorization: `Bearer ${server.token}`, origin: 'http://evil.example.com' })).status, 403);
    const noSession = await rawHttp(server.url, { authorization: `Bearer ${server.token}` }, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    assert.equal(noSession.status, 400);
    const garbage = await rawHttp(server.url, { authorization: `Bearer ${server.token}` }, '{nope');
    assert.equal(garbage.status, 400);
    assert.equal(JSON.parse(garbage.body).error.code, -32700);
  } finally {
    server.child.kill('SIGTERM');
  }
});

test('HTTP refuses other interfaces unless asked', () => {
  assert.throws(() => execFileSync(cli, ['--data-dir', dataDir, 'mcp', repo, '--http', '0', '--host', '0.0.0.0'], { env, stdio: 'pipe', timeout: 20000 }),
                (e) => e.status === 1 && /refusing to listen on 0\.0\.0\.0/.test(e.stderr.toString()));
});
