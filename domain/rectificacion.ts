// Rectifying one field of a sent application (producto §13), written once for the back-office's
// dialog and the server: the new value goes through the form's own rules (datosSocioSchema)
// applied to the whole record, so a field that depends on another (Teléfono on Código de área) is
// judged with it, and the value kept is what the form would have kept ("0341" → "341").
import { ValidationError } from 'yup';
import { COBRANZAS_HONORARIOS, FORMAS_PAGO, TARJETAS } from './catalogos.js';
import { CAMPOS_RECTIFICABLES, TEXTOS_DATOS_PERSONALES, type CampoRectificable } from './datos-personales.js';
import { formatearFecha, parsearFecha } from './fecha.js';
import { camposConError, datosSocioSchema, type DatosSocio } from './reglas.js';

/**
 * Fields that exist only with one Forma de pago: the rules drop them (null) with any other, so a
 * value sent for them would be lost without a word. Forma de pago itself is not rectifiable.
 */
const FORMA_DE_PAGO_DEL_CAMPO: Partial<Record<CampoRectificable, string>> = {
  tipoTarjetaCredito: 'TARJETACREDITO',
  nroCajaAhorro: 'CAJAAHORRO',
};

/** The fields this record may have rectified, in the form's order: not those of another Forma de pago. */
export const camposRectificablesDe = (datos: Pick<DatosSocio, 'formaPago'>): CampoRectificable[] =>
  (Object.keys(CAMPOS_RECTIFICABLES) as CampoRectificable[]).filter((campo) => {
    const forma = FORMA_DE_PAGO_DEL_CAMPO[campo];
    return forma === undefined || datos.formaPago === forma;
  });

const rotuloFormaPago = (valor: unknown) =>
  FORMAS_PAGO.find((f) => f.value === valor)?.label ?? String(valor ?? '');

export const MENSAJES_RECTIFICACION = {
  noCorresponde: (campo: CampoRectificable, necesaria: string, actual: unknown) =>
    `«${CAMPOS_RECTIFICABLES[campo]}» solo corresponde con la forma de pago «${rotuloFormaPago(necesaria)}», ` +
    `y esta solicitud tiene «${rotuloFormaPago(actual)}».`,
} as const;

/** A stored value as the history keeps it: text, or null for an optional field left empty. */
export const comoTexto = (valor: unknown): string | null =>
  valor === null || valor === undefined ? null : String(valor);

/** A stored value as a person reads it: a date as DD/MM/AAAA, a card or an option by its name. */
export function valorLegible(campo: string, valor: string | null): string {
  if (valor === null || valor === '') return '';
  if (campo === 'fechanac') return formatearFecha(valor);
  if (campo === 'tipoTarjetaCredito') return TARJETAS.find((t) => t.value === valor)?.displayName ?? valor;
  if (campo === 'cobranzaHonorarios')
    return COBRANZAS_HONORARIOS.find((c) => c.value === valor)?.label ?? valor;
  return valor;
}

/** What the form keeps of a typed value: a birth date typed DD/MM/AAAA becomes ISO, as there. */
function comoLoGuardaElFormulario(campo: CampoRectificable, valor: string): string {
  return campo === 'fechanac' ? (parsearFecha(valor) ?? valor.trim()) : valor;
}

async function erroresDe(datos: unknown): Promise<Record<string, string>> {
  try {
    await datosSocioSchema.validate(datos, { abortEarly: false });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return camposConError(error);
    throw error;
  }
}

export type ResultadoRectificacion =
  | { ok: true; datos: DatosSocio; anterior: string | null; nuevo: string | null }
  /** Why the value is refused, for the field being rectified. */
  | { ok: false; mensaje: string };

/**
 * The record with `campo` set to `valor` (as typed in the form; '' clears an optional field), or
 * why not: the field's own rule, a rule of another field this change breaks, a field this Forma de
 * pago does not have, or no change at all. A rule the stored record already broke elsewhere is not
 * this change's doing and does not stop it.
 */
export async function rectificarDatos(
  guardados: DatosSocio,
  campo: CampoRectificable,
  valor: string,
): Promise<ResultadoRectificacion> {
  const forma = FORMA_DE_PAGO_DEL_CAMPO[campo];
  if (forma !== undefined && guardados.formaPago !== forma) {
    return { ok: false, mensaje: MENSAJES_RECTIFICACION.noCorresponde(campo, forma, guardados.formaPago) };
  }
  const candidato = { ...guardados, [campo]: comoLoGuardaElFormulario(campo, valor) };
  let valido: unknown;
  try {
    valido = await datosSocioSchema.validateAt(campo, candidato);
  } catch (error) {
    if (error instanceof ValidationError) return { ok: false, mensaje: error.message };
    throw error;
  }
  const antes = await erroresDe(guardados);
  const causado = Object.entries(await erroresDe(candidato)).find(([ruta, m]) => antes[ruta] !== m);
  if (causado) return { ok: false, mensaje: causado[1] };

  const anterior = comoTexto(guardados[campo]);
  const nuevo = comoTexto(valido);
  if (anterior === nuevo) return { ok: false, mensaje: TEXTOS_DATOS_PERSONALES.sinCambio };
  return { ok: true, datos: { ...guardados, [campo]: valido ?? null } as DatosSocio, anterior, nuevo };
}
