// The server's rule of what may import what (docs/decisions.md, "What may import what"), checked
// on every `npm run lint`:
//   1. the foundation (config, lib, db, and the shared mechanisms under modules/) imports no feature;
//   2. no feature imports another module's repository: it calls that module's write and read functions;
//   3. the modules' imports run one way: no two modules (folders) import each other, however indirectly;
//   4. nothing imports the composition (app, main, wiring, job handlers), which imports everything.
// Exits 1 with every breach listed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../src/', import.meta.url));

/** The shared mechanisms every feature may use; they are modules, but no features. */
const FOUNDATION_MODULES = new Set([
  'events',
  'jobs',
  'versions',
  'history',
  'records',
  'storage',
  'parents',
]);
/** Top-level files that compose the app: they may import anything, and nothing imports them. */
const COMPOSITION = new Set(['app.ts', 'main.ts', 'wiring.ts', 'job-handlers.ts', 'cluster.ts', 'cli']);

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

/** Where a file stands: its room (a module's folder, a top-level file or folder) and its layer. */
function placeOf(file) {
  const [first, second] = path.relative(root, file).split(path.sep);
  if (first === 'modules') {
    const module = second.replace(/(\.repository)?\.ts$/, '');
    return { room: `modules/${module}`, layer: FOUNDATION_MODULES.has(module) ? 'foundation' : 'feature' };
  }
  if (COMPOSITION.has(first)) return { room: first, layer: 'composition' };
  if (first === 'plugins' || first === 'context.ts') return { room: first, layer: 'plumbing' };
  return { room: first, layer: 'foundation' };
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/g;
const breaches = [];
const edges = new Map();

for (const file of files(root)) {
  const from = placeOf(file);
  const rel = path.relative(root, file);
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = path.resolve(path.dirname(file), match[1].replace(/\.js$/, '.ts'));
    const to = placeOf(target);
    const targetRel = path.relative(root, target);
    if (from.room === to.room) continue;
    if (to.layer === 'composition' && from.layer !== 'composition')
      breaches.push(`${rel} imports ${targetRel}: nothing imports the composition`);
    if (from.layer === 'foundation' && (to.layer === 'feature' || to.layer === 'plumbing'))
      breaches.push(`${rel} imports ${targetRel}: the foundation imports no feature`);
    if (to.layer === 'feature' && targetRel.endsWith('.repository.ts') && from.layer !== 'composition')
      breaches.push(
        `${rel} imports ${targetRel}: another module's repository (call its write or read functions)`,
      );
    if (!edges.has(from.room)) edges.set(from.room, new Map());
    edges.get(from.room).set(to.room, `${rel} -> ${targetRel}`);
  }
}

// Rooms that reach each other are a circle (Tarjan's strongly connected components).
const index = new Map();
const low = new Map();
const stack = [];
let counter = 0;
function visit(room) {
  index.set(room, counter);
  low.set(room, counter++);
  stack.push(room);
  for (const next of edges.get(room)?.keys() ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(room, Math.min(low.get(room), low.get(next)));
    } else if (stack.includes(next)) low.set(room, Math.min(low.get(room), index.get(next)));
  }
  if (low.get(room) !== index.get(room)) return;
  const circle = [];
  let member;
  do {
    member = stack.pop();
    circle.push(member);
  } while (member !== room);
  if (circle.length < 2) return;
  const ties = circle.flatMap((a) =>
    circle.flatMap((b) => (edges.get(a)?.has(b) ? [`    ${edges.get(a).get(b)}`] : [])),
  );
  breaches.push(`a circle: ${circle.join(', ')}\n${ties.join('\n')}`);
}
for (const room of edges.keys()) if (!index.has(room)) visit(room);

if (breaches.length > 0) {
  console.error(`The server's imports break its rule (docs/decisions.md, "What may import what"):`);
  for (const breach of breaches) console.error(`  ${breach}`);
  process.exit(1);
}
console.log('Server imports: the foundation imports no feature, no repository crosses a module, no circle.');
