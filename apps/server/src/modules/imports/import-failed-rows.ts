import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { csvWriter } from '../exports/export-writers.js';
import { type ImportFormat, readRows } from './import-files.js';
import { openStored } from './import-jobs.js';
import { type ImportRecord, listImportRows } from './imports.repository.js';

/** The column the failed rows' file adds after the file's own: why each row was not imported. */
export const ERROR_COLUMN = 'Import error';

/** The outcomes that leave a row out of the import: refused (error) or held back (skip). */
const NOT_IMPORTED = ['error', 'skip'];
const PAGE_ROWS = 500;

type Outcome = Awaited<ReturnType<typeof listImportRows>>[number];

/** A phase's rows that were not imported, in file order, a page at a time. */
async function* notImported(ctx: AppContext, importId: number, phase: string): AsyncGenerator<Outcome> {
  let afterRow = 0;
  for (;;) {
    const page = await listImportRows(ctx.db, importId, phase, {
      actions: NOT_IMPORTED,
      limit: PAGE_ROWS,
      offset: 0,
      afterRow,
    });
    yield* page;
    if (page.length < PAGE_ROWS) return;
    afterRow = page[page.length - 1]!.row_number;
  }
}

/** Everything that held a row back, in one cell: its errors (or skip reason), then its warnings. */
function errorText(outcome: Outcome): string {
  const messages = [outcome.errors, outcome.warnings].flatMap((json) =>
    json ? (JSON.parse(json) as { message: string }[]).map((issue) => issue.message) : [],
  );
  return messages.join('; ');
}

/**
 * The rows a phase did not import, as the file had them (the same columns, so that the file can be
 * fixed and imported again) plus why each was left out. The file is read once beside the outcomes,
 * both in row order; the header is read before answering, the rows stream after. A file that is
 * itself such a download keeps one error column, not two.
 */
export async function failedRowsCsv(
  ctx: AppContext,
  record: ImportRecord,
  phase: 'preview' | 'run',
  log: FastifyBaseLogger,
): Promise<Readable> {
  const file = readRows(openStored(ctx, record.file_key), record.format as ImportFormat);
  const first = (await file.next()).value;
  const columns = first?.values ?? [];
  const width = columns.at(-1) === ERROR_COLUMN ? columns.length - 1 : columns.length;
  const writer = csvWriter([...columns.slice(0, width), ERROR_COLUMN]);

  const produce = async () => {
    const outcomes = notImported(ctx, record.id, phase);
    let next = (await outcomes.next()).value as Outcome | undefined;
    let page: string[][] = [];
    for await (const row of file) {
      if (!next || writer.output.destroyed) break;
      if (row.rowNumber !== next.row_number) continue;
      const values = row.values.slice(0, width);
      while (values.length < width) values.push('');
      page.push([...values, errorText(next)]);
      next = (await outcomes.next()).value as Outcome | undefined;
      if (page.length >= PAGE_ROWS) {
        await writer.writePage(page);
        page = [];
      }
    }
    if (page.length > 0) await writer.writePage(page);
    await writer.finish();
  };
  produce()
    .catch((error: unknown) => {
      log.error({ err: error, importId: record.id }, 'failed rows download failed');
      writer.output.destroy(error instanceof Error ? error : new Error(String(error)));
    })
    // A download closed early leaves the file half read: its reader (and a workbook's scratch copy) goes.
    .finally(() => void file.return(undefined));
  return writer.output;
}
