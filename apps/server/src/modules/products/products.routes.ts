import { ID_MAX, PRODUCT_TYPES, productFormSchema } from '@crm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { caller, requireAdmin } from '../../lib/caller.js';
import { replyWithPage } from '../../lib/list-reply.js';
import { compiledResponse } from '../../lib/response-serializer.js';
import { errors, idParams, listQuerystring } from '../../lib/schemas.js';

import { expectedVersion, versionSchema, withETag } from '../versions/versions.service.js';
import * as products from './products.service.js';

const money = z.number().nullable();
const productResponse = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  productType: z.enum(PRODUCT_TYPES),
  categoryIds: z.array(z.number()),
  productCategories: z.array(
    z.object({
      category: z.object({
        id: z.number(),
        name: z.string(),
        parent: z.object({ name: z.string() }).nullable(),
      }),
    }),
  ),
  realEstateCompanyId: z.number().nullable(),
  realEstateCompany: z.object({ id: z.number(), name: z.string() }).nullable(),
  realEstateProduct: z.object({ salePrice: money, m2: money, status: z.string() }).nullable(),
  dormitoryProduct: z
    .object({ roomNumber: z.string().nullable(), termPrice: money, annualPrice: money })
    .nullable(),
  maintenanceProduct: z
    .object({ productType: z.string().nullable(), description: z.string().nullable() })
    .nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});

/** A row of GET /api/products: no description, categories or type blocks (the detail has them). */
const productListRowResponse = productResponse.pick({
  id: true,
  title: true,
  productType: true,
  realEstateCompanyId: true,
  realEstateCompany: true,
  isActive: true,
  createdAt: true,
  updatedAt: true,
});

const bulkBody = z.object({
  ids: z
    .array(z.coerce.number().int().positive().max(ID_MAX), { error: 'ids must be a list of product ids' })
    .min(1, { error: 'Choose at least one product' })
    .max(1000),
});

export const productsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['products'];

  app.get(
    '/products',
    {
      schema: {
        tags,
        summary:
          'Products as list rows (the detail has every field), a page at a time: q (title), sort (title, createdAt, isActive, productType), filters',
        querystring: listQuerystring,
        response: { 200: compiledResponse(z.array(productListRowResponse)), ...errors },
      },
    },
    async (request, reply) => {
      return replyWithPage(reply, await products.listProductsFor(ctx, request.query));
    },
  );

  // The specification reads a product at /product/{id} and writes it at /products/{id}; both read.
  for (const path of ['/product/:id', '/products/:id']) {
    app.get(
      path,
      { schema: { tags, params: idParams, response: { 200: productResponse, ...errors } } },
      async (request, reply) => withETag(reply, await products.productDetail(ctx, request.params.id)),
    );
  }

  app.post(
    '/products',
    { schema: { tags, body: productFormSchema, response: { 201: productResponse, ...errors } } },
    async (request, reply) =>
      reply.code(201).send(await products.createProductFor(ctx, caller(request), request.body)),
  );

  app.put(
    '/products/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: productFormSchema.and(z.object({ version: versionSchema.optional() })),
        response: { 200: productResponse, ...errors },
      },
    },
    async (request, reply) =>
      withETag(
        reply,
        await products.updateProductForm(
          ctx,
          caller(request),
          request.params.id,
          request.body,
          expectedVersion(request, request.body.version),
        ),
      ),
  );

  for (const [path, active] of [
    ['bulk-activate', true],
    ['bulk-deactivate', false],
  ] as const) {
    app.put(
      `/products/${path}`,
      {
        preHandler: requireAdmin,
        schema: {
          tags,
          body: bulkBody,
          response: { 200: z.object({ count: z.number(), message: z.string() }), ...errors },
        },
      },
      async (request) => products.bulkSetProducts(ctx, caller(request), request.body.ids, active),
    );
  }
};
