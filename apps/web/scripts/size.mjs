// Prints the JavaScript each screen of the built web app loads (brotli, as the server sends it) and
// fails when a budget is exceeded. Reads apps/web/dist, building it first when there is no build.
// A screen's cost is the entry chunk, the signed-in shell (except for /login) and the screen's own
// chunk, each with every chunk they import statically: what the browser fetches before it can paint.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const web = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(web, 'dist');
const manifestFile = path.join(dist, '.vite/manifest.json');

const KB = 1024;
const BUDGET = {
  login: 120 * KB,
  /** The lead and customer lists, opened cold when signed in. */
  lists: 200 * KB,
  /**
   * Any other screen, a guard against regressions rather than a target of the issue: the forms and
   * details carry the validation schemas, the record tabs and their tasks (a partner's detail, the
   * heaviest, is about 306 KB).
   */
  screen: 320 * KB,
  chunk: 150 * KB,
};
const ENTRY = 'index.html';
const SHELL = 'src/app/shell/app-layout.tsx';
const LOGIN = 'src/features/auth/routes/login-page.tsx';
const LISTS = 'src/features/contacts/routes/contacts-list-page.tsx';
/** Route of each screen chunk, for the report (000 §2.1). */
const SCREENS = {
  [LOGIN]: '/login',
  'src/features/dashboard/routes/dashboard-page.tsx': '/',
  'src/features/profile/routes/profile-page.tsx': '/profile',
  'src/features/users/routes/users-page.tsx': '/users',
  'src/features/users/routes/new-user-page.tsx': '/new-user',
  'src/features/users/routes/edit-user-page.tsx': '/edit-user/:id',
  'src/features/contacts/routes/contacts-list-page.tsx': '/leads, /customers',
  'src/features/contacts/routes/new-contact-page.tsx': '/new-lead, /new-customer',
  'src/features/contacts/routes/contact-detail-page.tsx': '/lead/:id, /customer/:id',
  'src/features/agencies/routes/agencies-page.tsx': '/agencies',
  'src/features/agencies/routes/new-agency-page.tsx': '/new-agency',
  'src/features/agencies/routes/edit-agency-page.tsx': '/edit-agency/:id',
  'src/features/agencies/routes/agency-detail-page.tsx': '/agency/:id',
  'src/features/products/routes/products-page.tsx': '/products',
  'src/features/products/routes/product-detail-page.tsx': '/product/:id',
  'src/features/products/routes/product-categories-page.tsx': '/product-categories',
  'src/app/not-found-page.tsx': '(not found)',
};

if (!existsSync(manifestFile) || process.argv.includes('--build')) {
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: path.join(web, '../..'), stdio: 'inherit' });
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

const brotliCache = new Map();
function brotliSize(file) {
  if (!brotliCache.has(file)) {
    const data = readFileSync(path.join(dist, file));
    const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    brotliCache.set(file, br.length);
  }
  return brotliCache.get(file);
}

/** Files of the chunk named by `key` and of everything it imports statically. */
function closure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest: was it renamed?`);
  if (chunk.file.endsWith('.js')) files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}

const total = (files) => [...files].reduce((sum, file) => sum + brotliSize(file), 0);
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const failures = [];

console.log('JavaScript per screen, opened cold (brotli):');
for (const [key, route] of Object.entries(SCREENS)) {
  const files = closure(ENTRY);
  if (key !== LOGIN) closure(SHELL, files);
  closure(key, files);
  const bytes = total(files);
  const budget = key === LOGIN ? BUDGET.login : key === LISTS ? BUDGET.lists : BUDGET.screen;
  const over = bytes > budget;
  if (over) failures.push(`${route}: ${kb(bytes)} is over its ${kb(budget)} budget`);
  console.log(`  ${over ? '✗' : '✓'} ${route.padEnd(26)} ${kb(bytes).padStart(9)}  (budget ${kb(budget)})`);
}

console.log('\nLoaded on first use (beyond the entry and the shell):');
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry || key in SCREENS || key === SHELL) continue;
  const present = closure(SHELL, closure(ENTRY));
  const own = new Set([...closure(key)].filter((file) => !present.has(file)));
  console.log(`    ${key.replace(/^.*node_modules\//, '').padEnd(50)} ${kb(total(own)).padStart(9)}`);
}

const chunks = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
const largest = chunks.map((chunk) => [chunk.file, brotliSize(chunk.file)]).sort((a, b) => b[1] - a[1]);
console.log(`\nLargest chunks (of ${chunks.length}; budget ${kb(BUDGET.chunk)} each):`);
for (const [file, bytes] of largest.slice(0, 5))
  console.log(`    ${file.padEnd(50)} ${kb(bytes).padStart(9)}`);
for (const [file, bytes] of largest) {
  if (bytes > BUDGET.chunk)
    failures.push(`${file}: ${kb(bytes)} is over the ${kb(BUDGET.chunk)} chunk budget`);
}

if (failures.length > 0) {
  console.error(`\nOver budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nEvery budget holds.');
