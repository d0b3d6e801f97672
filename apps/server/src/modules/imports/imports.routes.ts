import { phoneCountry, TOTAL_COUNT_HEADER } from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller } from '../../lib/caller.js';
import { errors, idParams } from '../../lib/schemas.js';

import { IMPORT_ENTITIES } from './import-kinds.js';
import { MAX_IMPORT_COLUMNS } from './import-limits.js';
import * as imports from './imports.service.js';

const settingsBody = z.object({
  mapping: z
    .array(z.string().max(50).nullable(), { error: 'mapping must list a field (or null) per column' })
    .max(MAX_IMPORT_COLUMNS),
  mode: z
    .enum(['create', 'upsert', 'update'], { error: 'mode must be create, upsert or update' })
    .default('create'),
  key: z
    .enum(['email', 'phone', 'both', 'id', 'title'], { error: 'key must be email, phone, both, id or title' })
    // Unsaid, the kind's own: e-mail for contacts and partners, the id for deals.
    .optional(),
  skipErrors: z.boolean().default(true),
  /** Whose numbers a phone without a calling code is; unsaid, the import's (at upload, the deployment's). */
  country: z
    .string({ error: imports.importMessages.countryInvalid })
    .transform((value, ctx) => {
      const code = phoneCountry(value);
      if (!code) ctx.addIssue({ code: 'custom', message: imports.importMessages.countryInvalid });
      return code ?? value;
    })
    .optional(),
});

const progress = z.object({
  phase: z.enum(['preview', 'run', 'undo']),
  state: z.string(),
  done: z.number(),
  total: z.number(),
  errors: z.number(),
  secondsLeft: z.number().nullable(),
});

const importResponse = z.object({
  id: z.number(),
  entity: z.enum(IMPORT_ENTITIES),
  type: z.enum(['LEAD', 'CUSTOMER']).nullable(),
  filename: z.string(),
  format: z.string(),
  size: z.number(),
  state: z.string(),
  error: z.string().nullable(),
  user: z.object({ id: z.number(), name: z.string() }),
  columns: z.array(z.string()),
  samples: z.array(z.array(z.string())),
  fields: z.array(z.object({ key: z.string(), label: z.string() })),
  mapping: z.array(z.string().nullable()),
  options: z.object({ mode: z.string(), key: z.string(), skipErrors: z.boolean() }).nullable(),
  /** Whose numbers a phone without a calling code is (ISO 3166 code); null: the deployment's, for old imports. */
  country: z.string().nullable(),
  totalRows: z.number(),
  counts: z.object({ created: z.number(), updated: z.number(), skipped: z.number(), errors: z.number() }),
  preview: z
    .object({
      create: z.number(),
      update: z.number(),
      skip: z.number(),
      error: z.number(),
      duplicates: z.object({ inFile: z.number(), inDatabase: z.number() }),
    })
    .nullable(),
  progress: progress.nullable(),
  undo: z.object({ deactivated: z.number(), restored: z.number(), kept: z.number() }).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
});

const rowResponse = z.object({
  row: z.number(),
  action: z.string(),
  recordId: z.number().nullable(),
  label: z.string(),
  errors: z.array(z.object({ field: z.string().nullable(), message: z.string() })),
  duplicates: z.array(z.unknown()),
  changes: z.record(z.string(), z.unknown()).nullable(),
  /** What holds the row back without being an error: an ambiguous phone number (the row is skipped). */
  warnings: z.array(z.object({ field: z.string().nullable(), message: z.string() })),
  /** How the row's phone cells were read: { phone: "+90 538 495 00 02" }. */
  readings: z.record(z.string(), z.string()),
});

const page = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const importsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['imports'];

  app.post(
    '/imports',
    {
      schema: {
        tags,
        summary:
          'Upload a CSV or XLSX file (multipart: file, entity=contacts|agencies|deals, type=LEAD|CUSTOMER for contacts, optionally country=TR: whose numbers a phone without a calling code is); answers its columns mapped to fields',
        response: { 201: importResponse, 413: errors[400], ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await imports.uploadImport(ctx, caller(request), request)),
  );

  app.get(
    '/imports',
    {
      schema: {
        tags,
        summary: 'Import history (everyone’s for admins)',
        querystring: page,
        response: { 200: z.array(importResponse), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await imports.importHistory(
        ctx,
        caller(request),
        request.query.limit,
        request.query.offset,
      );
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );

  app.get(
    '/imports/:id',
    { schema: { tags, params: idParams, response: { 200: importResponse, ...errors } } },
    async (request) => imports.getImport(ctx, caller(request), request.params.id),
  );

  app.post(
    '/imports/:id/preview',
    {
      schema: {
        tags,
        summary:
          'Dry run with a mapping and options: every row’s outcome and errors, nothing written (429 while the person has IMPORT_PREVIEWS_PER_PERSON previews queued or running)',
        params: idParams,
        body: settingsBody,
        response: { 202: importResponse, ...errors, 429: errors[400] },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await imports.previewImport(ctx, caller(request), request.params.id, request.body)),
  );

  app.post(
    '/imports/:id/run',
    {
      schema: {
        tags,
        summary: 'Run a previewed import as a job (the same settings as its preview)',
        params: idParams,
        body: settingsBody,
        response: { 202: importResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await imports.runImport(ctx, caller(request), request.params.id, request.body)),
  );

  app.post(
    '/imports/:id/undo',
    { schema: { tags, params: idParams, response: { 202: importResponse, ...errors } } },
    async (request, reply) =>
      reply.code(202).send(await imports.undoImport(ctx, caller(request), request.params.id)),
  );

  app.get(
    '/imports/:id/failed-rows',
    {
      schema: {
        tags,
        summary:
          'The rows not imported (errors and skipped) as CSV: the file’s columns plus "Import error", to fix and import again; the run’s rows once run, else the preview’s',
        params: idParams,
        response: { 200: z.unknown().describe('The CSV file'), ...errors },
      },
    },
    async (request, reply) => {
      const failed = await imports.failedRows(ctx, caller(request), request.params.id, request.log);
      // The name as the file had it for browsers that read filename*, an ASCII one for the rest.
      const ascii = failed.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(failed.filename)}`,
        )
        .header('cache-control', 'no-store')
        .header(TOTAL_COUNT_HEADER, String(failed.total));
      return reply.send(failed.body);
    },
  );

  app.get(
    '/imports/:id/rows',
    {
      schema: {
        tags,
        summary:
          'Row outcomes of a phase (preview, run or undo), optionally of some actions (action=error,skip)',
        params: idParams,
        querystring: page.extend({
          phase: z.enum(['preview', 'run', 'undo']).default('preview'),
          action: z.string().max(100).optional(),
        }),
        response: { 200: z.array(rowResponse), ...errors },
      },
    },
    async (request) => imports.importRows(ctx, caller(request), request.params.id, request.query),
  );
};
