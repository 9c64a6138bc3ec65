// Signing in (producto §9): the password (argon2id), then the second factor when the account has
// one; 10 failures for one user name within 15 minutes refuse it for 15 minutes, whether or not
// the account exists, with the same answer and about the same time. The failure count, the
// session and the audit row are written in one transaction.
import { BLOQUEO_MS, FALLOS_MAXIMOS, VENTANA_FALLOS_MS } from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import { auditar } from './auditoria.js';
import { contrasenaValida } from './contrasenas.js';
import { pasoDelCodigo } from './segundo-factor.js';
import { abrirSesion } from './sesiones.js';

export interface Intento {
  usuario: string;
  contrasena: string;
  codigo?: string | undefined;
  ip: string;
  /** The session cookie the browser already had: rotated away. */
  sesionAnterior?: string | undefined;
}

export type ResultadoIngreso =
  | { tipo: 'ok'; token: string }
  | { tipo: 'credenciales' }
  | { tipo: 'bloqueada' }
  | { tipo: 'codigo_requerido' }
  | { tipo: 'codigo_incorrecto' };

/** A typed user name as the lockout counts it (bounded, so a long one cannot bloat the table). */
const claveDeUsuario = (usuario: string) => usuario.trim().toLowerCase().slice(0, 64);

async function bloqueadaHasta(db: Db, clave: string): Promise<number> {
  const fila = await db
    .selectFrom('bloqueos_ingreso')
    .select('bloqueado_hasta_ms')
    .where('usuario', '=', clave)
    .executeTakeFirst();
  return Number(fila?.bloqueado_hasta_ms ?? 0);
}

/** Counts one failure; the tenth within the window locks the name. */
async function contarFallo(trx: Db, clave: string, ahora: number): Promise<void> {
  const fila = await trx
    .selectFrom('bloqueos_ingreso')
    .select(['fallos', 'desde_ms'])
    .where('usuario', '=', clave)
    .executeTakeFirst();
  const enVentana = fila !== undefined && ahora - Number(fila.desde_ms) < VENTANA_FALLOS_MS;
  const fallos = enVentana ? Number(fila.fallos) + 1 : 1;
  const desde = enVentana ? Number(fila.desde_ms) : ahora;
  const bloqueo = fallos >= FALLOS_MAXIMOS ? ahora + BLOQUEO_MS : 0;
  await trx
    .insertInto('bloqueos_ingreso')
    .values({ usuario: clave, fallos: bloqueo ? 0 : fallos, desde_ms: desde, bloqueado_hasta_ms: bloqueo })
    .onConflict((oc) =>
      oc.column('usuario').doUpdateSet({ fallos: bloqueo ? 0 : fallos, desde_ms: desde, bloqueado_hasta_ms: bloqueo }),
    )
    .execute();
}

export async function ingresar(db: Db, intento: Intento, ahora = Date.now()): Promise<ResultadoIngreso> {
  const clave = claveDeUsuario(intento.usuario);
  const cuenta = await db
    .selectFrom('personal')
    .selectAll()
    .where('usuario', '=', clave)
    .where('activo', '=', 1)
    .executeTakeFirst();
  // Audit rows name only existing accounts: a password typed in the user field stays out of the log.
  const quien = cuenta?.usuario ?? null;

  if ((await bloqueadaHasta(db, clave)) > ahora) {
    await db.transaction().execute((trx) =>
      auditar(trx, { usuario: quien, ip: intento.ip, accion: 'ingreso_bloqueado' }),
    );
    return { tipo: 'bloqueada' };
  }

  const valida = await contrasenaValida(cuenta?.hash ?? null, intento.contrasena);
  let resultado: ResultadoIngreso['tipo'] = valida ? 'ok' : 'credenciales';
  let paso: number | null = null;
  if (valida && cuenta?.totp_secreto) {
    const codigo = intento.codigo?.trim() ?? '';
    if (codigo === '') {
      // The password was right: nothing to count or record until the code comes.
      return { tipo: 'codigo_requerido' };
    }
    const ultimo = cuenta.totp_ultimo_paso === null ? null : Number(cuenta.totp_ultimo_paso);
    paso = pasoDelCodigo(cuenta.totp_secreto, cuenta.usuario, codigo, ultimo, ahora);
    if (paso === null) resultado = 'codigo_incorrecto';
  }

  return db.transaction().execute(async (trx): Promise<ResultadoIngreso> => {
    if (resultado !== 'ok' || !cuenta) {
      await contarFallo(trx, clave, ahora);
      await auditar(trx, {
        usuario: quien,
        ip: intento.ip,
        accion: 'ingreso_fallido',
        detalle: resultado === 'codigo_incorrecto' ? { motivo: 'segundo factor' } : null,
      });
      return { tipo: resultado === 'codigo_incorrecto' ? 'codigo_incorrecto' : 'credenciales' };
    }
    if (paso !== null) {
      // Conditional: of two requests with the same code, only one moves the step.
      const r = await trx
        .updateTable('personal')
        .set({ totp_ultimo_paso: paso })
        .where('id', '=', cuenta.id)
        .where((eb) => eb.or([eb('totp_ultimo_paso', 'is', null), eb('totp_ultimo_paso', '<', paso)]))
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) {
        await contarFallo(trx, clave, ahora);
        await auditar(trx, { usuario: quien, ip: intento.ip, accion: 'ingreso_fallido', detalle: { motivo: 'segundo factor' } });
        return { tipo: 'codigo_incorrecto' };
      }
    }
    await trx.deleteFrom('bloqueos_ingreso').where('usuario', '=', clave).execute();
    const token = await abrirSesion(trx, cuenta.id, intento.sesionAnterior, ahora);
    await auditar(trx, { usuario: cuenta.usuario, ip: intento.ip, accion: 'ingreso' });
    return { tipo: 'ok', token };
  });
}
