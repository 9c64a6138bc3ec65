// What deleting one person's data removes, in words, from the consultation's summary: the
// confirmation names it (how many documents, how many bytes, which applications) so the
// administrador confirms this deletion, not a deletion in general.
import { MARCA_SUPRIMIDO, type ResumenPersona } from '../../../../domain/datos-personales.js';
import { entero, tamanio } from '../../formato.js';

/** "A", "A y B", "A, B y C". */
export function enumerar(elementos: readonly string[]): string {
  if (elementos.length <= 1) return elementos.join('');
  return `${elementos.slice(0, -1).join(', ')} y ${elementos.at(-1)}`;
}

const plural = (n: number, uno: string, varios: string) => `${entero(n)} ${n === 1 ? uno : varios}`;

export function alcanceDeSupresion(resumen: ResumenPersona): string {
  const documentos = resumen.solicitudes.reduce((suma, s) => suma + s.documentos, 0);
  const bytes = resumen.solicitudes.reduce((suma, s) => suma + s.bytes, 0);
  const numeros = enumerar(resumen.solicitudes.map((s) => s.numero));
  const de =
    resumen.solicitudes.length === 1 ? `de la solicitud ${numeros}` : `de las solicitudes ${numeros}`;
  return (
    `Se eliminarán ${plural(documentos, 'documento', 'documentos')} (${tamanio(bytes)}) ${de}, ` +
    `y se reemplazarán por «${MARCA_SUPRIMIDO}» el nombre, el DNI, la matrícula, el domicilio, el email, ` +
    'el teléfono y los medios de pago, las notas internas y los correos guardados. ' +
    'Se conservan el número, las fechas y el estado.'
  );
}

/** The announcement once the server confirms it. */
export const supresionHecha = (solicitudes: number) =>
  `Se suprimieron los datos personales de ${plural(solicitudes, 'solicitud', 'solicitudes')}.`;
