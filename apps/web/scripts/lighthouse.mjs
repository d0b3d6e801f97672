// Lighthouse on /login, / and /leads of a running server, in the project's Chromium, desktop
// settings; prints performance, accessibility and best-practices scores and fails under 95.
//
//   node apps/web/scripts/lighthouse.mjs --url http://127.0.0.1:3000 --email admin@example.com --password …
//
// The signed-in pages are opened with the session the login screen would store (000 §3.1).
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    email: { type: 'string', default: 'admin@example.com' },
    password: { type: 'string', default: 'password123' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    pages: { type: 'string', default: '/login,/,/leads' },
    min: { type: 'string', default: '95' },
    // A folder to keep each page's full report in (JSON), for its opportunities and diagnostics.
    out: { type: 'string' },
  },
});
const base = values.url.replace(/\/$/, '');
const minimum = Number(values.min);
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: values.email, password: values.password }),
});
if (!login.ok) {
  console.error(`Could not sign in as ${values.email} at ${base}: ${login.status} ${await login.text()}`);
  process.exit(1);
}
const session = await login.json();

const chrome = await chromeLauncher.launch({
  chromePath: values.chromium,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
let failed = false;
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  /** One Lighthouse run of `path`, in a fresh tab holding the session (or none, for /login). */
  const audit = async (path) => {
    const page = await browser.newPage();
    await page.goto(`${base}/login`);
    await page.evaluate(
      (signedIn, token, user) => {
        window.localStorage.clear();
        if (signedIn) {
          window.localStorage.setItem('token', token);
          window.localStorage.setItem('user', user);
        }
      },
      path !== '/login',
      session.token,
      JSON.stringify(session.user),
    );
    const result = await lighthouse(
      `${base}${path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        disableStorageReset: true,
      },
      // Lighthouse's own desktop preset (as PageSpeed's Desktop tab): its network and CPU throttling,
      // screen and user agent. Without it, a desktop screen was measured on a throttled phone's CPU.
      desktopConfig,
      page,
    );
    await page.close();
    return result;
  };
  for (const path of values.pages.split(',')) {
    let result = await audit(path);
    // Lighthouse sometimes loses its own trace (NO_NAVSTART, …) and asks to be run again: a page is
    // measured up to three times until a run completes, and the tool's error is printed otherwise.
    for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry += 1) {
      console.log(`${path.padEnd(8)} Lighthouse failed (${result.lhr.runtimeError.code}); running it again`);
      result = await audit(path);
    }
    const scores = CATEGORIES.map((id) => [id, Math.round((result?.lhr.categories[id]?.score ?? 0) * 100)]);
    if (values.out) {
      mkdirSync(values.out, { recursive: true });
      const name = path === '/' ? 'dashboard' : path.replace(/\W+/g, '');
      writeFileSync(`${values.out}/${name}.json`, result.report);
    }
    console.log(`${path.padEnd(8)} ${scores.map(([id, score]) => `${id} ${score}`).join(', ')}`);
    for (const [id, score] of scores) {
      if (score < minimum) {
        failed = true;
        const audits = Object.values(result.lhr.audits)
          .filter(
            (audit) =>
              audit.score !== null &&
              audit.score < 0.9 &&
              result.lhr.categories[id].auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
          )
          .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
        console.log(`  ${id} under ${minimum}: ${audits.join('; ')}`);
      }
    }
  }
  await browser.disconnect();
} finally {
  await chrome.kill();
}
process.exit(failed ? 1 : 0);
