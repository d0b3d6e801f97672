import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnv } from '../config.js';
import { createBackup } from '../modules/backup/backup.service.js';
import { readPassphraseFile } from '../modules/backup/backup-crypto.js';

const USAGE = 'Usage: npm run backup -- --out backups/crm-2026-01-31.tar.gz [--passphrase-file FILE]';

/**
 * npm run backup -- --out FILE [--passphrase-file FILE]: the database and every local file in one
 * archive (tar.gz, mode 0600), encrypted with the passphrase in FILE when one is given.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, 'passphrase-file': { type: 'string' } },
  });
  if (!values.out) {
    console.error(USAGE);
    return 2;
  }
  loadDotEnv();
  const passphraseFile = values['passphrase-file'];
  const passphrase = passphraseFile === undefined ? undefined : await readPassphraseFile(passphraseFile);
  const manifest = await createBackup(loadConfig(), values.out, { passphrase });
  console.log(
    `Backed up the ${manifest.engine} database (at migration ${manifest.migration}) and ` +
      (manifest.fileStorage === 'local'
        ? `${manifest.files} files to ${values.out}`
        : `no files (they are in the S3 bucket: back it up with versioning or replication) to ${values.out}`) +
      (passphrase ? ', encrypted.' : '.'),
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
