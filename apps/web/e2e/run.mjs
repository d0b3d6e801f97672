// Runs the end-to-end suite in Debian's Chromium. When no Chromium is found it installs Debian's
// package if it can (root on Debian), and otherwise stops with instructions: never a silent skip.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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

const dataDir = mkdtempSync(path.join(tmpdir(), 'crm-e2e-'));
const result = spawnSync(
  process.execPath,
  [
    path.join(here, '../../../node_modules/@playwright/test/cli.js'),
    'test',
    '-c',
    path.join(here, 'playwright.config.ts'),
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium, E2E_DATA_DIR: dataDir } },
);
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
