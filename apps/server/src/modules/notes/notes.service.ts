import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { type Actor, isAdmin } from '../../lib/actor.js';
import { badRequest, forbidden, notFound } from '../../lib/http-errors.js';
import { richTextToPlain, sanitizeRichText } from '../../lib/sanitize.js';
import { insertHistory } from '../history/history.repository.js';
import { assertMentionLimit, notifyMentions, showMentions } from '../mentions/mentions.service.js';
import type { ParentRef, SharedHistoryKind } from '../parents.js';
import { reparentIds, reparentRows } from '../parents.repository.js';
import { parentEvent } from '../records/parent-event.js';
import { inWrite } from '../records/write-scope.js';
import { findNote, insertNote, listNotes, type NoteRow, setNoteActive } from './notes.repository.js';

export const NOTE_MAX_CHARACTERS = 1000;
export const noteMessages = {
  empty: 'Note cannot be empty',
  tooLong: 'Note can be at most 1,000 characters',
  notFound: 'Note not found',
  adminOnly: 'Only an administrator can reactivate notes',
} as const;

export interface Note {
  id: number;
  content: string;
  isActive: boolean;
  createdAt: string;
  user: { id: number; name: string };
}

function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    content: row.content,
    isActive: row.is_active === 1,
    createdAt: row.created_at,
    user: { id: row.user_id, name: row.user_name },
  };
}

/** Admins see deleted (inactive) notes too; everyone else is not even sent them. */
export async function notesOf(ctx: AppContext, actor: Actor, parent: ParentRef): Promise<Note[]> {
  return showMentions(ctx.db, (await listNotes(ctx.db, parent, isAdmin(actor))).map(toNote));
}

export interface AddNoteOptions {
  /** Agencies record "note added" in their history; contacts do not. */
  recordInHistory: boolean;
}

export async function addNote(
  ctx: AppContext,
  actor: Actor,
  parent: ParentRef,
  rawContent: string,
  options: AddNoteOptions,
): Promise<Note> {
  const content = sanitizeRichText(rawContent);
  const text = richTextToPlain(content).trim();
  if (!text) throw badRequest(noteMessages.empty, { content: noteMessages.empty });
  if (text.length > NOTE_MAX_CHARACTERS)
    throw badRequest(noteMessages.tooLong, { content: noteMessages.tooLong });
  assertMentionLimit(content);
  const id = await inWrite(ctx, actor, async (w) => {
    const noteId = await insertNote(w.db, parent, actor.user.id, content, w.at);
    await w.emit('note.added', { parent, noteId, text });
    w.publish(...(await notifyMentions(w.db, actor.user.id, parent, content, text.slice(0, 300), w.at)));
    if (options.recordInHistory) {
      await insertHistory(
        w.db,
        parent,
        actor.user.id,
        [{ kind: 'note', field: null, oldValue: null, newValue: text.slice(0, 200) }],
        w.at,
      );
    }
    w.publish(await parentEvent(w.db, parent));
    return noteId;
  });
  const [note] = await showMentions(ctx.db, [toNote((await findNote(ctx.db, parent, id))!)]);
  return note!;
}

/** Delete is a soft delete anyone may do; reactivating is for admins. */
export async function setNoteState(
  ctx: AppContext,
  actor: Actor,
  parent: ParentRef,
  noteId: number,
  active: boolean,
): Promise<Note> {
  if (active && !isAdmin(actor)) throw forbidden(noteMessages.adminOnly);
  const note = await findNote(ctx.db, parent, noteId);
  if (!note || (!note.is_active && !isAdmin(actor))) throw notFound(noteMessages.notFound);
  await inWrite(ctx, actor, async (w) => {
    await setNoteActive(w.db, noteId, active, w.at);
    w.publish(await parentEvent(w.db, parent));
  });
  const [updated] = await showMentions(ctx.db, [toNote((await findNote(ctx.db, parent, noteId))!)]);
  return updated!;
}

/** A merge hands a record's notes to its survivor; its undo hands exactly those back. */
export const moveNotes = (db: Db, kind: SharedHistoryKind, fromId: number, toId: number) =>
  reparentRows(db, 'notes', kind, fromId, toId);
export const moveNotesBack = (db: Db, kind: SharedHistoryKind, ids: number[], toId: number) =>
  reparentIds(db, 'notes', kind, ids, toId);
