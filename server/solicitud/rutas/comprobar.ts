// GET /api/v2/solicitud/comprobarDniMatricula/{dni}/{matricula}/{circunscripcion} → true | false.
// It tells strangers who is a member, so it is rate-limited per client address — in one budget
// with solicitud/crear's padrón look-ups (solicitud/padron.ts) — and found and not found answer
// in the same shape after the same query.
import type { FastifyPluginAsync } from 'fastify';
import { esDni } from '../../../domain/campos.js';
import { respuestasDeError } from '../../errores.js';
import { estaEnPadron } from '../padron.js';
import { limiteDelPadron } from './limite-del-padron.js';

interface Params {
  dni: string;
  matricula: string;
  circunscripcion: number;
}

export const rutaComprobar: FastifyPluginAsync = async (app) => {
  app.get<{ Params: Params }>('/solicitud/comprobarDniMatricula/:dni/:matricula/:circunscripcion', {
    config: { registrar: true, rateLimit: limiteDelPadron(app.config) },
    schema: {
      summary: 'Comprueba DNI y matrícula contra el padrón',
      tags: ['solicitud'],
      params: {
        type: 'object',
        required: ['dni', 'matricula', 'circunscripcion'],
        properties: {
          dni: { type: 'string', maxLength: 20 },
          matricula: { type: 'string', maxLength: 20 },
          circunscripcion: { type: 'integer', minimum: 1, maximum: 99 },
        },
      },
      response: { 200: { type: 'boolean' }, ...respuestasDeError },
    },
    handler: async (request, reply) => {
      const { dni, matricula, circunscripcion } = request.params;
      reply.header('cache-control', 'no-store');
      // Malformed input still runs the query (with a value that cannot match): same time.
      const dniValido = esDni(dni) ? dni : '';
      return estaEnPadron(app.db, dniValido, matricula, circunscripcion);
    },
  });
};
