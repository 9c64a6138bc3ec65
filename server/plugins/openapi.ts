// The OpenAPI document, written from the routes' schemas, served at /api/docs (JSON at
// /api/docs/json). Swagger UI ships no inline scripts, so the global strict CSP fits it.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

export const openapi = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Alta de Prestadores — API de inscripción',
          description:
            'API v2 de la solicitud de inscripción de prestadores. Toda petición que no sea GET debe llevar la ' +
            'cabecera X-XSRF-TOKEN igual a la cookie XSRF-TOKEN.',
          version: '2.0.0',
        },
      },
    });
  },
  { name: 'openapi', fastify: '5.x' },
);

export const openapiUi = fp(
  async (app) => {
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { validatorUrl: null, deepLinking: false },
    });
  },
  { name: 'openapi-ui', fastify: '5.x' },
);
