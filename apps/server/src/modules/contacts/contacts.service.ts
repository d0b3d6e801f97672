import {
  type ContactFields,
  type ContactType,
  type ConversionField,
  ID_MAX,
  contactMessages as m,
} from '@crm/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type ListResult, parseListQuery } from '../../db/list-query.js';
import type { ListExport } from '../../db/list-stream.js';
import { type Actor, isAdmin } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { filesOf } from '../files/files.service.js';
import { inWrite } from '../records/write-scope.js';
import { type Edit, refusingStale } from '../versions/versions.service.js';
import { matchContactDuplicates } from './contact-duplicates.js';
import {
  type ContactListRecord,
  contactListSource,
  contactListSpec,
  listContacts,
} from './contact-list.repository.js';
import { type Contact, type ContactListRow, toContact, toContactListRow } from './contact-mapper.js';
import { type ContactChange, createContacts, writeContact } from './contact-write.js';
import { type ContactRow, findContact, mergedIntoOf } from './contacts.repository.js';
import type { contactDetailResponse } from './contacts.schemas.js';

/** A contact the caller may see: inactive ones exist only for admins. */
async function visibleContact(ctx: AppContext, actor: Actor, id: number): Promise<ContactRow> {
  const row = await findContact(ctx.db, id);
  if (!row || (row.is_active !== 1 && !isAdmin(actor))) throw notFound(m.contactNotFound);
  return row;
}

export async function ensureContactVisible(ctx: AppContext, id: number, admin: boolean): Promise<void> {
  const row = await findContact(ctx.db, id);
  if (!row || (row.is_active !== 1 && !admin)) throw notFound(m.contactNotFound);
}

async function current(ctx: AppContext, id: number): Promise<Contact> {
  return toContact((await findContact(ctx.db, id))!);
}

/** A change through the contacts' one write path, answered with the contact as it is then. */
async function change(ctx: AppContext, actor: Actor, id: number, contactChange: ContactChange) {
  await refusingStale(
    () => inWrite(ctx, actor, (w) => writeContact(w, id, contactChange)),
    () => contactDetail(ctx, actor, id),
  );
  return current(ctx, id);
}

/** The form's new contact: its creator owns it and is its assignee. */
export async function createContact(
  ctx: AppContext,
  actor: Actor,
  input: ContactFields & { type: ContactType },
): Promise<Contact> {
  const [id] = await inWrite(ctx, actor, (w) => createContacts(w, [{ input }]));
  return current(ctx, id!);
}

/**
 * An edit: every field (the plain PUT), or with a version only the fields sent, refused (409) only
 * when one of them was changed by someone else since that version.
 */
export function updateContactFields(ctx: AppContext, actor: Actor, id: number, edit: Edit<ContactFields>) {
  return change(ctx, actor, id, { fields: edit.fields, version: edit.version });
}

/**
 * Converts a lead: the fields among nationality, residency, source and gender that are empty on
 * the contact are taken from the request, and the conversion is refused while any stays empty.
 */
export function convertContact(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: Partial<Record<ConversionField, string | null>>,
) {
  return change(ctx, actor, id, { convert: input });
}

/** Deactivation and the detail screen's delete are the same soft delete (admin only). */
export function deactivateContact(ctx: AppContext, actor: Actor, id: number) {
  return change(ctx, actor, id, { isActive: false });
}

export function assignContact(ctx: AppContext, actor: Actor, id: number, assignedToId: number) {
  return change(ctx, actor, id, { assignedToId });
}

export async function contactDetail(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<z.output<typeof contactDetailResponse>> {
  const row = await visibleContact(ctx, actor, id);
  return { ...toContact(row), files: await filesOf(ctx, actor, { kind: 'contact', id }) };
}

export async function contactDuplicates(ctx: AppContext, actor: Actor, id: number) {
  return matchContactDuplicates(ctx.db, await visibleContact(ctx, actor, id), id);
}

/** The contact a merged one was merged into: links to it land there. */
export function mergedInto(ctx: AppContext, id: number): Promise<number | null> {
  return mergedIntoOf(ctx.db, id);
}

export function parseContactType(raw: unknown): ContactType | undefined {
  if (raw === undefined || raw === '') return undefined;
  const upper = String(raw).toUpperCase();
  if (upper === 'LEAD' || upper === 'CUSTOMER') return upper;
  throw badRequest('type must be lead or customer');
}

export async function listContactsFor(
  ctx: AppContext,
  rawQuery: Record<string, unknown>,
): Promise<ListResult<ContactListRow>> {
  const { type, agencyId, ...rest } = rawQuery;
  let agency: number | undefined;
  if (agencyId !== undefined) {
    agency = Number(agencyId);
    if (!Number.isInteger(agency) || agency <= 0 || agency > ID_MAX)
      throw badRequest('agencyId must be a positive number');
  }
  const query = parseListQuery(rest, contactListSpec);
  const page = await listContacts(ctx.db, { type: parseContactType(type), agencyId: agency }, query);
  return { ...page, rows: page.rows.map(toContactListRow) };
}

/** A contacts list (of a type, or one agency's) as an export reads it. */
export async function contactListExport(
  ctx: AppContext,
  params: Record<string, unknown>,
  scope: { type?: ContactType; agencyId?: number },
): Promise<ListExport<ContactListRecord, ContactListRow>> {
  const query = parseListQuery(params, contactListSpec);
  const scoped = {
    ...params,
    ...(scope.type ? { type: scope.type } : {}),
    ...(scope.agencyId ? { agencyId: String(scope.agencyId) } : {}),
    limit: '1',
    offset: '0',
  };
  const { total } = await listContactsFor(ctx, scoped);
  return { total, source: contactListSource(ctx.db, scope, query), query, toView: toContactListRow };
}
