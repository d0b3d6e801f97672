import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnv } from '../config.js';
import { restoreBackup } from '../modules/backup/backup.service.js';
import { readPassphraseFile } from '../modules/backup/backup-crypto.js';

const USAGE =
  'Usage: npm run restore -- backups/crm-2026-01-31.tar.gz [--passphrase-file FILE] [--database-only]';

/**
 * npm run restore -- FILE [--passphrase-file FILE] [--database-only]: into an empty DATA_DIR or
 * database, and an empty file store unless --database-only leaves the store as it is.
 */
async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { 'passphrase-file': { type: 'string' }, 'database-only': { type: 'boolean' } },
  });
  const [archive] = positionals;
  if (!archive || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  loadDotEnv();
  const passphraseFile = values['passphrase-file'];
  const passphrase = passphraseFile === undefined ? undefined : await readPassphraseFile(passphraseFile);
  const databaseOnly = values['database-only'] === true;
  const report = await restoreBackup(loadConfig(), archive, { passphrase, databaseOnly });
  console.log(
    `Restored the ${report.manifest.engine} database of ${report.manifest.createdAt}` +
      (databaseOnly ? ' (the file store was left as it is).' : ` and ${report.filesRestored} files.`),
  );
  if (report.missing.length > 0) {
    console.error(
      `${report.missing.length} file rows have no file in the store` +
        (report.manifest.fileStorage === 's3' ? ' (restore the S3 bucket too):\n' : ':\n') +
        report.missing.join('\n'),
    );
    return 1;
  }
  console.log('Every file row has its file. Start the server.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
