// What a move's payload must bring (producto §9): a "Motivo" — checked whenever it is given — and
// the documents observed. One rule read by the lifecycle chart's guards (./ciclo-de-vida.ts,
// which re-exports these), the server's 400 and the back-office's dialogs.
import { array, object, string } from 'yup';
import { LARGO_MAXIMO_MOTIVO, TEXTOS_GESTION } from './gestion.js';
import { MENSAJES } from './mensajes.js';
import { tieneCaracteresNoPermitidos } from './reglas.js';

/** What a move may bring besides who makes it. */
export interface DatosDelMovimiento {
  motivo?: string;
  /** Document keys: the documents observed (Observar), or those a correction replaced. */
  documentos?: readonly string[];
}

/** What a move's payload must bring. */
export type Necesidad = 'motivo' | 'documentos';

const MENSAJES_MOVIMIENTO = {
  documentoRepetido: (clave: string) => `El documento ${clave} se envió más de una vez.`,
} as const;

/** A free text of staff, already trimmed: the message of what is wrong with it, or null. */
export function problemaDeTexto(texto: string, maximo: number, vacio: string): string | null {
  if (texto === '') return vacio;
  if (texto.length > maximo) return MENSAJES.demasiadoLargo(maximo);
  if (tieneCaracteresNoPermitidos(texto, { multilinea: true })) return MENSAJES.caracteresInvalidos;
  return null;
}

/**
 * What is wrong with a move's payload, by field (empty: nothing). A motivo is checked whenever it
 * is given, needed or not; the documents when the move needs them: at least one, each one the
 * application has, none twice. The machine's guard, the server's 400 and the page's dialog all
 * read this one function.
 */
export function problemasDelMovimiento(
  necesita: readonly Necesidad[],
  datos: DatosDelMovimiento,
  documentosDeLaSolicitud: readonly string[],
): Partial<Record<Necesidad, string>> {
  const problemas: Partial<Record<Necesidad, string>> = {};
  const motivo = (datos.motivo ?? '').trim();
  if (necesita.includes('motivo') || motivo !== '') {
    const problema = problemaDeTexto(motivo, LARGO_MAXIMO_MOTIVO, TEXTOS_GESTION.motivoRequerido);
    if (problema) problemas.motivo = problema;
  }
  if (necesita.includes('documentos')) {
    const pedidos = datos.documentos ?? [];
    const repetido = pedidos.find((c, i) => pedidos.indexOf(c) !== i);
    if (pedidos.length === 0) problemas.documentos = TEXTOS_GESTION.documentosRequeridos;
    else if (pedidos.some((c) => !documentosDeLaSolicitud.includes(c)))
      problemas.documentos = TEXTOS_GESTION.documentoInexistente;
    else if (repetido !== undefined) problemas.documentos = MENSAJES_MOVIMIENTO.documentoRepetido(repetido);
  }
  return problemas;
}

/**
 * The dialog's form of a move (Formik's `validationSchema`): each field judged by
 * `problemasDelMovimiento`, the same rule as the chart's guard and the server's answer.
 */
export function esquemaMovimiento(
  necesita: readonly Necesidad[],
  documentosDeLaSolicitud: readonly string[],
) {
  const problema = (campo: Necesidad, datos: DatosDelMovimiento) =>
    problemasDelMovimiento(necesita, datos, documentosDeLaSolicitud)[campo];
  return object({
    motivo: string()
      .default('')
      .test('motivo', (motivo, ctx) => {
        const mensaje = problema('motivo', { motivo: motivo ?? '' });
        return mensaje ? ctx.createError({ message: mensaje }) : true;
      }),
    documentos: array(string().required())
      .default([])
      .test('documentos', (documentos, ctx) => {
        const mensaje = problema('documentos', { documentos: documentos ?? [] });
        return mensaje ? ctx.createError({ message: mensaje }) : true;
      }),
  });
}
