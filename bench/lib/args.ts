import { parseArgs } from 'node:util';

export type ArgValues = Record<string, string | boolean | undefined>;

/** Parses `--name value` / `--flag` options; anything unknown is an error rather than ignored. */
export function parseOptions(
  argv: string[],
  options: Record<string, { type: 'string' | 'boolean' }>,
): ArgValues {
  const { values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
  return values as ArgValues;
}

export function intOption(
  values: ArgValues,
  name: string,
  fallback: number,
  { min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {},
): number {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const n =
    typeof raw === 'string' && /^\d+$/.test(raw.replace(/_/g, ''))
      ? Number(raw.replace(/_/g, ''))
      : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not ${String(raw)}`);
  }
  return n;
}

export function stringOption(values: ArgValues, name: string): string | undefined {
  const raw = values[name];
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : undefined;
}

/** A refusal the user can act on: printed plainly, without a stack trace. */
export class CliError extends Error {}

/** A mistake in the command line. */
export class UsageError extends CliError {}

function isParseArgsError(error: unknown): error is Error {
  return error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
}

/** Runs a command-line entry point: prints usage errors plainly and sets the exit code. */
export function runMain(main: () => Promise<number>, usage: string): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (isParseArgsError(error)) {
        console.error(`${error.message}\n\n${usage}`);
        process.exitCode = 2;
        return;
      }
      if (error instanceof CliError) {
        console.error(
          error instanceof UsageError ? `${error.message} (--help lists the options)` : error.message,
        );
        process.exitCode = 2;
        return;
      }
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exitCode = 1;
    },
  );
}
