import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../src/config.js';

const CLI = fileURLToPath(new URL('../../scripts/cli.mjs', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * One of the operations commands (npm run backup, restore, files:migrate) as an operator runs it:
 * its own process, settings from the environment, under the given umask.
 */
export function runOperationsCli(
  command: 'backup' | 'restore' | 'files-migrate',
  args: string[],
  options: { env: Record<string, string>; cwd: string; umask?: string },
): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(
      '/bin/sh',
      ['-c', `umask ${options.umask ?? '022'} && exec "$0" "$@"`, process.execPath, CLI, command, ...args],
      {
        cwd: options.cwd,
        // No runtime warnings (the AWS SDK's about Node versions): standard error holds the command's own.
        env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', NODE_NO_WARNINGS: '1', ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The settings of a configuration that the commands read from the environment. */
export function envOf(config: Config, extra: Record<string, string> = {}): Record<string, string> {
  return { DATA_DIR: config.dataDir, DATABASE_URL: config.databaseUrl ?? '', ...extra };
}
