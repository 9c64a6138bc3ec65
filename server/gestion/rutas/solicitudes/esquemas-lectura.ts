// The shapes of the automatic reading of end dates (producto §17) on the wire: a document's
// reading in the detail (domain/lectura.ts LecturaDocumento) and the body of "Aceptar vigencia
// propuesta".
import { ESTADOS_LECTURA } from '../../../../domain/lectura.js';

export const esquemaLecturaDocumento = {
  type: ['object', 'null'],
  required: ['estado', 'fecha', 'frase'],
  additionalProperties: false,
  properties: {
    estado: { type: 'string', enum: ESTADOS_LECTURA },
    fecha: { type: ['string', 'null'] },
    frase: { type: ['string', 'null'] },
  },
} as const;

/** The proposal the page showed; its checks (a real day, its range) are registrarVigencia's. */
export const cuerpoAceptarVigencia = {
  type: 'object',
  required: ['fecha'],
  additionalProperties: false,
  properties: { fecha: { type: 'string', maxLength: 40 } },
} as const;
