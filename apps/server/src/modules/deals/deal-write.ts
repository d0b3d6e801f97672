import {
  authMessages,
  DEFAULT_CURRENCY,
  type DealForm,
  type DealStageMove,
  dealAmountMinor,
  foldCase,
  formatMoney,
  lineTotalMinor,
  dealMessages as m,
  searchFold,
  toBasisPoints,
  todayIso,
  toMinor,
} from '@crm/domain';
import type { Db } from '../../db/database.js';
import { getSetting } from '../../db/settings.js';
import { type Actor, isAdmin } from '../../lib/actor.js';
import { badRequest, forbidden, notFound } from '../../lib/http-errors.js';
import { agencyNameAndState } from '../agencies/agency-reads.js';
import { contactBrief } from '../contacts/contact-reads.js';
import type { AudiencedEvent } from '../events/event-types.js';
import type { HistoryEntryWrite } from '../history/history.repository.js';
import { changedFields, type HistoryValue } from '../history/history.service.js';
import { dealVisibleTo } from '../parents.js';
import type { WriteScope } from '../records/write-scope.js';
import { activeUserName } from '../users/user-reads.js';
import { lockVersion } from '../versions/versions.repository.js';
import { assertFresh, versionColumns } from '../versions/versions.service.js';
import { dealCreatorId } from './deal-import.repository.js';
import { findLostReason, findStage, type StageRow } from './deal-stages.repository.js';
import {
  type DealLineRow,
  type DealRow,
  dealIdsOfAgency,
  dealIdsOfContact,
  findDeal,
  insertDeal,
  insertDealHistory,
  linesOfDeals,
  productPrices,
  replaceDealLines,
  updateDeal,
} from './deals.repository.js';

/** What one write changes on a deal: the whole form, a move to another stage, or its status. */
export interface DealChange {
  form?: DealForm;
  move?: DealStageMove;
  isActive?: boolean;
  /** The contact a deal follows into a merge (and back on its undo); nothing else changes. */
  contactId?: number;
  /** The partner a deal's referral follows into a merge of partners (and back on its undo). */
  agencyId?: number;
  /** A bulk reassign: the person becomes the deal's owner and assignee, as the list's reassign makes them. */
  reassignTo?: number;
  version?: number;
  /** An import's undo: whoever created the deal by that import may deactivate it. */
  undoesOwnCreation?: boolean;
}

/** Admins see every deal; others the active ones they own or are assigned. */
export function maySeeDeal(
  actor: Actor,
  row: Pick<DealRow, 'owner_id' | 'assigned_to_id' | 'is_active'>,
): boolean {
  return dealVisibleTo(row, actor.user.id, isAdmin(actor));
}

/** Everyone who may hear of a deal: admins, and its owner and assignee before and after the write. */
function dealEvent(id: number, ...rows: (Pick<DealRow, 'owner_id' | 'assigned_to_id'> | undefined)[]) {
  const users = new Set<number>();
  for (const row of rows) {
    if (!row) continue;
    users.add(row.owner_id);
    if (row.assigned_to_id !== null) users.add(row.assigned_to_id);
  }
  return { kind: 'deal', id, audience: { roles: ['admin'], users: [...users] } } satisfies AudiencedEvent;
}

interface Line {
  position: number;
  product_id: number;
  quantity: number;
  unit_price_pence: number;
  discount_bp: number;
  line_total_pence: number;
}

/** A line's unit price defaults to its product's: a sale price, else a year's, else a term's. */
async function resolveLines(db: Db, form: DealForm): Promise<Line[]> {
  const ids = [...new Set(form.lines.map((line) => line.productId))];
  const products = new Map((await productPrices(db, ids)).map((product) => [product.id, product]));
  return form.lines.map((line, index) => {
    const product = products.get(line.productId);
    if (product?.is_active !== 1) {
      throw badRequest(m.productNotFound, { [`lines.${index}.productId`]: m.productNotFound });
    }
    const unitPrice =
      line.unitPrice === null
        ? Number(product.sale_price_pence ?? product.annual_price_pence ?? product.term_price_pence ?? 0)
        : toMinor(line.unitPrice);
    const discount = toBasisPoints(line.discount);
    return {
      position: index + 1,
      product_id: line.productId,
      quantity: line.quantity,
      unit_price_pence: unitPrice,
      discount_bp: discount,
      line_total_pence: lineTotalMinor({
        quantity: line.quantity,
        unitPriceMinor: unitPrice,
        discountBp: discount,
      }),
    };
  });
}

async function activeUser(db: Db, id: number, field: string): Promise<void> {
  if ((await activeUserName(db, id)) === undefined)
    throw badRequest(m.userNotFound, { [field]: m.userNotFound });
}

/** Owner and assignee are the writer's own unless an admin gives the deal to someone else. */
async function checkPeople(
  w: WriteScope,
  owner: number,
  assignee: number,
  existing?: DealRow,
): Promise<void> {
  const me = w.actor.user.id;
  for (const [field, id, before] of [
    ['ownerId', owner, existing?.owner_id],
    ['assignedToId', assignee, existing?.assigned_to_id],
  ] as const) {
    if (id === before) continue;
    if (id !== me && !isAdmin(w.actor)) throw forbidden(m.assignAdminOnly);
    await activeUser(w.db, id, field);
  }
}

async function stageFor(db: Db, stageId: number, current: number | undefined): Promise<StageRow> {
  const stage = await findStage(db, stageId);
  if (!stage) throw badRequest(m.stageNotFound, { stageId: m.stageNotFound });
  // A deactivated stage keeps its deals, but takes no new ones.
  if (stage.is_active !== 1 && stage.id !== current)
    throw badRequest(m.stageInactive, { stageId: m.stageInactive });
  return stage;
}

/** The stage's terminal fields: a lost reason on Lost (required), a won date on Won (today by default). */
async function outcome(
  w: WriteScope,
  stage: StageRow,
  given: { lostReasonId: number | null; lostReasonText: string | null; wonDate?: string | null },
  existing?: DealRow,
) {
  if (stage.kind === 'lost') {
    if (given.lostReasonId === null)
      throw badRequest(m.lostReasonRequired, { lostReasonId: m.lostReasonRequired });
    if (given.lostReasonId !== existing?.lost_reason_id) {
      const reason = await findLostReason(w.db, given.lostReasonId);
      if (reason?.is_active !== 1)
        throw badRequest(m.lostReasonNotFound, { lostReasonId: m.lostReasonNotFound });
    }
  }
  const won = stage.kind === 'won';
  return {
    lost_reason_id: stage.kind === 'lost' ? given.lostReasonId : null,
    lost_reason_text: stage.kind === 'lost' ? given.lostReasonText : null,
    won_date: won ? (given.wonDate ?? existing?.won_date ?? todayIso(new Date(w.at))) : null,
  };
}

/** The columns a form writes, every default applied and every link checked. */
async function formColumns(w: WriteScope, form: DealForm, existing?: DealRow) {
  const contact = await contactBrief(w.db, form.contactId);
  // A deal keeps a contact deactivated since; a new link must be to an active one.
  if (!contact || (!contact.isActive && form.contactId !== existing?.contact_id)) {
    throw badRequest(m.contactNotFound, { contactId: m.contactNotFound });
  }
  const agencyId =
    form.agencyId ??
    (form.contactId === existing?.contact_id ? existing.agency_id : null) ??
    contact.agencyId;
  if (agencyId !== null && agencyId !== existing?.agency_id && !(await agencyNameAndState(w.db, agencyId))) {
    throw badRequest(m.agencyNotFound, { agencyId: m.agencyNotFound });
  }
  const owner = form.ownerId ?? existing?.owner_id ?? w.actor.user.id;
  const assignee = form.assignedToId ?? existing?.assigned_to_id ?? w.actor.user.id;
  await checkPeople(w, owner, assignee, existing);
  const stage = await stageFor(w.db, form.stageId, existing?.stage_id);
  const lines = await resolveLines(w.db, form);
  const amount = dealAmountMinor(
    lines.map((line) => line.line_total_pence),
    form.amount === null ? null : toMinor(form.amount),
  );
  const keepsStage = existing?.stage_id === stage.id;
  return {
    stage,
    lines,
    columns: {
      title: form.title,
      title_key: foldCase(form.title),
      title_fold: searchFold(form.title),
      contact_id: form.contactId,
      agency_id: agencyId,
      owner_id: owner,
      assigned_to_id: assignee,
      stage_id: stage.id,
      probability: form.probability ?? (keepsStage && existing ? existing.probability : stage.probability),
      amount_pence: amount,
      expected_close_date: form.expectedCloseDate,
      source: form.source,
      ...(await outcome(w, stage, form, existing)),
    },
  };
}

/** The columns a move to another stage writes; the rest of the deal stays as it is. */
async function moveColumns(w: WriteScope, move: DealStageMove, existing: DealRow) {
  const stage = await stageFor(w.db, move.stageId, existing.stage_id);
  const keepsStage = existing.stage_id === stage.id;
  return {
    stage_id: stage.id,
    probability: move.probability ?? (keepsStage ? existing.probability : stage.probability),
    ...(await outcome(
      w,
      stage,
      {
        lostReasonId: move.lostReasonId ?? (keepsStage ? existing.lost_reason_id : null),
        lostReasonText: move.lostReasonText ?? (keepsStage ? existing.lost_reason_text : null),
      },
      existing,
    )),
  };
}

/** The names a column change is versioned and recorded under (the form's field names). */
const FIELD_OF: Record<string, string> = {
  title: 'title',
  title_key: 'title',
  title_fold: 'title',
  contact_id: 'contactId',
  agency_id: 'agencyId',
  owner_id: 'ownerId',
  assigned_to_id: 'assignedToId',
  stage_id: 'stageId',
  probability: 'probability',
  amount_pence: 'amount',
  expected_close_date: 'expectedCloseDate',
  source: 'source',
  lost_reason_id: 'lostReasonId',
  lost_reason_text: 'lostReasonText',
  won_date: 'wonDate',
  is_active: 'isActive',
};

/** A deal as its history reads it: links by name, money as the screens write it. */
function historyView(row: DealRow, lines: DealLineRow[], currency: string): Record<string, HistoryValue> {
  return {
    title: row.title,
    contact: `${row.contact_name} ${row.contact_surname}`.trim(),
    agency: row.agency_name,
    owner: row.owner_name,
    assignedTo: row.assignee_name,
    stage: row.stage_name,
    probability: row.probability,
    amount: formatMoney(Number(row.amount_pence), currency),
    expectedCloseDate: row.expected_close_date,
    source: row.source,
    lostReason: row.lost_reason_name,
    lostReasonText: row.lost_reason_text,
    wonDate: row.won_date,
    lines: lines
      .map(
        (line) =>
          `${line.product_title} × ${line.quantity}${line.discount_bp ? ` −${line.discount_bp / 100}%` : ''}`,
      )
      .join('; '),
    isActive: row.is_active === 1 ? 'ACTIVE' : 'INACTIVE',
  };
}
const HISTORY_FIELDS = [
  'title',
  'contact',
  'agency',
  'owner',
  'assignedTo',
  'stage',
  'probability',
  'amount',
  'expectedCloseDate',
  'source',
  'lostReason',
  'lostReasonText',
  'wonDate',
  'lines',
  'isActive',
] as const;

const sameLines = (before: DealLineRow[], after: Line[]) =>
  before.length === after.length &&
  before.every((line, index) => {
    const next = after[index]!;
    return (
      line.product_id === next.product_id &&
      line.quantity === next.quantity &&
      Number(line.unit_price_pence) === next.unit_price_pence &&
      line.discount_bp === next.discount_bp
    );
  });

export async function createDeal(w: WriteScope, form: DealForm): Promise<number> {
  const { columns, lines } = await formColumns(w, form);
  const id = await insertDeal(w.db, {
    ...columns,
    is_active: 1,
    created_by_id: w.actor.user.id,
    created_at: w.at,
    updated_at: w.at,
  });
  await replaceDealLines(w.db, id, lines);
  const created = await findDeal(w.db, id);
  await insertDealHistory(
    w.db,
    id,
    w.actor.user.id,
    [{ kind: 'created', field: null, oldValue: null, newValue: created?.title ?? form.title }],
    w.at,
  );
  w.publish(dealEvent(id, created));
  return id;
}

/** What a write of a deal changed, and the deal (with its lines) as the write left it. */
export interface DealWritten {
  changed: string[];
  row: DealRow;
  lines: DealLineRow[];
}

/**
 * The one way a deal changes (its form, a move on the board, its status): the row locked and read,
 * a deal the writer may not see answered as not found, a status change and a gift to someone else
 * refused to all but admins, a field changed since the given version refused, the fields, their
 * versions and the history written, the event queued for after the commit.
 */
export async function writeDeal(
  w: WriteScope,
  id: number,
  change: DealChange,
  currency: string,
): Promise<DealWritten> {
  const state = await lockVersion(w.db, 'deals', id);
  const existing = state && (await findDeal(w.db, id));
  if (!state || !existing || !maySeeDeal(w.actor, existing)) throw notFound(m.dealNotFound);
  const at = w.at;
  const oldLines = await linesOfDeals(w.db, [id]);
  let columns: Record<string, unknown> = {};
  let lines: Line[] | undefined;
  if (change.form) {
    const resolved = await formColumns(w, change.form, existing);
    columns = resolved.columns;
    lines = resolved.lines;
  } else if (change.move) {
    columns = await moveColumns(w, change.move, existing);
  } else if (change.contactId !== undefined && change.contactId !== existing.contact_id) {
    const contact = await contactBrief(w.db, change.contactId);
    if (!contact?.isActive) throw badRequest(m.contactNotFound, { contactId: m.contactNotFound });
    // The partner stays: it is the referral, as when the contact's own partner changes later.
    columns = { contact_id: change.contactId };
  } else if (change.agencyId !== undefined && change.agencyId !== existing.agency_id) {
    if (!(await agencyNameAndState(w.db, change.agencyId)))
      throw badRequest(m.agencyNotFound, { agencyId: m.agencyNotFound });
    columns = { agency_id: change.agencyId };
  } else if (change.reassignTo !== undefined) {
    await checkPeople(w, change.reassignTo, change.reassignTo, existing);
    columns = { owner_id: change.reassignTo, assigned_to_id: change.reassignTo };
  }
  const wanted = change.isActive ?? change.form?.isActive;
  if (wanted !== undefined) columns.is_active = wanted ? 1 : 0;
  if (columns.is_active !== undefined && columns.is_active !== existing.is_active && !isAdmin(w.actor)) {
    const ownCreation =
      change.undoesOwnCreation === true &&
      columns.is_active === 0 &&
      (await dealCreatorId(w.db, id)) === w.actor.user.id;
    if (!ownCreation) throw forbidden(authMessages.forbidden);
  }
  const changedColumns = Object.keys(columns).filter(
    (column) => (existing as Record<string, unknown>)[column] !== columns[column],
  );
  const changed = [...new Set(changedColumns.map((column) => FIELD_OF[column] ?? column))];
  const linesChanged = lines !== undefined && !sameLines(oldLines, lines);
  if (linesChanged) changed.push('lines');
  assertFresh('deal', state, change.version, changed);
  if (changed.length === 0) return { changed, row: existing, lines: oldLines };
  await updateDeal(w.db, id, {
    ...Object.fromEntries(changedColumns.map((column) => [column, columns[column]])),
    ...versionColumns(state, changed, w.actor.user.id),
    updated_at: at,
  });
  if (linesChanged && lines) await replaceDealLines(w.db, id, lines);
  const after = (await findDeal(w.db, id))!;
  const newLines = linesChanged ? await linesOfDeals(w.db, [id]) : oldLines;
  const entries: HistoryEntryWrite[] = changedFields(
    historyView(existing, oldLines, currency),
    historyView(after, newLines, currency),
    HISTORY_FIELDS,
  );
  await insertDealHistory(w.db, id, w.actor.user.id, entries, at);
  w.publish(dealEvent(id, existing, after));
  return { changed, row: after, lines: newLines };
}

/** The currency each database was found with, read once per process (see `installationCurrency`). */
const currencies = new WeakMap<Db, Promise<string>>();

/**
 * The installation's one currency (the `currency` setting; GBP unless set). No screen or endpoint
 * changes it, so each process reads it once per database rather than on every board column and
 * move; an operator who changes it in the database restarts the server, as for any setting of
 * `.env`. A transaction's handle is new each time and reads it afresh.
 */
export function installationCurrency(db: Db): Promise<string> {
  let currency = currencies.get(db);
  if (!currency) {
    currency = getSetting(db, 'currency').then((value) => value ?? DEFAULT_CURRENCY);
    // A failed read is not remembered: the next caller asks again.
    currency.catch(() => currencies.delete(db));
    currencies.set(db, currency);
  }
  return currency;
}

/** What a merge moves deals by: the contact they are for, or the partner that referred them. */
export type DealLink = 'contact' | 'agency';

const linkOf = (link: DealLink, id: number) => (link === 'contact' ? { contactId: id } : { agencyId: id });

/**
 * A merge of contacts or of partners: every deal of the merged record, active or not, follows it to
 * the survivor, each written as any change of the deal is (locked, versioned, its history and live
 * event), in the merge's transaction. Answers the deals moved, for the undo.
 */
export async function moveDeals(
  w: WriteScope,
  link: DealLink,
  fromId: number,
  toId: number,
): Promise<number[]> {
  const ids = link === 'contact' ? await dealIdsOfContact(w.db, fromId) : await dealIdsOfAgency(w.db, fromId);
  if (ids.length === 0) return ids;
  const currency = await installationCurrency(w.db);
  for (const id of ids) await writeDeal(w, id, linkOf(link, toId), currency);
  return ids;
}

/**
 * A merge's undo: the deals it moved go back to the restored record, those the survivor still has
 * (a deal given to another contact or partner since stays where it was put).
 */
export async function moveDealsBack(
  w: WriteScope,
  link: DealLink,
  ids: number[],
  survivorId: number,
  restoredId: number,
): Promise<void> {
  if (ids.length === 0) return;
  const currency = await installationCurrency(w.db);
  for (const id of ids) {
    const row = await findDeal(w.db, id);
    const current = link === 'contact' ? row?.contact_id : row?.agency_id;
    if (current === survivorId) await writeDeal(w, id, linkOf(link, restoredId), currency);
  }
}
