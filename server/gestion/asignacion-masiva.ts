// "Asignar a…" for the inbox's selection (producto §15, "Selection and bulk"): a list of numbers,
// each with the Responsable the page showed, or the whole search fixed by ./seleccion.ts, given
// to one active account. All or nothing: every application is decided by the lifecycle chart and
// the page's `visto` exactly as one is on its own page (./asignacion.ts decidirCambio), and all are
// written by the record's writer (history and audit row each) in ONE transaction. Any refusal —
// a closed application, a holder changed meanwhile, a search that is not what was selected, a
// change that wins the race while writing — answers its error naming the application, and
// nothing is written. Applications the account already has are left as they are.
import type { EventoAsignacion } from '../../domain/ciclo-de-vida.js';
import {
  SELECCION_MAXIMA,
  TEXTOS_SELECCION,
  type AsignacionMasiva,
  type PedidoAsignacionMasiva,
  type SeleccionadaVista,
} from '../../domain/seleccion.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio } from '../errores.js';
import type { SesionActiva } from '../personal/sesiones.js';
import {
  cambiadoMientras,
  decidirCambio,
  destinoDeAsignacion,
  esDelActor,
  escribirCambio,
  leerVarias,
  sinPermisoDeAsignar,
  type CambioDecidido,
  type Leida,
} from './asignacion.js';
import { datosSuprimidos } from './expediente.js';
import { filtroDeConsulta, huellaDe, leerBusqueda } from './seleccion.js';

export interface AsignacionDeSeleccion {
  pedido: PedidoAsignacionMasiva;
  sesion: SesionActiva;
  ip: string;
  /** config.plazoRevisionDias: the search is read as GET /api/gestion/seleccion read it. */
  plazoRevisionDias?: number;
  ahora?: Date;
}

/** One application's refusal, its message naming it. */
function enLaSolicitud(numero: string, error: unknown): unknown {
  return error instanceof ErrorDeDominio
    ? new ErrorDeDominio(
        error.tipo,
        error.codigo,
        TEXTOS_SELECCION.enLaSolicitud(numero, error.message),
        error.fields,
      )
    : error;
}

const busquedaCambiada = () =>
  new ErrorDeDominio('conflicto', CODIGOS.CONFLICTO, TEXTOS_SELECCION.busquedaCambiada);

/** Another change won one application while the transaction wrote: it is rolled back. */
class CambioPerdido extends Error {
  constructor(readonly numero: string) {
    super(numero);
  }
}

/** The selected applications as read now, each with what the page showed of it. */
async function seleccionadas(
  db: Db,
  pedido: PedidoAsignacionMasiva,
  sesion: SesionActiva,
  plazoRevisionDias: number | undefined,
): Promise<{ vista: SeleccionadaVista; leida: Leida | undefined }[]> {
  if ('numeros' in pedido) {
    // A number twice is one application.
    const vistas = [...new Map(pedido.numeros.map((v) => [v.numero, v])).values()];
    const leidas = await leerVarias(
      db,
      vistas.map((v) => v.numero),
    );
    return vistas.map((vista) => ({ vista, leida: leidas.get(vista.numero) }));
  }
  const filtro = {
    ...(await filtroDeConsulta(db, pedido.busqueda.filtro, sesion)),
    ...(plazoRevisionDias === undefined ? {} : { plazoRevisionDias }),
  };
  // The search was fixed with at most SELECCION_MAXIMA matches: more now is a changed search too.
  const leidas = await leerBusqueda(db, filtro);
  if (!leidas || huellaDe(leidas) !== pedido.busqueda.huella) throw busquedaCambiada();
  // The huella says each holder is the one the selection was fixed with.
  return leidas.map((leida) => ({
    vista: { numero: leida.numero, visto: leida.responsable?.usuario ?? null },
    leida,
  }));
}

export async function asignarSeleccion(
  db: Db,
  { pedido, sesion, ip, plazoRevisionDias, ahora = new Date() }: AsignacionDeSeleccion,
): Promise<AsignacionMasiva> {
  // The role first (403), before the account or any application is looked at.
  const muestra: EventoAsignacion = {
    type: 'ASIGNAR',
    actor: sesion.rol,
    quien: sesion.personalId,
    a: `${sesion.personalId}-destino`,
  };
  if (!esDelActor(muestra)) throw sinPermisoDeAsignar();
  const destino = await destinoDeAsignacion(db, pedido.a);
  const lista = await seleccionadas(db, pedido, sesion, plazoRevisionDias);
  if (lista.length > SELECCION_MAXIMA) {
    throw new ErrorDeDominio('invalido', CODIGOS.VALIDACION, TEXTOS_SELECCION.demasiadas);
  }

  const cambios: CambioDecidido[] = [];
  let yaLaTenian = 0;
  for (const { vista, leida } of lista) {
    try {
      if (!leida) {
        throw new ErrorDeDominio(
          'no_encontrado',
          CODIGOS.NO_ENCONTRADO,
          TEXTOS_SELECCION.solicitudInexistente(vista.numero),
        );
      }
      if (leida.suprimida) throw datosSuprimidos();
      // Shown with the account and still its: nothing to change.
      if (vista.visto === destino.usuario && leida.responsable?.id === destino.id) {
        yaLaTenian++;
        continue;
      }
      cambios.push(decidirCambio(leida, { accion: 'ASIGNAR', visto: vista.visto }, sesion, destino));
    } catch (error) {
      throw enLaSolicitud(vista.numero, error);
    }
  }

  try {
    await db.transaction().execute(async (trx) => {
      for (const cambio of cambios) {
        let hecho: boolean;
        try {
          hecho = await escribirCambio(trx, cambio, { sesion, ip, ahora });
        } catch (error) {
          throw enLaSolicitud(cambio.leida.numero, error);
        }
        if (!hecho) throw new CambioPerdido(cambio.leida.numero);
      }
    });
  } catch (error) {
    if (!(error instanceof CambioPerdido)) throw error;
    // Say who has it now, as for one application.
    const ahoraLeida = (await leerVarias(db, [error.numero])).get(error.numero);
    throw enLaSolicitud(error.numero, ahoraLeida ? cambiadoMientras(ahoraLeida) : busquedaCambiada());
  }
  return { asignadas: cambios.length, yaLaTenian };
}
