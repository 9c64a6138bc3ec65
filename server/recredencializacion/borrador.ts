// The new application's start (producto §17): opening a re-credentialing link gives the browser a
// draft of its own — the wizard's ordinary server-side draft, named by the draft cookie — holding
// COPIES of the approved application's documents whose "Vigencia hasta" has not passed
// (seAdjuntaDeNuevo), and answers the approved application's data and equipment for the wizard
// to start from. Each copy is a new object of the document store under a new name, read back
// and checked against the recorded SHA-256: deleting either application's documents never
// touches the other's bytes. The copies count in no quota of the client (it sent none of them).
// Opened again with the draft it made still open (the same browser), nothing is copied again.
import { sql } from 'kysely';
import {
  seAdjuntaDeNuevo,
  type BorradorDeRecredencializacion,
  type DocumentoNoAdjuntado,
} from '../../domain/recredencializacion.js';
import {
  DOCUMENTO_KEYS,
  type DatosSocio,
  type DocumentoKey,
  type ExtensionAceptada,
} from '../../domain/index.js';
import { documentosDelBorrador, guardarDocumentos, type Recibido } from '../archivos/documentos.js';
import type { Bitacora } from '../bitacora.js';
import { diaArgentino } from '../correcciones/plazo.js';
import type { Db } from '../db/esquema.js';
import { equipoDeFila } from '../gestion/expediente.js';
import { insertarBorrador, nuevoBorrador, type Borrador } from '../solicitud/borradores.js';
import { CIRCUNSCRIPCION_ROSARIO, estaEnPadron } from '../solicitud/padron.js';
import type { DocumentStore } from '../storage/almacen.js';
import type { Recredencializacion } from './enlace.js';

export interface BorradorPreparado {
  respuesta: BorradorDeRecredencializacion;
  /** The new draft's cookie value; null when the browser's open draft was this link's already. */
  cookie: string | null;
}

interface DocumentoAprobado {
  clave: DocumentoKey;
  extension: string;
  sha256: string;
  archivo: string;
  vigente_hasta: string | null;
}

/** A copy of one stored document, staged and checked; null when the store cannot give it whole. */
async function copiar(almacen: DocumentStore, d: DocumentoAprobado, log: Bitacora): Promise<Recibido | null> {
  try {
    const preparado = await almacen.preparar(almacen.abrir(d.archivo));
    if (preparado.sha256 === d.sha256) {
      return { clave: d.clave, extension: d.extension as ExtensionAceptada, preparado };
    }
    await almacen.descartar(preparado).catch(() => {});
    log.warn(
      { documento: d.clave },
      'recredencialización: un documento del almacén no coincide con su SHA-256',
    );
  } catch (error) {
    log.warn({ err: error, documento: d.clave }, 'recredencialización: no se pudo copiar un documento');
  }
  return null;
}

/** A new draft of the link with the copies: its id and its cookie value. */
async function nuevoBorradorConCopias(
  db: Db,
  almacen: DocumentStore,
  enlace: Recredencializacion,
  copias: Recibido[],
  ahora: Date,
): Promise<{ id: string; valor: string }> {
  const nuevo = nuevoBorrador();
  if (copias.length > 0) {
    await guardarDocumentos(db, almacen, nuevo.id, copias, { nuevo: true });
  } else {
    await insertarBorrador(db, nuevo.id, ahora.toISOString(), 0);
  }
  // Left without it by a crash, the draft is an ordinary one nobody has the cookie of: swept.
  await db
    .updateTable('borradores')
    .set({ recredencializacion_id: enlace.id, bytes_recibidos: sql`0` })
    .where('id', '=', nuevo.id)
    .execute();
  return nuevo;
}

/** Whether the browser's open draft (from its cookie) is one this link made. */
export async function esDelEnlace(
  db: Db,
  borrador: Borrador | null,
  enlace: Recredencializacion,
): Promise<boolean> {
  if (!borrador) return false;
  const fila = await db
    .selectFrom('borradores')
    .select('recredencializacion_id')
    .where('id', '=', borrador.id)
    .executeTakeFirst();
  return fila?.recredencializacion_id === enlace.id;
}

export async function prepararBorrador(
  db: Db,
  almacen: DocumentStore,
  enlace: Recredencializacion,
  /** The browser's open draft, from its cookie. */
  abierto: Borrador | null,
  log: Bitacora,
  ahora: Date = new Date(),
): Promise<BorradorPreparado> {
  const [solicitud, equipos, documentos] = await Promise.all([
    db
      .selectFrom('solicitudes')
      .select(['datos_socio', 'dni', 'matricula'])
      .where('id', '=', enlace.solicitudId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('equipos')
      .selectAll()
      .where('solicitud_id', '=', enlace.solicitudId)
      .orderBy('orden')
      .execute(),
    db
      .selectFrom('solicitud_documentos as sd')
      .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
      .select(['d.clave', 'd.extension', 'd.sha256', 'd.archivo', 'sd.vigente_hasta'])
      .where('sd.solicitud_id', '=', enlace.solicitudId)
      .execute(),
  ]);
  const hoy = diaArgentino(ahora);
  const aprobados = documentos.map((d) => ({ ...d, clave: d.clave as DocumentoKey }));
  const vigentes = aprobados.filter((d) => seAdjuntaDeNuevo(d.clave, d.vigente_hasta, hoy));
  const noAdjuntados: DocumentoNoAdjuntado[] = aprobados
    .filter((d) => !vigentes.includes(d))
    .map((d) => ({ clave: d.clave, vencio: d.vigente_hasta }));

  const reanudado = await esDelEnlace(db, abierto, enlace);
  let borradorId = abierto?.id ?? '';
  let cookie: string | null = null;
  if (!reanudado) {
    const copias: Recibido[] = [];
    for (const d of vigentes) {
      const copia = await copiar(almacen, d, log);
      if (copia) copias.push(copia);
      else noAdjuntados.push({ clave: d.clave, vencio: null });
    }
    const nuevo = await nuevoBorradorConCopias(db, almacen, enlace, copias, ahora);
    borradorId = nuevo.id;
    cookie = nuevo.valor;
  }
  const adjuntos = (await documentosDelBorrador(db, borradorId)).map((d) => ({
    clave: d.clave,
    nombre: d.nombre,
  }));
  noAdjuntados.sort((a, b) => DOCUMENTO_KEYS.indexOf(a.clave) - DOCUMENTO_KEYS.indexOf(b.clave));
  return {
    cookie,
    respuesta: {
      numeroSolicitud: enlace.numero,
      vence: enlace.vence,
      datosSocio: JSON.parse(solicitud.datos_socio) as DatosSocio,
      equipos: equipos.map(equipoDeFila),
      adjuntos,
      noAdjuntados,
      enPadron: await estaEnPadron(db, solicitud.dni, solicitud.matricula, CIRCUNSCRIPCION_ROSARIO),
      reanudado,
    },
  };
}
