// What a browser transfers to open /login and /leads with an empty cache, measured rather than
// added up: the built server runs on a fresh data folder, Chromium (through @playwright/test, as in
// the end-to-end suite) opens each screen in a new profile, and every response's encoded size
// (compressed as sent, headers included) is summed by type, with the number of files. /leads is
// opened in a new profile that holds only the session of an earlier sign-in. Fails past the budgets, when a script or
// style sheet is sent uncompressed, or when a chunk of the build is over its budget. Reads
// apps/web/dist and apps/server/dist, building them first when missing (`-- --build` always builds).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const web = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const root = path.resolve(web, '../..');
// `-- --dist DIR`: measure a build made elsewhere (`vite build --outDir DIR`) instead of apps/web/dist.
const distArg = process.argv.indexOf('--dist');
const dist = distArg > 0 ? path.resolve(process.argv[distArg + 1]) : path.join(web, 'dist');
const serverMain = path.join(root, 'apps/server/dist/main.js');

const KB = 1024;
/** JavaScript transferred by each screen opened cold (issue 24: 147 KB in 25 files and 351 KB in 92 before). */
const BUDGET = { '/login': 120 * KB, '/leads': 200 * KB };
/**
 * With --ceiling (CI): what may not grow while a budget is still missed (docs/decisions.md, "Bundle
 * budgets and the ceiling CI holds"). A screen over its budget but under its ceiling is reported, not
 * failed; over the ceiling it fails. Without --ceiling every budget fails as it stands.
 */
const CEILING = { '/login': 120 * KB, '/leads': 200 * KB };
const ceilingOnly = process.argv.includes('--ceiling');
/** No chunk over this (brotli), so that no screen's growth hides in one file. */
const CHUNK_BUDGET = 150 * KB;
const ADMIN = { email: 'size@example.com', password: 'Size-Passw0rd-1' };

const build = process.argv.includes('--build');
if (build || !existsSync(path.join(dist, 'index.html')))
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
if (build || !existsSync(serverMain))
  execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir, port) {
  const child = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CRM_ADMIN_EMAIL: ADMIN.email,
      CRM_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: dist,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Records every response of a page from now on through the DevTools protocol: its type, whether it
 * came compressed, and its encoded length (what crossed the wire) once loaded.
 */
async function recorder(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map();
  const pending = new Set();
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', ({ requestId, type }) => {
    if (type !== 'Script' && type !== 'Stylesheet') return;
    pending.add(requestId);
    lastActivity = Date.now();
  });
  const settle = (requestId) => {
    if (pending.delete(requestId)) lastActivity = Date.now();
  };
  cdp.on('Network.loadingFailed', ({ requestId }) => settle(requestId));
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const encoding = Object.entries(response.headers).find(
      ([name]) => name.toLowerCase() === 'content-encoding',
    );
    seen.set(requestId, {
      type,
      url: response.url,
      encoding: encoding?.[1] ?? null,
      bytes: 0,
      fromCache: response.fromDiskCache,
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = seen.get(requestId);
    if (entry) entry.bytes = encodedDataLength;
    settle(requestId);
  });
  return {
    cdp,
    /** Until no script or style sheet has been asked for or loading for `quietMs` (the live stream never idles). */
    async quiet(quietMs = 1500, atMostMs = 30_000) {
      const until = Date.now() + atMostMs;
      while ((pending.size > 0 || Date.now() - lastActivity < quietMs) && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 100));
    },
    summary() {
      const of = (type) => [...seen.values()].filter((entry) => entry.type === type);
      const sum = (entries) => entries.reduce((total, entry) => total + entry.bytes, 0);
      const scripts = of('Script');
      const styles = of('Stylesheet');
      return {
        js: { bytes: sum(scripts), files: scripts.length },
        css: { bytes: sum(styles), files: styles.length },
        files: [...scripts, ...styles].map((entry) => [entry.url.replace(/^.*\/assets\//, ''), entry.bytes]),
        uncompressed: [...scripts, ...styles].filter((entry) => !entry.encoding).map((entry) => entry.url),
        cached: [...scripts, ...styles].filter((entry) => entry.fromCache).map((entry) => entry.url),
      };
    },
  };
}

/** The signed-in state (the session in localStorage) of a browser that signed in, for /leads. */
async function signedIn(browser, base) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 90_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

async function measure(browser, base, route) {
  // A new context is a new profile: nothing cached, no service worker. /leads opens in one that
  // holds only the session, so that its cache is as empty as /login's (with the cache disabled
  // instead, Chromium fetched some chunks twice).
  const storageState = route === '/leads' ? await signedIn(browser, base) : undefined;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState });
  const page = await context.newPage();
  try {
    const record = await recorder(page);
    await page.goto(`${base}${route}`, { waitUntil: 'load' });
    const ready =
      route === '/login'
        ? page.getByRole('button', { name: 'Login' })
        : page.getByRole('heading', { name: 'Leads', level: 1 });
    // Generous: CI machines are shared, and a slow screen is the budget's business, not a timeout's.
    await ready.waitFor({ timeout: 90_000 });
    // Chunks a screen loads after its first paint (lazy parts it asks for at once) count too.
    await record.quiet();
    return record.summary();
  } finally {
    await context.close();
  }
}

/** The biggest chunks as the server sends them (the .br the build wrote beside each). */
function largestChunks() {
  const assets = path.join(dist, 'assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => {
      const br = path.join(assets, `${name}.br`);
      return [name, statSync(existsSync(br) ? br : path.join(assets, name)).size];
    })
    .sort((a, b) => b[1] - a[1]);
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const failures = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'crm-size-'));
let server;
let browser;
try {
  const port = await freePort();
  server = await startServer(dataDir, port);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  console.log('Transferred on opening each screen with an empty cache (Chromium, as sent):');
  for (const [route, budget] of Object.entries(BUDGET)) {
    const result = await measure(browser, `http://127.0.0.1:${port}`, route);
    const over = result.js.bytes > budget;
    const ceiling = CEILING[route];
    if (over && ceilingOnly && result.js.bytes <= ceiling)
      console.log(`  (${route} is over its budget and under the ${kb(ceiling)} ceiling CI holds)`);
    else if (over)
      failures.push(
        `${route}: ${kb(result.js.bytes)} of JavaScript is over its ${kb(ceilingOnly ? ceiling : budget)} ${ceilingOnly ? 'ceiling' : 'budget'}`,
      );
    for (const url of result.uncompressed) failures.push(`${route}: ${url} was sent uncompressed`);
    for (const url of result.cached)
      failures.push(`${route}: ${url} came from the cache: the measure is not cold`);
    console.log(
      `  ${over ? '✗' : '✓'} ${route.padEnd(8)} JS ${kb(result.js.bytes).padStart(9)} in ${String(result.js.files).padStart(2)} files (budget ${kb(budget)}) · CSS ${kb(result.css.bytes).padStart(8)} in ${result.css.files} files`,
    );
  }
  if (process.argv.includes('--files')) {
    for (const route of Object.keys(BUDGET)) {
      console.log(`\nFiles of ${route}:`);
      for (const [file, bytes] of (await measure(browser, `http://127.0.0.1:${port}`, route)).files.sort(
        (a, b) => b[1] - a[1],
      ))
        console.log(`    ${file.padEnd(50)} ${kb(bytes).padStart(9)}`);
    }
  }
  const chunks = largestChunks();
  console.log(`\nLargest chunks (of ${chunks.length}, brotli; budget ${kb(CHUNK_BUDGET)} each):`);
  for (const [file, bytes] of chunks.slice(0, 5))
    console.log(`    ${file.padEnd(50)} ${kb(bytes).padStart(9)}`);
  for (const [file, bytes] of chunks)
    if (bytes > CHUNK_BUDGET)
      failures.push(`${file}: ${kb(bytes)} is over the ${kb(CHUNK_BUDGET)} chunk budget`);
} finally {
  await browser?.close();
  server?.kill();
  if (server && server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`\nOver budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(ceilingOnly ? '\nEvery ceiling holds.' : '\nEvery budget holds.');
