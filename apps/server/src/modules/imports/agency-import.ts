import {
  AGENCY_TYPES,
  type AgencyForm,
  agencyDuplicateKeys,
  agencyFormSchema,
  enumLabel,
  agencyMessages as m,
} from '@crm/domain';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { HttpError } from '../../lib/http-errors.js';
import { findAgency, salesRepsOf } from '../agencies/agencies.repository.js';
import {
  applyAgencyEdit,
  insertNewAgency,
  setAgencyActive,
  toAgency,
  updateAgencyForm,
} from '../agencies/agencies.service.js';
import type { AudiencedEvent } from '../events/event-types.js';
import type {
  DuplicateNote,
  ImportPlanner,
  MatchKey,
  RowIssue,
  RowPlan,
  UndoOutcome,
} from './contact-import.js';
import { sameValue } from './contact-import.js';
import type { Mapping } from './import-fields.js';
import { callingCodeValue, countryName, enumValue, numberValue, phoneValue } from './import-values.js';
import {
  findActiveUserByNameOrEmail,
  findAgenciesByKeys,
  findAgencyByNameOrEmail,
} from './imports.repository.js';

interface Person {
  id: number;
  name: string;
}

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

/** The agency form's values of a saved agency, as an update merges the file's values into them. */
async function formOf(db: Db, id: number): Promise<AgencyForm | undefined> {
  const row = await findAgency(db, id);
  if (!row) return undefined;
  const agency = toAgency(row);
  const reps = await salesRepsOf(db, id);
  return {
    name: agency.name,
    officeNumber: agency.officeNumber,
    countryCode: agency.countryCode,
    email: agency.email,
    commissionRate: agency.commissionRate,
    country: agency.country,
    city: agency.city,
    type: agency.type,
    parentAgencyId: agency.parentAgencyId,
    assignedSalesRepIds: reps.map((rep) => rep.id).sort((a, b) => a - b),
  };
}

const comparable = (value: unknown) => (Array.isArray(value) ? [...value].sort().join(',') : value);

/**
 * Plans the rows of a partner import as the contact planner does: the partner form's schema and
 * messages, its duplicate rule (e-mail, office number), parents and sales reps by name or e-mail.
 */
export class AgencyImportPlanner implements ImportPlanner {
  private readonly seen = { email: new Map<string, number>(), phone: new Map<string, number>() };
  /** Agencies created by earlier rows of the file, by folded name: a later row may name one as parent. */
  private readonly createdNames = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly mapping: Mapping,
    private readonly options: { mode: 'create' | 'upsert' | 'update'; key: MatchKey },
    private readonly importer: Person,
  ) {}

  private cells(values: string[]): Record<string, string> {
    const out: Record<string, string> = {};
    this.mapping.forEach((field, index) => {
      const value = values[index]?.trim();
      if (field && value) out[field] = value;
    });
    return out;
  }

  private keysOf(cells: Record<string, string>) {
    return agencyDuplicateKeys({
      email: cells.email ?? '',
      officeNumber: cells.officeNumber ? phoneValue(cells.officeNumber, cells.countryCode) : '',
    });
  }

  remember(row: { rowNumber: number; values: string[] }): void {
    const cells = this.cells(row.values);
    const keys = this.keysOf(cells);
    if (keys.email && !this.seen.email.has(keys.email)) this.seen.email.set(keys.email, row.rowNumber);
    if (keys.officeNumber && !this.seen.phone.has(keys.officeNumber))
      this.seen.phone.set(keys.officeNumber, row.rowNumber);
    if (cells.name) this.createdNames.add(cells.name.toLowerCase());
  }

  private async translate(cells: Record<string, string>) {
    const errors: RowIssue[] = [];
    const input: Record<string, unknown> = {};
    let parentPending: string | undefined;
    for (const [field, value] of Object.entries(cells)) {
      if (field === 'officeNumber') input.officeNumber = phoneValue(value, cells.countryCode);
      else if (field === 'countryCode') input.countryCode = callingCodeValue(value);
      else if (field === 'commissionRate') input.commissionRate = numberValue(value);
      else if (field === 'country') input.country = countryName(value);
      else if (field === 'type') input.type = enumValue(value, TYPE_LABELS);
      else if (field === 'parentAgency') {
        const parent = await findAgencyByNameOrEmail(this.db, value);
        if (parent) input.parentAgencyId = parent.id;
        else if (this.createdNames.has(value.toLowerCase())) parentPending = value;
        else errors.push({ field: 'parentAgencyId', message: m.parentNotFound });
      } else if (field === 'salesReps') {
        const ids: number[] = [];
        for (const name of value
          .split(/[;,\n]/)
          .map((v) => v.trim())
          .filter(Boolean)) {
          const user = await findActiveUserByNameOrEmail(this.db, name);
          if (user) ids.push(user.id);
          else if (!errors.some((e) => e.field === 'assignedSalesRepIds')) {
            errors.push({ field: 'assignedSalesRepIds', message: m.repNotFound });
          }
        }
        input.assignedSalesRepIds = ids;
      } else input[field] = value;
    }
    return { input, errors, parentPending };
  }

  async plan(rows: { rowNumber: number; values: string[] }[]): Promise<RowPlan[]> {
    const plans: RowPlan[] = [];
    const drafts = [];
    for (const row of rows) {
      const cells = this.cells(row.values);
      drafts.push({ row, cells, keys: this.keysOf(cells), ...(await this.translate(cells)) });
      // A later row may name this one as its parent; the run creates rows in order.
      if (cells.name) this.createdNames.add(cells.name.toLowerCase());
    }
    const existing = await findAgenciesByKeys(this.db, {
      emails: drafts.map((d) => d.keys.email).filter(Boolean),
      officeNumbers: drafts.map((d) => d.keys.officeNumber).filter(Boolean),
    });
    for (const draft of drafts) {
      const { keys } = draft;
      const plan: RowPlan = {
        rowNumber: draft.row.rowNumber,
        label: draft.cells.name ?? draft.cells.email ?? '',
        action: 'create',
        errors: [...draft.errors],
        duplicates: [],
      };
      const earlier = new Map<number, ('email' | 'phone')[]>();
      const note = (row: number | undefined, on: 'email' | 'phone') => {
        if (row !== undefined) earlier.set(row, [...(earlier.get(row) ?? []), on]);
      };
      if (keys.email) note(this.seen.email.get(keys.email), 'email');
      if (keys.officeNumber) note(this.seen.phone.get(keys.officeNumber), 'phone');
      for (const [row, on] of earlier) plan.duplicates.push({ in: 'file', row, on } as DuplicateNote);
      if (keys.email && !this.seen.email.has(keys.email)) this.seen.email.set(keys.email, plan.rowNumber);
      if (keys.officeNumber && !this.seen.phone.has(keys.officeNumber))
        this.seen.phone.set(keys.officeNumber, plan.rowNumber);

      const matches = existing
        .map((agency) => {
          const on: ('email' | 'phone')[] = [];
          if (keys.email && agency.email_key === keys.email) on.push('email');
          if (keys.officeNumber && agency.office_number === keys.officeNumber) on.push('phone');
          return { agency, on };
        })
        .filter((match) => match.on.length > 0);
      for (const match of matches.slice(0, 3)) {
        plan.duplicates.push({ in: 'database', id: match.agency.id, name: match.agency.name, on: match.on });
      }
      const keyOn = (on: string[]) =>
        this.options.key === 'both'
          ? on.includes('email') && on.includes('phone')
          : on.includes(this.options.key);
      const target = matches.filter((match) => keyOn(match.on));
      const fileTwin = [...earlier][0];

      if (fileTwin) {
        plan.action = 'skip';
        plan.reason = `Same ${fileTwin[1].map((k) => (k === 'email' ? 'e-mail' : 'office number')).join(' and ')} as row ${fileTwin[0]}`;
      } else if (target.length > 1) {
        plan.action = 'skip';
        plan.reason = `Matches ${target.length} existing partners`;
      } else if (target.length === 1 && this.options.mode !== 'create') {
        await this.planUpdate(plan, target[0]?.agency.id as number, draft.input);
      } else if (matches[0]) {
        plan.action = 'skip';
        plan.reason = `Already exists: ${matches[0].agency.name}`;
        plan.recordId = matches[0].agency.id;
      } else if (this.options.mode === 'update') {
        plan.action = 'skip';
        plan.reason = 'No existing partner matches';
      } else {
        const parsed = agencyFormSchema.safeParse({
          assignedSalesRepIds: [this.importer.id],
          ...draft.input,
        });
        if (!parsed.success) {
          for (const issue of parsed.error.issues) addIssue(plan, String(issue.path[0] ?? ''), issue.message);
        } else {
          plan.agency = { form: parsed.data, parentPending: draft.parentPending };
        }
      }
      if (plan.errors.length > 0) plan.action = 'error';
      plans.push(plan);
    }
    return plans;
  }

  private async planUpdate(plan: RowPlan, id: number, input: Record<string, unknown>) {
    const before = await formOf(this.db, id);
    plan.recordId = id;
    if (!before) {
      plan.action = 'skip';
      plan.reason = 'No existing partner matches';
      return;
    }
    const parsed = agencyFormSchema.safeParse({ ...before, ...input });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) addIssue(plan, String(issue.path[0] ?? ''), issue.message);
      return;
    }
    const changes: Record<string, [unknown, unknown]> = {};
    for (const field of AGENCY_FORM_FIELDS) {
      if (comparable(before[field]) !== comparable(parsed.data[field]))
        changes[field] = [before[field], parsed.data[field]];
    }
    if (Object.keys(changes).length === 0) {
      plan.action = 'skip';
      plan.reason = 'No changes';
      return;
    }
    plan.action = 'update';
    plan.changes = changes;
    plan.agency = { form: parsed.data };
  }

  /**
   * Partners are written row by row through the partner service's create and update paths (the
   * form's checks of parent and sales reps), all in the batch's transaction. A refusal there is
   * thrown before anything of the row is written: the row becomes an error and the batch goes on.
   */
  async writeBatch(trx: Db, actor: Actor, plans: RowPlan[], at: string): Promise<AudiencedEvent[]> {
    for (const plan of plans) {
      if ((plan.action !== 'create' && plan.action !== 'update') || !plan.agency) continue;
      try {
        const form = { ...plan.agency.form };
        if (plan.agency.parentPending) {
          // Created by an earlier row: committed with an earlier batch, or written earlier in this one.
          const parent = await findAgencyByNameOrEmail(trx, plan.agency.parentPending);
          if (!parent) throw new HttpError(400, m.parentNotFound, { parentAgencyId: m.parentNotFound });
          form.parentAgencyId = parent.id;
        }
        if (plan.action === 'create') plan.recordId = await insertNewAgency(trx, actor, form, at);
        else {
          const changed = Object.keys(plan.changes ?? {}) as (keyof AgencyForm)[];
          const fields = Object.fromEntries(
            changed.map((field) => [field, form[field]]),
          ) as Partial<AgencyForm>;
          await applyAgencyEdit(trx, actor, plan.recordId as number, { version: undefined, fields });
        }
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        plan.action = 'error';
        plan.errors.push({ field: Object.keys(error.fields ?? {})[0] ?? null, message: error.message });
      }
    }
    return [];
  }

  async undoRow(
    ctx: AppContext,
    actor: Actor,
    row: { action: string; record_id: number | null; changes: string | null },
  ): Promise<UndoOutcome> {
    if (row.record_id === null) return { action: 'keep', kept: [], restored: [] };
    const current = await formOf(ctx.db, row.record_id);
    if (!current) return { action: 'keep', kept: [], restored: [] };
    if (row.action === 'create') {
      await setAgencyActive(ctx, actor, row.record_id, false);
      return { action: 'deactivate', kept: [], restored: [] };
    }
    const changes = JSON.parse(row.changes ?? '{}') as Record<string, [unknown, unknown]>;
    const form: Record<string, unknown> = {};
    const kept: string[] = [];
    const restored: string[] = [];
    for (const [field, [before, after]] of Object.entries(changes)) {
      if (!sameValue(comparable(current[field as keyof AgencyForm]), comparable(after))) kept.push(field);
      else {
        restored.push(field);
        form[field] = before;
      }
    }
    if (restored.length > 0) {
      await updateAgencyForm(ctx, actor, row.record_id, {
        version: undefined,
        fields: form as Partial<AgencyForm>,
      });
    }
    return { action: restored.length > 0 ? 'restore' : 'keep', kept, restored };
  }
}

function addIssue(plan: RowPlan, field: string | null, message: string) {
  if (!plan.errors.some((e) => e.field === field && e.message === message))
    plan.errors.push({ field, message });
}
