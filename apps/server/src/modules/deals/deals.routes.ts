import { dealFormSchema, dealStageMoveSchema } from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller } from '../../lib/caller.js';
import { replyWithPage } from '../../lib/list-reply.js';
import { compiledResponse } from '../../lib/response-serializer.js';
import { errors, idParams, listQuerystring } from '../../lib/schemas.js';
import { historyEntryResponse } from '../history/history.schemas.js';
import { parentRoutes } from '../parent-routes.js';
import { expectedVersion, versionSchema, withETag } from '../versions/versions.service.js';
import { provideDealExport } from './deal-export.js';
import * as deals from './deals.service.js';

const ref = z.object({ id: z.number(), name: z.string() });
export const dealStageResponse = z.object({
  id: z.number(),
  name: z.string(),
  position: z.number(),
  probability: z.number(),
  kind: z.string(),
  isActive: z.boolean(),
});

const dealListRowResponse = z.object({
  id: z.number(),
  title: z.string(),
  contactId: z.number(),
  contact: z.object({ id: z.number(), name: z.string(), type: z.string() }),
  agencyId: z.number().nullable(),
  agency: ref.nullable(),
  ownerId: z.number(),
  owner: ref,
  assignedToId: z.number().nullable(),
  assignedTo: ref.nullable(),
  stageId: z.number(),
  stage: z.object({ id: z.number(), name: z.string(), kind: z.string() }),
  probability: z.number(),
  amount: z.number(),
  expectedCloseDate: z.string().nullable(),
  source: z.string().nullable(),
  lostReasonId: z.number().nullable(),
  lostReason: ref.nullable(),
  lostReasonText: z.string().nullable(),
  wonDate: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});

// Deals, cards and pages are written by compiled serializers: the board's column of 50 cards and a
// move's answer are the board's most frequent replies.
const dealResponse = compiledResponse(
  dealListRowResponse.extend({
    lines: z.array(
      z.object({
        productId: z.number(),
        product: z.object({ id: z.number(), title: z.string() }),
        quantity: z.number(),
        unitPrice: z.number(),
        discount: z.number(),
        lineTotal: z.number(),
      }),
    ),
    currency: z.string(),
  }),
);

const boardResponse = compiledResponse(
  z.object({
    stage: dealStageResponse,
    count: z.number(),
    totalAmount: z.number(),
    weightedTotal: z.number(),
    currency: z.string(),
    cards: z.array(dealListRowResponse),
    nextCursor: z.string().nullable(),
  }),
);

const stageParams = z.object({ stageId: idParams.shape.id });

const contactDealsResponse = z.object({ deals: z.array(dealListRowResponse), currency: z.string() });
const agencyDealsResponse = contactDealsResponse.extend({
  /** The amounts of the partner's won deals, in major units. */
  referredRevenue: z.number(),
  /** A percentage: 12.5 is 12.5 %. */
  commissionRate: z.number(),
  /** The referred revenue × the Commission Rate, in major units. */
  commissionEarned: z.number(),
});

export const dealsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['deals'];
  provideDealExport();

  app.get(
    '/deals',
    {
      schema: {
        tags,
        summary:
          'Deals a page at a time (plain users: their own): q (title), sort, filter.ownerId, filter.agencyId, filter.stageId, filter.expectedCloseDate=contains:YYYY-MM, mine=true',
        querystring: listQuerystring,
        response: { 200: compiledResponse(z.array(dealListRowResponse)), ...errors },
      },
    },
    async (request, reply) =>
      replyWithPage(reply, await deals.listDealsFor(ctx, caller(request), request.query)),
  );

  app.get(
    '/deals/board/:stageId',
    {
      schema: {
        tags,
        summary: "A board column: 50 cards from the cursor, newest change first, and the column's totals",
        params: stageParams,
        querystring: deals.boardQuerySchema,
        response: { 200: boardResponse, ...errors },
      },
    },
    async (request) => deals.boardColumn(ctx, caller(request), request.params.stageId, request.query),
  );

  app.get(
    '/contacts/:id/deals',
    {
      schema: {
        tags,
        summary: "A contact's deals the caller may see (plain users: their own), latest change first",
        params: idParams,
        response: { 200: compiledResponse(contactDealsResponse), ...errors },
      },
    },
    async (request) => deals.contactDeals(ctx, caller(request), request.params.id),
  );

  app.get(
    '/agencies/:id/deals',
    {
      schema: {
        tags,
        summary:
          "A partner's referred deals the caller may see, the revenue of the won ones and the commission earned on it",
        params: idParams,
        response: { 200: compiledResponse(agencyDealsResponse), ...errors },
      },
    },
    async (request) => deals.agencyDeals(ctx, caller(request), request.params.id),
  );

  app.get(
    '/deals/:id',
    { schema: { tags, params: idParams, response: { 200: dealResponse, ...errors } } },
    async (request, reply) =>
      withETag(reply, await deals.dealDetail(ctx, caller(request), request.params.id)),
  );

  app.get(
    '/deals/:id/history',
    { schema: { tags, params: idParams, response: { 200: z.array(historyEntryResponse), ...errors } } },
    async (request) => deals.dealHistory(ctx, caller(request), request.params.id),
  );

  app.post(
    '/deals',
    { schema: { tags, body: dealFormSchema, response: { 201: dealResponse, ...errors } } },
    async (request, reply) =>
      reply.code(201).send(await deals.createDealFor(ctx, caller(request), request.body)),
  );

  app.put(
    '/deals/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: dealFormSchema.and(z.object({ version: versionSchema.optional() })),
        response: { 200: dealResponse, ...errors },
      },
    },
    async (request, reply) =>
      withETag(
        reply,
        await deals.updateDealForm(
          ctx,
          caller(request),
          request.params.id,
          request.body,
          expectedVersion(request, request.body.version),
        ),
      ),
  );

  app.patch(
    '/deals/:id/stage',
    {
      schema: {
        tags,
        summary: "Moves a deal to a stage: the stage's probability unless one is given; Lost needs a reason",
        params: idParams,
        body: dealStageMoveSchema,
        response: { 200: dealResponse, ...errors },
      },
    },
    async (request, reply) =>
      withETag(
        reply,
        await deals.moveDeal(
          ctx,
          caller(request),
          request.params.id,
          request.body,
          expectedVersion(request, request.body.version),
        ),
      ),
  );

  // Notes, files and tasks as contacts and agencies have them; the history is the route above.
  await app.register(parentRoutes, {
    ctx,
    segment: 'deals',
    kind: 'deal',
    recordNotesInHistory: false,
    ensureParent: (id, _admin, actor) => deals.ensureDealVisible(ctx, actor, id),
  });
};
