import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../lib/actor.js';
import { neutraliseFormula } from '../../lib/formula-cells.js';
import { nowIso } from '../../lib/time.js';
import { type AuditFilter, type AuditRow, auditPageBefore } from './audit.repository.js';
import { recordActorAudit, toAuditEntry } from './audit.service.js';

const PAGE_ROWS = 500;
const HEADERS = ['Time', 'Action', 'Person', 'E-Mail', 'Target', 'Target Id', 'Address', 'Detail'];

type Cell = string | number | null;

/** As the list exports write cells: a text a spreadsheet would run as a formula gets an apostrophe. */
const safe = (value: Cell): Cell => (typeof value === 'string' ? neutraliseFormula(value) : value);

function cells(row: AuditRow): Cell[] {
  const e = toAuditEntry(row);
  return [
    e.at,
    e.action,
    e.actor?.name ?? null,
    e.actor?.email ?? null,
    e.targetType,
    e.targetId,
    e.address,
    JSON.stringify(e.detail),
  ].map(safe);
}

/**
 * The filtered log as CSV (UTF-8 with a BOM, like the list exports, so that Excel keeps accents),
 * newest first, paged by key since entries keep arriving while it streams. Its own CSV writing
 * rather than the exports module's: that module records into this log, and modules must not import
 * each other in a circle. The export is itself an entry, with its row count, once it has finished.
 */
export function exportAudit(
  ctx: AppContext,
  actor: Actor,
  filter: AuditFilter,
  log: FastifyBaseLogger,
): { body: Readable; contentType: string; filename: string } {
  const output = new PassThrough();
  const startedAt = nowIso();
  const produce = async () => {
    output.write(stringify([], { bom: true, header: true, columns: HEADERS }));
    let written = 0;
    let before: { at: string; id: number } | undefined;
    for (;;) {
      const rows = await auditPageBefore(ctx.db, filter, before, PAGE_ROWS);
      if (rows.length === 0) break;
      if (output.destroyed) return;
      // Waits while the reader is behind; a closed download ends the wait and the export.
      if (!output.write(stringify(rows.map(cells))))
        await Promise.race([once(output, 'drain'), once(output, 'close')]);
      written += rows.length;
      const last = rows[rows.length - 1]!;
      before = { at: last.at, id: last.id };
    }
    output.end();
    await recordActorAudit(ctx.db, actor, 'export', {
      detail: { list: 'audit', format: 'csv', rows: written },
    });
  };
  produce().catch((error: unknown) => {
    log.error({ err: error }, 'audit export failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return {
    body: output,
    contentType: 'text/csv; charset=utf-8',
    filename: `audit-${startedAt.slice(0, 10)}.csv`,
  };
}
