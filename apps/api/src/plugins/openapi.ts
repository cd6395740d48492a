/**
 * OpenAPI document generated from the routes' zod schemas: /api/openapi.json and /api/docs.
 * Each operation carries `x-permission`, who may call it (its route's `config.access`).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Shop API',
          version: '1.0.0',
          description: 'Storefront, back office and payments API. Money is shown in naira.',
        },
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: (input) => {
        const transformed = jsonSchemaTransform(input);
        const access = input.route.config?.access;
        return access ? { ...transformed, schema: { ...transformed.schema, 'x-permission': access } } : transformed;
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
