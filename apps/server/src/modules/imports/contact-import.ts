import {
  type AgencyForm,
  type ContactFields,
  type ContactType,
  callingCodeOf,
  contactDuplicateKeys,
  contactFieldsSchema,
  contactRuleIssues,
  createContactSchema,
  EDUCATION_LABELS,
  EDUCATION_LEVELS,
  enumLabel,
  GENDERS,
  INCOME_BANDS,
  INCOME_LEVELS,
  MARITAL_STATUSES,
  contactMessages as m,
  PREFERRED_PAYMENTS,
  SOURCES,
} from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { HttpError } from '../../lib/http-errors.js';
import { richTextToPlain, sanitizeRichText } from '../../lib/sanitize.js';
import { toContact } from '../contacts/contact-mapper.js';
import { type ContactRow, findContact, findContactsByIds } from '../contacts/contacts.repository.js';
import {
  applyContactAssignment,
  applyContactEdit,
  assignContact,
  deactivateContact,
  insertNewContacts,
  updateContactFields,
} from '../contacts/contacts.service.js';
import type { AudiencedEvent } from '../events/event-types.js';
import type { Mapping } from './import-fields.js';
import {
  callingCodeValue,
  countryName,
  dateValue,
  enumValue,
  numberValue,
  phoneValue,
} from './import-values.js';
import {
  findActiveUserByNameOrEmail,
  findAgencyByNameOrEmail,
  findContactsByKeys,
} from './imports.repository.js';

export type ImportMode = 'create' | 'upsert' | 'update';
export type MatchKey = 'email' | 'phone' | 'both';

export interface RowIssue {
  field: string | null;
  message: string;
}
export type DuplicateNote =
  | { in: 'file'; row: number; on: ('name' | 'email' | 'phone')[] }
  | { in: 'database'; id: number; name: string; on: ('name' | 'email' | 'phone')[] };

export interface RowPlan {
  rowNumber: number;
  label: string;
  action: 'create' | 'update' | 'skip' | 'error';
  errors: RowIssue[];
  duplicates: DuplicateNote[];
  reason?: string;
  recordId?: number;
  /** Field by field, what an update changes: [before, after]. */
  changes?: Record<string, [unknown, unknown]>;
  create?: { input: ContactFields & { type: ContactType }; agency: string | null; assignee: Person };
  update?: { fields: ContactFields; assignee: Person | null; version: number };
  /** A partner row's form values, and a parent named by an earlier row of the file. */
  agency?: { form: AgencyForm; parentPending?: string };
}

/**
 * What an import needs of the records it imports: the same plan for the preview and the run, the
 * writes of a batch (creates and updates with their history) inside the batch's one transaction,
 * answering the bell's events to publish after it commits, and the undo of one row.
 */
export interface ImportPlanner {
  plan(rows: { rowNumber: number; values: string[] }[]): Promise<RowPlan[]>;
  remember(row: { rowNumber: number; values: string[] }): void;
  writeBatch(trx: Db, actor: Actor, plans: RowPlan[], at: string): Promise<AudiencedEvent[]>;
  undoRow(
    ctx: AppContext,
    actor: Actor,
    row: { action: string; record_id: number | null; changes: string | null },
  ): Promise<UndoOutcome>;
}

interface Person {
  id: number;
  name: string;
}

/** The contact fields an import writes and undo puts back, in the form's order. */
export const CONTACT_FIELDS = Object.keys(contactFieldsSchema.shape) as (keyof ContactFields)[];

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
void GENDERS;
void MARITAL_STATUSES;

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

export interface ContactImportOptions {
  type: ContactType;
  mode: ImportMode;
  key: MatchKey;
}

/**
 * Plans the rows of a contact import: translates each row's values, checks them with the form's
 * schema and rules, finds duplicates in the file and in the database, and decides what happens.
 * Nothing is written here; the same plan serves the preview and the run.
 */
export class ContactImportPlanner implements ImportPlanner {
  private readonly agencies = new Map<string, { id: number; name: string; active: boolean } | null>();
  private readonly users = new Map<string, Person | null>();
  private readonly seen = {
    name: new Map<string, number>(),
    email: new Map<string, number>(),
    phone: new Map<string, number>(),
  };

  constructor(
    private readonly db: Db,
    private readonly mapping: Mapping,
    private readonly options: ContactImportOptions,
    private readonly importer: Person,
  ) {}

  /** The mapped, non-empty cells of a row by field. */
  private cells(values: string[]): Record<string, string> {
    const out: Record<string, string> = {};
    this.mapping.forEach((field, index) => {
      const value = values[index]?.trim();
      if (field && value) out[field] = value;
    });
    return out;
  }

  private async agency(value: string) {
    const key = value.trim().toLowerCase();
    if (!this.agencies.has(key)) {
      const row = await findAgencyByNameOrEmail(this.db, value);
      this.agencies.set(key, row ? { id: row.id, name: row.name, active: row.is_active === 1 } : null);
    }
    return this.agencies.get(key) ?? null;
  }

  private async user(value: string) {
    const key = value.trim().toLowerCase();
    if (!this.users.has(key))
      this.users.set(key, (await findActiveUserByNameOrEmail(this.db, value)) ?? null);
    return this.users.get(key) ?? null;
  }

  /** The values of a row as the form would send them, and the lookups' errors. */
  private async translate(cells: Record<string, string>) {
    const errors: RowIssue[] = [];
    const input: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(cells)) {
      switch (field) {
        case 'phone':
          input.phone = phoneValue(value, cells.countryCode);
          break;
        case 'countryCode':
          input.countryCode = callingCodeValue(value);
          break;
        case 'nationality':
        case 'residency':
          input[field] = countryName(value);
          break;
        case 'birthday':
          input.birthday = dateValue(value);
          break;
        case 'gender':
        case 'maritalStatus':
        case 'educationLevel':
        case 'incomeLevel':
        case 'preferredPayment':
        case 'source':
          input[field] = enumValue(value, ENUM_LABELS[field] as Record<string, readonly string[]>);
          break;
        case 'budget':
        case 'numberOfChildren':
          input[field] = numberValue(value);
          break;
        case 'notes':
          input.notes = notesValue(value);
          break;
        case 'agency': {
          const agency = await this.agency(value);
          if (!agency?.active) errors.push({ field: 'agency', message: m.agencyNotFound });
          else input.agencyId = agency.id;
          break;
        }
        case 'assignedTo':
          break;
        default:
          input[field] = value;
      }
    }
    let assignee: Person | null = null;
    if (cells.assignedTo) {
      assignee = await this.user(cells.assignedTo);
      if (!assignee) errors.push({ field: 'assignedTo', message: m.assigneeNotFound });
    }
    // A source with an agency means nothing (the form hides it); without one it is required.
    if (input.agencyId !== undefined) input.source = null;
    return { input, errors, assignee };
  }

  private notesTooLong(notes: string): boolean {
    return richTextToPlain(sanitizeRichText(notes)).trim().length > 1000;
  }

  async writeBatch(trx: Db, actor: Actor, plans: RowPlan[], at: string): Promise<AudiencedEvent[]> {
    const events: AudiencedEvent[] = [];
    for (const plan of plans) events.push(...(await updatePlanned(trx, actor, plan, at)));
    await createPlanned(trx, plans, this.importer, at);
    return events;
  }

  undoRow(
    ctx: AppContext,
    actor: Actor,
    row: { action: string; record_id: number | null; changes: string | null },
  ): Promise<UndoOutcome> {
    return undoContactRow(ctx, actor, row);
  }

  /** A row committed before a resume: only its keys, so later rows still see it as a duplicate. */
  remember(row: { rowNumber: number; values: string[] }): void {
    const cells = this.cells(row.values);
    const keys = contactDuplicateKeys({
      name: cells.name ?? '',
      surname: cells.surname ?? '',
      email: cells.email ?? null,
      phone: cells.phone ? phoneValue(cells.phone, cells.countryCode) : '',
    });
    if (cells.name && cells.surname && !this.seen.name.has(keys.fullName))
      this.seen.name.set(keys.fullName, row.rowNumber);
    if (keys.email && !this.seen.email.has(keys.email)) this.seen.email.set(keys.email, row.rowNumber);
    if (keys.phone && !this.seen.phone.has(keys.phone)) this.seen.phone.set(keys.phone, row.rowNumber);
  }

  async plan(rows: { rowNumber: number; values: string[] }[]): Promise<RowPlan[]> {
    const drafts: {
      row: { rowNumber: number; values: string[] };
      cells: Record<string, string>;
      input: Record<string, unknown>;
      errors: RowIssue[];
      assignee: Person | null;
      label: string;
    }[] = [];
    for (const [i, row] of rows.entries()) {
      // Planning is CPU work: let the requests this process serves in between.
      if (i % 20 === 19) await yieldToRequests();
      const cells = this.cells(row.values);
      const { input, errors, assignee } = await this.translate(cells);
      const label = [cells.name, cells.surname].filter(Boolean).join(' ') || cells.email || cells.phone || '';
      drafts.push({ row, cells, input, errors, assignee, label });
    }
    // One query finds every existing contact any row of the batch could duplicate.
    const keyed = drafts.map((d) =>
      contactDuplicateKeys({
        name: String(d.input.name ?? ''),
        surname: String(d.input.surname ?? ''),
        email: typeof d.input.email === 'string' ? d.input.email : null,
        phone: String(d.input.phone ?? ''),
      }),
    );
    const existing = await findContactsByKeys(this.db, {
      names: [
        ...new Set(
          keyed.filter((_k, i) => drafts[i]?.input.name && drafts[i]?.input.surname).map((k) => k.fullName),
        ),
      ],
      emails: [...new Set(keyed.map((k) => k.email).filter((e): e is string => !!e))],
      phones: [...new Set(keyed.map((k) => k.phone).filter((p): p is string => !!p && p.length >= 6))],
    });

    // By key, so each row finds its matches without going through every match of the batch.
    const existingBy = {
      name: groupBy(existing, (c) => c.name_key),
      email: groupBy(existing, (c) => c.email_key),
      phone: groupBy(existing, (c) => c.phone),
    };

    const plans: RowPlan[] = [];
    const updates: { plan: RowPlan; id: number; draft: (typeof drafts)[number] }[] = [];
    for (const [i, draft] of drafts.entries()) {
      const keys = keyed[i] as ReturnType<typeof contactDuplicateKeys>;
      const hasName = Boolean(draft.input.name && draft.input.surname);
      const plan: RowPlan = {
        rowNumber: draft.row.rowNumber,
        label: draft.label,
        action: 'create',
        errors: [...draft.errors],
        duplicates: [],
      };
      // Duplicates within the file: an earlier row with the same name and surname, e-mail or phone.
      const earlier = new Map<number, ('name' | 'email' | 'phone')[]>();
      const note = (row: number | undefined, on: 'name' | 'email' | 'phone') => {
        if (row !== undefined) earlier.set(row, [...(earlier.get(row) ?? []), on]);
      };
      if (hasName) note(this.seen.name.get(keys.fullName), 'name');
      if (keys.email) note(this.seen.email.get(keys.email), 'email');
      if (keys.phone) note(this.seen.phone.get(keys.phone), 'phone');
      for (const [row, on] of earlier) plan.duplicates.push({ in: 'file', row, on });
      if (hasName && !this.seen.name.has(keys.fullName)) this.seen.name.set(keys.fullName, plan.rowNumber);
      if (keys.email && !this.seen.email.has(keys.email)) this.seen.email.set(keys.email, plan.rowNumber);
      if (keys.phone && !this.seen.phone.has(keys.phone)) this.seen.phone.set(keys.phone, plan.rowNumber);

      // Duplicates in the database, by the same rule, in id order.
      const candidates = new Set([
        ...(hasName ? (existingBy.name.get(keys.fullName) ?? []) : []),
        ...(keys.email ? (existingBy.email.get(keys.email) ?? []) : []),
        ...(keys.phone ? (existingBy.phone.get(keys.phone) ?? []) : []),
      ]);
      const matches = [...candidates]
        .sort((a, b) => a.id - b.id)
        .map((c) => {
          const on: ('name' | 'email' | 'phone')[] = [];
          if (hasName && c.name_key === keys.fullName) on.push('name');
          if (keys.email && c.email_key === keys.email) on.push('email');
          if (keys.phone && c.phone === keys.phone) on.push('phone');
          return { contact: c, on };
        });
      for (const match of matches.slice(0, 3)) {
        plan.duplicates.push({
          in: 'database',
          id: match.contact.id,
          name: `${match.contact.name} ${match.contact.surname}`,
          on: match.on,
        });
      }

      const keyOn = (on: string[]) =>
        this.options.key === 'both'
          ? on.includes('email') && on.includes('phone')
          : on.includes(this.options.key);
      const hasKey =
        this.options.key === 'both' ? Boolean(keys.email && keys.phone) : Boolean(keys[this.options.key]);
      const target = hasKey ? matches.filter((match) => keyOn(match.on)) : [];
      // A row sharing an e-mail or phone with an earlier row or a contact it does not update would
      // be a duplicate: it is skipped, never created.
      const sharesContact = (on: string[]) => on.includes('email') || on.includes('phone');
      const fileTwin = [...earlier].find(([, on]) => sharesContact(on));
      const dbTwin = matches.find((match) => sharesContact(match.on));

      if (fileTwin) {
        plan.action = 'skip';
        plan.reason = `Same ${describeShared(fileTwin[1])} as row ${fileTwin[0]}`;
      } else if (target.length > 1) {
        plan.action = 'skip';
        plan.reason = `Matches ${target.length} existing contacts`;
      } else if (target.length === 1 && this.options.mode !== 'create') {
        plan.action = 'update';
        updates.push({ plan, id: target[0]?.contact.id as number, draft });
      } else if (dbTwin) {
        plan.action = 'skip';
        plan.reason = `Already exists: ${dbTwin.contact.name} ${dbTwin.contact.surname}`;
        plan.recordId = dbTwin.contact.id;
      } else if (this.options.mode === 'update') {
        plan.action = 'skip';
        plan.reason = 'No existing contact matches';
      } else {
        this.planCreate(plan, draft);
      }
      plans.push(plan);
    }
    // The contacts the batch updates, read in one query.
    const current = new Map(
      (await findContactsByIds(this.db, [...new Set(updates.map((u) => u.id))])).map((row) => [row.id, row]),
    );
    for (const { plan, id, draft } of updates) this.planUpdate(plan, id, current.get(id), draft);
    for (const plan of plans) if (plan.errors.length > 0) plan.action = 'error';
    return plans;
  }

  private planCreate(plan: RowPlan, draft: { input: Record<string, unknown>; assignee: Person | null }) {
    const parsed = createContactSchema.safeParse({ ...draft.input, type: this.options.type });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) addIssue(plan, String(issue.path[0] ?? ''), issue.message);
      return;
    }
    if (this.notesTooLong(parsed.data.notes)) addIssue(plan, 'notes', m.notesMax);
    const agency =
      parsed.data.agencyId === null
        ? null
        : ([...this.agencies.values()].find((a) => a?.id === parsed.data.agencyId)?.name ?? null);
    plan.create = { input: parsed.data, agency, assignee: draft.assignee ?? this.importer };
  }

  private planUpdate(
    plan: RowPlan,
    id: number,
    row: ContactRow | undefined,
    draft: { input: Record<string, unknown>; assignee: Person | null },
  ) {
    if (!row) {
      plan.action = 'skip';
      plan.reason = 'No existing contact matches';
      return;
    }
    const current = toContact(row);
    const before = pickFields(current);
    const parsed = contactFieldsSchema.safeParse({ ...before, ...draft.input });
    plan.recordId = id;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) addIssue(plan, String(issue.path[0] ?? ''), issue.message);
      return;
    }
    for (const issue of contactRuleIssues(parsed.data, current.type))
      addIssue(plan, issue.path[0] ?? null, issue.message);
    if (this.notesTooLong(parsed.data.notes)) addIssue(plan, 'notes', m.notesMax);
    const after: ContactFields = {
      ...parsed.data,
      source: parsed.data.agencyId === null ? parsed.data.source : null,
      notes: sanitizeRichText(parsed.data.notes),
      // A new phone without a code of its own takes the code its number carries, as the form does.
      countryCode:
        draft.input.countryCode !== undefined || draft.input.phone === undefined
          ? parsed.data.countryCode
          : callingCodeOf(parsed.data.phone),
    };
    const changes: Record<string, [unknown, unknown]> = {};
    for (const field of CONTACT_FIELDS) {
      if (!sameValue(before[field], after[field])) changes[field] = [before[field], after[field]];
    }
    if (draft.assignee && draft.assignee.id !== current.assignedToId) {
      changes.assignedToId = [current.assignedToId, draft.assignee.id];
    }
    if (Object.keys(changes).length === 0) {
      plan.action = 'skip';
      plan.reason = 'No changes';
      return;
    }
    plan.action = 'update';
    plan.changes = changes;
    plan.update = {
      fields: after,
      assignee: changes.assignedToId ? draft.assignee : null,
      version: row.version,
    };
  }
}

function groupBy<T>(items: T[], key: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k) groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return groups;
}

export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

function describeShared(on: string[]): string {
  const shared = on.filter((key) => key !== 'name').map((key) => (key === 'email' ? 'e-mail' : key));
  return shared.join(' and ');
}

function addIssue(plan: RowPlan, field: string | null, message: string) {
  if (!plan.errors.some((e) => e.field === field && e.message === message))
    plan.errors.push({ field, message });
}

export function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === '' || v === undefined ? null : v);
  return norm(a) === norm(b);
}

export function pickFields(contact: Record<string, unknown>): ContactFields {
  return Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field, contact[field] ?? null]),
  ) as unknown as ContactFields;
}

/** Writes a batch's new contacts in the caller's transaction and notes their ids on the plans. */
export async function createPlanned(trx: Db, plans: RowPlan[], owner: Person, at: string): Promise<void> {
  const creating = plans.filter((plan) => plan.action === 'create' && plan.create);
  const ids = await insertNewContacts(
    trx,
    creating.map((plan) => ({
      people: { owner, assignee: plan.create!.assignee, agency: plan.create!.agency },
      input: plan.create!.input,
    })),
    at,
  );
  creating.forEach((plan, i) => {
    plan.recordId = ids[i];
  });
}

/**
 * Applies a planned update in the batch's transaction through the contacts service's update path
 * (the same checks, versions and history as the edit dialog). A refusal there turns the row into
 * an error; it is thrown before anything of the row is written, so the batch goes on.
 */
export async function updatePlanned(
  trx: Db,
  actor: Actor,
  plan: RowPlan,
  at: string,
): Promise<AudiencedEvent[]> {
  if (plan.action !== 'update' || !plan.update || plan.recordId === undefined) return [];
  try {
    // Only the fields the row changes, at the version the plan read: an edit of those fields made
    // in between is refused (409) rather than overwritten, and other fields stay as they are.
    const fields = Object.fromEntries(
      Object.keys(plan.changes ?? {})
        .filter((field) => field !== 'assignedToId')
        .map((field) => [field, plan.update?.fields[field as keyof ContactFields]]),
    ) as Partial<ContactFields>;
    if (Object.keys(fields).length > 0) {
      await applyContactEdit(trx, actor, plan.recordId, { version: plan.update.version, fields }, at);
    }
    if (!plan.update.assignee) return [];
    return await applyContactAssignment(trx, actor, plan.recordId, plan.update.assignee.id, at);
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    plan.action = 'error';
    plan.errors.push({ field: Object.keys(error.fields ?? {})[0] ?? null, message: error.message });
    return [];
  }
}

export interface UndoOutcome {
  action: 'deactivate' | 'restore' | 'keep';
  /** Fields changed again after the import: listed, not overwritten. */
  kept: string[];
  restored: string[];
}

/** Undoes one row: a created contact is deactivated; an updated one gets back what nobody changed since. */
export async function undoContactRow(
  ctx: AppContext,
  actor: Actor,
  row: { action: string; record_id: number | null; changes: string | null },
): Promise<UndoOutcome> {
  if (row.record_id === null) return { action: 'keep', kept: [], restored: [] };
  const found = await findContact(ctx.db, row.record_id);
  if (!found) return { action: 'keep', kept: [], restored: [] };
  if (row.action === 'create') {
    // Already inactive (deactivated since, or by an undo that was interrupted): nothing to do.
    if (found.is_active === 1) await deactivateContact(ctx, actor, row.record_id);
    return { action: 'deactivate', kept: [], restored: [] };
  }
  const current = toContact(found);
  const changes = JSON.parse(row.changes ?? '{}') as Record<string, [unknown, unknown]>;
  const now = pickFields(current);
  const kept: string[] = [];
  const restored: string[] = [];
  const fields: Partial<Record<keyof ContactFields, unknown>> = {};
  let assignee: number | null = null;
  for (const [field, [before, after]] of Object.entries(changes)) {
    const value = field === 'assignedToId' ? current.assignedToId : now[field as keyof ContactFields];
    if (!sameValue(value, after)) {
      kept.push(field);
      continue;
    }
    restored.push(field);
    if (field === 'assignedToId') assignee = before as number | null;
    else fields[field as keyof ContactFields] = before;
  }
  if (Object.keys(fields).length > 0) {
    try {
      // At the version just read: a change of these fields since is kept, not overwritten.
      await updateContactFields(ctx, actor, row.record_id, {
        version: found.version,
        fields: fields as Partial<ContactFields>,
      });
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
      for (const field of Object.keys(fields)) {
        restored.splice(restored.indexOf(field), 1);
        kept.push(field);
      }
    }
  }
  if (assignee !== null) {
    try {
      await assignContact(ctx, actor, row.record_id, assignee);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      restored.splice(restored.indexOf('assignedToId'), 1);
      kept.push('assignedToId');
    }
  }
  return { action: restored.length > 0 ? 'restore' : 'keep', kept, restored };
}
