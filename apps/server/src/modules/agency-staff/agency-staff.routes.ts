import { addStaffSchema, bulkStaffSchema, ID_MAX } from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller, requireAdmin } from '../../lib/caller.js';
import { errors, idParams } from '../../lib/schemas.js';
import { bulkResponse, staffResponse } from '../agencies/agencies.schemas.js';
import { ensureAgencyExists } from '../agencies/agencies.service.js';
import { addStaff, bulkSetStaff, staffOf, toggleStaff } from './agency-staff.service.js';

const staffParams = idParams.extend({
  staffId: z.coerce.number({ error: 'staffId must be a number' }).int().positive().max(ID_MAX),
});

/** An agency's staff: its own contacts holding a position there (admins add and toggle them). */
export const agencyStaffRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['agencies'];

  app.get(
    '/agencies/:id/staff',
    { schema: { tags, params: idParams, response: { 200: z.array(staffResponse), ...errors } } },
    async (request) => {
      await ensureAgencyExists(ctx, request.params.id);
      return staffOf(ctx, request.params.id);
    },
  );

  app.post(
    '/agencies/:id/staff',
    {
      preHandler: requireAdmin,
      schema: { tags, params: idParams, body: addStaffSchema, response: { 201: staffResponse, ...errors } },
    },
    async (request, reply) => {
      await ensureAgencyExists(ctx, request.params.id);
      return reply.code(201).send(await addStaff(ctx, caller(request), request.params.id, request.body));
    },
  );

  app.patch(
    '/agencies/:id/staff/:staffId/toggle',
    {
      preHandler: requireAdmin,
      schema: { tags, params: staffParams, response: { 200: staffResponse, ...errors } },
    },
    async (request) => toggleStaff(ctx, caller(request), request.params.id, request.params.staffId),
  );

  for (const [path, active] of [
    ['bulk-activate', true],
    ['bulk-deactivate', false],
  ] as const) {
    app.patch(
      `/agencies/:id/staff/${path}`,
      {
        preHandler: requireAdmin,
        schema: { tags, params: idParams, body: bulkStaffSchema, response: { 200: bulkResponse, ...errors } },
      },
      async (request) => {
        await ensureAgencyExists(ctx, request.params.id);
        return bulkSetStaff(ctx, caller(request), request.params.id, request.body.staffIds, active);
      },
    );
  }
};
