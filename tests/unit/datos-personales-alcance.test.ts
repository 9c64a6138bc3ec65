// The deletion's confirmation names what it removes (producto §13): how many documents, their size
// and which applications, in Spanish with its plurals; and the announcement afterwards.
import { describe, expect, it } from 'vitest';
import type { ResumenPersona, SolicitudDePersona } from '../../domain/datos-personales.js';
import {
  alcanceDeSupresion,
  enumerar,
  supresionHecha,
} from '../../src/gestion/paginas/datos-personales/alcance.js';

const solicitud = (numero: string, documentos: number, bytes: number): SolicitudDePersona => ({
  numero,
  creadaEn: '2026-11-20T12:00:00.000Z',
  estado: 'recibida',
  documentos,
  bytes,
  notas: 0,
  correos: 1,
});
const persona = (...solicitudes: SolicitudDePersona[]): ResumenPersona => ({
  dni: '30111222',
  apellidoynombre: 'Pérez, Juan Carlos',
  solicitudes,
});

describe('lo que la supresión elimina, en palabras', () => {
  it('lists numbers as Spanish does', () => {
    expect(enumerar([])).toBe('');
    expect(enumerar(['A'])).toBe('A');
    expect(enumerar(['A', 'B'])).toBe('A y B');
    expect(enumerar(['A', 'B', 'C'])).toBe('A, B y C');
  });

  it('names the documents, their size and every application', () => {
    const texto = alcanceDeSupresion(
      persona(solicitud('AMR-1', 9, 2_500_000), solicitud('AMR-2', 10, 1_200_000)),
    );
    expect(texto).toBe(
      'Se eliminarán 19 documentos (3,7 MB) de las solicitudes AMR-1 y AMR-2, y se reemplazarán por ' +
        '«[suprimido]» el nombre, el DNI, la matrícula, el domicilio, el email, el teléfono y los medios de ' +
        'pago, las notas internas y los correos guardados. Se conservan el número, las fechas y el estado.',
    );
  });

  it('speaks in the singular of one document and one application', () => {
    expect(alcanceDeSupresion(persona(solicitud('AMR-1', 1, 800)))).toMatch(
      /^Se eliminarán 1 documento \(800 B\) de la solicitud AMR-1, /,
    );
  });

  it('announces how many applications were deleted', () => {
    expect(supresionHecha(1)).toBe('Se suprimieron los datos personales de 1 solicitud.');
    expect(supresionHecha(2)).toBe('Se suprimieron los datos personales de 2 solicitudes.');
  });
});
