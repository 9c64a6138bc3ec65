// Single-use links to choose a password (producto §16, decision 127): a new account's (24 h) and a
// forgotten password's (1 h). The token is 32 random bytes (base64url) and the table keeps only its
// sha256; the raw token travels in the outbox row until the message is written, and reaches the
// person after `#` (never a server log). A newer link of the same account withdraws the older
// unused ones. Using a link sets the password, ends every session of the account, clears its
// sign-in lockout and withdraws the account's other unused links, in one transaction whose
// conditional update lets only one of two requests win. A change of password in Mi cuenta
// (personal/mi-cuenta.ts) withdraws them too.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as esperar } from 'node:timers/promises';
import {
  esquemaContrasenaConEnlace,
  TEXTOS_CUENTAS,
  VIGENCIA_ENLACE_MS,
  type TipoEnlace,
} from '../../domain/cuentas.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio } from '../errores.js';
import { auditar } from '../auditoria/cadena.js';
import { CLAVES_CORREO, encolarCorreo } from '../correo/salida.js';
import { hashDeContrasena } from './contrasenas.js';
import { validarCon } from './cuentas.js';
import { claveDeUsuario } from './ingreso.js';

/** Why a link does not work, each with its own words (domain/cuentas.ts). */
export type RechazoEnlace = 'invalido' | 'usado' | 'vencido' | 'reemplazado' | 'cuenta_de_baja';

const MENSAJES: Record<RechazoEnlace, string> = {
  invalido: TEXTOS_CUENTAS.enlaceInvalido,
  usado: TEXTOS_CUENTAS.enlaceUsado,
  vencido: TEXTOS_CUENTAS.enlaceVencido,
  reemplazado: TEXTOS_CUENTAS.enlaceReemplazado,
  cuenta_de_baja: TEXTOS_CUENTAS.cuentaDeBaja,
};

/** A link refused: 404 when it never existed, 410 when it did and no longer works. */
export class ErrorEnlace extends ErrorDeDominio {
  constructor(readonly motivo: RechazoEnlace) {
    super(
      motivo === 'invalido' ? 'no_encontrado' : 'ya_no_esta',
      motivo === 'invalido' ? CODIGOS.NO_ENCONTRADO : CODIGOS.ENLACE_VENCIDO,
      MENSAJES[motivo],
    );
    this.name = 'ErrorEnlace';
  }
}

/** 32 bytes in base64url, as made here. */
const FORMATO_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const hashDeToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Withdraws the account's unused links (a newer one is coming, its e-mail changed and the old
 * mailbox must not hold a working one, or its password was just set and none may set another). In
 * the caller's transaction; one that also updates the account's row does so first, so two of
 * them on one account wait for each other instead of deadlocking over the links' rows.
 */
export async function retirarEnlaces(trx: Db, personalId: string, ahora = Date.now()): Promise<void> {
  await trx
    .updateTable('enlaces_personal')
    .set({ retirado_en: new Date(ahora).toISOString() })
    .where('personal_id', '=', personalId)
    .where('usado_en', 'is', null)
    .where('retirado_en', 'is', null)
    .execute();
}

/**
 * A new link for the account and its message in the outbox, in the caller's transaction (which
 * audits it); the account's older unused links stop working. Answers the raw token only so tests
 * can follow it: callers never show or log it.
 */
export async function crearEnlace(
  trx: Db,
  cuenta: { id: string; correo: string },
  tipo: TipoEnlace,
  ahora = Date.now(),
): Promise<{ id: string; token: string }> {
  await retirarEnlaces(trx, cuenta.id, ahora);
  const id = randomUUID();
  const token = randomBytes(32).toString('base64url');
  const venceMs = ahora + VIGENCIA_ENLACE_MS[tipo];
  await trx
    .insertInto('enlaces_personal')
    .values({
      id,
      personal_id: cuenta.id,
      token_hash: hashDeToken(token),
      tipo,
      creado_en: new Date(ahora).toISOString(),
      vence_ms: venceMs,
      usado_en: null,
      retirado_en: null,
    })
    .execute();
  await encolarCorreo(
    trx,
    {
      clave: CLAVES_CORREO.enlaceContrasena(id),
      para: cuenta.correo,
      evento: {
        tipo: 'enlace_contrasena',
        personalId: cuenta.id,
        enlace: tipo,
        token,
        vence: new Date(venceMs).toISOString(),
      },
    },
    ahora,
  );
  return { id, token };
}

const leerEnlace = (db: Db, token: string) =>
  db
    .selectFrom('enlaces_personal')
    .innerJoin('personal', 'personal.id', 'enlaces_personal.personal_id')
    .select([
      'enlaces_personal.id as id',
      'enlaces_personal.personal_id as personalId',
      'enlaces_personal.tipo as tipo',
      'enlaces_personal.vence_ms as venceMs',
      'enlaces_personal.usado_en as usadoEn',
      'enlaces_personal.retirado_en as retiradoEn',
      'personal.usuario as usuario',
      'personal.nombre as nombre',
      'personal.activo as activo',
    ])
    .where('enlaces_personal.token_hash', '=', hashDeToken(token))
    .executeTakeFirst();

type FilaEnlace = NonNullable<Awaited<ReturnType<typeof leerEnlace>>>;

/** Why the link does not work now, or null when it does. Used first: that is what the person did. */
function rechazoDe(f: FilaEnlace, ahora: number): RechazoEnlace | null {
  if (f.usadoEn !== null) return 'usado';
  if (Number(f.activo) !== 1) return 'cuenta_de_baja';
  if (f.retiradoEn !== null) return 'reemplazado';
  if (Number(f.venceMs) <= ahora) return 'vencido';
  return null;
}

async function enlaceVigente(db: Db, token: string, ahora: number): Promise<FilaEnlace> {
  const fila = FORMATO_TOKEN.test(token) ? await leerEnlace(db, token) : undefined;
  if (!fila) throw new ErrorEnlace('invalido');
  const rechazo = rechazoDe(fila, ahora);
  if (rechazo) throw new ErrorEnlace(rechazo);
  return fila;
}

/** What the link's page shows: whose it is and what kind. */
export interface EnlaceVigente {
  usuario: string;
  nombre: string;
  tipo: TipoEnlace;
}

/** The link's account, or an ErrorEnlace saying why it does not work. Reads only. */
export async function consultarEnlace(db: Db, token: string, ahora = Date.now()): Promise<EnlaceVigente> {
  const f = await enlaceVigente(db, token, ahora);
  return { usuario: f.usuario, nombre: f.nombre, tipo: f.tipo as TipoEnlace };
}

/**
 * Chooses the password through the link: judged by the shared rule (12 characters, not the user
 * name: an ErrorPersonal with `fields.contrasena`), then, in one transaction, the link used (of
 * two requests at once, one), the hash set, every session of the account ended, its lockout
 * cleared and its other unused links withdrawn (one password chosen, no other link may overwrite
 * it), audited `contrasena` {por: 'enlace'}.
 */
export async function usarEnlace(
  db: Db,
  token: string,
  contrasena: string,
  ip: string,
  ahora = Date.now(),
): Promise<void> {
  const enlace = await enlaceVigente(db, token, ahora);
  validarCon(esquemaContrasenaConEnlace, { contrasena }, { usuario: enlace.usuario });
  const hash = await hashDeContrasena(contrasena);
  await db.transaction().execute(async (trx) => {
    // The account's row first (a no-op update takes its lock), as Mi cuenta's change of password
    // and "Cambiar correo" lock it before they withdraw the links: of two at once, one waits for
    // the other to end instead of each holding a row the other needs.
    await trx
      .updateTable('personal')
      .set((eb) => ({ hash: eb.ref('hash') }))
      .where('id', '=', enlace.personalId)
      .execute();
    const r = await trx
      .updateTable('enlaces_personal')
      .set({ usado_en: new Date(ahora).toISOString() })
      .where('id', '=', enlace.id)
      .where('usado_en', 'is', null)
      .where('retirado_en', 'is', null)
      .where('vence_ms', '>', ahora)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) {
      // Another request used it (or a newer link replaced it) since it was read.
      const ahoraEs = await leerEnlace(trx, token);
      throw new ErrorEnlace((ahoraEs && rechazoDe(ahoraEs, ahora)) ?? 'usado');
    }
    const cuenta = await trx
      .updateTable('personal')
      .set({ hash })
      .where('id', '=', enlace.personalId)
      .where('activo', '=', 1)
      .executeTakeFirst();
    // Disabled since it was read: the link stays unused (the throw rolls it back).
    if (Number(cuenta.numUpdatedRows) === 0) throw new ErrorEnlace('cuenta_de_baja');
    // Whoever held a session (maybe the reason for the reset) is out; the new password starts clean.
    await trx.deleteFrom('sesiones_personal').where('personal_id', '=', enlace.personalId).execute();
    await trx.deleteFrom('bloqueos_ingreso').where('usuario', '=', claveDeUsuario(enlace.usuario)).execute();
    // This one is used; any other still out (two made at once) must not set another password.
    await retirarEnlaces(trx, enlace.personalId, ahora);
    await auditar(trx, {
      usuario: enlace.usuario,
      ip,
      accion: 'contrasena',
      objeto: enlace.usuario,
      detalle: { por: 'enlace' },
    });
  });
}

/**
 * "¿Olvidaste tu contraseña?" takes at least this long whether or not the account exists (see
 * pedirRestablecimiento): long enough to cover the transaction that makes a link.
 */
export const DURACION_MINIMA_OLVIDO_MS = 250;
/** A second request for one account within this time makes no new link: the first one still works. */
export const ESPERA_ENTRE_RESTABLECIMIENTOS_MS = 60_000;

/**
 * "¿Olvidaste tu contraseña?" (producto §16): when an active account by that name has an e-mail,
 * a 1 h link and its message (a second request within a minute sends nothing new, so nobody can
 * flood the mailbox), audited `olvido_contrasena` without the requester's name (they are not
 * signed in); otherwise nothing. Either way it answers nothing and takes at least
 * `duracionMinimaMs`, so neither the answer nor its time says whether the account exists.
 */
export async function pedirRestablecimiento(
  db: Db,
  usuario: string,
  ip: string,
  opciones: { ahora?: number; duracionMinimaMs?: number } = {},
): Promise<void> {
  const inicio = performance.now();
  const ahora = opciones.ahora ?? Date.now();
  try {
    const cuenta = await db
      .selectFrom('personal')
      .select(['id', 'usuario', 'correo'])
      .where('usuario', '=', claveDeUsuario(usuario))
      .where('activo', '=', 1)
      .executeTakeFirst();
    if (!cuenta?.correo) return;
    const correo = cuenta.correo;
    await db.transaction().execute(async (trx) => {
      const reciente = await trx
        .selectFrom('enlaces_personal')
        .select('id')
        .where('personal_id', '=', cuenta.id)
        .where('tipo', '=', 'restablecer')
        .where('usado_en', 'is', null)
        .where('retirado_en', 'is', null)
        .where('creado_en', '>', new Date(ahora - ESPERA_ENTRE_RESTABLECIMIENTOS_MS).toISOString())
        .executeTakeFirst();
      if (reciente) return;
      await crearEnlace(trx, { id: cuenta.id, correo }, 'restablecer', ahora);
      await auditar(trx, { usuario: null, ip, accion: 'olvido_contrasena', objeto: cuenta.usuario });
    });
  } finally {
    const resta = (opciones.duracionMinimaMs ?? DURACION_MINIMA_OLVIDO_MS) - (performance.now() - inicio);
    if (resta > 0) await esperar(resta);
  }
}
