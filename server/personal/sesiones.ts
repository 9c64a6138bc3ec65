// Staff sessions (producto §9), kept in the database so that any process can check or revoke
// them: the cookie holds 32 random bytes, the table only their sha256. A session ends after 30
// minutes without a request, 12 hours after sign-in, on "Salir", and when its account is disabled.
import { createHash, randomBytes } from 'node:crypto';
import { SESION_INACTIVA_MS, SESION_MAXIMA_MS, type Rol } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';

/** Writing "last seen" at most once a minute keeps reads from becoming writes. */
const REFRESCO_MS = 60_000;
const FORMATO = /^[A-Za-z0-9_-]{43}$/;

export const nombreCookieSesion = (production: boolean) =>
  production ? '__Host-gestion-sesion' : 'gestion-sesion';

const idDe = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SesionActiva {
  id: string;
  personalId: string;
  usuario: string;
  nombre: string;
  rol: Rol;
  segundoFactor: boolean;
}

/** Opens a session (call it in the sign-in's transaction); `anterior`, the cookie the browser had, ends. */
export async function abrirSesion(
  trx: Db,
  personalId: string,
  anterior: string | undefined,
  ahora = Date.now(),
): Promise<string> {
  if (anterior && FORMATO.test(anterior)) {
    await trx.deleteFrom('sesiones_personal').where('id', '=', idDe(anterior)).execute();
  }
  const token = randomBytes(32).toString('base64url');
  await trx
    .insertInto('sesiones_personal')
    .values({ id: idDe(token), personal_id: personalId, creada_ms: ahora, vista_ms: ahora })
    .execute();
  return token;
}

/** The session of this cookie, or null (and the session gone) when it has ended. */
export async function sesionVigente(
  db: Db,
  token: string | undefined,
  ahora = Date.now(),
): Promise<SesionActiva | null> {
  if (!token || !FORMATO.test(token)) return null;
  const id = idDe(token);
  const fila = await db
    .selectFrom('sesiones_personal')
    .innerJoin('personal', 'personal.id', 'sesiones_personal.personal_id')
    .select([
      'sesiones_personal.creada_ms as creada',
      'sesiones_personal.vista_ms as vista',
      'personal.id as personalId',
      'personal.usuario as usuario',
      'personal.nombre as nombre',
      'personal.rol as rol',
      'personal.activo as activo',
      'personal.totp_secreto as totp',
    ])
    .where('sesiones_personal.id', '=', id)
    .executeTakeFirst();
  if (!fila) return null;
  const vencida =
    Number(fila.activo) !== 1 ||
    ahora - Number(fila.vista) > SESION_INACTIVA_MS ||
    ahora - Number(fila.creada) > SESION_MAXIMA_MS;
  if (vencida) {
    await db.deleteFrom('sesiones_personal').where('id', '=', id).execute();
    return null;
  }
  if (ahora - Number(fila.vista) > REFRESCO_MS) {
    await db.updateTable('sesiones_personal').set({ vista_ms: ahora }).where('id', '=', id).execute();
  }
  return {
    id,
    personalId: fila.personalId,
    usuario: fila.usuario,
    nombre: fila.nombre,
    rol: fila.rol as Rol,
    segundoFactor: fila.totp !== null,
  };
}

export async function cerrarSesion(trx: Db, sesionId: string): Promise<void> {
  await trx.deleteFrom('sesiones_personal').where('id', '=', sesionId).execute();
}

/** Sessions past either limit (the periodic sweep). */
export async function olvidarSesionesVencidas(db: Db, ahora = Date.now()): Promise<number> {
  const r = await db
    .deleteFrom('sesiones_personal')
    .where((eb) =>
      eb.or([
        eb('vista_ms', '<', ahora - SESION_INACTIVA_MS),
        eb('creada_ms', '<', ahora - SESION_MAXIMA_MS),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
