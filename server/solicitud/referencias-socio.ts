// The catalogue rules of an applicant's address and IVA condition (producto §3, producto §7), one
// set for sending an application and for rectifying it: the locality must exist; the street must
// be one of that locality's (accents and case aside, kept as the catalogue spells it) unless the
// locality has no street catalogue, where the street typed is the street. The catalogues are read
// through catalogos/referencias.ts.
import { MENSAJES, normalizar, type DatosSocio } from '../../domain/index.js';
import type { LectorCatalogos } from '../catalogos/referencias.js';

export interface DomicilioComprobado {
  localidad: DatosSocio['localidad'] | null;
  calle: DatosSocio['calle'];
  /** Per key (localidad, calle), why it is refused. */
  errores: { localidad?: string; calle?: string };
}

export async function comprobarDomicilio(
  catalogos: LectorCatalogos,
  codigoLocalidad: number,
  nombreCalle: string,
): Promise<DomicilioComprobado> {
  const errores: DomicilioComprobado['errores'] = {};
  const nombreLocalidad = await catalogos.localidad(codigoLocalidad);
  if (nombreLocalidad === null) errores.localidad = MENSAJES.localidadDeLista;

  let nombre = nombreCalle;
  const calles = await catalogos.calles(codigoLocalidad);
  if (calles.size > 0) {
    const calle = calles.get(normalizar(nombreCalle));
    if (calle !== undefined) nombre = calle;
    else errores.calle = MENSAJES.calleDeLista;
  }
  return {
    localidad: nombreLocalidad === null ? null : { codigoLocalidad, nombreLocalidad },
    calle: { nombreCalle: nombre },
    errores,
  };
}

/** The IVA condition with its catalogue name, or null when the code is not in the catalogue. */
export async function condicionIvaDe(
  catalogos: LectorCatalogos,
  codigo: number,
): Promise<DatosSocio['condicionIVA'] | null> {
  const nombre = await catalogos.condicionIva(codigo);
  return nombre === null ? null : { codigoCondicionIVA: codigo, nombreCondicionIVA: nombre };
}
