// JSON schemas of the inbox, one application, its moves and notes (domain/gestion.ts has the
// types the back-office reads). The export reads the inbox's filter with the same schema.
import {
  CLAVES_ESTADO,
  DIRECCIONES_ORDEN,
  DOCUMENTOS,
  ORDENES_BANDEJA,
  VENCE_PRONTO,
  LARGO_MAXIMO_BUSQUEDA,
  LARGO_MAXIMO_MOTIVO,
  LARGO_MAXIMO_NOTA,
} from '../../../../domain/index.js';
import { TIPOS_ASIGNACION } from '../../../../domain/ciclo-de-vida.js';
import { CONTROLES, CON_PROPUESTA, DECISIONES, TIPOS_PROPUESTA } from '../../../../domain/propuestas.js';
import { OPCIONES_PARA_HOY } from '../../../../domain/para-hoy.js';
import { cuerpoCrear } from '../../../solicitud/rutas/esquemas.js';
import { paramsNumero } from '../esquemas.js';
import {
  esquemaSinVerificar,
  esquemaVerificacionDetalle,
} from '../../../verificacion-fuente/rutas/esquemas.js';
import { esquemaLecturaDocumento } from './esquemas-lectura.js';

const estado = { type: 'string', enum: CLAVES_ESTADO } as const;
const estadoONulo = { type: ['string', 'null'], enum: [...CLAVES_ESTADO, null] } as const;

/** The inbox's page; pages past what a person reads are refused (10,000 × 25 rows). */
const PAGINA_MAXIMA = 10_000;

const propiedadesFiltro = {
  q: { type: 'string', maxLength: LARGO_MAXIMO_BUSQUEDA, default: '' },
  estado: { type: 'string', enum: ['', ...CLAVES_ESTADO], default: '' },
  // "Vence en 30 días" (producto §11), as older addresses ask it: now `hoy=vence30`.
  vence: { type: 'string', enum: ['', VENCE_PRONTO], default: '' },
  // "Para hoy" (producto §15, domain/para-hoy.ts).
  hoy: { type: 'string', enum: ['', ...OPCIONES_PARA_HOY], default: '' },
  // "Responsable" (producto §15): 'mias', 'ninguno' or an account's usuario.
  responsable: { type: 'string', maxLength: 100, default: '' },
  // "Con propuesta" (producto §15, four eyes).
  propuesta: { type: 'string', enum: ['', CON_PROPUESTA], default: '' },
} as const;

const cuentaNombrada = {
  type: 'object',
  required: ['usuario', 'nombre'],
  additionalProperties: false,
  properties: { usuario: { type: 'string' }, nombre: { type: 'string' } },
} as const;
const responsable = { anyOf: [cuentaNombrada, { type: 'null' }] } as const;

export const esquemaCuentas = { type: 'array', items: cuentaNombrada } as const;

export const cuerpoResponsable = {
  type: 'object',
  required: ['accion', 'visto'],
  additionalProperties: false,
  properties: {
    accion: { type: 'string', enum: TIPOS_ASIGNACION },
    visto: { type: ['string', 'null'], maxLength: 100 },
    a: { type: 'string', maxLength: 100 },
  },
} as const;

export const consultaFiltro = {
  type: 'object',
  additionalProperties: false,
  properties: propiedadesFiltro,
} as const;

export const consultaBandeja = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...propiedadesFiltro,
    pagina: { type: 'integer', minimum: 1, maximum: PAGINA_MAXIMA, default: 1 },
    // The order (producto §15, domain/orden-bandeja.ts): a column, and `asc` unless `desc`. The
    // export is not ordered: it keeps consultaFiltro.
    orden: {
      type: 'string',
      enum: ORDENES_BANDEJA,
      description:
        'Columna por la que se ordena (a igual valor, por número); sin ella, el orden por defecto.',
    },
    dir: {
      type: 'string',
      enum: DIRECCIONES_ORDEN,
      description: '`asc` (por defecto) o `desc`, según los valores que muestra la columna.',
    },
  },
} as const;

export const esquemaPaginaBandeja = {
  type: 'object',
  required: ['filas', 'pagina', 'porPagina', 'total', 'totalExacto'],
  additionalProperties: false,
  properties: {
    filas: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'numero',
          'creadaEn',
          'apellidoynombre',
          'dni',
          'matricula',
          'estado',
          'plazoVencido',
          'responsable',
          'dniRepetido',
          'ultimoCambioEn',
          'diasUltimoCambio',
          'estadoDesde',
          'diasEnEstado',
          'demorada',
        ],
        additionalProperties: false,
        properties: {
          numero: { type: 'string' },
          creadaEn: { type: 'string', format: 'date-time' },
          apellidoynombre: { type: 'string' },
          dni: { type: 'string' },
          matricula: { type: 'string' },
          estado,
          plazoVencido: { type: 'boolean' },
          responsable,
          dniRepetido: { type: 'boolean' },
          // producto §15: "Último cambio" and "En este estado", in working days; "Demorada".
          ultimoCambioEn: { type: 'string', format: 'date-time' },
          diasUltimoCambio: { type: 'integer', minimum: 0 },
          estadoDesde: { type: 'string', format: 'date-time' },
          diasEnEstado: { type: 'integer', minimum: 0 },
          demorada: { type: 'boolean' },
          // producto §17: present (true) only on the rows that carry the mark.
          recredencializacion: { type: 'boolean', enum: [true] },
          recredencializacionVencida: { type: 'boolean', enum: [true] },
          sinConfirmar: { type: 'boolean', enum: [true] },
        },
      },
    },
    pagina: { type: 'integer' },
    porPagina: { type: 'integer' },
    total: { type: 'integer' },
    totalExacto: { type: 'boolean' },
  },
} as const;

export const esquemaNota = {
  type: 'object',
  required: ['id', 'texto', 'usuario', 'nombre', 'en'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    texto: { type: 'string' },
    usuario: { type: 'string' },
    nombre: { type: 'string' },
    en: { type: 'string', format: 'date-time' },
  },
} as const;

export const esquemaDetalle = {
  type: 'object',
  required: [
    'numero',
    'creadaEn',
    'estado',
    'datosSocio',
    'documentos',
    'equipos',
    'historial',
    'notas',
    'movimientos',
    'suprimidaEn',
    'responsable',
    'asignaciones',
    'mismoDni',
    'propuesta',
    'propuestas',
    'dobleControl',
  ],
  additionalProperties: false,
  properties: {
    numero: { type: 'string' },
    creadaEn: { type: 'string', format: 'date-time' },
    estado,
    // The shapes the applicant sent (producto §7).
    datosSocio: cuerpoCrear.properties.datosSocio,
    documentos: {
      type: 'array',
      items: {
        type: 'object',
        required: ['clave', 'label', 'nombre', 'mime', 'bytes', 'sha256', 'vigenteHasta', 'reemplazo'],
        additionalProperties: false,
        properties: {
          clave: { type: 'string' },
          label: { type: 'string' },
          nombre: { type: 'string' },
          mime: { type: 'string' },
          bytes: { type: 'integer' },
          sha256: { type: 'string' },
          vigenteHasta: { type: ['string', 'null'] },
          // The file a correction replaced with this one (producto §14); null when none.
          reemplazo: {
            type: ['object', 'null'],
            required: ['en', 'version'],
            additionalProperties: false,
            properties: {
              en: { type: 'string', format: 'date-time' },
              version: { type: 'integer' },
            },
          },
          // "Verificado en la fuente" of this file (producto §17); null when none.
          verificacion: esquemaVerificacionDetalle,
          // The automatic reading of its end date (producto §17); null when none.
          lectura: esquemaLecturaDocumento,
        },
      },
    },
    equipos: cuerpoCrear.properties.equipos,
    historial: {
      type: 'array',
      items: {
        type: 'object',
        required: ['desde', 'hacia', 'usuario', 'nombre', 'en', 'motivo', 'documentos', 'cambio'],
        additionalProperties: false,
        properties: {
          desde: estadoONulo,
          hacia: estado,
          usuario: { type: ['string', 'null'] },
          nombre: { type: ['string', 'null'] },
          en: { type: 'string', format: 'date-time' },
          motivo: { type: ['string', 'null'] },
          documentos: { type: 'array', items: { type: 'string' } },
          cambio: {
            type: ['object', 'null'],
            required: ['campo', 'anterior', 'nuevo'],
            additionalProperties: false,
            properties: {
              campo: { type: 'string' },
              anterior: { type: ['string', 'null'] },
              nuevo: { type: ['string', 'null'] },
            },
          },
          // A decision's row: it confirmed a proposal, or one administrador took it (producto §15).
          control: { type: 'string', enum: CONTROLES },
        },
      },
    },
    notas: { type: 'array', items: esquemaNota },
    movimientos: { type: 'array', items: estado },
    suprimidaEn: { type: ['string', 'null'] },
    responsable,
    asignaciones: { type: 'array', items: { type: 'string', enum: TIPOS_ASIGNACION } },
    mismoDni: {
      type: 'array',
      items: {
        type: 'object',
        required: ['numero', 'estado', 'creadaEn'],
        additionalProperties: false,
        properties: { numero: { type: 'string' }, estado, creadaEn: { type: 'string', format: 'date-time' } },
      },
    },
    // Four eyes (producto §15): the open proposal, this account's buttons, what needs confirming.
    propuesta: {
      type: ['object', 'null'],
      required: ['id', 'decision', 'usuario', 'nombre', 'en', 'motivo'],
      additionalProperties: false,
      properties: {
        id: { type: 'string' },
        decision: { type: 'string', enum: DECISIONES },
        usuario: { type: 'string' },
        nombre: { type: 'string' },
        en: { type: 'string', format: 'date-time' },
        motivo: { type: ['string', 'null'] },
      },
    },
    propuestas: { type: 'array', items: { type: 'string', enum: TIPOS_PROPUESTA } },
    dobleControl: { type: 'array', items: { type: 'string', enum: DECISIONES } },
    // Required documents still to verify at the source (producto §17): no approval while any.
    sinVerificar: esquemaSinVerificar,
  },
} as const;

export const cuerpoMovimiento = {
  type: 'object',
  required: ['desde', 'hacia'],
  additionalProperties: false,
  properties: {
    desde: estado,
    hacia: estado,
    // The lengths the handler checks (with a message per field) after trimming; these only
    // keep an absurd body out.
    motivo: { type: 'string', maxLength: LARGO_MAXIMO_MOTIVO * 2 },
    documentos: {
      type: 'array',
      maxItems: DOCUMENTOS.length * 2,
      items: { type: 'string', maxLength: 100 },
    },
  },
} as const;

export const cuerpoNota = {
  type: 'object',
  required: ['texto'],
  additionalProperties: false,
  properties: { texto: { type: 'string', maxLength: LARGO_MAXIMO_NOTA * 2 } },
} as const;

export const paramsDocumento = {
  type: 'object',
  required: ['numero', 'clave'],
  properties: {
    numero: paramsNumero.properties.numero,
    clave: { type: 'string', maxLength: 100 },
  },
} as const;

/** The date's checks (a real day, its range) are the handler's, with a Spanish message each. */
export const cuerpoVigencia = {
  type: 'object',
  required: ['hasta'],
  additionalProperties: false,
  properties: { hasta: { type: ['string', 'null'], maxLength: 40 } },
} as const;

export const esquemaVigencia = {
  type: 'object',
  required: ['clave', 'vigenteHasta'],
  additionalProperties: false,
  properties: {
    clave: { type: 'string' },
    vigenteHasta: { type: ['string', 'null'] },
  },
} as const;
