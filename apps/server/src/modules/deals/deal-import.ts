import { type DealForm, dealFormSchema, foldCase, ID_MAX, dealMessages as m } from '@crm/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type Actor, isAdmin } from '../../lib/actor.js';
import { dateValue, numberValue } from '../../lib/cell-values.js';
import { HttpError } from '../../lib/http-errors.js';
import { findAgencyByNameOrEmail } from '../agencies/agency-reads.js';
import type { ImportAdapter, ImportRows, RowIssue } from '../records/import-adapter.js';
import type { WriteScope } from '../records/write-scope.js';
import { findActiveUserByNameOrEmail } from '../users/user-reads.js';
import { type DealFields, dealAdapter, dealFormOf } from './deal-adapter.js';
import type { DealKeyFields } from './deal-duplicates.js';
import { contactIdsNamedBy } from './deal-import.repository.js';
import { DEAL_IMPORT_FIELDS } from './deal-import-fields.js';
import { listLostReasons, listStages } from './deal-stages.repository.js';
import { createDeal, maySeeDeal } from './deal-write.js';
import { findDeal } from './deals.repository.js';

/** The fields a row may change, compared one by one for an update's preview and undo. */
const DEAL_FIELDS = [
  'title',
  'contactId',
  'agencyId',
  'ownerId',
  'assignedToId',
  'stageId',
  'probability',
  'amount',
  'expectedCloseDate',
  'source',
  'lostReasonId',
  'lostReasonText',
  'wonDate',
] as const satisfies readonly (keyof DealFields)[];

export const dealImportMessages = {
  contactAmbiguous: 'More than one contact has this name: give the contact’s e-mail or ID',
  idInvalid: 'ID must be the number of a deal',
} as const;

const issuesOf = (error: { issues: { path: PropertyKey[]; message: string }[] }): RowIssue[] =>
  error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message }));

/**
 * A deal import's rows: the deal form's schema and messages; the contact by ID, e-mail or full
 * name; the partner, owner and assignee by name or e-mail; the stage and lost reason by name.
 */
function dealRows(db: Db, importer: Actor): ImportRows {
  /** Each contact cell's finding, so that a row's keys (read without the database) name its contact. */
  const contacts = new Map<string, number[]>();
  let stages: Map<string, number> | undefined;
  let reasons: Map<string, number> | undefined;
  /** A new deal without a Stage column starts where the board's first column is: the first open stage. */
  let firstStage: number | undefined;
  const loadStages = async () => {
    if (stages) return stages;
    const rows = await listStages(db);
    firstStage = rows.find((stage) => stage.kind === 'open' && stage.is_active === 1)?.id;
    stages = new Map(rows.map((stage) => [foldCase(stage.name), stage.id]));
    return stages;
  };
  const byName = async (kind: 'stage' | 'reason', name: string) => {
    if (kind === 'stage') return (await loadStages()).get(foldCase(name.trim()));
    reasons ??= new Map((await listLostReasons(db)).map((r) => [foldCase(r.name), r.id]));
    return reasons.get(foldCase(name.trim()));
  };

  return {
    async translate(cells) {
      const errors: RowIssue[] = [];
      const input: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(cells)) {
        if (field === 'id') {
          const id = /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : 0;
          if (id < 1 || id > ID_MAX) errors.push({ field: 'id', message: dealImportMessages.idInvalid });
        } else if (field === 'contact') {
          const key = value.trim();
          if (!contacts.has(key)) contacts.set(key, await contactIdsNamedBy(db, key));
          const found = contacts.get(key)!;
          if (found.length === 1) input.contactId = found[0];
          else
            errors.push({
              field: 'contactId',
              message: found.length === 0 ? m.contactNotFound : dealImportMessages.contactAmbiguous,
            });
        } else if (field === 'partner') {
          const partner = await findAgencyByNameOrEmail(db, value);
          if (partner) input.agencyId = partner.id;
          else errors.push({ field: 'agencyId', message: m.agencyNotFound });
        } else if (field === 'owner' || field === 'assignedTo') {
          const user = await findActiveUserByNameOrEmail(db, value);
          const key = field === 'owner' ? 'ownerId' : 'assignedToId';
          if (user) input[key] = user.id;
          else errors.push({ field: key, message: m.userNotFound });
        } else if (field === 'stage') {
          const id = await byName('stage', value);
          if (id) input.stageId = id;
          else errors.push({ field: 'stageId', message: m.stageNotFound });
        } else if (field === 'lostReason') {
          const id = await byName('reason', value);
          if (id) input.lostReasonId = id;
          else errors.push({ field: 'lostReasonId', message: m.lostReasonNotFound });
        } else if (field === 'probability') input.probability = numberValue(value);
        else if (field === 'expectedCloseDate' || field === 'wonDate') input[field] = dateValue(value);
        else input[field] = value;
      }
      await loadStages();
      return { input, errors };
    },
    remember() {},
    keyFields: (cells): DealKeyFields => {
      const found = cells.contact ? contacts.get(cells.contact.trim()) : undefined;
      return {
        id: cells.id ?? '',
        contactId: found?.length === 1 ? found[0]! : null,
        title: cells.title ?? '',
      };
    },
    label: (cells) => cells.title ?? cells.id ?? '',
    /** A deal the importer may not see is no deal of theirs: the row matches nothing. */
    async read(db, id) {
      const row = await findDeal(db, id);
      if (!row || !maySeeDeal(importer, row)) return undefined;
      const { lines: _lines, ...values } = await dealFormOf(db, row);
      return { values, version: row.version };
    },
    planCreate({ input }) {
      const parsed = dealFormSchema.safeParse({ stageId: firstStage, ...input });
      if (!parsed.success) return { issues: issuesOf(parsed.error) };
      return { record: parsed.data };
    },
    planUpdate(current, { input }) {
      const before = current.values as unknown as DealFields;
      const parsed = dealFormSchema.safeParse({ ...before, ...input });
      if (!parsed.success) return { issues: issuesOf(parsed.error) };
      const changes: Record<string, [unknown, unknown]> = {};
      for (const field of DEAL_FIELDS) {
        if (before[field] !== parsed.data[field]) changes[field] = [before[field], parsed.data[field]];
      }
      return { changes };
    },
    /** Deals are created row by row through createDeal, a refused row becoming an error. */
    async create(w: WriteScope, records) {
      const outcomes: (number | RowIssue)[] = [];
      for (const form of records as DealForm[]) {
        try {
          outcomes.push(await createDeal(w, form));
        } catch (error) {
          if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
          outcomes.push({ field: Object.keys(error.fields ?? {})[0] ?? null, message: error.message });
        }
      }
      return outcomes;
    },
    changeFor: (values) => ({ fields: values as never }),
  };
}

/** Deals as an import reads and writes them: matched by ID unless the import asks for title and contact. */
export const dealImport: ImportAdapter = {
  record: dealAdapter as unknown as ImportAdapter['record'],
  noun: 'deal',
  fields: DEAL_IMPORT_FIELDS,
  defaultKey: 'id',
  visibleTo: (importer) =>
    isAdmin(importer)
      ? sql`true`
      : sql`(owner_id = ${importer.user.id} or assigned_to_id = ${importer.user.id})`,
  rows: (db, importer) => dealRows(db, importer),
};
