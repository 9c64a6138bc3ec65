// GET /api/v2/contacto: the association's contact from configuration (CONTACTO_*, producto §12),
// shown on the landing, on "DNI o matrícula inválido." and on /completado. Public and cached like
// the catalogues (five minutes, then an ETag revalidation); every part null when none is set.
import type { FastifyPluginAsync } from 'fastify';
import { respuestasDeError } from '../../errores.js';
import { cuerpoJson } from '../cache.js';
import { enviarCacheable } from './index.js';

const parte = { type: ['string', 'null'] } as const;

export const rutaContacto: FastifyPluginAsync = async (app) => {
  const { telefono = null, email = null, direccion = null } = app.config.contacto ?? {};
  // Fixed for the life of the process: serialized and tagged once.
  const respuesta = cuerpoJson({ telefono, email, direccion });
  app.get('/contacto', {
    schema: {
      summary: 'Contacto de la Asociación',
      tags: ['contacto'],
      response: {
        200: {
          type: 'object',
          required: ['telefono', 'email', 'direccion'],
          additionalProperties: false,
          properties: { telefono: parte, email: parte, direccion: parte },
        },
        ...respuestasDeError,
      },
    },
    handler: (request, reply) => enviarCacheable(request, reply, respuesta),
  });
};
