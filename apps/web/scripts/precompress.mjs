// Writes .br and .gz beside every text asset of the build, whatever its size, so the server sends
// every file compressed without compressing on each request (a small file sent as it is cost more
// than its compressed copy plus the header saying so).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The build's folder, or another given as the first argument (a build made elsewhere to compare).
const dist = path.resolve(
  process.argv[2] ?? path.join(path.dirname(new URL(import.meta.url).pathname), '../dist'),
);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(name)) yield full;
  }
}

let before = 0;
let after = 0;
for (const file of files(dist)) {
  const data = readFileSync(file);
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  before += data.length;
  after += br.length;
}
console.log(
  `precompressed ${(before / 1024).toFixed(0)} KiB of assets to ${(after / 1024).toFixed(0)} KiB (brotli)`,
);
