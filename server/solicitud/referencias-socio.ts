// The catalogue rules of an applicant's address and IVA condition (producto §3, producto §7), one
// set for sending an application and for rectifying it: the locality must exist; the street must
// be one of that locality's (accents and case aside, kept as the catalogue spells it) unless the
// locality has no street catalogue, where the street typed is the street.
import { MENSAJES, normalizar, type DatosSocio } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';

export interface DomicilioComprobado {
  localidad: DatosSocio['localidad'] | null;
  calle: DatosSocio['calle'];
  /** Per key (localidad, calle), why it is refused. */
  errores: { localidad?: string; calle?: string };
}

export async function comprobarDomicilio(
  db: Db,
  codigoLocalidad: number,
  nombreCalle: string,
): Promise<DomicilioComprobado> {
  const errores: DomicilioComprobado['errores'] = {};
  const fila = await db
    .selectFrom('localidades')
    .select(['codigo', 'nombre'])
    .where('codigo', '=', codigoLocalidad)
    .executeTakeFirst();
  if (!fila) errores.localidad = MENSAJES.localidadDeLista;

  let nombre = nombreCalle;
  const calles = await db
    .selectFrom('calles')
    .select('nombre')
    .where('codigo_localidad', '=', codigoLocalidad)
    .execute();
  if (calles.length > 0) {
    const buscada = normalizar(nombreCalle);
    const calle = calles.find((c) => normalizar(c.nombre) === buscada);
    if (calle) nombre = calle.nombre;
    else errores.calle = MENSAJES.calleDeLista;
  }
  return {
    localidad: fila ? { codigoLocalidad: Number(fila.codigo), nombreLocalidad: fila.nombre } : null,
    calle: { nombreCalle: nombre },
    errores,
  };
}

/** The IVA condition with its catalogue name, or null when the code is not in the catalogue. */
export async function condicionIvaDe(db: Db, codigo: number): Promise<DatosSocio['condicionIVA'] | null> {
  const fila = await db
    .selectFrom('condiciones_iva')
    .select(['codigo', 'nombre'])
    .where('codigo', '=', codigo)
    .executeTakeFirst();
  return fila ? { codigoCondicionIVA: Number(fila.codigo), nombreCondicionIVA: fila.nombre } : null;
}
