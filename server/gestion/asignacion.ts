// Who has an application (producto §15, "Responsable"): Tomar, Asignar a… and Liberar, decided by
// the lifecycle chart (domain/ciclo-de-vida.ts) and written by the record's one writer
// (../ciclo-de-vida/asentar.ts) with its history row and audit row in one transaction. The page
// says whom it showed as Responsable (`visto`): a change made meanwhile by someone else answers
// 409 with who has it now, so of two people taking the same application at once one wins and the
// other is told who. The inbox's filter "Responsable" is resolved here to an account's id.
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

type Cuenta = CuentaDelHistorial & CuentaNombrada;

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

interface Leida {
  id: string;
  estado: Estado;
  suprimida: boolean;
  responsable: Cuenta | null;
}

async function leer(db: Db, numero: string): Promise<Leida> {
  const fila = await db
    .selectFrom('solicitudes as s')
    .leftJoin('personal as p', 'p.id', 's.responsable_id')
    .select(['s.id', 's.estado', 's.suprimida_en', 's.responsable_id', 'p.usuario', 'p.nombre'])
    .where('s.numero', '=', numero)
    .executeTakeFirst();
  if (!fila) throw solicitudInexistente();
  return {
    id: fila.id,
    estado: fila.estado as Estado,
    suprimida: fila.suprimida_en !== null,
    responsable: fila.responsable_id
      ? { id: fila.responsable_id, usuario: fila.usuario ?? '', nombre: fila.nombre ?? '' }
      : null,
  };
}

/** The refusal of an event the chart does not take, by what stands in its way. */
function rechazo(evento: EventoAsignacion, leida: Leida): ErrorDeDominio {
  // The role first: whether the event is the actor's to make in any open status, with any holder.
  const holders = [null, evento.quien, `${evento.quien}-otra`];
  const suyo = holders.some((r) => estadoDelCiclo('recibida', [], r).can(evento));
  if (!suyo) return new ErrorDeDominio('sin_permiso', CODIGOS.SIN_PERMISO, TEXTOS_RESPONSABLE.noPuede);
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
const cambiadoMientras = (ahora: Leida) =>
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

export async function cambiarResponsable(
  db: Db,
  { numero, pedido, sesion, ip, ahora = new Date() }: CambioDeResponsable,
): Promise<void> {
  if (!(TIPOS_ASIGNACION as readonly string[]).includes(pedido.accion)) {
    throw new ErrorDeDominio('sin_permiso', CODIGOS.SIN_PERMISO, TEXTOS_GESTION.sinPermiso);
  }
  const leida = await leer(db, numero);
  if (leida.suprimida) throw datosSuprimidos();
  let destino: Cuenta | null = null;
  if (pedido.accion === 'ASIGNAR') {
    if (!pedido.a) throw invalido({ a: TEXTOS_RESPONSABLE.elegirCuenta });
    destino = await cuentaActiva(db, pedido.a);
    if (!destino) throw invalido({ a: TEXTOS_RESPONSABLE.cuentaInexistente });
  }
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
  const hecho = await db.transaction().execute(async (trx) => {
    await tomarSiVigente(trx, leida.id);
    return asentar(trx, {
      solicitudId: leida.id,
      asiento: { tipo: 'responsable', estado: leida.estado, evento, anterior: leida.responsable, nuevo },
      personalId: sesion.personalId,
      auditoria: {
        usuario: sesion.usuario,
        ip,
        accion: 'cambiar_responsable',
        objeto: numero,
        detalle: {
          accion: pedido.accion,
          de: leida.responsable?.usuario ?? null,
          a: nuevo?.usuario ?? null,
        },
      },
      ahora,
    });
  });
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
