import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { streamListPages } from '../../db/list-stream.js';
import type { Actor } from '../../lib/actor.js';
import { nowIso } from '../../lib/time.js';
import { recordActorAudit } from '../audit/audit.service.js';
import { takeExportSlot } from '../limits/export-slots.js';
import { chooseColumns, type ExportList, prepareExport } from './export-lists.js';
import { CONTENT_TYPES, csvWriter, type ExportFormat, xlsxWriter } from './export-writers.js';
import { insertExportRecord, listExportRecords } from './exports.repository.js';

export interface ExportStream {
  body: Readable;
  contentType: string;
  filename: string;
  total: number;
}

/**
 * Rows per page of an export. Each page is read and written out in one turn of the event loop
 * (SQLite reads synchronously), during which the process answers nobody else: at 250 rows a turn
 * takes a few milliseconds, so another person's list waits that long, not the 20 ms of 1,000.
 */
const EXPORT_PAGE_ROWS = 250;

/** The export's query checked and counted, its columns chosen and its file begun. */
async function openExport(
  ctx: AppContext,
  actor: Actor,
  list: ExportList,
  format: ExportFormat,
  raw: Record<string, unknown>,
) {
  const prepared = await prepareExport(ctx, actor, list, raw);
  const columns = chooseColumns(prepared.columns, typeof raw.columns === 'string' ? raw.columns : undefined);
  const headers = columns.map((c) => c.header);
  const writer = format === 'csv' ? csvWriter(headers) : xlsxWriter(headers, list);
  return { prepared, columns, writer };
}

/**
 * Starts an export: the person's place is taken first (429 when they already stream as many as
 * EXPORTS_PER_PERSON, before any costly count), the query is checked and counted before anything
 * is sent (so a bad filter answers 400 as the list would), then the rows stream out a page at a
 * time. The place is freed when the stream closes: finished, failed, or dropped by the client.
 */
export async function startExport(
  ctx: AppContext,
  actor: Actor,
  list: ExportList,
  format: ExportFormat,
  raw: Record<string, unknown>,
  log: FastifyBaseLogger,
): Promise<ExportStream> {
  const slot = await takeExportSlot(ctx, actor, log);
  let opened: Awaited<ReturnType<typeof openExport>>;
  try {
    opened = await openExport(ctx, actor, list, format, raw);
  } catch (error) {
    await slot.release();
    throw error;
  }
  const { prepared, columns, writer } = opened;
  writer.output.once('close', () => void slot.release());
  const startedAt = nowIso();

  const produce = async () => {
    let written = 0;
    try {
      for await (const page of streamListPages(ctx.db, prepared.source, prepared.query, EXPORT_PAGE_ROWS)) {
        if (writer.output.destroyed) break;
        const rows = page.map((record) => {
          const row = prepared.toRow(record as never);
          return columns.map((column) => column.value(row as never));
        });
        await writer.writePage(rows);
        written += rows.length;
      }
      await writer.finish();
    } finally {
      // The contacts' export record and the audit entry, each with the rows sent, commit together.
      await ctx.db.transaction().execute(async (trx) => {
        if (prepared.recorded) {
          await insertExportRecord(trx, {
            userId: actor.user.id,
            list,
            format,
            rowCount: written,
            query: JSON.stringify(
              Object.fromEntries(Object.entries(raw).filter(([key]) => key !== 'format')),
            ),
            at: startedAt,
          });
        }
        await recordActorAudit(trx, actor, 'export', { detail: { list, format, rows: written } });
      });
    }
  };
  produce().catch((error: unknown) => {
    log.error({ err: error, list }, 'export failed');
    writer.output.destroy(error instanceof Error ? error : new Error(String(error)));
  });

  return {
    body: writer.output,
    contentType: CONTENT_TYPES[format],
    filename: `${list}-${startedAt.slice(0, 10)}.${format}`,
    total: prepared.total,
  };
}

export async function exportHistory(ctx: AppContext, limit: number, offset: number) {
  const { rows, total } = await listExportRecords(ctx.db, limit, offset);
  return {
    total,
    rows: rows.map((row) => ({
      id: row.id,
      list: row.list,
      format: row.format,
      rowCount: row.row_count,
      query: JSON.parse(row.query) as Record<string, string>,
      user: { id: row.user_id, name: row.user_name },
      createdAt: row.created_at,
    })),
  };
}
