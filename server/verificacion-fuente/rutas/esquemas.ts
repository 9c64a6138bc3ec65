// JSON schemas of "Verificado en la fuente" (producto §17): a document's verification as the
// detail answers it (domain/verificacion-fuente.ts VerificacionDetalle) and the routes' params. The
// fields of a new verification arrive as a multipart form and are checked by the service with
// the rule the dialog uses (esquemaVerificacion).
import { CLAVES_FUENTE } from '../../../domain/verificacion-fuente.js';
import { paramsNumero } from '../../gestion/rutas/esquemas.js';

/** A document's verification in the detail, or null (server/gestion/rutas/solicitudes/esquemas.ts). */
export const esquemaVerificacionDetalle = {
  type: ['object', 'null'],
  required: ['id', 'fuente', 'fecha', 'usuario', 'nombre', 'nota', 'en', 'evidencia'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    fuente: { type: 'string', enum: CLAVES_FUENTE },
    fecha: { type: 'string', description: 'AAAA-MM-DD' },
    usuario: { type: 'string' },
    nombre: { type: 'string' },
    nota: { type: ['string', 'null'] },
    en: { type: 'string', format: 'date-time' },
    evidencia: {
      type: ['object', 'null'],
      required: ['nombre', 'mime', 'bytes', 'sha256'],
      additionalProperties: false,
      properties: {
        nombre: { type: 'string' },
        mime: { type: 'string' },
        bytes: { type: 'integer' },
        sha256: { type: 'string' },
      },
    },
  },
} as const;

/** The detail's `sinVerificar`: document keys. */
export const esquemaSinVerificar = { type: 'array', items: { type: 'string' } } as const;

export const paramsDocumentoVerificado = {
  type: 'object',
  required: ['numero', 'clave'],
  properties: {
    ...paramsNumero.properties,
    // Any text: an unknown key answers 404 (the application has no such document).
    clave: { type: 'string', minLength: 1, maxLength: 100 },
  },
} as const;

export const paramsEvidencia = {
  type: 'object',
  required: ['numero', 'id'],
  properties: {
    ...paramsNumero.properties,
    // Any text: an unknown one answers 404.
    id: { type: 'string', minLength: 1, maxLength: 100 },
  },
} as const;
