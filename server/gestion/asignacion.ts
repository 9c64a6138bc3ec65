// Who has an application (producto §15, "Responsable"): Tomar, Asignar a… and Liberar, decided by
// the lifecycle chart (domain/ciclo-de-vida.ts) and written by the record's one writer
// (../ciclo-de-vida/asentar.ts) with its history row and audit row in one transaction. The page
// says whom it showed as Responsable (`visto`): a change made meanwhile by someone else answers
// 409 with who has it now, so of two people taking the same application at once one wins and the
// other is told who. The inbox's filter "Responsable" is resolved here to an account's id. The
// inbox's bulk "Asignar a…" (./asignacion-masiva.ts) decides and writes each application with the
// same decidirCambio and escribirCambio.
import {
  TIPOS_ASIGNACION,
  estadoDelCiclo,
  esFinal,
  type EventoAsignacion,
} from '../../domain/ciclo-de-vida.js';
import {
  RESPONSABLE_MIAS,
  RESPONSABLE_NINGUNO,
  TEXTOS_GESTION,
  TEXTOS_RESPONSABLE,
  type CuentaNombrada,
  type Estado,
  type PedidoResponsable,
} from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio, MENSAJES_HTTP } from '../errores.js';
import { asentar, type CuentaDelHistorial } from '../ciclo-de-vida/asentar.js';
import { datosSuprimidos, solicitudInexistente, tomarSiVigente } from './expediente.js';
import type { SesionActiva } from '../personal/sesiones.js';

const conflicto = (mensaje: string) => new ErrorDeDominio('conflicto', CODIGOS.CONFLICTO, mensaje);
const invalido = (campos: Record<string, string>) =>
  new ErrorDeDominio('invalido', CODIGOS.VALIDACION, MENSAJES_HTTP.validacion, campos);

export type Cuenta = CuentaDelHistorial & CuentaNombrada;

/** An active account by its usuario, or null. */
async function cuentaActiva(db: Db, usuario: string): Promise<Cuenta | null> {
  const fila = await db
    .selectFrom('personal')
    .select(['id', 'usuario', 'nombre'])
    .where('usuario', '=', usuario)
    .where('activo', '=', 1)
    .executeTakeFirst();
  return fila ?? null;
}

/** "Asignar a…": the active account it goes to (400 naming the field `a` otherwise). */
export async function destinoDeAsignacion(db: Db, usuario: string | undefined): Promise<Cuenta> {
  if (!usuario) throw invalido({ a: TEXTOS_RESPONSABLE.elegirCuenta });
  const destino = await cuentaActiva(db, usuario);
  if (!destino) throw invalido({ a: TEXTOS_RESPONSABLE.cuentaInexistente });
  return destino;
}

/** An application as a change of Responsable reads it. */
export interface Leida {
  id: string;
  numero: string;
  estado: Estado;
  suprimida: boolean;
  responsable: Cuenta | null;
  /** Its newest history row (ciclo-de-vida/tiempos.ts). */
  ultimoCambioEn: string;
}

const consultaLeida = (db: Db) =>
  db
    .selectFrom('solicitudes as s')
    .leftJoin('personal as p', 'p.id', 's.responsable_id')
    .select([
      's.id',
      's.numero',
      's.estado',
      's.suprimida_en',
      's.responsable_id',
      's.ultimo_cambio_en',
      'p.usuario',
      'p.nombre',
    ]);

type FilaLeida = Awaited<ReturnType<ReturnType<typeof consultaLeida>['executeTakeFirstOrThrow']>>;

const comoLeida = (fila: FilaLeida): Leida => ({
  id: fila.id,
  numero: fila.numero,
  estado: fila.estado as Estado,
  suprimida: fila.suprimida_en !== null,
  responsable: fila.responsable_id
    ? { id: fila.responsable_id, usuario: fila.usuario ?? '', nombre: fila.nombre ?? '' }
    : null,
  ultimoCambioEn: fila.ultimo_cambio_en,
});

async function leer(db: Db, numero: string): Promise<Leida> {
  const fila = await consultaLeida(db).where('s.numero', '=', numero).executeTakeFirst();
  if (!fila) throw solicitudInexistente();
  return comoLeida(fila);
}

/** Several applications by number (those that exist), read as `leer` reads one. */
export async function leerVarias(db: Db, numeros: readonly string[]): Promise<Map<string, Leida>> {
  const leidas = new Map<string, Leida>();
  for (let i = 0; i < numeros.length; i += 500) {
    const filas = await consultaLeida(db)
      .where('s.numero', 'in', numeros.slice(i, i + 500))
      .execute();
    for (const fila of filas) leidas.set(fila.numero, comoLeida(fila));
  }
  return leidas;
}

/**
 * Whether the event is the actor's to make at all — in some open status, with some holder: the
 * role's question (403), asked before any application's.
 */
export function esDelActor(evento: EventoAsignacion): boolean {
  const holders = [null, evento.quien, `${evento.quien}-otra`];
  return holders.some((r) => estadoDelCiclo('recibida', [], r).can(evento));
}

export const sinPermisoDeAsignar = () =>
  new ErrorDeDominio('sin_permiso', CODIGOS.SIN_PERMISO, TEXTOS_RESPONSABLE.noPuede);

/** The refusal of an event the chart does not take, by what stands in its way. */
function rechazo(evento: EventoAsignacion, leida: Leida): ErrorDeDominio {
  // The role first: whether the event is the actor's to make in any open status, with any holder.
  if (!esDelActor(evento)) return sinPermisoDeAsignar();
  if (esFinal(leida.estado)) return conflicto(TEXTOS_RESPONSABLE.cerrada);
  if (evento.type === 'ASIGNAR') return invalido({ a: TEXTOS_RESPONSABLE.yaEsResponsable });
  if (leida.responsable) {
    return leida.responsable.id === evento.quien
      ? conflicto(TEXTOS_RESPONSABLE.yaEsResponsable)
      : evento.type === 'TOMAR'
        ? conflicto(TEXTOS_RESPONSABLE.yaLaTiene(leida.responsable.nombre))
        : new ErrorDeDominio('sin_permiso', CODIGOS.SIN_PERMISO, TEXTOS_RESPONSABLE.noPuede);
  }
  return conflicto(TEXTOS_RESPONSABLE.cambioMientras);
}

/** 409 saying who has it now (or that nobody does). */
export const cambiadoMientras = (ahora: Leida) =>
  conflicto(
    ahora.responsable
      ? TEXTOS_RESPONSABLE.yaLaTiene(ahora.responsable.nombre)
      : TEXTOS_RESPONSABLE.cambioMientras,
  );

export interface CambioDeResponsable {
  numero: string;
  pedido: PedidoResponsable;
  sesion: SesionActiva;
  ip: string;
  ahora?: Date;
}

/** A change of Responsable the chart allows, ready to be written. */
export interface CambioDecidido {
  leida: Leida;
  evento: EventoAsignacion;
  /** Who has it after: the account making it (Tomar), the one it goes to, or nobody. */
  nuevo: Cuenta | null;
}

/**
 * Decides one change from the application as read and what the page showed (`pedido.visto`):
 * refuses deleted data (410), a holder changed meanwhile (409) and what the chart does not take
 * (rechazo). `destino`: the account of Asignar a… (destinoDeAsignacion).
 */
export function decidirCambio(
  leida: Leida,
  pedido: Pick<PedidoResponsable, 'accion' | 'visto'>,
  sesion: Pick<SesionActiva, 'personalId' | 'usuario' | 'nombre' | 'rol'>,
  destino: Cuenta | null,
): CambioDecidido {
  if (leida.suprimida) throw datosSuprimidos();
  const yo: Cuenta = { id: sesion.personalId, usuario: sesion.usuario, nombre: sesion.nombre };
  const evento: EventoAsignacion = {
    type: pedido.accion,
    actor: sesion.rol,
    quien: yo.id,
    ...(destino ? { a: destino.id } : {}),
  };
  // The page showed someone else (or nobody): the holder changed since it was loaded.
  if ((leida.responsable?.usuario ?? null) !== pedido.visto) throw cambiadoMientras(leida);
  if (!estadoDelCiclo(leida.estado, [], leida.responsable?.id ?? null).can(evento))
    throw rechazo(evento, leida);
  const nuevo = pedido.accion === 'TOMAR' ? yo : pedido.accion === 'ASIGNAR' ? destino : null;
  return { leida, evento, nuevo };
}

/**
 * Writes a decided change in `trx` through the record's writer (history and audit rows): false
 * when another change won between the read and the write (nothing of this one is kept).
 */
export async function escribirCambio(
  trx: Db,
  { leida, evento, nuevo }: CambioDecidido,
  { sesion, ip, ahora }: { sesion: Pick<SesionActiva, 'personalId' | 'usuario'>; ip: string; ahora: Date },
): Promise<boolean> {
  await tomarSiVigente(trx, leida.id);
  const hecho = await asentar(trx, {
    solicitudId: leida.id,
    asiento: { tipo: 'responsable', estado: leida.estado, evento, anterior: leida.responsable, nuevo },
    personalId: sesion.personalId,
    auditoria: {
      usuario: sesion.usuario,
      ip,
      accion: 'cambiar_responsable',
      objeto: leida.numero,
      detalle: { accion: evento.type, de: leida.responsable?.usuario ?? null, a: nuevo?.usuario ?? null },
    },
    ahora,
  });
  return hecho !== null;
}

export async function cambiarResponsable(
  db: Db,
  { numero, pedido, sesion, ip, ahora = new Date() }: CambioDeResponsable,
): Promise<void> {
  if (!(TIPOS_ASIGNACION as readonly string[]).includes(pedido.accion)) {
    throw new ErrorDeDominio('sin_permiso', CODIGOS.SIN_PERMISO, TEXTOS_GESTION.sinPermiso);
  }
  const leida = await leer(db, numero);
  if (leida.suprimida) throw datosSuprimidos();
  const destino = pedido.accion === 'ASIGNAR' ? await destinoDeAsignacion(db, pedido.a) : null;
  const cambio = decidirCambio(leida, pedido, sesion, destino);
  const hecho = await db.transaction().execute((trx) => escribirCambio(trx, cambio, { sesion, ip, ahora }));
  // Another change won between the read and the write: say who has it now.
  if (!hecho) throw cambiadoMientras(await leer(db, numero));
}

/**
 * The inbox filter "Responsable" as the query reads it: undefined (no filter), null ("Sin
 * asignar") or an account's id ("Mías", or a usuario). An unknown usuario is a 400.
 */
export async function responsableDelFiltro(
  db: Db,
  valor: string | undefined,
  sesion: Pick<SesionActiva, 'personalId'>,
): Promise<string | null | undefined> {
  if (!valor) return undefined;
  if (valor === RESPONSABLE_MIAS) return sesion.personalId;
  if (valor === RESPONSABLE_NINGUNO) return null;
  const fila = await db.selectFrom('personal').select('id').where('usuario', '=', valor).executeTakeFirst();
  if (!fila) throw invalido({ responsable: TEXTOS_RESPONSABLE.cuentaInexistente });
  return fila.id;
}

/** The active accounts, by name: the choices of "Asignar a…" and of the inbox's filter. */
export async function cuentasActivas(db: Db): Promise<CuentaNombrada[]> {
  return db
    .selectFrom('personal')
    .select(['usuario', 'nombre'])
    .where('activo', '=', 1)
    .orderBy('nombre')
    .orderBy('usuario')
    .execute();
}
