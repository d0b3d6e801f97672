import {
  assignContactSchema,
  contactFieldsSchema,
  convertContactSchema,
  createContactSchema,
} from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller, requireAdmin } from '../../lib/caller.js';
import { replyWithPage } from '../../lib/list-reply.js';
import { compiledResponse } from '../../lib/response-serializer.js';
import { errors, idParams, listQuerystring } from '../../lib/schemas.js';
import { ensureAgencyExists } from '../agencies/agencies.service.js';
import { parentRoutes } from '../parent-routes.js';

import { editBody, expectedVersion, withETag } from '../versions/versions.service.js';
import {
  agencyCustomerResponse,
  contactDetailResponse,
  contactListRowResponse,
  contactResponse,
  duplicateResponse,
} from './contacts.schemas.js';
import * as contacts from './contacts.service.js';

export const contactsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['contacts'];

  app.get(
    '/contacts',
    {
      schema: {
        tags,
        summary:
          'Active contacts as list rows (the detail has every field), a page at a time. type=lead|customer, agencyId, q, sort, order, filter.<column>, limit, offset',
        querystring: listQuerystring,
        response: { 200: compiledResponse(z.array(contactListRowResponse)), ...errors },
      },
    },
    async (request, reply) => {
      return replyWithPage(reply, await contacts.listContactsFor(ctx, request.query));
    },
  );

  app.get(
    '/contacts/:id',
    {
      schema: {
        tags,
        summary:
          'A contact with its files; a merged contact redirects (308) to the contact it was merged into',
        params: idParams,
        response: { 200: contactDetailResponse, ...errors },
      },
    },
    async (request, reply) => {
      const survivor = await contacts.mergedInto(ctx, request.params.id);
      if (survivor !== null) return reply.redirect(`/api/contacts/${survivor}`, 308);
      return withETag(reply, await contacts.contactDetail(ctx, caller(request), request.params.id));
    },
  );

  app.get(
    '/contacts/:id/duplicates',
    {
      schema: {
        tags,
        summary: 'Other contacts with the same name and surname, e-mail or phone',
        params: idParams,
        response: { 200: z.array(duplicateResponse), ...errors },
      },
    },
    async (request) => contacts.contactDuplicates(ctx, caller(request), request.params.id),
  );

  app.post(
    '/contacts',
    { schema: { tags, body: createContactSchema, response: { 201: contactResponse, ...errors } } },
    async (request, reply) =>
      reply.code(201).send(await contacts.createContact(ctx, caller(request), request.body)),
  );

  app.put(
    '/contacts/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: editBody(contactFieldsSchema),
        response: { 200: contactResponse, ...errors },
      },
    },
    async (request, reply) =>
      withETag(
        reply,
        await contacts.updateContactFields(ctx, caller(request), request.params.id, {
          ...request.body,
          version: expectedVersion(request, request.body.version),
        }),
      ),
  );

  app.put(
    '/contacts/:id/convert',
    {
      schema: {
        tags,
        params: idParams,
        body: convertContactSchema.nullish(),
        response: { 200: contactResponse, ...errors },
      },
    },
    async (request) => contacts.convertContact(ctx, caller(request), request.params.id, request.body ?? {}),
  );

  app.put(
    '/contacts/:id/deactivate',
    {
      preHandler: requireAdmin,
      schema: { tags, params: idParams, response: { 200: contactResponse, ...errors } },
    },
    async (request) => contacts.deactivateContact(ctx, caller(request), request.params.id),
  );

  app.delete(
    '/contacts/:id',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: 'Soft delete (admin)',
        params: idParams,
        response: { 200: contactResponse, ...errors },
      },
    },
    async (request) => contacts.deactivateContact(ctx, caller(request), request.params.id),
  );

  app.put(
    '/contacts/:id/assign',
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        params: idParams,
        body: assignContactSchema,
        response: { 200: contactResponse, ...errors },
      },
    },
    async (request) =>
      contacts.assignContact(ctx, caller(request), request.params.id, request.body.assignedToId),
  );

  app.get(
    '/agencies/:id/customers',
    {
      schema: {
        tags,
        summary: 'The agency’s contacts, a page at a time (same parameters as GET contacts)',
        params: idParams,
        querystring: listQuerystring,
        response: { 200: z.array(agencyCustomerResponse), ...errors },
      },
    },
    async (request, reply) => {
      await ensureAgencyExists(ctx, request.params.id);
      const page = await contacts.listContactsFor(ctx, {
        ...request.query,
        agencyId: String(request.params.id),
      });
      return replyWithPage(reply, page);
    },
  );

  await app.register(parentRoutes, {
    ctx,
    segment: 'contacts',
    kind: 'contact',
    recordNotesInHistory: false,
    ensureParent: (id, admin) => contacts.ensureContactVisible(ctx, id, admin),
  });
};
