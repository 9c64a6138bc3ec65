// Uploading the replacements of a correction (producto §11): the same reading and judging as
// step 2 (routes/archivos/recepcion.ts: types by content, 10 MiB, the same messages), into the
// correction's own draft, only for the observed documents, and under the quotas that apply to
// an upload: the disk floor, the client's bytes per hour and the draft's bytes (a replacement
// of a replacement counts again). The write rate per client is the route's.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CorreccionPendiente, DocumentoKey } from '../../domain/index.js';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP } from '../errores.js';
import { clienteDe } from '../plugins/limites.js';
import { EnvioCortado, recibirArchivos } from '../routes/archivos/recepcion.js';
import { CLAVES, leer, sumar } from '../servicios/contadores.js';
import { guardarDocumentos } from '../servicios/documentos.js';
import { espacioLibre } from '../storage/espacio.js';
import { correccionPendiente, correccionPorToken, rotuloDe } from './consulta.js';

const MIB = 1024 * 1024;
const HORA = 3_600_000;

export const documentoNoObservado = (clave: DocumentoKey) =>
  new ErrorHttp(
    400,
    CODIGOS.ARCHIVO_INVALIDO,
    `El documento "${rotuloDe(clave)}" no fue observado: en esta corrección solo podés reemplazar los documentos observados.`,
  );

/**
 * Reads the request's files and stores them in the correction's draft; answers the page's data.
 * An EnvioCortado (a limit passed mid-body) is rethrown for the route to stop reading.
 */
export async function subirReemplazos(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<CorreccionPendiente> {
  const { config, db } = app;
  const correccion = await correccionPorToken(db, token);
  if ((await espacioLibre(config.dataDir)) < config.diskFreeMinBytes) {
    throw new ErrorHttp(507, CODIGOS.SIN_ESPACIO, MENSAJES_HTTP.sinEspacio);
  }
  const cliente = clienteDe(request);
  const borrador = await db
    .selectFrom('borradores')
    .select('bytes_recibidos')
    .where('id', '=', correccion.borradorId)
    .executeTakeFirstOrThrow();
  const cuotaDelBorrador = () =>
    new ErrorHttp(413, CODIGOS.CUOTA_EXCEDIDA, MENSAJES_HTTP.cuotaDelBorrador(config.draftMaxBytes / MIB));
  const cuotaDelCliente = () =>
    new ErrorHttp(429, CODIGOS.CUOTA_EXCEDIDA, MENSAJES_HTTP.cuotaDeBytes(config.uploadMaxBytesPerHour / MIB));
  const restanteBorrador = config.draftMaxBytes - Number(borrador.bytes_recibidos);
  const restanteCliente = config.uploadMaxBytesPerHour - (await leer(db, CLAVES.bytes(cliente))).valor;
  if (restanteBorrador <= 0) throw cuotaDelBorrador();
  if (restanteCliente <= 0) throw cuotaDelCliente();

  const recibidos = await recibirArchivos(request, app.documentos, {
    bytes: Math.min(restanteBorrador, restanteCliente),
    excedido: restanteBorrador <= restanteCliente ? cuotaDelBorrador : cuotaDelCliente,
  });
  const descartar = () => Promise.all(recibidos.map((r) => app.documentos.descartar(r.preparado).catch(() => {})));
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
  await guardarDocumentos(db, app.documentos, correccion.borradorId, recibidos);
  await sumar(
    db,
    CLAVES.bytes(cliente),
    recibidos.reduce((total, r) => total + r.preparado.bytes, 0),
    HORA,
  );
  return correccionPendiente(db, correccion);
}

export { EnvioCortado };
