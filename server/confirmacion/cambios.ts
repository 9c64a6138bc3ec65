// "Necesito cambiar algo" → "Enviar cambios" (producto §17). The chosen fields pass the form's own
// rules (domain/actualizacion-de-datos.ts, as on the page) and Domicilio and Condición ante el IVA
// the catalogues (as a rectification's, producto §13); each chosen document needs the file
// uploaded through the link. Then, in one transaction: the link is marked answered on condition
// that it still is open; the record and the columns that copy it change on condition that nobody
// changed it meanwhile; the documents point to their new files; each changed field is a row of
// the history (old and new value, "Solicitante"); and the chart's move aprobada → corregida
// (ACTUALIZAR_DATOS) is written by the record's one writer with its audit row and its effects — the
// receipt's next version, "Recibimos tu corrección" with it, the staff notice — as a correction's.
// Any step failing keeps nothing, so a retried request finds the link used and gets 410.
import {
  TEXTOS_CONFIRMACION,
  esCampoActualizable,
  type CampoActualizable,
  type PedidoCambios,
} from '../../domain/confirmacion.js';
import { actualizarDatos, type ValorActualizado } from '../../domain/actualizacion-de-datos.js';
import {
  DOCUMENTOS,
  TEXTOS_DATOS_PERSONALES,
  type DatosSocio,
  type DocumentoKey,
} from '../../domain/index.js';
import { esCampoCompuesto } from '../../domain/rectificacion.js';
import { esViolacionDeClaveForanea } from '../db/conexion.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio, MENSAJES_HTTP } from '../errores.js';
import { asentar } from '../ciclo-de-vida/asentar.js';
import type { LectorCatalogos } from '../catalogos/referencias.js';
import { nombreDeDocumento } from '../archivos/documentos.js';
import { cambiosDe, columnasDelRegistro, redirigirCorreos } from '../datos-personales/rectificacion.js';
import { recalcularVigenciaMinima } from '../gestion/vigencias.js';
import { confirmacionPorToken, documentosDeLaSolicitud, enlaceVencido } from './consulta.js';
import { marcarRespondida } from './respuesta.js';

export interface EnvioDeCambios {
  ip: string;
  /** The staff address (CORREO_PERSONAL); null: no notice is queued. */
  personal: string | null;
  ahora?: Date;
}

/** The history's reason for the provider's own changes. */
export const MOTIVO_CAMBIO_DEL_PRESTADOR =
  'Cambio enviado por el prestador en la confirmación anual de datos.';

const invalido = (campos: Record<string, string>, mensaje: string = MENSAJES_HTTP.validacion) =>
  new ErrorDeDominio('invalido', CODIGOS.VALIDACION, mensaje, campos);

/** The fields' new values as domain/actualizacion-de-datos.ts takes them, or the 400 that says why not. */
async function valoresDe(
  catalogos: LectorCatalogos,
  campos: PedidoCambios['campos'],
): Promise<Partial<Record<CampoActualizable, ValorActualizado>>> {
  const valores: Partial<Record<CampoActualizable, ValorActualizado>> = {};
  const errores: Record<string, string> = {};
  for (const [campo, valor] of Object.entries(campos)) {
    if (!esCampoActualizable(campo) || typeof valor !== 'string') {
      errores[campo] = TEXTOS_DATOS_PERSONALES.campoInvalido;
      continue;
    }
    if (!esCampoCompuesto(campo)) {
      valores[campo] = valor;
      continue;
    }
    const leido = await cambiosDe(catalogos, campo, valor);
    if ('mensaje' in leido) errores[campo] = leido.mensaje;
    else valores[campo] = leido.cambios;
  }
  if (Object.keys(errores).length > 0) throw invalido(errores);
  return valores;
}

export async function enviarCambios(
  db: Db,
  catalogos: LectorCatalogos,
  token: string,
  pedido: PedidoCambios,
  { ip, personal, ahora = new Date() }: EnvioDeCambios,
): Promise<{ historialId: string }> {
  const c = await confirmacionPorToken(db, token, ahora);
  const elegidos = [...new Set(pedido.documentos)] as DocumentoKey[];
  if (Object.keys(pedido.campos).length === 0 && elegidos.length === 0) {
    throw invalido({}, TEXTOS_CONFIRMACION.nadaElegido);
  }
  const propias = new Set((await documentosDeLaSolicitud(db, c.solicitudId)).map((d) => d.clave));
  const ajenos = elegidos.filter((clave) => !propias.has(clave));
  if (ajenos.length > 0)
    throw invalido(Object.fromEntries(ajenos.map((k) => [k, TEXTOS_CONFIRMACION.documentoAjeno])));
  const valores = await valoresDe(catalogos, pedido.campos);

  const fila = await db
    .selectFrom('solicitudes')
    .select('datos_socio')
    .where('id', '=', c.solicitudId)
    .executeTakeFirstOrThrow();
  const guardados = JSON.parse(fila.datos_socio) as DatosSocio;
  const actualizacion = await actualizarDatos(guardados, valores);
  if (!actualizacion.ok) throw invalido(actualizacion.errores as Record<string, string>);

  const subidos =
    elegidos.length === 0
      ? []
      : await db
          .selectFrom('documentos')
          .select(['id', 'clave', 'extension'])
          .where('borrador_id', '=', c.borradorId)
          .where('clave', 'in', elegidos)
          .execute();
  const subidoDe = new Map(subidos.map((s) => [s.clave, s]));
  const faltan = elegidos.filter((clave) => !subidoDe.has(clave));
  if (faltan.length > 0) {
    const etiqueta = (clave: string) => DOCUMENTOS.find((d) => d.key === clave)?.label ?? clave;
    throw invalido(Object.fromEntries(faltan.map((k) => [k, TEXTOS_CONFIRMACION.faltaArchivo(etiqueta(k))])));
  }

  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await marcarRespondida(trx, c.id, 'cambios', ahora))) throw enlaceVencido();

      const { datos, cambios } = actualizacion;
      if (cambios.length > 0) {
        const cambio = await trx
          .updateTable('solicitudes')
          .set(columnasDelRegistro(c.numero, datos))
          .where('id', '=', c.solicitudId)
          .where('datos_socio', '=', fila.datos_socio)
          .where('estado', '=', 'aprobada')
          .where('suprimida_en', 'is', null)
          .executeTakeFirst();
        if (Number(cambio.numUpdatedRows) !== 1) {
          throw new ErrorDeDominio('conflicto', CODIGOS.CONFLICTO, TEXTOS_CONFIRMACION.cambioSimultaneo);
        }
        if (datos.email !== guardados.email)
          await redirigirCorreos(trx, c.solicitudId, guardados.email, datos.email);
      }

      if (elegidos.length > 0) {
        const actuales = await trx
          .selectFrom('solicitud_documentos as sd')
          .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
          .select(['sd.documento_id', 'd.clave'])
          .where('sd.solicitud_id', '=', c.solicitudId)
          .where('d.clave', 'in', elegidos)
          .execute();
        for (const a of actuales) {
          const nuevo = subidoDe.get(a.clave)!;
          await trx
            .updateTable('solicitud_documentos')
            // A new file has no end date yet: staff record it again (producto §11).
            .set({ documento_id: nuevo.id, nombre: nombreDeDocumento(nuevo), vigente_hasta: null })
            .where('solicitud_id', '=', c.solicitudId)
            .where('documento_id', '=', a.documento_id)
            .execute();
        }
        await recalcularVigenciaMinima(trx, [c.solicitudId]);
      }

      // Each field changed, a row of the history with its old and new value (no status change).
      for (const cambio of cambios) {
        await asentar(trx, {
          solicitudId: c.solicitudId,
          asiento: {
            tipo: 'dato',
            estado: 'aprobada',
            campo: cambio.campo,
            anterior: cambio.anterior,
            nuevo: cambio.nuevo,
            motivo: MOTIVO_CAMBIO_DEL_PRESTADOR,
          },
          personalId: null,
          auditoria: null,
          ahora,
        });
      }
      // The provider's move of the lifecycle chart, on condition that it still is Aprobada; a
      // millisecond after the fields' rows, so the history reads in the order things happened.
      const hecho = await asentar(trx, {
        solicitudId: c.solicitudId,
        asiento: {
          tipo: 'movimiento',
          desde: 'aprobada',
          evento: { type: 'ACTUALIZAR_DATOS', actor: 'solicitante', documentos: elegidos },
        },
        personalId: null,
        auditoria: {
          usuario: null,
          ip,
          accion: 'actualizar_datos',
          objeto: c.numero,
          detalle: { campos: cambios.map((x) => x.campo), documentos: elegidos },
        },
        personal,
        ahora: new Date(ahora.getTime() + 1),
      });
      if (!hecho) throw enlaceVencido();
      return { historialId: hecho.historialId };
    });
  } catch (error) {
    // A file replaced again while this ran (PostgreSQL): nothing was kept; try again.
    if (esViolacionDeClaveForanea(error)) {
      throw new ErrorDeDominio('conflicto', CODIGOS.CONFLICTO, MENSAJES_HTTP.archivosCambiaron);
    }
    throw error;
  }
}
