// A status move made by staff (producto §9), decided by the lifecycle chart
// (domain/ciclo-de-vida.ts): the role first (403), then what the move needs (400), then the
// current status (409). The move is written by the record's one writer (./ciclo-de-vida.ts), on
// condition that the status still is the one the page showed, so of two people moving the same
// application at once only one wins; its history, audit row and e-mail go in the same transaction.
// Where four eyes apply (producto §15, DOBLE_CONTROL) the chart refuses an administrador's decision
// — it is proposed instead (./propuestas.ts) — and with one administrador active it is taken
// directly, its history row saying so. Approval waits for the documents VERIFICACION_REQUERIDA
// names to be verified at the source (producto §17): 409 naming those still unverified.
import {
  estadoDelCiclo,
  movimientoHacia,
  problemasDelMovimiento,
  puedeHacer,
  type EventoCiclo,
} from '../../domain/ciclo-de-vida.js';
import { TEXTOS_GESTION, type PedidoMovimiento } from '../../domain/index.js';
import { TEXTOS_PROPUESTA, esDecision, type AjusteDobleControl } from '../../domain/propuestas.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio, MENSAJES_HTTP } from '../errores.js';
import { asentar } from '../ciclo-de-vida/asentar.js';
import { datosSuprimidos, solicitudPorNumero, tomarSiVigente } from './expediente.js';
import { dobleControlAhora } from './doble-control.js';
import type { SesionActiva } from '../personal/sesiones.js';
import { faltaVerificar, sinVerificar as pendientes } from '../verificacion-fuente/consulta.js';

export { problemaDeTexto } from '../../domain/ciclo-de-vida.js';

const movimientoVencido = () =>
  new ErrorDeDominio('conflicto', CODIGOS.CONFLICTO, TEXTOS_GESTION.movimientoVencido);

export interface Mover {
  numero: string;
  pedido: PedidoMovimiento;
  sesion: SesionActiva;
  ip: string;
  /** DOBLE_CONTROL. */
  ajuste: AjusteDobleControl;
  /** VERIFICACION_REQUERIDA. */
  requeridas: readonly string[];
  ahora?: Date;
}

export async function moverEstado(
  db: Db,
  { numero, pedido, sesion, ip, ajuste, requeridas, ahora = new Date() }: Mover,
): Promise<void> {
  const { desde, hacia } = pedido;
  // The role decides alone, whatever the status: "corregida" is the applicant's move (producto §11).
  const movimiento = movimientoHacia(hacia);
  if (!movimiento || !puedeHacer(sesion.rol, movimiento)) {
    throw new ErrorDeDominio('sin_permiso', CODIGOS.SIN_PERMISO, TEXTOS_GESTION.sinPermiso);
  }
  const solicitud = await solicitudPorNumero(db, numero);
  if (solicitud.suprimida) throw datosSuprimidos();

  const documentos = (
    await db
      .selectFrom('solicitud_documentos as sd')
      .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
      .select('d.clave')
      .where('sd.solicitud_id', '=', solicitud.id)
      .execute()
  ).map((d) => d.clave);
  const campos = problemasDelMovimiento(movimiento.necesita, pedido, documentos);
  if (Object.keys(campos).length > 0) {
    throw new ErrorDeDominio('invalido', CODIGOS.VALIDACION, MENSAJES_HTTP.validacion, campos);
  }

  const motivo = (pedido.motivo ?? '').trim();
  const evento: EventoCiclo = {
    type: movimiento.evento,
    actor: sesion.rol,
    ...(motivo === '' ? {} : { motivo }),
    ...(movimiento.necesitaDocumentos ? { documentos: pedido.documentos ?? [] } : {}),
  };
  // The page showed another status, or the chart does not make the move from it: someone moved
  // it first — or, for a decision the chart makes only with four eyes, it is to be proposed.
  const control = await dobleControlAhora(db, ajuste);
  const dobleControl = control.decisiones;
  if (solicitud.estado !== desde) throw movimientoVencido();
  const sinVerificar = await pendientes(db, solicitud.id, requeridas);
  if (!estadoDelCiclo(desde, documentos, null, { dobleControl, sinVerificar }).can(evento)) {
    if (estadoDelCiclo(desde, documentos).can(evento)) {
      // Unverified documents come first: a proposal would be refused for them too.
      if (!estadoDelCiclo(desde, documentos, null, { sinVerificar }).can(evento))
        throw faltaVerificar(sinVerificar);
      throw new ErrorDeDominio('conflicto', CODIGOS.CONFLICTO, TEXTOS_PROPUESTA.necesitaPropuesta);
    }
    throw movimientoVencido();
  }
  const sinDobleControl = esDecision(evento.type) && control.suspendidas.includes(evento.type);
  await db.transaction().execute(async (trx) => {
    await tomarSiVigente(trx, solicitud.id);
    const hecho = await asentar(trx, {
      solicitudId: solicitud.id,
      asiento: {
        tipo: 'movimiento',
        desde,
        evento,
        dobleControl,
        sinVerificar,
        ...(sinDobleControl ? { control: 'un_administrador' as const } : {}),
      },
      personalId: sesion.personalId,
      auditoria: {
        usuario: sesion.usuario,
        ip,
        accion: 'mover_estado',
        objeto: numero,
        detalle: { desde, hacia },
      },
      ahora,
    });
    if (!hecho) throw movimientoVencido();
  });
}
