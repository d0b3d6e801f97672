import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnv } from '../config.js';
import { restoreBackup } from '../modules/backup/backup.service.js';

/** npm run restore -- FILE: into an empty DATA_DIR or database (and an empty file store). */
async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [archive] = positionals;
  if (!archive || positionals.length > 1) {
    console.error('Usage: npm run restore -- backups/crm-2026-01-31.tar.gz');
    return 2;
  }
  loadDotEnv();
  const report = await restoreBackup(loadConfig(), archive);
  console.log(
    `Restored the ${report.manifest.engine} database of ${report.manifest.createdAt} and ${report.filesRestored} files.`,
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
