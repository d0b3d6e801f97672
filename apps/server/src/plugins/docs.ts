import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the route schemas, at /api/docs for a signed-in caller only: the product
 * has no public area but the login screen.
 */
export async function registerApiDocs(app: FastifyInstance, signedIn: onRequestHookHandler): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'CRM API',
        version: '1.0.0',
        description: 'Leads, customers, partners, products and users.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiHooks: { onRequest: signedIn },
  });
}
