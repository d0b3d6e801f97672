import {
  type ContactFields,
  type ContactType,
  callingCodeOf,
  contactFieldsSchema,
  contactRuleIssues,
  createContactSchema,
  EDUCATION_LABELS,
  EDUCATION_LEVELS,
  enumLabel,
  INCOME_BANDS,
  INCOME_LEVELS,
  contactMessages as m,
  PREFERRED_PAYMENTS,
  SOURCES,
  searchFold,
} from '@crm/domain';
import { type Actor, isAdmin } from '../../lib/actor.js';
import {
  callingCodeValue,
  countryName,
  dateValue,
  enumValue,
  numberValue,
  phoneCell,
  unreadablePhone,
} from '../../lib/cell-values.js';
import { HttpError } from '../../lib/http-errors.js';
import { richTextToPlain, sanitizeRichText } from '../../lib/sanitize.js';
import { findAgencyByNameOrEmail } from '../agencies/agency-reads.js';
import type { ImportAdapter, ImportRows, RowIssue } from '../records/import-adapter.js';
import type { WriteScope } from '../records/write-scope.js';
import { findActiveUserByNameOrEmail } from '../users/user-reads.js';
import { contactAdapter } from './contact-adapter.js';
import { CONTACT_IMPORT_FIELDS } from './contact-import-fields.js';
import { toContact } from './contact-mapper.js';
import { createContacts, type NewContact } from './contact-write.js';
import { findContact } from './contacts.repository.js';

/** The contact fields an import writes and its undo puts back, in the form's order. */
const CONTACT_FIELDS = Object.keys(contactFieldsSchema.shape) as (keyof ContactFields)[];

const ENUM_LABELS = {
  gender: { MALE: ['M', 'Man', 'Erkek', 'Bay'], FEMALE: ['F', 'W', 'Woman', 'Kadın', 'Bayan'] },
  maritalStatus: { SINGLE: ['Bekar', 'Unmarried'], MARRIED: ['Evli'] },
  educationLevel: Object.fromEntries(
    EDUCATION_LEVELS.map((level) => [level, [EDUCATION_LABELS[level], enumLabel(level)]]),
  ),
  incomeLevel: Object.fromEntries(
    INCOME_LEVELS.map((level) => [
      level,
      [enumLabel(level), INCOME_BANDS[level], INCOME_BANDS[level].replace(/,/g, '.')],
    ]),
  ),
  preferredPayment: Object.fromEntries(
    PREFERRED_PAYMENTS.map((p) => [p, [enumLabel(p), p === 'INSTALLMENT' ? 'Taksit' : '']]),
  ),
  source: Object.fromEntries(SOURCES.map((s) => [s, [s.replace(/[^A-Za-z]/g, '')]])),
} as const;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** Plain text from a cell becomes the rich text the notes hold; HTML is kept (and sanitised later). */
function notesValue(text: string): string {
  if (/<\/?[a-z][^>]*>/i.test(text)) return text;
  return text
    .split(/\r?\n/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

const notesTooLong = (notes: string) => richTextToPlain(sanitizeRichText(notes)).trim().length > 1000;

const issuesOf = (error: { issues: { path: PropertyKey[]; message: string }[] }): RowIssue[] =>
  error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message }));

function pickFields(contact: Record<string, unknown>): ContactFields {
  return Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field, contact[field] ?? null]),
  ) as unknown as ContactFields;
}

const norm = (v: unknown) => (v === '' || v === undefined ? null : v);

/**
 * The rules across fields (source without an agency, the customers' fields), checked even when a
 * field of the row failed: the schema skips them then, and a row should show every error at once.
 * A field that failed its own check counts as given, so it is not also called missing.
 */
function ruleIssuesDespite(values: Record<string, unknown>, type: ContactType): RowIssue[] {
  const shape = contactFieldsSchema.shape;
  const read = <K extends 'agencyId' | 'source' | 'nationality' | 'residency' | 'gender'>(key: K) => {
    const parsed = shape[key].safeParse(values[key]);
    return (parsed.success ? parsed.data : 'given') as ContactFields[K];
  };
  const fields = {
    agencyId: read('agencyId'),
    source: read('source'),
    nationality: read('nationality'),
    residency: read('residency'),
    gender: read('gender'),
  };
  return contactRuleIssues(fields, type).map((issue) => ({
    field: issue.path[0] ?? null,
    message: issue.message,
  }));
}

/**
 * A contact import's rows: the form's fields and messages, agencies and assignees by name or
 * e-mail (each looked up once per import). Giving a contact to someone else is an admin's choice,
 * whichever way it comes: a plain user's row that would do so is refused with a reason.
 */
function contactRows(
  db: Parameters<ImportAdapter['rows']>[0],
  importer: Actor,
  type: ContactType,
  country: string,
): ImportRows {
  const agencies = new Map<string, { id: number; name: string; active: boolean } | null>();
  const users = new Map<string, { id: number; name: string } | null>();

  const agency = async (value: string) => {
    const key = searchFold(value.trim());
    if (!agencies.has(key)) {
      const row = await findAgencyByNameOrEmail(db, value);
      agencies.set(key, row ? { id: row.id, name: row.name, active: row.is_active === 1 } : null);
    }
    return agencies.get(key) ?? null;
  };
  const user = async (value: string) => {
    const key = searchFold(value.trim());
    if (!users.has(key)) users.set(key, (await findActiveUserByNameOrEmail(db, value)) ?? null);
    return users.get(key) ?? null;
  };
  const assignIssue: RowIssue = { field: 'assignedTo', message: m.assignAdminOnly };

  return {
    async translate(cells) {
      const errors: RowIssue[] = [];
      const warnings: RowIssue[] = [];
      const readings: Record<string, string> = {};
      const input: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(cells)) {
        if (field === 'phone') {
          const phone = phoneCell(value, cells.countryCode, country);
          input.phone = phone.digits;
          if (!phone.digits) errors.push({ field: 'phone', message: unreadablePhone('Phone', value) });
          if (phone.callingCode) readings.phone = phone.formatted;
          if (phone.warning) warnings.push({ field: 'phone', message: `Phone ${phone.warning}` });
        } else if (field === 'countryCode') input.countryCode = callingCodeValue(value);
        else if (field === 'nationality' || field === 'residency') input[field] = countryName(value);
        else if (field === 'birthday') input.birthday = dateValue(value);
        else if (field in ENUM_LABELS)
          input[field] = enumValue(
            value,
            ENUM_LABELS[field as keyof typeof ENUM_LABELS] as Record<string, readonly string[]>,
          );
        else if (field === 'budget' || field === 'numberOfChildren') input[field] = numberValue(value);
        else if (field === 'notes') input.notes = notesValue(value);
        else if (field === 'agency') {
          const found = await agency(value);
          if (!found?.active) errors.push({ field: 'agency', message: m.agencyNotFound });
          else input.agencyId = found.id;
        } else if (field === 'assignedTo') {
          const assignee = await user(value);
          if (!assignee) errors.push({ field: 'assignedTo', message: m.assigneeNotFound });
          else input.assignedToId = assignee.id;
        } else input[field] = value;
      }
      // A source with an agency means nothing (the form hides it); without one it is required.
      if (input.agencyId !== undefined) input.source = null;
      return { input, errors, warnings, readings };
    },
    remember: () => {},
    keyFields: (cells) => ({
      name: cells.name ?? '',
      surname: cells.surname ?? '',
      email: cells.email ?? null,
      phone: cells.phone ? phoneCell(cells.phone, cells.countryCode, country).digits : '',
    }),
    label: (cells) =>
      [cells.name, cells.surname].filter(Boolean).join(' ') || cells.email || cells.phone || '',
    async read(db, id) {
      const row = await findContact(db, id);
      if (!row) return undefined;
      const contact = toContact(row);
      return {
        values: { ...pickFields(contact), assignedToId: contact.assignedToId, type: contact.type },
        version: row.version,
      };
    },
    planCreate({ input }) {
      const parsed = createContactSchema.safeParse({ ...input, type });
      if (!parsed.success) return { issues: [...issuesOf(parsed.error), ...ruleIssuesDespite(input, type)] };
      const issues: RowIssue[] = [];
      if (notesTooLong(parsed.data.notes)) issues.push({ field: 'notes', message: m.notesMax });
      const assigneeId = input.assignedToId as number | undefined;
      if (assigneeId !== undefined && assigneeId !== importer.user.id && !isAdmin(importer))
        issues.push(assignIssue);
      if (issues.length > 0) return { issues };
      return { record: { input: parsed.data, assigneeId } satisfies NewContact };
    },
    planUpdate(current, { input }) {
      const { assignedToId: currentAssignee, type: currentType, ...stored } = current.values;
      const before = pickFields(stored);
      const parsed = contactFieldsSchema.safeParse({ ...before, ...input });
      if (!parsed.success)
        return {
          issues: [
            ...issuesOf(parsed.error),
            ...ruleIssuesDespite({ ...before, ...input }, currentType as ContactType),
          ],
        };
      const issues: RowIssue[] = contactRuleIssues(parsed.data, currentType as ContactType).map((issue) => ({
        field: issue.path[0] ?? null,
        message: issue.message,
      }));
      if (notesTooLong(parsed.data.notes)) issues.push({ field: 'notes', message: m.notesMax });
      const after: ContactFields = {
        ...parsed.data,
        source: parsed.data.agencyId === null ? parsed.data.source : null,
        notes: sanitizeRichText(parsed.data.notes),
        // A new phone without a code of its own takes the code its number carries, as the form does.
        countryCode:
          input.countryCode !== undefined || input.phone === undefined
            ? parsed.data.countryCode
            : callingCodeOf(parsed.data.phone),
      };
      const changes: Record<string, [unknown, unknown]> = {};
      for (const field of CONTACT_FIELDS) {
        if (norm(before[field]) !== norm(after[field])) changes[field] = [before[field], after[field]];
      }
      const assignee = input.assignedToId as number | undefined;
      if (assignee !== undefined && assignee !== currentAssignee) {
        if (!isAdmin(importer)) issues.push(assignIssue);
        changes.assignedToId = [currentAssignee, assignee];
      }
      return issues.length > 0 ? { issues } : { changes };
    },
    async create(w: WriteScope, records) {
      const items = records as NewContact[];
      try {
        return await createContacts(w, items);
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        // One refused row (an agency deactivated since the preview) does not hold back the others.
        const outcomes: (number | RowIssue)[] = [];
        for (const item of items) {
          try {
            outcomes.push(...(await createContacts(w, [item])));
          } catch (refused) {
            if (!(refused instanceof HttpError) || refused.statusCode >= 500) throw refused;
            outcomes.push({ field: Object.keys(refused.fields ?? {})[0] ?? null, message: refused.message });
          }
        }
        return outcomes;
      }
    },
    changeFor(values) {
      const { assignedToId, ...fields } = values;
      return {
        ...(Object.keys(fields).length > 0 ? { fields: fields as never } : {}),
        ...(assignedToId !== undefined && assignedToId !== null ? { assignedToId } : {}),
      } as never;
    },
  };
}

/** Contacts as an import reads and writes them. */
export const contactImport: ImportAdapter = {
  record: contactAdapter as unknown as ImportAdapter['record'],
  noun: 'contact',
  fields: CONTACT_IMPORT_FIELDS,
  rows: (db, importer, options) =>
    contactRows(db, importer, (options.type ?? 'LEAD') as ContactType, options.country),
};
