// Step 1's rules over the values the chart holds (producto §3), pure so the chart, its tests and
// the views ask the same questions: what a change does to the fields that depend on it, which
// message each field shows, and which padrón answer belongs to the pair typed now.
import { datosSocioSchema, parsearFecha, sinCerosIniciales, soloDigitos } from '../domain/index.js';
import type { Catalogos, EnrolmentContext, EstadoComprobacion, FormDatosSocio } from './contexto.js';
import { juezDe } from './errores.js';

/** What the applicant changed: one field as they type, or several at once (a pick, autofill). */
export type CambiosDatos = Partial<FormDatosSocio>;

/** Fields that keep only their digits: a DNI typed with dots becomes its digits. */
const SOLO_DIGITOS = ['dni', 'codArea', 'telefono', 'nroCajaAhorro'] as const;

const mismaLocalidad = (a: FormDatosSocio['localidad'], b: FormDatosSocio['localidad']) =>
  (a?.codigoLocalidad ?? null) === (b?.codigoLocalidad ?? null);

/** The picked locality's street catalogue is loaded and empty: the street is typed, not picked. */
export function calleLibre(datos: FormDatosSocio, calles: Catalogos['calles']): boolean {
  return (
    datos.localidad !== null &&
    calles?.codigoLocalidad === datos.localidad.codigoLocalidad &&
    calles.lista.length === 0
  );
}

/**
 * The values after a change, with the rules that tie fields together: typing in Localidad drops
 * the picked locality; another locality clears Calle; a street typed where the catalogue is
 * empty is the street; another Forma de pago clears Tarjeta and Número de caja de ahorro; an
 * area code loses its leading 0; a birth date is kept as ISO once it parses (what was typed
 * until then).
 */
export function aplicarCambios(
  datos: FormDatosSocio,
  cambios: CambiosDatos,
  calles: Catalogos['calles'],
): FormDatosSocio {
  const nuevos: FormDatosSocio = { ...datos, ...cambios };
  for (const campo of SOLO_DIGITOS) if (campo in cambios) nuevos[campo] = soloDigitos(nuevos[campo] ?? '');
  // Like the dots of a DNI, the 0 the hint leaves out is dropped as typed (the shared rule does too).
  if ('codArea' in cambios) nuevos.codArea = sinCerosIniciales(nuevos.codArea);
  if ('fechanac' in cambios) nuevos.fechanac = parsearFecha(nuevos.fechanac) ?? nuevos.fechanac;

  const localidadEscrita = 'textoLocalidad' in cambios && !('localidad' in cambios);
  if (localidadEscrita) nuevos.localidad = null;
  if ((localidadEscrita || !mismaLocalidad(datos.localidad, nuevos.localidad)) && !('calle' in cambios)) {
    nuevos.calle = null;
    if (!('textoCalle' in cambios)) nuevos.textoCalle = '';
  }
  if ('textoCalle' in cambios && !('calle' in cambios)) {
    const escrita = nuevos.textoCalle.trim();
    nuevos.calle = escrita && calleLibre(nuevos, calles) ? { nombreCalle: escrita } : null;
  }

  if (nuevos.formaPago !== datos.formaPago) {
    if (!('tipoTarjetaCredito' in cambios)) nuevos.tipoTarjetaCredito = null;
    if (!('nroCajaAhorro' in cambios)) nuevos.nroCajaAhorro = '';
  }
  return nuevos;
}

/** The locality whose streets a change asks for: a newly picked one, else null. */
export function localidadNueva(datos: FormDatosSocio, cambios: CambiosDatos): number | null {
  const elegida = cambios.localidad;
  if (!elegida || mismaLocalidad(datos.localidad, elegida)) return null;
  return elegida.codigoLocalidad;
}

/** The shared rules' first message for each field of step 1 (once per change). */
export const erroresDatos = juezDe<FormDatosSocio>(datosSocioSchema);

export const datosValidos = (datos: FormDatosSocio): boolean => Object.keys(erroresDatos(datos)).length === 0;

const par = (datos: FormDatosSocio) => ({ dni: datos.dni, matricula: datos.matricula.trim() });

/** The pair of DNI and matrícula the padrón is asked about. */
export const parDni = par;

/** The padrón's answer for the pair typed now; null when there is none (or it was for another pair). */
export function padronVigente(context: Pick<EnrolmentContext, 'comprobacion' | 'datos'>): EstadoComprobacion | null {
  const c = context.comprobacion;
  const actual = par(context.datos);
  return c && c.dni === actual.dni && c.matricula === actual.matricula ? c.estado : null;
}
