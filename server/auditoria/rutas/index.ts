// GET /api/gestion/auditoria?pagina=&usuario=&numero=&accion=&desde=&hasta=  (auditar) →
// PaginaAuditoria, newest first (producto §9, producto §15); GET /api/gestion/auditoria.csv with the same
// filters. Unfiltered, numbers are consecutive, so a page is a range of them below the head's last
// number: no count and no OFFSET however long the log grows; filtered, auditoria/consulta.ts.
import type { FastifyPluginAsync } from 'fastify';
import {
  ACCIONES_AUDITORIA,
  quienEnAuditoria,
  textoDeMovimiento,
  type FilaAuditoria,
  type FiltroAuditoria,
  type PaginaAuditoria,
} from '../../../domain/index.js';
import { partesArgentinas } from '../../../domain/fecha-hora.js';
import { CLAVES_ESTADO } from '../../../domain/estados.js';
import { ErrorHttp, CODIGOS, MENSAJES_HTTP, respuestasDeError } from '../../errores.js';
import { auditar } from '../cadena.js';
import { csvEnStream, fechaArgentina, neutralizar } from '../../gestion/exportacion.js';
import { hayFiltro, lotesFiltrados, paginaFiltrada, paginaSinFiltro, ultimoNumero } from '../consulta.js';

export const FILAS_AUDITORIA_POR_PAGINA = 50;

const esquemaFila = {
  type: 'object',
  required: ['n', 'en', 'usuario', 'ip', 'accion', 'objeto', 'movimiento'],
  additionalProperties: false,
  properties: {
    n: { type: 'integer' },
    en: { type: 'string' },
    usuario: { type: ['string', 'null'] },
    ip: { type: 'string' },
    accion: { type: 'string' },
    objeto: { type: ['string', 'null'] },
    movimiento: {
      type: ['object', 'null'],
      required: ['desde', 'hacia'],
      additionalProperties: false,
      properties: {
        desde: { type: ['string', 'null'], enum: [...CLAVES_ESTADO, null] },
        hacia: { type: 'string', enum: CLAVES_ESTADO },
      },
    },
  },
} as const;

const DIA = {
  type: 'string',
  pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  default: '',
} as const;
const propiedadesDelFiltro = {
  usuario: { type: 'string', maxLength: 100, default: '' },
  numero: { type: 'string', maxLength: 40, pattern: '^[A-Za-z0-9-]*$', default: '' },
  accion: { type: 'string', enum: ['', ...Object.keys(ACCIONES_AUDITORIA)], default: '' },
  desde: { ...DIA, pattern: `^$|${DIA.pattern}` },
  hasta: { ...DIA, pattern: `^$|${DIA.pattern}` },
} as const;

/** "Desde" after "Hasta", or a day that does not exist (2026-02-30): 400 naming the field. */
function validarDias(f: FiltroAuditoria): void {
  const fields: Record<string, string> = {};
  for (const campo of ['desde', 'hasta'] as const) {
    const dia = f[campo];
    if (dia !== '' && new Date(`${dia}T00:00:00Z`).toISOString().slice(0, 10) !== dia) {
      fields[campo] = 'Esa fecha no existe.';
    }
  }
  if (!fields.desde && !fields.hasta && f.desde !== '' && f.hasta !== '' && f.desde > f.hasta) {
    fields.hasta = '"Hasta" no puede ser anterior a "Desde".';
  }
  if (Object.keys(fields).length > 0) {
    throw new ErrorHttp(400, CODIGOS.VALIDACION, MENSAJES_HTTP.validacion, fields);
  }
}

const COLUMNAS_CSV = ['N.º', 'Fecha', 'Usuario', 'Dirección', 'Acción', 'Objeto', 'Movimiento'];

const filaCsv = (f: FilaAuditoria): string[] =>
  [
    String(f.n),
    fechaArgentina(f.en),
    quienEnAuditoria(f),
    f.ip,
    ACCIONES_AUDITORIA[f.accion as keyof typeof ACCIONES_AUDITORIA] ?? f.accion,
    f.objeto ?? '',
    f.movimiento ? textoDeMovimiento(f.movimiento) : '',
  ].map(neutralizar);

/** `auditoria-<numero|usuario|accion>-<AAAA-MM-DD>.csv`: the file says its filter and today. */
function nombreDelCsv(f: FiltroAuditoria, ahora = new Date()): string {
  const p = partesArgentinas(ahora);
  const que = [f.numero.toUpperCase(), f.usuario.toLowerCase(), f.accion]
    .filter((x) => x !== '')
    .map((x) => x.replace(/[^A-Za-z0-9_-]/g, ''));
  return ['auditoria', ...que, `${p.year}-${p.month}-${p.day}`].join('-') + '.csv';
}

export const rutasAuditoria: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: FiltroAuditoria & { pagina: number } }>('/auditoria', {
    preHandler: app.requiere('auditar'),
    schema: {
      summary: 'El registro de auditoría, lo más reciente primero, con filtros',
      tags: ['gestión'],
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          pagina: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
          ...propiedadesDelFiltro,
        },
      },
      response: {
        200: {
          type: 'object',
          required: ['filas', 'pagina', 'porPagina', 'total', 'totalExacto'],
          additionalProperties: false,
          properties: {
            filas: { type: 'array', items: esquemaFila },
            pagina: { type: 'integer' },
            porPagina: { type: 'integer' },
            total: { type: 'integer' },
            totalExacto: { type: 'boolean' },
          },
        },
        ...respuestasDeError,
      },
    },
    handler: async (request): Promise<PaginaAuditoria> => {
      const { pagina, ...filtro } = request.query;
      validarDias(filtro);
      const porPagina = FILAS_AUDITORIA_POR_PAGINA;
      const leida = hayFiltro(filtro)
        ? await paginaFiltrada(app.db, filtro, pagina, porPagina)
        : await paginaSinFiltro(app.db, pagina, porPagina);
      return { ...leida, pagina, porPagina };
    },
  });

  app.get<{ Querystring: FiltroAuditoria }>('/auditoria.csv', {
    preHandler: app.requiere('auditar'),
    // A HEAD would write an audit row for a file nobody received.
    exposeHeadRoute: false,
    schema: {
      summary: 'Exportar a CSV el registro de auditoría del filtro actual',
      description: 'UTF-8 con BOM, separador `;`, una fila de encabezados y una por registro.',
      tags: ['gestión'],
      querystring: { type: 'object', additionalProperties: false, properties: propiedadesDelFiltro },
      response: {
        200: { description: 'El archivo CSV.', type: 'string' },
        ...respuestasDeError,
      },
    },
    handler: async (request, reply) => {
      const filtro = request.query;
      validarDias(filtro);
      const sesion = request.sesion!;
      // The file holds the rows up to now; its own audit row, committed before it starts, follows.
      const hasta = await ultimoNumero(app.db);
      await app.db.transaction().execute((trx) =>
        auditar(trx, {
          usuario: sesion.usuario,
          ip: request.ip,
          accion: 'exportar',
          detalle: { auditoria: true, ...filtro, hastaFila: hasta },
        }),
      );
      async function* registros() {
        for await (const lote of lotesFiltrados(app.db, filtro, hasta)) {
          for (const fila of lote) yield filaCsv(fila);
        }
      }
      const csv = csvEnStream(COLUMNAS_CSV, registros(), (error) =>
        request.log.error({ err: error }, 'la exportación de la auditoría se interrumpió'),
      );
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${nombreDelCsv(filtro)}"`)
        .header('x-content-type-options', 'nosniff');
      return reply.send(csv);
    },
  });
};
