import { isIsoDate } from '@crm/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { type Actor, isAdmin } from '../../lib/actor.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/http-errors.js';
import { liveSessionUser } from '../auth/auth.service.js';
import {
  dealVisibleTo,
  PARENT_COLUMN,
  type ParentKind,
  type ParentRef,
  type SharedHistoryKind,
} from '../parents.js';
import { dealKeepers, reparentIds, reparentRows } from '../parents.repository.js';
import { parentEvent } from '../records/parent-event.js';
import { inWrite, type WriteScope } from '../records/write-scope.js';
import {
  contactIsActive,
  type FileRow,
  findFile,
  findFileByStoredName,
  insertFile,
  listFiles,
  setFileActive,
} from './files.repository.js';
import { receiveUpload } from './upload-reader.js';

export const fileMessages = {
  fileRequired: 'Choose a file to upload',
  validUntilRequired: 'Valid until date is required',
  validUntilFormat: 'Valid until must be a date (YYYY-MM-DD)',
  validUntilPast: 'Valid until date cannot be before today',
  notFound: 'File not found',
  adminOnly: 'Only an administrator can reactivate files',
  nameTooLong: 'File name can be at most 255 characters',
} as const;

/** Where each parent's files are opened from (specification: uploads/contacts/… and uploads/…). */

export const DOWNLOAD_PREFIX: Record<ParentKind, string> = {
  contact: '/uploads/contacts/',
  agency: '/uploads/',
  // The specification names no path for a deal's files; the agencies' one opens any stored name.
  deal: '/uploads/',
};
const LINK_LIFETIME_SECONDS = 60 * 60;

export interface StoredFile {
  id: number;
  name: string;
  filename: string;
  url: string;
  mimeType: string;
  size: number;
  validUntil: string;
  isActive: boolean;
  createdAt: string;
  uploadedBy: { name: string };
  deletedBy: { name: string } | null;
}

export function toStoredFile(ctx: AppContext, row: FileRow, actor: Actor): StoredFile {
  const kind: ParentKind = row.contact_id !== null ? 'contact' : row.deal_id !== null ? 'deal' : 'agency';
  const exp = Math.floor(Date.now() / 1000) + LINK_LIFETIME_SECONDS;
  const access = ctx.tokens.signDownload(row.filename, exp, actor.sessionId);
  return {
    id: row.id,
    name: row.name,
    filename: row.filename,
    url: `${DOWNLOAD_PREFIX[kind]}${row.filename}?access=${encodeURIComponent(access)}`,
    mimeType: row.mime_type,
    size: row.size,
    validUntil: row.valid_until,
    isActive: row.is_active === 1,
    createdAt: row.created_at,
    uploadedBy: { name: row.user_name },
    deletedBy: row.deleted_by_name ? { name: row.deleted_by_name } : null,
  };
}

export const LINK_EXPIRED = 'This file link has expired. Open the file again from the app.';

/**
 * The file a signed link opens, checked at the moment of the download: the session it was made
 * for is still live, and the file and its parent are still visible to that session's user (a
 * deactivated contact or file only to an admin).
 */
export async function fileForLink(ctx: AppContext, filename: string, access: string | undefined) {
  const sessionId = access ? ctx.tokens.verifyDownload(filename, access) : undefined;
  const user = sessionId ? await liveSessionUser(ctx, sessionId) : undefined;
  if (!user) throw unauthorized(LINK_EXPIRED);
  const file = await findFileByStoredName(ctx.db, filename);
  if (!file) throw notFound(fileMessages.notFound);
  const admin = user.role === 'admin';
  const parentVisible =
    admin ||
    (file.contact_id !== null
      ? await contactIsActive(ctx.db, file.contact_id)
      : file.deal_id === null || (await dealVisible(ctx.db, file.deal_id, user.id)));
  if ((file.is_active !== 1 && !admin) || !parentVisible) throw notFound(fileMessages.notFound);
  return file;
}

/** A plain user opens a deal's file only while they may see the deal. */
async function dealVisible(db: Db, dealId: number, userId: number): Promise<boolean> {
  const deal = await dealKeepers(db, dealId);
  return deal !== undefined && dealVisibleTo(deal, userId, false);
}

export async function filesOf(ctx: AppContext, actor: Actor, parent: ParentRef): Promise<StoredFile[]> {
  return (await listFiles(ctx.db, parent, isAdmin(actor))).map((row) => toStoredFile(ctx, row, actor));
}

export function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

export async function uploadFile(
  ctx: AppContext,
  actor: Actor,
  parent: ParentRef,
  request: FastifyRequest,
): Promise<StoredFile> {
  const { file, fields } = await receiveUpload(request, ctx.files);
  const fail = async (field: string, message: string) => {
    if (file) await ctx.files.discard(file.storedName);
    return badRequest(message, { [field]: message });
  };
  if (!file || file.size === 0) throw await fail('file', fileMessages.fileRequired);
  const validUntil = fields.validUntil?.trim().slice(0, 10) ?? '';
  if (!validUntil) throw await fail('validUntil', fileMessages.validUntilRequired);
  if (!isIsoDate(validUntil)) throw await fail('validUntil', fileMessages.validUntilFormat);
  if (validUntil < todayIso()) throw await fail('validUntil', fileMessages.validUntilPast);
  const name = fields.customFileName?.trim() || file.originalName || 'file';
  if (name.length > 255) throw await fail('customFileName', fileMessages.nameTooLong);

  const id = await commitUpload(ctx, actor, file.storedName, async (w) => {
    const fileId = await insertFile(
      w.db,
      parent,
      {
        name,
        filename: file.storedName,
        mimeType: file.mimeType,
        size: file.size,
        validUntil,
        userId: actor.user.id,
      },
      w.at,
    );
    w.publish(await parentEvent(w.db, parent));
    return fileId;
  });
  return toStoredFile(ctx, (await findFile(ctx.db, id))!, actor);
}

/**
 * The row and the file become real together: the temporary is committed inside the transaction
 * that inserts the row, so a failure on either side leaves neither (the temporary is discarded, a
 * committed file whose row did not commit is deleted).
 */
async function commitUpload(
  ctx: AppContext,
  actor: Actor,
  name: string,
  insertRow: (w: WriteScope) => Promise<number>,
): Promise<number> {
  let committed = false;
  try {
    return await inWrite(ctx, actor, async (w) => {
      const id = await insertRow(w);
      await ctx.files.commit(name);
      committed = true;
      return id;
    });
  } catch (error) {
    await (committed ? ctx.files.delete(name) : ctx.files.discard(name)).catch(() => undefined);
    throw error;
  }
}

/**
 * Delete is a soft delete anyone may do; reactivating is for admins. The file's parent must be
 * one the caller may see (a deactivated contact's files are out of reach for non-admins).
 */
export async function setFileState(
  ctx: AppContext,
  actor: Actor,
  kind: ParentKind,
  fileId: number,
  active: boolean,
  ensureParent: (parentId: number, admin: boolean, actor: Actor) => Promise<void>,
): Promise<StoredFile> {
  if (active && !isAdmin(actor)) throw forbidden(fileMessages.adminOnly);
  const file = await findFile(ctx.db, fileId);
  const parentId = file?.[PARENT_COLUMN[kind]];
  if (!file || parentId === null || parentId === undefined || (!file.is_active && !isAdmin(actor))) {
    throw notFound(fileMessages.notFound);
  }
  await ensureParent(parentId, isAdmin(actor), actor);
  await inWrite(ctx, actor, async (w) => {
    await setFileActive(w.db, fileId, active, actor.user.id, w.at);
    w.publish(await parentEvent(w.db, { kind, id: parentId }));
  });
  return toStoredFile(ctx, (await findFile(ctx.db, fileId))!, actor);
}

/** A merge hands a record's files to its survivor; its undo hands exactly those back. */
export const moveFiles = (db: Db, kind: SharedHistoryKind, fromId: number, toId: number) =>
  reparentRows(db, 'files', kind, fromId, toId);
export const moveFilesBack = (db: Db, kind: SharedHistoryKind, ids: number[], toId: number) =>
  reparentIds(db, 'files', kind, ids, toId);
