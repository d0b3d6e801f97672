import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnv } from '../config.js';
import { createDatabase } from '../db/database.js';
import { copyFiles } from '../modules/files/copy-files.js';
import { createFileStore } from '../modules/storage/index.js';

/**
 * npm run files:migrate -- --to s3   copies every file from DATA_DIR/uploads to the S3_* bucket
 * npm run files:migrate -- --to local  the other way
 *
 * Safe to stop and run again: files already copied (same checksum) are skipped. The source is left
 * untouched; set FILE_STORAGE to the target and restart once it reports no missing file.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  if (values.to !== 's3' && values.to !== 'local') {
    console.error('Usage: npm run files:migrate -- --to s3   (or --to local)');
    return 2;
  }
  loadDotEnv();
  const config = loadConfig();
  const target = values.to;
  const source = target === 's3' ? 'local' : 's3';
  const db = createDatabase(config);
  const from = createFileStore(config, source);
  const to = createFileStore(config, target);
  try {
    await to.check();
    const report = await copyFiles(db, from, to, (name, outcome) => console.log(`${outcome}: ${name}`));
    console.log(
      `${report.copied} copied, ${report.alreadyThere} already there, ${report.missing.length} missing from ${source}`,
    );
    if (report.missing.length > 0) {
      console.error(`Missing from ${source} (rows without a file):\n${report.missing.join('\n')}`);
      return 1;
    }
    console.log(`Every file is in ${target}, verified by checksum. Set FILE_STORAGE=${target} and restart.`);
    return 0;
  } finally {
    await Promise.all([from.close(), to.close()]);
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
