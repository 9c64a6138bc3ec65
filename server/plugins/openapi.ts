// The OpenAPI document, written from the routes' schemas, served at /api/docs (JSON at
// /api/docs/json). Swagger UI ships no inline scripts, so the global strict CSP fits it.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { global } from './global.js';

export const openapi = global('openapi', async (app) => {
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
});

export const openapiUi = global('openapi-ui', async (app) => {
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { validatorUrl: null, deepLinking: false },
  });
});
