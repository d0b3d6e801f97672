// Bundles the server into dist/main.js and the operations commands beside it. The workspace's own TypeScript packages (@crm/domain) are
// compiled in; every other dependency stays in node_modules and is loaded at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@crm/'));

// The server, and the operations commands run by scripts/cli.mjs where the sources are not installed.
await build({
  entryPoints: ['src/main.ts', 'src/cli/backup.ts', 'src/cli/restore.ts', 'src/cli/files-migrate.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
