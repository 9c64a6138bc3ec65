// Rectifying one field of a sent application (producto §13), written once for the back-office's
// dialog and the server: the new value goes through the form's own rules (datosSocioSchema)
// applied to the whole record, so a field that depends on another (Teléfono on Código de área) is
// judged with it, and the value kept is what the form would have kept ("0341" → "341"). Domicilio,
// Condición ante el IVA and Forma de pago set several record keys at once; their value is JSON.
import { ValidationError } from 'yup';
import { COBRANZAS_HONORARIOS, FORMAS_PAGO, TARJETAS } from './catalogos.js';
import {
  CAMPOS_RECTIFICABLES,
  TEXTOS_DATOS_PERSONALES,
  type CampoRectificable,
  type ValorCondicionIVA,
  type ValorDomicilio,
  type ValorFormaPago,
} from './datos-personales.js';
import { formatearFecha, parsearFecha } from './fecha.js';
import { camposConError, datosSocioSchema, type DatosSocio } from './reglas.js';

/**
 * Fields that exist only with one Forma de pago: the rules drop them (null) with any other, so a
 * value sent for them would be lost without a word; changing Forma de pago itself sets them too.
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

/** The fields whose value sets these record keys together (a JSON `valor`). */
const CLAVES_DEL_CAMPO = {
  domicilio: ['localidad', 'calle'],
  condicionIVA: ['condicionIVA'],
  formaPago: ['formaPago', 'tipoTarjetaCredito', 'nroCajaAhorro'],
} as const satisfies Partial<Record<CampoRectificable, readonly (keyof DatosSocio)[]>>;
export type CampoCompuesto = keyof typeof CLAVES_DEL_CAMPO;
export const esCampoCompuesto = (campo: string): campo is CampoCompuesto =>
  Object.hasOwn(CLAVES_DEL_CAMPO, campo);

export interface ValoresCompuestos {
  domicilio: ValorDomicilio;
  condicionIVA: ValorCondicionIVA;
  formaPago: ValorFormaPago;
}
/** What a compound field's value changes in the record, its names taken from the catalogues. */
export type CambiosCompuestos = Partial<Pick<DatosSocio, (typeof CLAVES_DEL_CAMPO)[CampoCompuesto][number]>>;

const esEntero = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const esTextoONulo = (v: unknown): v is string | null => v === null || typeof v === 'string';

/** A compound field's JSON value, or null when it is not JSON of the expected shape. */
export function leerValorCompuesto<C extends CampoCompuesto>(
  campo: C,
  valor: string,
): ValoresCompuestos[C] | null {
  let leido: unknown;
  try {
    leido = JSON.parse(valor);
  } catch {
    return null;
  }
  if (typeof leido !== 'object' || leido === null || Array.isArray(leido)) return null;
  const v = leido as Record<string, unknown>;
  const claves = Object.keys(v).sort().join(',');
  const bien =
    campo === 'domicilio'
      ? claves === 'codigoLocalidad,nombreCalle' &&
        esEntero(v.codigoLocalidad) &&
        typeof v.nombreCalle === 'string'
      : campo === 'condicionIVA'
        ? claves === 'codigoCondicionIVA' && esEntero(v.codigoCondicionIVA)
        : claves === 'formaPago,nroCajaAhorro,tipoTarjetaCredito' &&
          typeof v.formaPago === 'string' &&
          esTextoONulo(v.tipoTarjetaCredito) &&
          esTextoONulo(v.nroCajaAhorro);
  return bien ? (v as unknown as ValoresCompuestos[C]) : null;
}

/** What the history keeps of a compound field: text a person reads ("Rosario, Bv. Oroño"). */
function textoCompuesto(campo: CampoCompuesto, datos: Partial<DatosSocio>): string | null {
  if (campo === 'domicilio') {
    if (!datos.localidad || !datos.calle) return null;
    return `${datos.localidad.nombreLocalidad}, ${datos.calle.nombreCalle}`;
  }
  if (campo === 'condicionIVA') return datos.condicionIVA?.nombreCondicionIVA ?? null;
  if (!datos.formaPago) return null;
  const forma = rotuloFormaPago(datos.formaPago);
  if (datos.formaPago === 'TARJETACREDITO' && datos.tipoTarjetaCredito)
    return `${forma} (${valorLegible('tipoTarjetaCredito', datos.tipoTarjetaCredito)})`;
  if (datos.formaPago === 'CAJAAHORRO' && datos.nroCajaAhorro) return `${forma} (${datos.nroCajaAhorro})`;
  return forma;
}

export const MENSAJES_RECTIFICACION = {
  valorMalformado: 'El valor nuevo no tiene la forma esperada.',
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
export function comoLoGuardaElFormulario(campo: CampoRectificable, valor: string): string {
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

/** Only the keys a compound field sets, in a fixed order, to tell whether anything changed. */
const clavesDe = (campo: CampoCompuesto, datos: Partial<DatosSocio>) =>
  JSON.stringify(CLAVES_DEL_CAMPO[campo].map((clave) => datos[clave] ?? null));

/**
 * The record with `campo` set to `valor` (as typed in the form; '' clears an optional field) — or,
 * for a compound field, with `valor`'s changes (CambiosCompuestos, the names already taken from the
 * catalogues) — or why not: the field's own rule, a rule of another field this change breaks, a
 * field this Forma de pago does not have, or no change at all. A rule the stored record already
 * broke elsewhere is not this change's doing and does not stop it.
 */
export async function rectificarDatos(
  guardados: DatosSocio,
  campo: CampoRectificable,
  valor: string | CambiosCompuestos,
): Promise<ResultadoRectificacion> {
  const forma = FORMA_DE_PAGO_DEL_CAMPO[campo];
  if (forma !== undefined && guardados.formaPago !== forma) {
    return { ok: false, mensaje: MENSAJES_RECTIFICACION.noCorresponde(campo, forma, guardados.formaPago) };
  }
  const compuesto = esCampoCompuesto(campo);
  if (compuesto !== (typeof valor === 'object'))
    return { ok: false, mensaje: MENSAJES_RECTIFICACION.valorMalformado };
  const claves: readonly (keyof DatosSocio)[] = compuesto ? CLAVES_DEL_CAMPO[campo] : [campo];
  const candidato: Record<string, unknown> =
    typeof valor === 'object'
      ? { ...guardados, ...valor }
      : { ...guardados, [campo]: comoLoGuardaElFormulario(campo, valor) };
  const validos: Record<string, unknown> = {};
  try {
    for (const clave of claves)
      validos[clave] = (await datosSocioSchema.validateAt(clave, candidato)) ?? null;
  } catch (error) {
    if (error instanceof ValidationError) return { ok: false, mensaje: error.message };
    throw error;
  }
  const antes = await erroresDe(guardados);
  const causado = Object.entries(await erroresDe(candidato)).find(([ruta, m]) => antes[ruta] !== m);
  if (causado) return { ok: false, mensaje: causado[1] };

  const datos = { ...guardados, ...validos } as DatosSocio;
  if (compuesto) {
    if (clavesDe(campo, guardados) === clavesDe(campo, datos))
      return { ok: false, mensaje: TEXTOS_DATOS_PERSONALES.sinCambio };
    return {
      ok: true,
      datos,
      anterior: textoCompuesto(campo, guardados),
      nuevo: textoCompuesto(campo, datos),
    };
  }
  const anterior = comoTexto(guardados[campo]);
  const nuevo = comoTexto(validos[campo]);
  if (anterior === nuevo) return { ok: false, mensaje: TEXTOS_DATOS_PERSONALES.sinCambio };
  return { ok: true, datos, anterior, nuevo };
}

/** A field's current value as a person reads it ("Rosario, Bv. Oroño", "12/03/1980"). */
export const valorActualLegible = (campo: CampoRectificable, datos: DatosSocio): string =>
  esCampoCompuesto(campo)
    ? (textoCompuesto(campo, datos) ?? '')
    : valorLegible(campo, comoTexto(datos[campo]));
