import {
  authMessages,
  type ContactFields,
  type ContactType,
  type ConversionField,
  contactRuleIssues,
  foldCase,
  contactMessages as m,
  missingConversionFields,
} from '@crm/domain';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ContactsTable } from '../../db/schema.js';
import { type Actor, isAdmin } from '../../lib/actor.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors.js';
import { agencyNameAndState } from '../agencies/agency-reads.js';
import { recordAudience } from '../events/event-types.js';
import { type HistoryEntryWrite, insertHistory, insertHistoryBatch } from '../history/history.repository.js';
import { changedFields } from '../history/history.service.js';
import { contactAssigned, notify } from '../notifications/notifications.service.js';
import type { WriteScope } from '../records/write-scope.js';
import { activeUserName } from '../users/user-reads.js';
import { lockVersion } from '../versions/versions.repository.js';
import { assertFresh, versionColumns } from '../versions/versions.service.js';
import { contactColumns, EDITABLE_FIELDS, fieldsOf, readableNotes, snapshot } from './contact-columns.js';
import { type Contact, toContact } from './contact-mapper.js';
import { type ContactRow, findContact, insertContacts, updateContact } from './contacts.repository.js';

/** What one write changes on a contact; what is left out stays as it is. */
export interface ContactChange {
  /** The form's fields: all of them (a plain PUT) or those sent with a version. */
  fields?: Partial<ContactFields>;
  /** Converts a lead: the conversion fields that are empty on the contact are filled from these. */
  convert?: Partial<Record<ConversionField, string | null>>;
  isActive?: boolean;
  assignedToId?: number;
  /** A merge points the merged contact at its survivor; its undo clears that (null). */
  mergedIntoId?: number | null;
  /** The version the writer read: a field changed since is refused (409) rather than overwritten. */
  version?: number;
  /** Entries the history records beside the changed fields' own (a merge's "merged with"). */
  notes?: HistoryEntryWrite[];
  /** An import's undo: whoever created the contact by that import may deactivate it. */
  undoesOwnCreation?: boolean;
}

export interface ContactWritten {
  /** The fields that changed, by their history and version names. */
  changed: string[];
  before: Contact;
}

export interface NewContact {
  input: ContactFields & { type: ContactType };
  /** Someone other than the writer: an admin's choice only. */
  assigneeId?: number;
}

const CONVERSION_MESSAGES = {
  nationality: m.nationalityRequired,
  residency: m.residencyRequired,
  source: m.sourceRequired,
  gender: m.genderRequired,
} as const;

function failWith(issues: { path: string[]; message: string }[]): never {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.join('.')] ??= issue.message;
  throw badRequest(issues[0]?.message ?? 'Invalid contact', fields);
}

/** An agency name for a link; a new link needs an active agency, a kept one may have gone inactive. */
async function agencyNameFor(
  db: Db,
  agencyId: number | null,
  current: number | null,
): Promise<string | null> {
  if (agencyId === null) return null;
  const agency = await agencyNameAndState(db, agencyId);
  if (!agency || (!agency.isActive && agencyId !== current)) {
    throw badRequest(m.agencyNotFound, { agencyId: m.agencyNotFound });
  }
  return agency.name;
}

async function assigneeName(db: Db, id: number): Promise<string> {
  const name = await activeUserName(db, id);
  if (name === undefined) throw badRequest(m.assigneeNotFound, { assignedToId: m.assigneeNotFound });
  return name;
}

/**
 * Who may change what: anyone who sees the contact edits and converts it; assignment, status and
 * merges are an admin's, except that the creator of a contact may take it back by undoing the
 * import that created it.
 */
function checkPermission(actor: Actor, row: ContactRow, change: ContactChange): void {
  if (isAdmin(actor)) return;
  if (change.assignedToId !== undefined && change.assignedToId !== row.assigned_to_id)
    throw forbidden(m.assignAdminOnly);
  const takingBack = change.undoesOwnCreation && change.isActive === false && row.owner_id === actor.user.id;
  if ((change.isActive !== undefined && !takingBack) || change.mergedIntoId !== undefined)
    throw forbidden(authMessages.forbidden);
}

/** The form's fields and a conversion: the columns they set and the history of what differs. */
async function fieldChanges(db: Db, row: ContactRow, before: Contact, change: ContactChange) {
  const input: ContactFields = { ...fieldsOf(before), ...change.fields };
  const entries: HistoryEntryWrite[] = [];
  let type = before.type;
  if (change.convert) {
    if (before.type === 'CUSTOMER') throw conflict(m.alreadyCustomer);
    for (const field of missingConversionFields(input))
      (input as Record<ConversionField, string | null>)[field] = change.convert[field] ?? null;
    const missing = missingConversionFields(input);
    if (missing.length > 0)
      failWith(missing.map((field) => ({ path: [field], message: CONVERSION_MESSAGES[field] })));
    type = 'CUSTOMER';
    entries.push({ kind: 'conversion', field: 'type', oldValue: 'LEAD', newValue: 'CUSTOMER' });
  }
  const issues = contactRuleIssues(input, type);
  if (issues.length > 0) failWith(issues);
  const agency = await agencyNameFor(db, input.agencyId, row.agency_id);
  const columns = contactColumns(input, { agency });
  const after: Contact = {
    ...before,
    ...input,
    countryCode: columns.country_code,
    source: columns.source,
    notes: columns.notes,
    agency: input.agencyId !== null && agency !== null ? { id: input.agencyId, name: agency } : null,
  };
  entries.push(...changedFields(snapshot(before), snapshot(after), EDITABLE_FIELDS).map(readableNotes));
  return { columns: { ...columns, type }, entries };
}

/**
 * The one way a contact changes, whoever calls (the edit dialog, conversion, assignment, status,
 * an import's rows and its undo, a merge and its undo): inside the caller's transaction it checks
 * the writer's permission for each field, locks the row (FOR UPDATE on PostgreSQL; SQLite's write
 * transaction holds the file), refuses a field changed since the given version, writes the fields
 * with their versions, records the history with the old values read under the lock, and queues
 * the live event for after the commit.
 */
export async function writeContact(
  w: WriteScope,
  id: number,
  change: ContactChange,
): Promise<ContactWritten> {
  const state = await lockVersion(w.db, 'contacts', id);
  const row = state && (await findContact(w.db, id));
  if (!state || !row || (row.is_active !== 1 && !isAdmin(w.actor))) throw notFound(m.contactNotFound);
  checkPermission(w.actor, row, change);
  const before = toContact(row);
  const columns: Updateable<ContactsTable> = {};
  const entries: HistoryEntryWrite[] = [];
  if (change.fields || change.convert) {
    const fields = await fieldChanges(w.db, row, before, change);
    Object.assign(columns, fields.columns);
    entries.push(...fields.entries);
  }
  if (change.isActive !== undefined && (row.is_active === 1) !== change.isActive) {
    columns.is_active = change.isActive ? 1 : 0;
    const [was, is] = [String(!change.isActive), String(change.isActive)];
    entries.push({ kind: 'edited', field: 'isActive', oldValue: was, newValue: is });
  }
  let assignee: string | undefined;
  if (change.assignedToId !== undefined) {
    assignee = await assigneeName(w.db, change.assignedToId);
    if (change.assignedToId !== row.assigned_to_id) {
      columns.assigned_to_id = change.assignedToId;
      columns.assignee_key = foldCase(assignee);
      entries.push({ kind: 'edited', field: 'assignedTo', oldValue: row.assignee_name, newValue: assignee });
    }
  }
  const merging = change.mergedIntoId !== undefined && change.mergedIntoId !== row.merged_into_id;
  if (merging) columns.merged_into_id = change.mergedIntoId;
  const changed = [
    ...new Set([...entries.map((entry) => entry.field as string), ...(merging ? ['mergedInto'] : [])]),
  ];
  assertFresh('contact', state, change.version, changed);
  const notes = change.notes ?? [];
  if (changed.length === 0 && notes.length === 0) return { changed, before };
  const at = w.at;
  if (changed.length > 0) {
    await updateContact(w.db, id, {
      ...columns,
      ...versionColumns(state, changed, w.actor.user.id),
      updated_at: at,
    });
  }
  await insertHistory(w.db, { kind: 'contact', id }, w.actor.user.id, [...entries, ...notes], at);
  if (columns.assigned_to_id !== undefined && assignee !== undefined) {
    const name = `${row.name} ${row.surname}`;
    const audience = recordAudience(change.isActive ?? row.is_active === 1);
    w.publish(
      ...(await notify(w.db, contactAssigned(w.actor, change.assignedToId!, { id, name, audience }), at)),
    );
  }
  const visibleToAll = row.is_active === 1 || change.isActive === true;
  w.publish({ kind: 'contact', id, audience: recordAudience(visibleToAll) });
  return { changed, before };
}

/**
 * New contacts (the form's one, an import batch's many) in a few statements: the writer owns them
 * and is their assignee unless an admin names another; each gets its "created" entry and event.
 */
export async function createContacts(w: WriteScope, items: NewContact[]): Promise<number[]> {
  if (items.length === 0) return [];
  const at = w.at;
  const agencies = new Map<number, string | null>();
  const assignees = new Map<number, string>([[w.actor.user.id, w.actor.user.name]]);
  const rows = [];
  for (const { input, assigneeId = w.actor.user.id } of items) {
    if (assigneeId !== w.actor.user.id && !isAdmin(w.actor)) throw forbidden(m.assignAdminOnly);
    const issues = contactRuleIssues(input, input.type);
    if (issues.length > 0) failWith(issues);
    if (input.agencyId !== null && !agencies.has(input.agencyId))
      agencies.set(input.agencyId, await agencyNameFor(w.db, input.agencyId, null));
    if (!assignees.has(assigneeId)) assignees.set(assigneeId, await assigneeName(w.db, assigneeId));
    rows.push({
      ...contactColumns(input, { agency: input.agencyId === null ? null : agencies.get(input.agencyId)! }),
      type: input.type,
      owner_id: w.actor.user.id,
      assigned_to_id: assigneeId,
      owner_key: foldCase(w.actor.user.name),
      assignee_key: foldCase(assignees.get(assigneeId)!),
      is_active: 1,
      created_at: at,
      updated_at: at,
    });
  }
  const ids = await insertContacts(w.db, rows);
  await insertHistoryBatch(
    w.db,
    items.map(({ input }, i) => ({
      parent: { kind: 'contact', id: ids[i] as number },
      userId: w.actor.user.id,
      entry: { kind: 'created', field: null, oldValue: null, newValue: input.type },
    })),
    at,
  );
  w.publish(...ids.map((id) => ({ kind: 'contact' as const, id, audience: recordAudience(true) })));
  return ids;
}
