import {
  AGENCY_TYPES,
  type AgencyForm,
  agencyFormSchema,
  enumLabel,
  agencyMessages as m,
  searchFold,
} from '@crm/domain';
import type { Actor } from '../../lib/actor.js';
import {
  callingCodeValue,
  countryName,
  enumValue,
  numberValue,
  phoneCell,
  unreadablePhone,
} from '../../lib/cell-values.js';
import { HttpError } from '../../lib/http-errors.js';
import type { ImportAdapter, ImportRows, RowIssue } from '../records/import-adapter.js';
import type { WriteScope } from '../records/write-scope.js';
import { findActiveUserByNameOrEmail } from '../users/user-reads.js';
import { findAgency, findAgencyByNameOrEmail, salesRepsOf } from './agencies.repository.js';
import { agencyAdapter } from './agency-adapter.js';
import { AGENCY_IMPORT_FIELDS } from './agency-import-fields.js';
import { formOf, toAgency } from './agency-mapper.js';
import { createAgency } from './agency-write.js';

const AGENCY_FORM_FIELDS = [
  'name',
  'officeNumber',
  'countryCode',
  'email',
  'commissionRate',
  'country',
  'city',
  'type',
  'parentAgencyId',
  'assignedSalesRepIds',
] as const;

const TYPE_LABELS = Object.fromEntries(AGENCY_TYPES.map((t) => [t, [enumLabel(t)]]));

const comparable = (value: unknown) => (Array.isArray(value) ? [...value].sort().join(',') : value);

const issuesOf = (error: { issues: { path: PropertyKey[]; message: string }[] }): RowIssue[] =>
  error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message }));

interface PlannedAgency {
  form: AgencyForm;
  /** A parent named by an earlier row of the file, found once that row is written. */
  parentPending?: string;
}

/**
 * A partner import's rows: the partner form's schema and messages, parents and sales reps by name
 * or e-mail. A parent may be a partner an earlier row of the same file creates.
 */
function agencyRows(db: Parameters<ImportAdapter['rows']>[0], importer: Actor, country: string): ImportRows {
  /** Partners created by earlier rows of the file, by search-folded name (as the database finds them). */
  const createdNames = new Set<string>();
  return {
    async translate(cells) {
      const errors: RowIssue[] = [];
      const warnings: RowIssue[] = [];
      const readings: Record<string, string> = {};
      const input: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(cells)) {
        if (field === 'officeNumber') {
          const phone = phoneCell(value, cells.countryCode, country);
          input.officeNumber = phone.digits;
          if (!phone.digits)
            errors.push({ field: 'officeNumber', message: unreadablePhone('Office number', value) });
          if (phone.callingCode) readings.officeNumber = phone.formatted;
          if (phone.warning)
            warnings.push({ field: 'officeNumber', message: `Office number ${phone.warning}` });
        } else if (field === 'countryCode') input.countryCode = callingCodeValue(value);
        else if (field === 'commissionRate') input.commissionRate = numberValue(value);
        else if (field === 'country') input.country = countryName(value);
        else if (field === 'type') input.type = enumValue(value, TYPE_LABELS);
        else if (field === 'parentAgency') {
          const parent = await findAgencyByNameOrEmail(db, value);
          if (parent) input.parentAgencyId = parent.id;
          else if (createdNames.has(searchFold(value.trim()))) input.parentPending = value;
          else errors.push({ field: 'parentAgencyId', message: m.parentNotFound });
        } else if (field === 'salesReps') {
          const ids: number[] = [];
          const names = value
            .split(/[;,\n]/)
            .map((v) => v.trim())
            .filter(Boolean);
          for (const name of names) {
            const user = await findActiveUserByNameOrEmail(db, name);
            if (user) ids.push(user.id);
            else if (!errors.some((e) => e.field === 'assignedSalesRepIds'))
              errors.push({ field: 'assignedSalesRepIds', message: m.repNotFound });
          }
          input.assignedSalesRepIds = ids;
        } else input[field] = value;
      }
      return { input, errors, warnings, readings };
    },
    remember(cells) {
      if (cells.name) createdNames.add(searchFold(cells.name.trim()));
    },
    keyFields: (cells) => ({
      email: cells.email ?? '',
      officeNumber: cells.officeNumber
        ? phoneCell(cells.officeNumber, cells.countryCode, country).digits
        : '',
    }),
    label: (cells) => cells.name ?? cells.email ?? '',
    async read(db, id) {
      const row = await findAgency(db, id);
      if (!row) return undefined;
      const reps = await salesRepsOf(db, id);
      return {
        values: formOf(
          toAgency(row),
          reps.map((rep) => rep.id),
        ) as unknown as Record<string, unknown>,
        version: row.version,
      };
    },
    planCreate({ input }) {
      const { parentPending, ...fields } = input;
      const parsed = agencyFormSchema.safeParse({ assignedSalesRepIds: [importer.user.id], ...fields });
      if (!parsed.success) return { issues: issuesOf(parsed.error) };
      return { record: { form: parsed.data, parentPending: parentPending as string | undefined } };
    },
    planUpdate(current, { input }) {
      // A partner created by this file becomes a parent only of the partners the file creates.
      if (input.parentPending) return { issues: [{ field: 'parentAgencyId', message: m.parentNotFound }] };
      const before = current.values as unknown as AgencyForm;
      const parsed = agencyFormSchema.safeParse({ ...before, ...input });
      if (!parsed.success) return { issues: issuesOf(parsed.error) };
      const changes: Record<string, [unknown, unknown]> = {};
      for (const field of AGENCY_FORM_FIELDS) {
        if (comparable(before[field]) !== comparable(parsed.data[field]))
          changes[field] = [before[field], parsed.data[field]];
      }
      return { changes };
    },
    /**
     * Partners are created row by row through the partners' write path (the form's checks of the
     * parent and the sales reps), a refused row becoming an error while the batch goes on.
     */
    async create(w: WriteScope, records) {
      const outcomes: (number | RowIssue)[] = [];
      for (const { form, parentPending } of records as PlannedAgency[]) {
        try {
          const parent = parentPending ? await findAgencyByNameOrEmail(w.db, parentPending) : undefined;
          if (parentPending && !parent)
            throw new HttpError(400, m.parentNotFound, { parentAgencyId: m.parentNotFound });
          outcomes.push(await createAgency(w, parent ? { ...form, parentAgencyId: parent.id } : form));
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

/** Partners as an import reads and writes them. */
export const agencyImport: ImportAdapter = {
  record: agencyAdapter as unknown as ImportAdapter['record'],
  noun: 'partner',
  fields: AGENCY_IMPORT_FIELDS,
  rows: (db, importer, options) => agencyRows(db, importer, options.country),
};
