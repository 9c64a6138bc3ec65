// The one writer of an application's status and history (producto §9, producto §11, producto §13).
// Every entry of the record goes through `asentar`, inside the caller's transaction: the arrival
// (the chart's initial state), a move (decided by the chart, domain/ciclo-de-vida.ts), or an event
// of the record that is not a status change (a rectified field, the deletion of the person's data,
// who has it — Tomar, Asignar a…, Liberar, also decided by the chart — or a proposal of four eyes:
// proposed, discarded, or confirmed, which is the decision's move).
// It writes the status (the arrival: the application's row itself, with the initial status; a
// move: on condition that it still is the one the move starts from), the history row, the audit
// row, and carries out the effects the chart names for the transition — opening the correction
// link, queuing the e-mails in the outbox — in that same transaction.
import { randomUUID } from 'node:crypto';
import { initialTransition, transition, type ExecutableActionsFrom } from 'xstate';
import {
  cicloDeVida,
  esFinal,
  estadoDelCiclo,
  type AvisoAlSolicitante,
  type EventoAsignacion,
  type EventoMovimiento,
  type SnapshotCiclo,
} from '../../domain/ciclo-de-vida.js';
import {
  CAMPO_RESPONSABLE,
  CAMPO_SUPRESION,
  MARCA_SUPRIMIDO,
  type DocumentoKey,
  type Estado,
} from '../../domain/index.js';
import { abrirCorreccion, type CorreccionAbierta } from '../correcciones/crear.js';
import type { Insertable } from 'kysely';
import type { Database, Db } from '../db/esquema.js';
import { CLAVES_CORREO, encolarCorreo } from '../correo/salida.js';
import { auditar, type EventoAuditoria } from '../auditoria/cadena.js';
import {
  emitirVersion,
  type DocumentoDeVersion,
  type VersionDelComprobante,
} from '../comprobante/versiones.js';
import { avisarEnvio, avisarMovimiento } from './avisos.js';
import { pasosDe, resolucionDe } from './tiempos.js';
import type { ControlDeDecision, Decision, EventoPropuesta } from '../../domain/propuestas.js';
import {
  SIN_PROPUESTA,
  columnasDePropuesta,
  marcaDelHistorial,
  propuestaDelCiclo,
  type PropuestaGuardada,
} from './propuesta.js';

/** What is written in the record. */
type Asiento =
  /**
   * The application arrives: its row is written with the chart's initial status, then the first
   * history row. `documentos` are the ones its sender linked to it (already known: not read back).
   */
  | {
      tipo: 'recepcion';
      solicitud: Omit<Insertable<Database['solicitudes']>, 'id' | 'estado'>;
      documentos: readonly DocumentoDeVersion[];
    }
  /**
   * A move of the chart from `desde` (the status the mover saw), with the decisions that need four
   * eyes now (none unless said), the required documents still unverified at the source
   * (producto §17; none unless said: the applicant's moves decide nothing) and, for a decision
   * taken directly, how four eyes went.
   */
  | {
      tipo: 'movimiento';
      desde: Estado;
      evento: EventoMovimiento;
      dobleControl?: readonly Decision[];
      sinVerificar?: readonly string[];
      control?: ControlDeDecision;
    }
  /**
   * Four eyes (producto §15): a decision proposed, discarded, or confirmed — carried out as the
   * proposal said —, decided by the chart from the stored status and `vista`, the open proposal the
   * caller read; written on condition that both are still so.
   */
  | {
      tipo: 'propuesta';
      estado: Estado;
      evento: EventoPropuesta;
      vista: PropuestaGuardada | null;
      dobleControl: readonly Decision[];
      /** The required documents still unverified at the source (producto §17). */
      sinVerificar: readonly string[];
    }
  /**
   * Who has it changes (producto §15): Tomar, Asignar a… or Liberar, decided by the chart from the
   * stored status and `anterior` (the holder the caller read); written on condition that the holder
   * still is `anterior`. `nuevo` is the account the event gives it to (null: nobody), by name for
   * the history.
   */
  | {
      tipo: 'responsable';
      estado: Estado;
      evento: EventoAsignacion;
      anterior: CuentaDelHistorial | null;
      nuevo: CuentaDelHistorial | null;
    }
  /** A field of the personal data rectified (producto §13): the status stays `estado`. */
  | {
      tipo: 'dato';
      /** The stored status, read under the caller's conditional update. */
      estado: string;
      campo: string;
      anterior: string | null;
      nuevo: string | null;
      motivo: string;
    }
  /**
   * The person's data deleted (producto §13): the free texts of earlier rows are blanked and a row
   * of its own records the deletion; the status stays `estado`.
   */
  | { tipo: 'supresion'; estado: string; motivo: string };

export interface CuentaDelHistorial {
  id: string;
  nombre: string;
}

export interface Anotacion {
  solicitudId: string;
  asiento: Asiento;
  /** The staff account that made it; null for the applicant, a command or the system. */
  personalId: string | null;
  /** Its audit row (producto §9); null when the change has none (the arrival). */
  auditoria: EventoAuditoria | null;
  /** The staff address of producto §11 (CORREO_PERSONAL); null: no notice is queued. */
  personal?: string | null;
  ahora?: Date;
}

export interface Asentado {
  historialId: string;
  estado: Estado;
}

/**
 * The application's documents, read once per entry (the arrival is given them): their keys are
 * what the chart lets staff observe, and a receipt version lists them as they are (nothing in the
 * entry changes them).
 */
async function documentosDe(trx: Db, solicitudId: string): Promise<DocumentoDeVersion[]> {
  const filas = await trx
    .selectFrom('solicitud_documentos as sd')
    .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
    .select(['d.clave', 'd.id', 'd.bytes', 'd.sha256'])
    .where('sd.solicitud_id', '=', solicitudId)
    .orderBy('d.clave')
    .execute();
  return filas.map((d) => ({ clave: d.clave, documentoId: d.id, bytes: Number(d.bytes), sha256: d.sha256 }));
}

const claves = (documentos: readonly DocumentoDeVersion[]) => documentos.map((d) => d.clave);

type Accion = ExecutableActionsFrom<typeof cicloDeVida>;

/**
 * A move into a final status closes the application: when, and its working days without
 * Observada (./tiempos.ts), from the moves before this one and this one.
 */
async function resolucionAl(
  trx: Db,
  solicitudId: string,
  paso: { desde: Estado; hacia: Estado; en: string },
): Promise<{ resuelta_en: string; dias_resolucion: number } | Record<string, never>> {
  if (!esFinal(paso.hacia)) return {};
  const solicitud = await trx
    .selectFrom('solicitudes')
    .select('creada_en')
    .where('id', '=', solicitudId)
    .executeTakeFirstOrThrow();
  const r = resolucionDe(solicitud.creada_en, [...(await pasosDe(trx, solicitudId)), paso]);
  return r ? { resuelta_en: r.resueltaEn, dias_resolucion: r.dias } : {};
}

/** Carries out, in order, the effects the chart named for the transition just written. */
async function efectuar(
  trx: Db,
  acciones: readonly Accion[],
  hecho: {
    solicitudId: string;
    historialId: string;
    evento: EventoMovimiento | null;
    personal: string | null;
    /** The application's documents as the entry found them (documentosDe). */
    documentos: readonly DocumentoDeVersion[];
    /** The applicant's address when the entry knows it (the arrival); otherwise it is read. */
    email: string | null;
    /** The arrival: no receipt version exists yet. */
    recepcion: boolean;
    ahora: Date;
  },
): Promise<void> {
  let correccion: CorreccionAbierta | null = null;
  let comprobante: VersionDelComprobante | null = null;
  const motivo = hecho.evento?.motivo?.trim() || null;
  const documentos = (hecho.evento?.documentos ?? []) as DocumentoKey[];
  for (const accion of acciones) {
    switch (accion.type) {
      case 'emitirComprobante':
        comprobante = await emitirVersion(trx, hecho.solicitudId, hecho.documentos, hecho.ahora, {
          primera: hecho.recepcion,
        });
        break;
      case 'avisarEnvio': {
        const email =
          hecho.email ??
          (
            await trx
              .selectFrom('solicitudes')
              .select('email')
              .where('id', '=', hecho.solicitudId)
              .executeTakeFirstOrThrow()
          ).email;
        await avisarEnvio(trx, {
          solicitudId: hecho.solicitudId,
          email,
          personal: hecho.personal,
          version: comprobante?.version ?? 1,
        });
        break;
      }
      case 'abrirCorreccion':
        correccion = await abrirCorreccion(trx, {
          solicitudId: hecho.solicitudId,
          historialId: hecho.historialId,
          motivo: motivo ?? '',
          documentos,
          ahora: hecho.ahora,
        });
        break;
      case 'avisarAlSolicitante': {
        const { aviso } = accion.params as { aviso: AvisoAlSolicitante };
        await avisarMovimiento(trx, {
          solicitudId: hecho.solicitudId,
          historialId: hecho.historialId,
          aviso,
          motivo,
          documentos,
          correccion,
          version: comprobante?.version ?? null,
        });
        break;
      }
      case 'avisarAlPersonal':
        if (hecho.personal) {
          await encolarCorreo(
            trx,
            {
              clave: CLAVES_CORREO.corregida(hecho.historialId),
              para: hecho.personal,
              evento: { tipo: 'corregida', solicitudId: hecho.solicitudId },
            },
            hecho.ahora.getTime(),
          );
        }
        break;
      default:
        throw new Error(`Efecto del ciclo de vida sin implementar: ${accion.type}`);
    }
  }
}

/**
 * Writes one entry of the record in `trx`. A move the chart refuses from `desde`, or whose status
 * is no longer `desde` when written (someone moved it first), writes nothing and answers null: the
 * caller says why (409 for staff, 410 for the applicant's link).
 */
export async function asentar(trx: Db, anotacion: Anotacion): Promise<Asentado | null> {
  const { solicitudId, asiento, personalId, ahora = new Date() } = anotacion;
  const en = ahora.toISOString();
  const historialId = randomUUID();
  let fila: { desde: string | null; hacia: string; motivo: string | null; documentos: string | null };
  let evento: EventoMovimiento | null = null;
  let acciones: readonly Accion[] = [];
  let documentos: readonly DocumentoDeVersion[] = [];
  /** What the history row says of four eyes (./propuesta.ts). */
  let marca: { campo?: string; control?: ControlDeDecision } = {};

  if (asiento.tipo === 'recepcion') {
    // In documentosDe's order.
    documentos = [...asiento.documentos].sort((a, b) => (a.clave < b.clave ? -1 : a.clave > b.clave ? 1 : 0));
    const [inicial, entrada] = initialTransition(cicloDeVida, { documentos: claves(documentos) });
    await trx
      .insertInto('solicitudes')
      .values({
        ...asiento.solicitud,
        id: solicitudId,
        estado: inicial.value,
        estado_desde: en,
        ultimo_cambio_en: en,
      })
      .execute();
    fila = { desde: null, hacia: inicial.value, motivo: null, documentos: null };
    acciones = entrada;
  } else if (asiento.tipo === 'movimiento') {
    evento = asiento.evento;
    documentos = await documentosDe(trx, solicitudId);
    const antes: SnapshotCiclo = estadoDelCiclo(asiento.desde, claves(documentos), null, {
      dobleControl: asiento.dobleControl ?? [],
      sinVerificar: asiento.sinVerificar ?? [],
    });
    if (!antes.can(evento)) return null;
    const [despues, efectos] = transition(cicloDeVida, antes, evento);
    const resolucion = await resolucionAl(trx, solicitudId, {
      desde: asiento.desde,
      hacia: despues.value,
      en,
    });
    const cambio = await trx
      .updateTable('solicitudes')
      // A move closes the open proposal, if any: it was about the status left behind.
      .set({ estado: despues.value, estado_desde: en, ultimo_cambio_en: en, ...resolucion, ...SIN_PROPUESTA })
      .where('id', '=', solicitudId)
      .where('estado', '=', asiento.desde)
      .executeTakeFirst();
    // Between the caller's read and this update another move won: nothing of this one is kept.
    if (Number(cambio.numUpdatedRows) !== 1) return null;
    const motivo = evento.motivo?.trim() || null;
    fila = {
      desde: asiento.desde,
      hacia: despues.value,
      motivo,
      documentos: evento.documentos?.length ? JSON.stringify(evento.documentos) : null,
    };
    if (asiento.control) marca = { control: asiento.control };
    acciones = efectos;
  } else if (asiento.tipo === 'propuesta') {
    const { estado, vista } = asiento;
    documentos = await documentosDe(trx, solicitudId);
    const antes = estadoDelCiclo(estado, claves(documentos), null, {
      propuesta: propuestaDelCiclo(vista),
      dobleControl: asiento.dobleControl,
      sinVerificar: asiento.sinVerificar,
    });
    if (!antes.can(asiento.evento)) return null;
    const [despues, efectos] = transition(cicloDeVida, antes, asiento.evento);
    const nueva = despues.context.propuesta;
    const confirmada = despues.value !== estado && vista ? vista : null;
    // A confirmation carries out the proposal: its decision, with its motivo (the e-mail's reason).
    if (confirmada)
      evento = {
        type: confirmada.decision,
        actor: asiento.evento.actor,
        motivo: confirmada.motivo ?? undefined,
      };
    const resolucion = confirmada
      ? await resolucionAl(trx, solicitudId, { desde: estado, hacia: despues.value, en })
      : {};
    const cambio = await trx
      .updateTable('solicitudes')
      .set({
        ...(nueva ? columnasDePropuesta(randomUUID(), nueva, en) : SIN_PROPUESTA),
        ...(confirmada ? { estado: despues.value, estado_desde: en, ...resolucion } : {}),
        ultimo_cambio_en: en,
      })
      .where('id', '=', solicitudId)
      .where('estado', '=', estado)
      .where((eb) => (vista ? eb('propuesta_id', '=', vista.id) : eb('propuesta_id', 'is', null)))
      .executeTakeFirst();
    // Someone proposed, confirmed, discarded or moved it meanwhile: nothing of this one is kept.
    if (Number(cambio.numUpdatedRows) !== 1) return null;
    const motivo = confirmada ? confirmada.motivo : asiento.evento.motivo?.trim() || null;
    fila = { desde: estado, hacia: despues.value, motivo, documentos: null };
    const decision = nueva?.decision ?? vista?.decision;
    if (decision)
      marca = marcaDelHistorial(confirmada ? 'confirmacion' : nueva ? 'propuesta' : 'descarte', decision);
    acciones = efectos;
  } else if (asiento.tipo === 'responsable') {
    const antes = estadoDelCiclo(asiento.estado, [], asiento.anterior?.id ?? null);
    if (!antes.can(asiento.evento)) return null;
    const [despues] = transition(cicloDeVida, antes, asiento.evento);
    if (despues.context.responsable !== (asiento.nuevo?.id ?? null)) return null;
    const cambio = await trx
      .updateTable('solicitudes')
      .set({ responsable_id: despues.context.responsable, ultimo_cambio_en: en })
      .where('id', '=', solicitudId)
      .where('estado', '=', asiento.estado)
      .where((eb) =>
        asiento.anterior ? eb('responsable_id', '=', asiento.anterior.id) : eb('responsable_id', 'is', null),
      )
      .executeTakeFirst();
    // Someone else took it, gave it, let it go or moved it meanwhile: nothing of this one is kept.
    if (Number(cambio.numUpdatedRows) !== 1) return null;
    fila = { desde: asiento.estado, hacia: asiento.estado, motivo: null, documentos: null };
  } else {
    if (asiento.tipo === 'supresion') {
      // Free texts may quote the person: reasons and rectified values of the earlier rows.
      for (const columna of ['motivo', 'anterior', 'nuevo'] as const) {
        await trx
          .updateTable('historial')
          .set({ [columna]: MARCA_SUPRIMIDO })
          .where('solicitud_id', '=', solicitudId)
          .where(columna, 'is not', null)
          .execute();
      }
    }
    // The caller's conditional update already settled this entry; it is the last change now.
    await trx
      .updateTable('solicitudes')
      // A deletion leaves nothing to decide: an open proposal (and its motivo) goes too.
      .set({ ultimo_cambio_en: en, ...(asiento.tipo === 'supresion' ? SIN_PROPUESTA : {}) })
      .where('id', '=', solicitudId)
      .execute();
    fila = { desde: asiento.estado, hacia: asiento.estado, motivo: asiento.motivo, documentos: null };
  }

  await trx
    .insertInto('historial')
    .values({
      id: historialId,
      solicitud_id: solicitudId,
      ...fila,
      personal_id: personalId,
      en,
      ...(asiento.tipo === 'dato'
        ? { campo: asiento.campo, anterior: asiento.anterior, nuevo: asiento.nuevo }
        : asiento.tipo === 'supresion'
          ? { campo: CAMPO_SUPRESION }
          : asiento.tipo === 'responsable'
            ? {
                campo: CAMPO_RESPONSABLE,
                anterior: asiento.anterior?.nombre ?? null,
                nuevo: asiento.nuevo?.nombre ?? null,
              }
            : {}),
      ...marca,
    })
    .execute();
  if (anotacion.auditoria) await auditar(trx, anotacion.auditoria, ahora);
  await efectuar(trx, acciones, {
    solicitudId,
    historialId,
    evento,
    personal: anotacion.personal ?? null,
    documentos,
    email: asiento.tipo === 'recepcion' ? asiento.solicitud.email : null,
    recepcion: asiento.tipo === 'recepcion',
    ahora,
  });
  return { historialId, estado: fila.hacia as Estado };
}
