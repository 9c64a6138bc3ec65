// GET /api/gestion/auditoria?pagina=  (auditar) → PaginaAuditoria, newest first (producto §9).
// Numbers are consecutive, so a page is a range of them below the head's last number: no count
// over the whole log and no OFFSET, however long it grows.
import type { FastifyPluginAsync } from 'fastify';
import type { FilaAuditoria, PaginaAuditoria } from '../../../domain/index.js';
import { respuestasDeError } from '../../errores.js';

export const FILAS_AUDITORIA_POR_PAGINA = 50;

const esquemaFila = {
  type: 'object',
  required: ['n', 'en', 'usuario', 'ip', 'accion', 'objeto'],
  additionalProperties: false,
  properties: {
    n: { type: 'integer' },
    en: { type: 'string' },
    usuario: { type: ['string', 'null'] },
    ip: { type: 'string' },
    accion: { type: 'string' },
    objeto: { type: ['string', 'null'] },
  },
} as const;

export const rutasAuditoria: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { pagina: number } }>('/auditoria', {
    preHandler: app.requiere('auditar'),
    schema: {
      summary: 'El registro de auditoría, lo más reciente primero',
      tags: ['gestión'],
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: { pagina: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 } },
      },
      response: {
        200: {
          type: 'object',
          required: ['filas', 'pagina', 'porPagina', 'total'],
          additionalProperties: false,
          properties: {
            filas: { type: 'array', items: esquemaFila },
            pagina: { type: 'integer' },
            porPagina: { type: 'integer' },
            total: { type: 'integer' },
          },
        },
        ...respuestasDeError,
      },
    },
    handler: async (request): Promise<PaginaAuditoria> => {
      const { pagina } = request.query;
      const porPagina = FILAS_AUDITORIA_POR_PAGINA;
      const cabeza = await app.db
        .selectFrom('auditoria_cabeza')
        .select('n')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      const total = Number(cabeza.n);
      const hasta = total - (pagina - 1) * porPagina;
      const filas =
        hasta < 1
          ? []
          : await app.db
              .selectFrom('auditoria')
              .select(['n', 'en', 'usuario', 'ip', 'accion', 'objeto'])
              .where('n', '<=', hasta)
              .where('n', '>', hasta - porPagina)
              .orderBy('n', 'desc')
              .execute();
      return {
        filas: filas.map((f): FilaAuditoria => ({ ...f, n: Number(f.n) })),
        pagina,
        porPagina,
        total,
      };
    },
  });
};
