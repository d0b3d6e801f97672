import { phoneDigits } from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller } from '../../lib/caller.js';
import { compiledResponse } from '../../lib/response-serializer.js';
import { errors } from '../../lib/schemas.js';
import { agencyDuplicatesResponse } from '../agencies/agencies.schemas.js';
import { matchAgencyDuplicates } from '../agencies/agency-duplicates.js';
import { matchContactDuplicates } from '../contacts/contact-duplicates.js';
import { duplicateResponse } from '../contacts/contacts.schemas.js';
import {
  agencyDuplicateQuery,
  contactDuplicateQuery,
  searchQuery,
  searchResponse,
} from './search.schemas.js';
import { searchEverything } from './search.service.js';

export const searchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['search'];

  app.get(
    '/search',
    {
      schema: {
        tags,
        summary:
          'The command palette: contacts (name, surname, e-mail, phone digits in any format, passport, T.R ID), agencies (name, e-mail, office number), deals the caller may see (title, the contact name or surname), products (title), users (admins). Grouped by kind, exact and prefix matches first, then the latest edited',
        querystring: searchQuery,
        response: { 200: compiledResponse(searchResponse), ...errors, 429: errors[400] },
      },
    },
    async (request) => searchEverything(ctx, caller(request), request.query.q, request.query.limit),
  );

  app.get(
    '/search/contact-duplicates',
    {
      schema: {
        tags,
        summary:
          'Contacts that a form being typed would duplicate: same name and surname, e-mail or phone (excludeId: the record being edited)',
        querystring: contactDuplicateQuery,
        response: { 200: z.array(duplicateResponse), ...errors },
      },
    },
    async (request) => {
      const { excludeId, ...fields } = request.query;
      return matchContactDuplicates(ctx.db, fields, excludeId);
    },
  );

  app.get(
    '/search/agency-duplicates',
    {
      schema: {
        tags,
        summary:
          'Agencies that a form being typed would duplicate: same e-mail or office number (excludeId: the agency being edited)',
        querystring: agencyDuplicateQuery,
        response: { 200: agencyDuplicatesResponse, ...errors },
      },
    },
    async (request) => {
      const { email, officeNumber, excludeId } = request.query;
      return matchAgencyDuplicates(ctx.db, { email, officeNumber: phoneDigits(officeNumber) }, excludeId);
    },
  );
};
