// Runs the end-to-end suite in Debian's Chromium. When no Chromium is found it installs Debian's
// package if it can (root on Debian), and otherwise stops with instructions: never a silent skip.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate) => candidate && existsSync(candidate));
}

function installChromium() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/etc/debian_version')) return false;
  console.log('Chromium not found: installing Debian’s chromium package with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  return true;
}

let chromium = findChromium();
if (!chromium && installChromium()) chromium = findChromium();
if (!chromium) {
  console.error(
    [
      'The end-to-end tests need Chromium and none was found.',
      'Install it, then run the tests again:',
      '  Debian/Ubuntu:  sudo apt-get install chromium',
      '  elsewhere:      install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chromium',
    ].join('\n'),
  );
  process.exit(1);
}

/** index.html and every asset it names are present (a build running elsewhere empties dist first). */
function isCompleteBuild(dir) {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return false;
  const assets = [...readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)];
  return assets.every(([, asset]) => existsSync(path.join(dir, asset)));
}

/**
 * The server serves a private copy of the built web app, so that a rebuild of apps/web/dist while the
 * suite runs (another terminal, another task) cannot pull the files from under the browser.
 */
function snapshotWebApp(target) {
  const dist = path.join(here, '../dist');
  for (let attempt = 0; attempt < 40; attempt += 1) {
    if (isCompleteBuild(dist)) {
      rmSync(target, { recursive: true, force: true });
      cpSync(dist, target, { recursive: true });
      if (isCompleteBuild(target)) return target;
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
  }
  console.error('No complete build of the web app in apps/web/dist: run `npm run build` first.');
  process.exit(1);
}

function isPortFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** 3123 unless taken (another run of the suite, say): then the next free port after it. */
async function pickPort() {
  if (process.env.E2E_PORT) return process.env.E2E_PORT;
  for (let port = 3123; port < 3223; port += 1) {
    if (await isPortFree(port)) return String(port);
  }
  console.error('No free port between 3123 and 3222 for the end-to-end server.');
  process.exit(1);
}

const port = await pickPort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'crm-e2e-'));
const webDir = mkdtempSync(path.join(tmpdir(), 'crm-e2e-web-'));
snapshotWebApp(webDir);
const result = spawnSync(
  process.execPath,
  [
    path.join(here, '../../../node_modules/@playwright/test/cli.js'),
    'test',
    '-c',
    path.join(here, 'playwright.config.ts'),
    ...process.argv.slice(2),
  ],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      CHROMIUM_PATH: chromium,
      E2E_DATA_DIR: dataDir,
      E2E_WEB_DIST_DIR: webDir,
      E2E_PORT: port,
    },
  },
);
rmSync(dataDir, { recursive: true, force: true });
rmSync(webDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
