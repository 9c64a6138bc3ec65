// Four eyes (producto §15): a decision proposed, confirmed by another administrador or discarded,
// decided by the lifecycle chart (domain/ciclo-de-vida.ts, events PROPONER, CONFIRMAR, DESCARTAR)
// and written by the record's one writer (../ciclo-de-vida/asentar.ts) with its history row and
// audit row — and, for a confirmation, the decision's e-mail — in one transaction. The refusals
// come in the order the other moves give them: who (403), what the request brings (400), then
// what changed since the page was loaded (409: another status, another proposal, or none). The
// page says which status and which proposal it showed, so a change made meanwhile is refused even
// when the chart would allow the request from the new state. Proposing or confirming approval
// waits for the documents VERIFICACION_REQUERIDA names (producto §17): 409 naming those unverified.
import { estadoDelCiclo, esFinal, problemasDelMovimiento } from '../../domain/ciclo-de-vida.js';
import { TEXTOS_GESTION, type Estado } from '../../domain/index.js';
import {
  DECISIONES,
  DESTINO,
  TEXTOS_PROPUESTA,
  type AjusteDobleControl,
  type EventoPropuesta,
  type PedidoPropuesta,
} from '../../domain/propuestas.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio, MENSAJES_HTTP } from '../errores.js';
import { asentar } from '../ciclo-de-vida/asentar.js';
import { propuestaDelCiclo } from '../ciclo-de-vida/propuesta.js';
import { dobleControlAhora, propuestaAbierta, type PropuestaLeida } from './doble-control.js';
import { datosSuprimidos, solicitudPorNumero, tomarSiVigente } from './expediente.js';
import type { SesionActiva } from '../personal/sesiones.js';
import { faltaVerificar, sinVerificar as pendientes } from '../verificacion-fuente/consulta.js';

const conflicto = (mensaje: string) => new ErrorDeDominio('conflicto', CODIGOS.CONFLICTO, mensaje);
const prohibido = (mensaje: string) => new ErrorDeDominio('sin_permiso', CODIGOS.SIN_PERMISO, mensaje);

/** The statuses where a decision can be taken, and so proposed. */
const DONDE_SE_DECIDE: readonly Estado[] = ['en_revision', 'observada', 'corregida'];

/**
 * Whether the event is ever the actor's to make: in some status where decisions are taken, with
 * every decision under four eyes, a proposal of either decision by someone else or by the actor
 * (a proposer may withdraw its own), and a payload the chart accepts.
 */
function esSuyo(evento: EventoPropuesta): boolean {
  const muestra = { ...evento, motivo: 'Motivo.' };
  const propuestas =
    evento.type === 'PROPONER'
      ? [null]
      : DECISIONES.flatMap((decision) => [
          { decision, quien: `${evento.quien}-otra` },
          { decision, quien: evento.quien },
        ]);
  return DONDE_SE_DECIDE.some((estado) =>
    propuestas.some((propuesta) =>
      estadoDelCiclo(estado, [], null, { propuesta, dobleControl: DECISIONES }).can(muestra),
    ),
  );
}

/** 409 saying what the page did not show: the proposal open now, or that none is. */
const otraPropuesta = (abierta: PropuestaLeida | null) =>
  conflicto(
    abierta
      ? TEXTOS_PROPUESTA.yaHayUna(abierta.decision, abierta.detalle.nombre)
      : TEXTOS_PROPUESTA.sinPropuesta,
  );

export interface CambioDePropuesta {
  numero: string;
  pedido: PedidoPropuesta;
  sesion: SesionActiva;
  ip: string;
  /** DOBLE_CONTROL. */
  ajuste: AjusteDobleControl;
  /** VERIFICACION_REQUERIDA. */
  requeridas: readonly string[];
  ahora?: Date;
}

export async function cambiarPropuesta(
  db: Db,
  { numero, pedido, sesion, ip, ajuste, requeridas, ahora = new Date() }: CambioDePropuesta,
): Promise<void> {
  const motivo = (pedido.motivo ?? '').trim();
  const evento: EventoPropuesta = {
    type: pedido.accion,
    actor: sesion.rol,
    quien: sesion.personalId,
    ...(pedido.accion === 'PROPONER' && pedido.decision ? { decision: pedido.decision } : {}),
    ...(motivo === '' ? {} : { motivo }),
  };
  if (pedido.accion === 'PROPONER' && !pedido.decision) {
    throw new ErrorDeDominio('invalido', CODIGOS.VALIDACION, MENSAJES_HTTP.validacion, {
      decision: TEXTOS_PROPUESTA.elegirDecision,
    });
  }
  if (!esSuyo(evento)) throw prohibido(TEXTOS_PROPUESTA.noPuede);
  const necesita =
    pedido.accion === 'DESCARTAR' || (pedido.accion === 'PROPONER' && pedido.decision === 'RECHAZAR')
      ? (['motivo'] as const)
      : [];
  const campos = problemasDelMovimiento(necesita, evento, []);
  if (Object.keys(campos).length > 0) {
    throw new ErrorDeDominio('invalido', CODIGOS.VALIDACION, MENSAJES_HTTP.validacion, campos);
  }

  const solicitud = await solicitudPorNumero(db, numero);
  if (solicitud.suprimida) throw datosSuprimidos();
  const [abierta, control, sinVerificar] = await Promise.all([
    propuestaAbierta(db, solicitud.id),
    dobleControlAhora(db, ajuste),
    pendientes(db, solicitud.id, requeridas),
  ]);
  if (solicitud.estado !== pedido.desde) throw conflicto(TEXTOS_GESTION.movimientoVencido);
  if ((abierta?.id ?? null) !== pedido.propuesta) throw otraPropuesta(abierta);
  const contexto = { propuesta: propuestaDelCiclo(abierta), dobleControl: control.decisiones, sinVerificar };
  if (!estadoDelCiclo(solicitud.estado, [], null, contexto).can(evento)) {
    // Only the verifications are missing: say which.
    if (estadoDelCiclo(solicitud.estado, [], null, { ...contexto, sinVerificar: [] }).can(evento))
      throw faltaVerificar(sinVerificar);
    if (esFinal(solicitud.estado)) throw conflicto(TEXTOS_PROPUESTA.cerrada);
    if (evento.type !== 'PROPONER') {
      if (!abierta) throw otraPropuesta(null);
      throw prohibido(
        evento.type === 'CONFIRMAR' && abierta.por === sesion.personalId
          ? TEXTOS_PROPUESTA.propia
          : TEXTOS_PROPUESTA.noPuede,
      );
    }
    if (abierta) throw otraPropuesta(abierta);
    // The decision is possible here, only not as a proposal: the setting (or a lone administrador) says so.
    const conCuatroOjos = { ...contexto, dobleControl: DECISIONES };
    throw conflicto(
      estadoDelCiclo(solicitud.estado, [], null, conCuatroOjos).can(evento)
        ? TEXTOS_PROPUESTA.decisionDirecta
        : TEXTOS_PROPUESTA.decisionNoPosible,
    );
  }

  const decision = evento.decision ?? abierta?.decision;
  const hecho = await db.transaction().execute(async (trx) => {
    await tomarSiVigente(trx, solicitud.id);
    return asentar(trx, {
      solicitudId: solicitud.id,
      asiento: {
        tipo: 'propuesta',
        estado: solicitud.estado,
        evento,
        vista: abierta,
        dobleControl: control.decisiones,
        sinVerificar,
      },
      personalId: sesion.personalId,
      auditoria: {
        usuario: sesion.usuario,
        ip,
        accion:
          evento.type === 'PROPONER'
            ? 'proponer_decision'
            : evento.type === 'CONFIRMAR'
              ? 'confirmar_propuesta'
              : 'descartar_propuesta',
        objeto: numero,
        detalle: {
          decision,
          ...(abierta ? { propuso: abierta.detalle.usuario } : {}),
          // A confirmation is the decision's move: the audit page says it "de <estado> a <estado>".
          ...(evento.type === 'CONFIRMAR' && decision
            ? { desde: solicitud.estado, hacia: DESTINO[decision] }
            : {}),
        },
      },
      ahora,
    });
  });
  if (hecho) return;
  // Another change won between the read and the write: say what the page did not show.
  const ahoraLeida = await solicitudPorNumero(db, numero);
  if (ahoraLeida.estado !== solicitud.estado) throw conflicto(TEXTOS_GESTION.movimientoVencido);
  throw otraPropuesta(await propuestaAbierta(db, solicitud.id));
}
