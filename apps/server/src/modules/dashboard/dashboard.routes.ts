import { CONTACT_TYPES } from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { compiledResponse } from '../../lib/response-serializer.js';
import { errors } from '../../lib/schemas.js';
import { countContacts } from '../contacts/contact-reads.js';
import { activityResponse } from '../contacts/contacts.schemas.js';
import { recentContactActivity } from './dashboard.repository.js';
import { sharedDashboardCharts } from './dashboard-charts.service.js';

const weekCount = z.object({ week: z.string(), count: z.number() });
const chartsResponse = z.object({
  leadsPerWeek: z.array(weekCount),
  conversionsPerWeek: z.array(weekCount),
  leadsBySource: z.array(z.object({ source: z.string().nullable(), count: z.number() })),
  topAgencies: z.array(z.object({ id: z.number(), name: z.string(), count: z.number() })),
  conversionRate: z.object({ customers: z.number(), contacts: z.number(), percent: z.number() }),
});

const typeQuery = z.object({
  type: z
    .string({ error: 'type must be lead or customer' })
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(CONTACT_TYPES, { error: 'type must be lead or customer' })),
});

export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/contacts/count',
    {
      schema: {
        tags: ['dashboard'],
        querystring: typeQuery,
        response: { 200: z.object({ count: z.number() }), ...errors },
      },
    },
    async (request) => ({ count: await countContacts(ctx.db, request.query.type) }),
  );

  app.get(
    '/contacts/recent',
    {
      schema: {
        tags: ['dashboard'],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).default(50) }),
        response: { 200: compiledResponse(z.array(activityResponse)), ...errors },
      },
    },
    async (request) => {
      const rows = await recentContactActivity(ctx.db, request.query.limit);
      return rows.map((row) => ({
        id: row.id,
        type: row.kind as 'created' | 'conversion' | 'edited',
        timestamp: row.created_at,
        user: row.user_name ? { name: row.user_name } : null,
        contactId: row.contact_id,
        contactName: `${row.name} ${row.surname}`,
        // A creation entry keeps the type the contact was created with, even after a conversion.
        contactType: (row.kind === 'created' && row.new_value ? row.new_value : row.contact_type) as
          | 'LEAD'
          | 'CUSTOMER',
        name: row.name,
        surname: row.surname,
        owner: { name: row.owner_name },
        createdAt: row.contact_created_at,
        field: row.field,
        oldValue: row.old_value,
        newValue: row.new_value,
      }));
    },
  );

  app.get(
    '/dashboard/charts',
    {
      schema: {
        tags: ['dashboard'],
        response: { 200: compiledResponse(chartsResponse), ...errors },
      },
    },
    async () => sharedDashboardCharts(ctx.db),
  );
};
