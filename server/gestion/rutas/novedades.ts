// "Novedades" (producto §16, ../novedades.ts), for the badge of the menu's "Solicitudes":
//   GET  /api/gestion/novedades          (leer) {cantidad}: applications that arrived or were
//                                        corrected since this person last opened the inbox
//   POST /api/gestion/novedades/vistas   (leer) 204: the inbox was opened; the count starts again
// Neither writes an audit row: they name no application and change no access.
import type { FastifyPluginAsync } from 'fastify';
import { respuestasDeError } from '../../errores.js';
import { cantidadDeNovedades, marcarNovedadesVistas } from '../novedades.js';

const esquemaNovedades = {
  type: 'object',
  required: ['cantidad'],
  additionalProperties: false,
  properties: { cantidad: { type: 'integer', minimum: 0 } },
} as const;

export const rutasNovedades: FastifyPluginAsync = async (app) => {
  app.get('/novedades', {
    preHandler: app.requiere('leer'),
    schema: {
      summary: 'Novedades: solicitudes llegadas o corregidas desde la última vez que se abrió la bandeja',
      description:
        'Cuenta cada solicitud una vez: las enviadas y las corregidas por el solicitante después de la última ' +
        'visita de esta cuenta a la bandeja (POST /novedades/vistas), o desde que se creó la cuenta si nunca la abrió.',
      tags: ['gestión'],
      response: { 200: esquemaNovedades, ...respuestasDeError },
    },
    handler: async (request): Promise<{ cantidad: number }> => ({
      cantidad: await cantidadDeNovedades(app.db, request.sesion!.personalId),
    }),
  });

  app.post('/novedades/vistas', {
    preHandler: app.requiere('leer'),
    schema: {
      summary: 'La bandeja se abrió: las novedades vuelven a contar desde ahora',
      tags: ['gestión'],
      response: { 204: { type: 'null' }, ...respuestasDeError },
    },
    handler: async (request, reply) => {
      await marcarNovedadesVistas(app.db, request.sesion!.personalId);
      return reply.code(204).send();
    },
  });
};
