// "Necesito cambiar algo" (producto §17): the provider changes several fields at once. Each goes
// through the rectification's rule (./rectificacion.ts: the form's own datosSocioSchema on the whole
// record, the value kept as the form keeps it), judged against the record with every *other*
// chosen value already in it — so fields that depend on each other (Teléfono on Código de área)
// can change together, and a rule the other values break is not this field's message. The page
// runs it before sending and the server again on what arrives.
import type { DatosSocio } from './reglas.js';
import { comoLoGuardaElFormulario, rectificarDatos, type CambiosCompuestos } from './rectificacion.js';
import type { CampoActualizable } from './confirmacion.js';

/** What a field changes to: text as typed, or a compound field's record changes. */
export type ValorActualizado = string | CambiosCompuestos;

/** One field changed, as the history keeps it (text a person reads; null for an emptied field). */
export interface CambioDeDato {
  campo: CampoActualizable;
  anterior: string | null;
  nuevo: string | null;
}

export type ResultadoActualizacion =
  | { ok: true; datos: DatosSocio; cambios: CambioDeDato[] }
  /** Why each refused field is refused, by field. */
  | { ok: false; errores: Partial<Record<CampoActualizable, string>> };

/** The Forma de pago fields, set by Forma de pago itself when both are chosen. */
const CON_FORMA_DE_PAGO: readonly CampoActualizable[] = ['tipoTarjetaCredito', 'nroCajaAhorro'];
export const MENSAJE_CON_FORMA_DE_PAGO = 'Este dato se completa con la forma de pago.';

/** The record keys whose values differ between two records. */
const clavesCambiadas = (antes: DatosSocio, despues: DatosSocio): (keyof DatosSocio)[] =>
  (Object.keys(despues) as (keyof DatosSocio)[]).filter(
    (k) => JSON.stringify(antes[k] ?? null) !== JSON.stringify(despues[k] ?? null),
  );

/** A chosen value in the record as the form would hold it, not judged yet. */
const conValor = (datos: DatosSocio, campo: CampoActualizable, valor: ValorActualizado): DatosSocio =>
  typeof valor === 'object'
    ? { ...datos, ...valor }
    : ({ ...datos, [campo]: comoLoGuardaElFormulario(campo, valor) } as DatosSocio);

/** `guardados` with every change of `cambios` made, or why not, by field. */
export async function actualizarDatos(
  guardados: DatosSocio,
  cambios: Partial<Record<CampoActualizable, ValorActualizado>>,
): Promise<ResultadoActualizacion> {
  const campos = Object.keys(cambios) as CampoActualizable[];
  const errores: Partial<Record<CampoActualizable, string>> = {};
  if ('formaPago' in cambios)
    for (const campo of CON_FORMA_DE_PAGO) if (campo in cambios) errores[campo] = MENSAJE_CON_FORMA_DE_PAGO;
  if (Object.keys(errores).length > 0) return { ok: false, errores };

  const hechos: CambioDeDato[] = [];
  let datos = guardados;
  for (const campo of campos) {
    const base = campos
      .filter((otro) => otro !== campo)
      .reduce((d, otro) => conValor(d, otro, cambios[otro]!), guardados);
    const r = await rectificarDatos(base, campo, cambios[campo]!);
    if (!r.ok) {
      errores[campo] = r.mensaje;
      continue;
    }
    datos = { ...datos, ...Object.fromEntries(clavesCambiadas(base, r.datos).map((k) => [k, r.datos[k]])) };
    hechos.push({ campo, anterior: r.anterior, nuevo: r.nuevo });
  }
  return Object.keys(errores).length > 0 ? { ok: false, errores } : { ok: true, datos, cambios: hechos };
}
