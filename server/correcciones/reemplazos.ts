// Uploading the replacements of a correction (producto §11): the same reading and judging as
// step 2 (the route reads the parts with archivos/rutas/recepcion.ts: types by content, 10 MiB,
// the same messages), into the correction's own draft, only for the observed documents, and under
// the quotas that apply to an upload: the disk floor, the client's bytes per hour and the draft's
// bytes (a replacement of a replacement counts again). The write rate per client is the route's.
// "Quitar <label>" removes an uploaded replacement again, until the correction is sent.
import type { CorreccionPendiente, DocumentoKey } from '../../domain/index.js';
import type { Config } from '../config/index.js';
import type { Conexion } from '../db/conexion.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio, MENSAJES_HTTP } from '../errores.js';
import { CLAVES, leer, sumar } from '../db/contadores.js';
import { guardarDocumentos, type Recibido } from '../archivos/documentos.js';
import type { DocumentStore } from '../storage/almacen.js';
import { espacioLibre } from '../storage/espacio.js';
import { correccionPendiente, correccionPorToken, rotuloDe, type Correccion } from './consulta.js';
import { documentoNoObservado as sinObservar } from './observado.js';

const MIB = 1024 * 1024;
const HORA = 3_600_000;

const documentoNoObservado = (clave: DocumentoKey) =>
  new ErrorDeDominio(
    'invalido',
    CODIGOS.ARCHIVO_INVALIDO,
    `El documento "${rotuloDe(clave)}" no fue observado: en esta corrección solo podés reemplazar los documentos observados.`,
  );

/** What one upload into a link's draft may bring, and the refusal when it brings more. */
export interface CuotaDeSubida {
  bytes: number;
  excedido: () => ErrorDeDominio;
}

/** What one upload of replacements may bring, and the refusal when it brings more. */
export interface PresupuestoDeReemplazos extends CuotaDeSubida {
  correccion: Correccion;
}

/**
 * Before a byte is read: the link must be open, the disk above its floor, and the draft and the
 * client (`cliente`, the route's name for the caller) under their quotas.
 */
export async function presupuestoDeReemplazos(
  db: Db,
  config: Config,
  token: string,
  cliente: string,
): Promise<PresupuestoDeReemplazos> {
  const correccion = await correccionPorToken(db, token);
  return { correccion, ...(await cuotaDeSubida(db, config, correccion.borradorId, cliente)) };
}

/**
 * The disk above its floor, and the draft `borradorId` and the client under their quotas: what an
 * upload into a link's own draft may bring (a correction's, a re-attestation's: producto §17).
 */
export async function cuotaDeSubida(
  db: Db,
  config: Config,
  borradorId: string,
  cliente: string,
): Promise<CuotaDeSubida> {
  if ((await espacioLibre(config.dataDir)) < config.diskFreeMinBytes) {
    throw new ErrorDeDominio('sin_espacio', CODIGOS.SIN_ESPACIO, MENSAJES_HTTP.sinEspacio);
  }
  const borrador = await db
    .selectFrom('borradores')
    .select('bytes_recibidos')
    .where('id', '=', borradorId)
    .executeTakeFirstOrThrow();
  const cuotaDelBorrador = () =>
    new ErrorDeDominio(
      'demasiado_grande',
      CODIGOS.CUOTA_EXCEDIDA,
      MENSAJES_HTTP.cuotaDelBorrador(config.draftMaxBytes / MIB),
    );
  const cuotaDelCliente = () =>
    new ErrorDeDominio(
      'demasiados',
      CODIGOS.CUOTA_EXCEDIDA,
      MENSAJES_HTTP.cuotaDeBytes(config.uploadMaxBytesPerHour / MIB),
    );
  const restanteBorrador = config.draftMaxBytes - Number(borrador.bytes_recibidos);
  const restanteCliente = config.uploadMaxBytesPerHour - (await leer(db, CLAVES.bytes(cliente))).valor;
  if (restanteBorrador <= 0) throw cuotaDelBorrador();
  if (restanteCliente <= 0) throw cuotaDelCliente();
  return {
    bytes: Math.min(restanteBorrador, restanteCliente),
    excedido: restanteBorrador <= restanteCliente ? cuotaDelBorrador : cuotaDelCliente,
  };
}

/** Stores the received files in the correction's draft; answers the page's data. */
export async function guardarReemplazos(
  conexion: Conexion,
  almacen: DocumentStore,
  token: string,
  correccion: Correccion,
  recibidos: Recibido[],
  cliente: string,
): Promise<CorreccionPendiente> {
  const { db } = conexion;
  const descartar = () => Promise.all(recibidos.map((r) => almacen.descartar(r.preparado).catch(() => {})));
  const ajeno = recibidos.find((r) => !correccion.documentos.includes(r.clave));
  if (ajeno) {
    await descartar();
    throw documentoNoObservado(ajeno.clave);
  }
  // The link may have been sent or superseded while the body arrived: keep nothing then.
  try {
    await correccionPorToken(db, token);
  } catch (error) {
    await descartar();
    throw error;
  }
  await guardarEnElBorrador(conexion, almacen, correccion.borradorId, recibidos, cliente);
  return correccionPendiente(db, correccion);
}

/** Stores received files in a link's draft and counts their bytes against the client's hour. */
export async function guardarEnElBorrador(
  conexion: Conexion,
  almacen: DocumentStore,
  borradorId: string,
  recibidos: Recibido[],
  cliente: string,
): Promise<void> {
  await guardarDocumentos(conexion.db, almacen, borradorId, recibidos);
  await sumar(
    conexion,
    CLAVES.bytes(cliente),
    recibidos.reduce((total, r) => total + r.preparado.bytes, 0),
    HORA,
  );
}

/**
 * Removes the replacement of `clave` from the correction's draft and its file from the store;
 * answers the page's data. Nothing to remove is no error: a retried "Quitar" gets the same answer.
 * The row goes only while no application points at it (the link sent meanwhile keeps it).
 */
export async function quitarReemplazo(
  db: Db,
  almacen: DocumentStore,
  token: string,
  clave: string,
): Promise<CorreccionPendiente> {
  const correccion = await correccionPorToken(db, token);
  if (!correccion.documentos.includes(clave as DocumentoKey)) throw sinObservar();
  await quitarDelBorrador(db, almacen, correccion.borradorId, clave);
  // Sent or superseded while this ran: the link's answer (410), as for any other request.
  return correccionPendiente(db, await correccionPorToken(db, token));
}

/**
 * Removes the upload of `clave` from a link's draft and its file from the store, while no
 * application points at it (the link sent meanwhile keeps it). Nothing to remove is no error.
 */
export async function quitarDelBorrador(
  db: Db,
  almacen: DocumentStore,
  borradorId: string,
  clave: string,
): Promise<void> {
  const quitados = await db
    .deleteFrom('documentos')
    .where('borrador_id', '=', borradorId)
    .where('clave', '=', clave)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('solicitud_documentos as sd')
            .select('sd.documento_id')
            .whereRef('sd.documento_id', '=', 'documentos.id'),
        ),
      ),
    )
    .returning('archivo')
    .execute();
  for (const { archivo } of quitados) await almacen.eliminar(archivo).catch(() => {});
}
