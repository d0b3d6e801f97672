import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller, requireAdmin } from '../../lib/caller.js';
import { errors, idParams } from '../../lib/schemas.js';

import { agencyMerges, mergeAgencies, undoAgencyMerge } from './agency-merge.service.js';
import { contactMerges, mergeContacts, undoContactMerge } from './contact-merge.service.js';
import { agencyDuplicateGroups, contactDuplicateGroups } from './duplicate-groups.service.js';
import {
  agencyGroupsQuery,
  agencyMergeBody,
  agencyMergeResponse,
  agencyUndoResponse,
  contactGroupsQuery,
  contactMergeBody,
  contactMergeResponse,
  contactUndoResponse,
  duplicateGroupsResponse,
  mergeEntryResponse,
} from './merge.schemas.js';

/** Merging two records of one person (admins only), its dry run, and its undo within 30 days. */
export const mergeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['merge'];

  app.post(
    '/contacts/merge',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          'Merge otherId into survivorId: chosen field values, notes, files, history, staff positions and the partner link move to the survivor; the other is deactivated and points at it. dryRun answers the same and writes nothing',
        body: contactMergeBody,
        response: { 200: contactMergeResponse, ...errors },
      },
    },
    async (request) => mergeContacts(ctx, caller(request), request.body),
  );

  app.post(
    '/contacts/merge/:id/undo',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          'Undo a contact merge within 30 days; refused (409, fields named) when the survivor was edited since in a merged field',
        params: idParams,
        response: { 200: contactUndoResponse, ...errors },
      },
    },
    async (request) => undoContactMerge(ctx, caller(request), request.params.id),
  );

  app.get(
    '/contacts/:id/merges',
    {
      preHandler: requireAdmin,
      schema: { tags, params: idParams, response: { 200: z.array(mergeEntryResponse), ...errors } },
    },
    async (request) => contactMerges(ctx, request.params.id),
  );

  app.post(
    '/agencies/merge',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          'Merge agency otherId into survivorId: chosen values, notes, files, history, staff, customers, child agencies and sales reps move to the survivor; the other is deactivated and points at it. dryRun answers the same and writes nothing',
        body: agencyMergeBody,
        response: { 200: agencyMergeResponse, ...errors },
      },
    },
    async (request) => mergeAgencies(ctx, caller(request), request.body),
  );

  app.post(
    '/agencies/merge/:id/undo',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Undo an agency merge within 30 days; refused (409) when a merged field was edited since',
        params: idParams,
        response: { 200: agencyUndoResponse, ...errors },
      },
    },
    async (request) => undoAgencyMerge(ctx, caller(request), request.params.id),
  );

  app.get(
    '/agencies/:id/merges',
    {
      preHandler: requireAdmin,
      schema: { tags, params: idParams, response: { 200: z.array(mergeEntryResponse), ...errors } },
    },
    async (request) => agencyMerges(ctx, request.params.id),
  );

  app.get(
    '/duplicates/contacts',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary:
          'Groups of active contacts sharing a name and surname, an e-mail or a phone (rule), from indexes, a page at a time',
        querystring: contactGroupsQuery,
        response: { 200: duplicateGroupsResponse, ...errors },
      },
    },
    async (request) => {
      const { rule, ...page } = request.query;
      return contactDuplicateGroups(ctx, rule, page);
    },
  );

  app.get(
    '/duplicates/agencies',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Groups of active agencies sharing an e-mail or an office number (rule), a page at a time',
        querystring: agencyGroupsQuery,
        response: { 200: duplicateGroupsResponse, ...errors },
      },
    },
    async (request) => {
      const { rule, ...page } = request.query;
      return agencyDuplicateGroups(ctx, rule, page);
    },
  );
};
