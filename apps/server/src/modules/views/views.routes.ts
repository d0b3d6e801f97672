import {
  columnChoiceSchema,
  columnWidthsSchema,
  saveViewSchema,
  updateViewSchema,
  VIEW_LISTS,
} from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller } from '../../lib/caller.js';
import { errors, idParams } from '../../lib/schemas.js';

import { chooseColumns, listColumnChoices, resizeColumns } from './column-choices.service.js';
import { viewResponse, viewsQuery } from './views.schemas.js';
import * as views from './views.service.js';

const columnChoiceResponse = z.object({ list: z.enum(VIEW_LISTS), columns: z.array(z.string()).nullable() });
const widthsResponse = z.record(z.string(), z.number());
const listParams = z.object({ list: z.enum(VIEW_LISTS) });

/** Saved list views: private to their owner or shared with everyone; only the owner changes them. */
export const viewsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['views'];

  app.get(
    '/views',
    {
      schema: {
        tags,
        summary: "The caller's views of a list and everyone's shared ones",
        querystring: viewsQuery,
        response: { 200: z.array(viewResponse), ...errors },
      },
    },
    async (request) => views.listViews(ctx, caller(request), request.query.list),
  );

  // The column chooser's choice, per person and list: it follows the person to any browser.
  app.get(
    '/views/columns',
    {
      schema: {
        tags,
        summary:
          "The caller's chosen columns (null: every column) and column widths of each list they have set",
        response: { 200: z.array(columnChoiceResponse.extend({ widths: widthsResponse })), ...errors },
      },
    },
    async (request) => listColumnChoices(ctx, caller(request)),
  );

  app.put(
    '/views/columns/:list',
    {
      schema: {
        tags,
        summary: "Keeps the caller's columns of a list, in order; null shows every column again",
        params: listParams,
        body: columnChoiceSchema,
        response: { 200: columnChoiceResponse, ...errors },
      },
    },
    async (request) => chooseColumns(ctx, caller(request), request.params.list, request.body),
  );

  // Resized columns, per person and list, beside the column choice.
  app.put(
    '/views/columns/:list/widths',
    {
      schema: {
        tags,
        summary:
          "Keeps the caller's column widths of a list in px by column key; {} goes back to the list's own",
        params: listParams,
        body: columnWidthsSchema,
        response: { 200: z.object({ list: z.enum(VIEW_LISTS), widths: widthsResponse }), ...errors },
      },
    },
    async (request) => resizeColumns(ctx, caller(request), request.params.list, request.body.widths),
  );

  app.get(
    '/views/:id',
    { schema: { tags, params: idParams, response: { 200: viewResponse, ...errors } } },
    async (request) => views.getView(ctx, caller(request), request.params.id),
  );

  app.post(
    '/views',
    { schema: { tags, body: saveViewSchema, response: { 201: viewResponse, ...errors } } },
    async (request, reply) => reply.code(201).send(await views.saveView(ctx, caller(request), request.body)),
  );

  app.put(
    '/views/:id',
    {
      schema: { tags, params: idParams, body: updateViewSchema, response: { 200: viewResponse, ...errors } },
    },
    async (request) => views.changeView(ctx, caller(request), request.params.id, request.body),
  );

  app.delete(
    '/views/:id',
    { schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await views.removeView(ctx, caller(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
