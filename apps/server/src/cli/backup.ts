import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnv } from '../config.js';
import { createBackup } from '../modules/backup/backup.service.js';

/** npm run backup -- --out FILE: the database and every local file in one archive (tar.gz). */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) {
    console.error('Usage: npm run backup -- --out backups/crm-2026-01-31.tar.gz');
    return 2;
  }
  loadDotEnv();
  const manifest = await createBackup(loadConfig(), values.out);
  console.log(
    `Backed up the ${manifest.engine} database (at migration ${manifest.migration}) and ` +
      (manifest.fileStorage === 'local'
        ? `${manifest.files} files to ${values.out}`
        : `no files (they are in the S3 bucket: back it up with versioning or replication) to ${values.out}`),
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
