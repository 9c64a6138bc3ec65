// The OpenAPI document, written from the routes' schemas, served at /api/docs (JSON at
// /api/docs/json). Swagger UI ships no inline scripts, so the global strict CSP fits it.
// Only when `config.apiDocs` (API_DOCS; by default outside production): otherwise both plugins
// register nothing, and /api/docs answers 404 like any unknown /api path.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { nombreCookieXsrf } from './antifalsificacion.js';

export const openapi = fp(
  async (app) => {
    if (!app.config.apiDocs) return;
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Alta de Prestadores — API de inscripción',
          description:
            'API v2 de la solicitud de inscripción de prestadores. Toda petición que no sea GET debe llevar la ' +
            `cabecera X-XSRF-TOKEN igual a la cookie ${nombreCookieXsrf(app.config.production)}, que fija ` +
            'cualquier respuesta a un GET.',
          version: '2.0.0',
        },
      },
    });
  },
  { name: 'openapi', fastify: '5.x' },
);

export const openapiUi = fp(
  async (app) => {
    if (!app.config.apiDocs) return;
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { validatorUrl: null, deepLinking: false },
    });
  },
  { name: 'openapi-ui', fastify: '5.x' },
);
