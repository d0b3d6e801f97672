// Runs one of the operations commands (backup, restore, files-migrate): from the sources through tsx
// in a development checkout, so that it is never an outdated build, or from the bundle in dist/ where
// only the build is installed (the container image).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const [name, ...args] = process.argv.slice(2);
const source = fileURLToPath(new URL(`../src/cli/${name}.ts`, import.meta.url));
const bundle = fileURLToPath(new URL(`../dist/${name}.js`, import.meta.url));

let tsx;
try {
  createRequire(import.meta.url).resolve('tsx');
  // Its address, not its name: a command run from another folder (cron's, say) finds it too.
  tsx = import.meta.resolve('tsx');
} catch {
  tsx = undefined;
}
const command = tsx && existsSync(source) ? ['--import', tsx, source] : [bundle];
if (!existsSync(command.at(-1))) {
  console.error(`${name}: neither the sources nor a build (npm run build) are here`);
  process.exit(1);
}
const result = spawnSync(process.execPath, [...command, ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
