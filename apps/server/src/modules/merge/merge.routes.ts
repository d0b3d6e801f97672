import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller, requireAdmin } from '../../lib/caller.js';
import { errors, idParams } from '../../lib/schemas.js';

import { agencyDuplicateSpec } from '../agencies/agency-duplicates.js';
import { contactDuplicateSpec } from '../contacts/contact-duplicates.js';
import { duplicateGroups } from './duplicate-groups.service.js';
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
import { mergeRecords, mergesOfRecord, undoMerge } from './merge.service.js';
import { agencyMerge, contactMerge } from './merge-kinds.js';

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
    async (request) => mergeRecords(ctx, caller(request), contactMerge, request.body),
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
    async (request) => undoMerge(ctx, caller(request), contactMerge, request.params.id),
  );

  app.get(
    '/contacts/:id/merges',
    {
      preHandler: requireAdmin,
      schema: { tags, params: idParams, response: { 200: z.array(mergeEntryResponse), ...errors } },
    },
    async (request) => mergesOfRecord(ctx, 'contact', request.params.id),
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
    async (request) => mergeRecords(ctx, caller(request), agencyMerge, request.body),
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
    async (request) => undoMerge(ctx, caller(request), agencyMerge, request.params.id),
  );

  app.get(
    '/agencies/:id/merges',
    {
      preHandler: requireAdmin,
      schema: { tags, params: idParams, response: { 200: z.array(mergeEntryResponse), ...errors } },
    },
    async (request) => mergesOfRecord(ctx, 'agency', request.params.id),
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
      return duplicateGroups(
        ctx,
        contactDuplicateSpec,
        rule,
        (row) => ({
          id: row.id,
          type: row.type,
          name: `${row.name} ${row.surname}`,
          email: row.email,
          phone: row.phone,
        }),
        page,
      );
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
      return duplicateGroups(
        ctx,
        agencyDuplicateSpec,
        rule === 'officeNumber' ? 'phone' : rule,
        (row) => ({ id: row.id, type: null, name: row.name, email: row.email, phone: row.office_number }),
        page,
      );
    },
  );
};
