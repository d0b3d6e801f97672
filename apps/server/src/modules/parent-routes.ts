import { ID_MAX } from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Actor } from '../lib/actor.js';
import { caller, isAdmin } from '../lib/caller.js';
import { compiledResponse } from '../lib/response-serializer.js';
import { errorResponse, errors } from '../lib/schemas.js';
import { fileResponse } from './files/files.schemas.js';
import { filesOf, setFileState, uploadFile } from './files/files.service.js';
import { listHistory } from './history/history.repository.js';
import { historyEntryResponse } from './history/history.schemas.js';
import { noteResponse } from './notes/notes.schemas.js';
import { addNote, notesOf, setNoteState } from './notes/notes.service.js';
import type { ParentKind, ParentRef } from './parents.js';
import { remindOfFileValidity } from './tasks/file-reminders.js';
import { taskResponse } from './tasks/tasks.schemas.js';
import { recordTasks } from './tasks/tasks.service.js';

export interface ParentRoutesOptions {
  ctx: AppContext;
  /** The path segment under /api: 'contacts', 'agencies' or 'deals'. */
  segment: string;
  kind: ParentKind;
  /** 404s with the parent's own message unless the caller may see that parent. */
  ensureParent: (id: number, admin: boolean, actor: Actor) => Promise<void>;
  recordNotesInHistory: boolean;
}

const parentParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(ID_MAX),
});
const noteParams = parentParams.extend({
  noteId: z.coerce.number({ error: 'noteId must be a number' }).int().positive().max(ID_MAX),
});
const fileParams = z.object({
  fileId: z.coerce.number({ error: 'fileId must be a number' }).int().positive().max(ID_MAX),
});

/**
 * Notes, files, tasks and history under one parent, at the paths the specification gives for both
 * contacts and agencies (and the same paths under deals). One implementation; the parent is a
 * parameter. A deal's history has its own table and route in the deals module.
 */
export const parentRoutes: FastifyPluginAsyncZod<ParentRoutesOptions> = async (app, options) => {
  const { ctx, segment, kind } = options;
  const tags = [segment];
  const parentOf = async (id: number, admin: boolean, actor: Actor): Promise<ParentRef> => {
    await options.ensureParent(id, admin, actor);
    return { kind, id };
  };

  app.get(
    `/${segment}/:id/notes`,
    { schema: { tags, params: parentParams, response: { 200: z.array(noteResponse), ...errors } } },
    async (request) =>
      notesOf(ctx, caller(request), await parentOf(request.params.id, isAdmin(request), caller(request))),
  );

  app.post(
    `/${segment}/:id/add-note`,
    {
      schema: {
        tags,
        params: parentParams,
        body: z.object({ content: z.string({ error: 'Note cannot be empty' }).max(100_000) }),
        response: { 201: noteResponse, ...errors },
      },
    },
    async (request, reply) => {
      const parent = await parentOf(request.params.id, isAdmin(request), caller(request));
      const note = await addNote(ctx, caller(request), parent, request.body.content, {
        recordInHistory: options.recordNotesInHistory,
      });
      return reply.code(201).send(note);
    },
  );

  for (const [action, active] of [
    ['delete-notes', false],
    ['reactivate-notes', true],
  ] as const) {
    app.patch(
      `/${segment}/:id/${action}/:noteId`,
      { schema: { tags, params: noteParams, response: { 200: noteResponse, ...errors } } },
      async (request) => {
        const parent = await parentOf(request.params.id, isAdmin(request), caller(request));
        return setNoteState(ctx, caller(request), parent, request.params.noteId, active);
      },
    );
  }

  if (kind !== 'deal') {
    app.get(
      `/${segment}/:id/history`,
      {
        schema: {
          tags,
          params: parentParams,
          response: { 200: compiledResponse(z.array(historyEntryResponse)), ...errors },
        },
      },
      async (request) => {
        await options.ensureParent(request.params.id, isAdmin(request), caller(request));
        const rows = await listHistory(ctx.db, { kind, id: request.params.id });
        return rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          field: row.field,
          oldValue: row.old_value,
          newValue: row.new_value,
          timestamp: row.created_at,
          user: row.user_name ? { name: row.user_name } : null,
          contact:
            row.related_name !== null
              ? { name: `${row.related_name} ${row.related_surname ?? ''}`.trim() }
              : null,
          ...(row.task_id !== null && row.task_title !== null
            ? { task: { id: row.task_id, title: row.task_title } }
            : {}),
        }));
      },
    );
  }

  app.get(
    `/${segment}/:id/tasks`,
    { schema: { tags, params: parentParams, response: { 200: z.array(taskResponse), ...errors } } },
    async (request) =>
      recordTasks(ctx, caller(request), await parentOf(request.params.id, isAdmin(request), caller(request))),
  );

  app.get(
    `/${segment}/:id/files`,
    { schema: { tags, params: parentParams, response: { 200: z.array(fileResponse), ...errors } } },
    async (request) =>
      filesOf(ctx, caller(request), await parentOf(request.params.id, isAdmin(request), caller(request))),
  );

  app.post(
    `/${segment}/:id/upload-file`,
    {
      schema: {
        tags,
        summary:
          'multipart/form-data: file (at most 5 MB), validUntil (YYYY-MM-DD, not before today), customFileName',
        params: parentParams,
        response: { 201: fileResponse, ...errors, 413: errorResponse },
      },
    },
    async (request, reply) => {
      const parent = await parentOf(request.params.id, isAdmin(request), caller(request));
      const file = await uploadFile(ctx, caller(request), parent, request);
      // A file's validity becomes a task for the record's keeper, due before it passes.
      await remindOfFileValidity(ctx, caller(request), parent, file);
      return reply.code(201).send(file);
    },
  );

  for (const [action, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    app.patch(
      `/${segment}/${action}/files/:fileId`,
      { schema: { tags, params: fileParams, response: { 200: fileResponse, ...errors } } },
      async (request) =>
        setFileState(ctx, caller(request), kind, request.params.fileId, active, options.ensureParent),
    );
  }
};
