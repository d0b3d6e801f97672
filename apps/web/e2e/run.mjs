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
async function pickPort(taken = '') {
  for (let port = 3123; port < 3223; port += 1) {
    if (String(port) !== taken && (await isPortFree(port))) return String(port);
  }
  console.error('No free port between 3123 and 3222 for the end-to-end server.');
  process.exit(1);
}

/**
 * The list at scale (contacts-at-scale.spec.ts) runs against a second server whose database the
 * project's seeder fills before the suite starts: E2E_LARGE_CONTACTS contacts (200,000 unless set),
 * about a minute of seeding on two cores. Seeded only when that spec is among those run.
 * E2E_LARGE_DATA_DIR names a data folder seeded before (`npm run seed -- --data-dir DIR`), used as
 * it is, with its accounts' password in E2E_LARGE_PASSWORD (the seeder's default unless set).
 */
const LARGE_SPEC = 'contacts-at-scale';
const LARGE_CONTACTS = process.env.E2E_LARGE_CONTACTS ?? '200000';
/** Every seeded account's password; the spec signs in as the seeder's admin, admin@example.com. */
const LARGE_PASSWORD = 'Seeded-Passw0rd';
const files = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const wantsLarge = files.length === 0 || files.some((file) => file.includes(LARGE_SPEC));

function seedLargeDatabase(dir) {
  const started = Date.now();
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(here, '../../../bench/seed.ts'),
      ...['--contacts', LARGE_CONTACTS, '--users', '50', '--partners', '500', '--products', '100'],
      ...['--tasks', '100', '--deals', '0', '--password', LARGE_PASSWORD, '--data-dir', dir],
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], cwd: path.join(here, '../../..') },
  );
  console.log(
    `Seeded ${LARGE_CONTACTS} contacts for ${LARGE_SPEC} in ${Math.round((Date.now() - started) / 1000)} s.`,
  );
}

const port = process.env.E2E_PORT ?? (await pickPort());
const given = process.env.E2E_LARGE_DATA_DIR;
const large = wantsLarge
  ? {
      port: process.env.E2E_LARGE_PORT ?? (await pickPort(port)),
      dataDir: given ?? mkdtempSync(path.join(tmpdir(), 'crm-e2e-large-')),
      password: given ? (process.env.E2E_LARGE_PASSWORD ?? 'password123') : LARGE_PASSWORD,
      seeded: !given,
    }
  : undefined;
if (large?.seeded) {
  try {
    seedLargeDatabase(large.dataDir);
  } catch (error) {
    rmSync(large.dataDir, { recursive: true, force: true });
    throw error;
  }
}
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
      ...(large
        ? {
            E2E_LARGE_PORT: large.port,
            E2E_LARGE_DATA_DIR: large.dataDir,
            E2E_LARGE_PASSWORD: large.password,
          }
        : {}),
    },
  },
);
rmSync(dataDir, { recursive: true, force: true });
rmSync(webDir, { recursive: true, force: true });
if (large?.seeded) rmSync(large.dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
