// Runs the package's suite (../suite.js) in headless Chromium and reads the
// results back (scripts/wasm.sh --test; docs/wasm.md):
//   1. a tiny HTTP server on 127.0.0.1 (a free port) serves the installed
//      package (/pkg/), this test directory (/test/), the shared vectors
//      (/shared/, from CNCRYPTO_SHARED_DIR or ../shared next to the repository;
//      absent: the page skips those cases) and takes the results (POST /result);
//   2. Chromium (CHROMIUM, default `chromium`) opens page.html headless, with a
//      fresh profile; its results arrive by POST; then it is stopped;
//   3. the README's example page (examples/scan.html, unchanged) is opened the way
//      a user serves it (/example/: the examples directory, the installed package
//      as node_modules/cncrypto, the shared transaction beside it); the server adds
//      one script to the page that posts what it printed (POST /example-result),
//      which must name the owned output and its amount;
//   4. a further headless Chromium takes a screenshot of the page that shows the
//      results (/result.html) when --screenshot FILE is given.
// Prints one line per case and "N passed, N failed, N skipped"; exit 1 when a
// case failed, the page reported a fatal error, or nothing came back in time.
//
// Usage: node run.mjs --package DIR [--screenshot FILE] [--timeout SECONDS]
import http from 'node:http';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const here = path.dirname(fileURLToPath(import.meta.url));
const testDir = path.resolve(here, '..');
const packageDir = path.resolve(opt('--package', path.resolve(here, '../..')));
const screenshot = opt('--screenshot', null);
const examplesDir = path.resolve(opt('--examples', path.resolve(here, '../../examples')));
const timeoutMs = Number(opt('--timeout', '300')) * 1000;
const chromium = process.env.CHROMIUM || 'chromium';
// Normalised (path.resolve): the server compares each resolved file path with its root, so a
// root such as /clone/../shared would refuse every file under it.
const sharedDir = [process.env.CNCRYPTO_SHARED_DIR, path.resolve(here, '../../../../shared')]
  .filter(Boolean).map((d) => path.resolve(d))
  .find((d) => existsSync(path.join(d, 'vectors')) && existsSync(path.join(d, 'data')));

const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.json': 'application/json', '.txt': 'text/plain; charset=utf-8' };
const roots = { '/pkg/': packageDir, '/test/': testDir, ...(sharedDir ? { '/shared/': sharedDir } : {}) };

let gotResult, gotExample;
const result = new Promise((resolve) => { gotResult = resolve; });
const exampleResult = new Promise((resolve) => { gotExample = resolve; });
// Added to the example page as served: posts #out's text once the page has written its result.
const exampleProbe = `<script type="module">
const out = document.getElementById('out');
const post = () => fetch('/example-result', { method: 'POST', body: out.textContent });
if (out.textContent !== 'scanning...') post(); else new MutationObserver((_, o) => { o.disconnect(); post(); }).observe(out, { childList: true, characterData: true, subtree: true });
window.addEventListener('error', (e) => fetch('/example-result', { method: 'POST', body: 'error: ' + e.message }));
</script>`;
let lastResult = null;

function escapeHtml(s) { return String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]); }
function resultPage(r) {
  const rows = (r.results || []).map((x) => `<tr class="${x.status}"><td>${x.status.toUpperCase()}</td><td>${escapeHtml(x.name)}</td><td>${escapeHtml(x.note)}</td></tr>`).join('');
  const count = (s) => (r.results || []).filter((x) => x.status === s).length;
  return `<!doctype html><html><head><meta charset="utf-8"><title>cncrypto: ${count('pass')} passed, ${count('fail')} failed</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:1.5em}.pass{color:#176317}.fail{color:#b00020}.skip{color:#7a5b00}td{padding:2px 10px 2px 0;vertical-align:top}</style></head>
<body><h1>cncrypto in headless Chromium: ${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped</h1>
<p>${escapeHtml(r.userAgent || '')}; wallet module ready in ${r.readyMs == null ? '?' : r.readyMs.toFixed(1)} ms</p>
${r.fatal ? `<pre class="fail">${escapeHtml(r.fatal)}</pre>` : ''}<table>${rows}</table></body></html>`;
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, 'http://127.0.0.1');
  try {
    if (req.method === 'POST' && url.pathname === '/result') {
      let body = '';
      for await (const chunk of req) body += chunk;
      lastResult = JSON.parse(body);
      res.writeHead(204).end();
      gotResult(lastResult);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/example-result') {
      let body = '';
      for await (const chunk of req) body += chunk;
      res.writeHead(204).end();
      gotExample(body);
      return;
    }
    if (url.pathname.startsWith('/example/')) {  // the example's directory as a user serves it
      const rest = decodeURIComponent(url.pathname.slice('/example/'.length));
      let file;
      if (rest.startsWith('node_modules/cncrypto/')) file = path.resolve(packageDir, rest.slice('node_modules/cncrypto/'.length));
      else if (rest === 'owned_output_clsag_tx.json' && sharedDir) file = path.join(sharedDir, 'data/vectors', rest);
      else file = path.resolve(examplesDir, rest);
      if (!existsSync(file) || !statSync(file).isFile()) { res.writeHead(404).end(); return; }
      let data = await readFile(file);
      if (rest === 'scan.html') data = data.toString('utf8') + exampleProbe;
      res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream', 'cache-control': 'no-store' }).end(data);
      return;
    }
    if (url.pathname === '/' || url.pathname === '/index.html') {
      res.writeHead(302, { location: '/test/browser/page.html' }).end();
      return;
    }
    if (url.pathname === '/result.html') {
      res.writeHead(200, { 'content-type': types['.html'] }).end(resultPage(lastResult || { results: [] }));
      return;
    }
    const prefix = Object.keys(roots).find((p) => url.pathname.startsWith(p));
    if (!prefix) { res.writeHead(404).end(); return; }
    const root = roots[prefix];
    const file = path.resolve(root, '.' + decodeURIComponent(url.pathname.slice(prefix.length - 1)));
    if (!file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) { res.writeHead(404).end(); return; }
    const type = types[path.extname(file)] || 'application/octet-stream';
    const data = req.method === 'HEAD' ? null : await readFile(file);
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(data ?? undefined);
  } catch (e) {
    res.writeHead(500).end(String(e));
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];
function startChromium(extra, url) {
  const profile = mkdtempSync(path.join(tmpdir(), 'cncrypto-chromium-'));
  const child = spawn(chromium, [...flags, `--user-data-dir=${profile}`, ...extra, url], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.on('error', (e) => { stderr += String(e); });
  return { child, exited, stderr: () => stderr, cleanup: () => {
    try { rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }); } catch { /* a late write of Chromium's */ }
  } };
}

console.log(`browser test: ${base}/test/browser/page.html, package ${packageDir}, shared ${sharedDir || '(none: those cases skip)'}`);
const t0 = Date.now();
const browser = startChromium([], `${base}/test/browser/page.html`);
const timeout = new Promise((resolve) => setTimeout(() => resolve(null), timeoutMs));
const r = await Promise.race([result, timeout, browser.exited.then(() => null)]);
browser.child.kill('SIGTERM');
await Promise.race([browser.exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
if (browser.child.exitCode === null) browser.child.kill('SIGKILL');
browser.cleanup();
let failed = 0, passed = 0, skipped = 0;
if (!r) {
  console.log(`FAIL: no result from the page within ${timeoutMs / 1000} s (or Chromium exited)\n${browser.stderr().slice(-2000)}`);
  failed = 1;
} else {
  for (const x of r.results) {
    console.log(`  ${x.status.toUpperCase()} ${x.name}${x.note ? `: ${x.note.split('\n')[0]}` : ''}`);
    if (x.status === 'pass') ++passed; else if (x.status === 'fail') ++failed; else ++skipped;
  }
  if (r.fatal) { console.log(`FAIL: the page: ${r.fatal}`); ++failed; }
  console.log(`${r.userAgent}; wallet module ready in ${r.readyMs == null ? '?' : r.readyMs.toFixed(1)} ms; suite ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
if (r && sharedDir && existsSync(path.join(examplesDir, 'scan.html'))) {
  const example = startChromium([], `${base}/example/scan.html`);
  const printed = await Promise.race([exampleResult, new Promise((resolve) => setTimeout(() => resolve(null), 60000)),
    example.exited.then(() => null)]);
  example.child.kill('SIGTERM');
  await Promise.race([example.exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (example.child.exitCode === null) example.child.kill('SIGKILL');
  example.cleanup();
  if (printed === 'output 0: 60363387616637 piconero') {
    console.log(`  PASS examples/scan.html (the README's page): printed "${printed}"`);
    ++passed;
  } else {
    console.log(`  FAIL examples/scan.html (the README's page): printed ${JSON.stringify(printed)}`);
    ++failed;
  }
}
if (screenshot && r) {
  const shot = startChromium([`--screenshot=${path.resolve(screenshot)}`, '--window-size=1100,900', '--hide-scrollbars'], `${base}/result.html`);
  await Promise.race([shot.exited, new Promise((resolve) => setTimeout(resolve, 60000))]);
  if (shot.child.exitCode === null) shot.child.kill('SIGKILL');
  shot.cleanup();
  console.log(existsSync(screenshot) ? `screenshot: ${screenshot}` : `(no screenshot: ${shot.stderr().slice(-500)})`);
}
server.close();
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 && r ? 0 : 1);
