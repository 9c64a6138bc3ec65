// Recording "Verificado en la fuente" (producto §17) for one document of an application: the
// source, the day, the note and the evidence file arrive as one form (the route reads it with the
// upload's own reading and judging, server/archivos/rutas/recepcion.ts: type by content, 10 MiB,
// no active PDF). Who is the signed-in account, never a field. The evidence is committed to the
// document store first, then the row and its audit row `verificar_documento` in one transaction;
// if that fails the object is removed again (one left by a crash is an orphan the draft sweep,
// server/tareas/barrido.ts, removes). A newer verification of the same file supersedes the older
// one, which stays as history; a file a correction replaced keeps its own.
import { randomUUID } from 'node:crypto';
import { TEXTOS_GESTION, TIPOS_ACEPTADOS } from '../../domain/index.js';
import { problemas } from '../../domain/formularios.js';
import { TEXTOS_VERIFICACION, esquemaVerificacion, hoyArgentino } from '../../domain/verificacion-fuente.js';
import type { Recibido } from '../archivos/documentos.js';
import { auditar } from '../auditoria/cadena.js';
import { diaArgentino } from '../correcciones/plazo.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio, MENSAJES_HTTP } from '../errores.js';
import { datosSuprimidos, solicitudPorNumero, tomarSiVigente } from '../gestion/expediente.js';
import type { SesionActiva } from '../personal/sesiones.js';
import type { DocumentStore } from '../storage/almacen.js';

/** The form's plain fields, by name. */
export const CAMPOS_VERIFICACION = ['fuente', 'fecha', 'nota'] as const;

const documentoInexistente = () =>
  new ErrorDeDominio('no_encontrado', CODIGOS.NO_ENCONTRADO, TEXTOS_GESTION.documentoInexistente);

interface DocumentoVerificable {
  solicitudId: string;
  creadaEn: string;
  documentoId: string;
}

async function documentoVerificable(db: Db, numero: string, clave: string): Promise<DocumentoVerificable> {
  const solicitud = await solicitudPorNumero(db, numero);
  if (solicitud.suprimida) throw datosSuprimidos();
  const fila = await db
    .selectFrom('solicitud_documentos as sd')
    .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
    .innerJoin('solicitudes as s', 's.id', 'sd.solicitud_id')
    .select(['sd.documento_id', 's.creada_en'])
    .where('sd.solicitud_id', '=', solicitud.id)
    .where('d.clave', '=', clave)
    .executeTakeFirst();
  if (!fila) throw documentoInexistente();
  return { solicitudId: solicitud.id, creadaEn: fila.creada_en, documentoId: fila.documento_id };
}

/**
 * Before the form is read: 404 for an application or a document it does not have, 409 when its
 * personal data were deleted — no byte of the evidence is received for nothing.
 */
export async function comprobarDocumento(db: Db, numero: string, clave: string): Promise<void> {
  await documentoVerificable(db, numero, clave);
}

export interface RegistrarVerificacion {
  numero: string;
  clave: string;
  /** The form's fields as sent (CAMPOS_VERIFICACION). */
  campos: Partial<Record<string, string>>;
  /** The files of the form, judged and staged: at most the evidence, named after `clave`. */
  recibidos: readonly Recibido[];
  sesion: SesionActiva;
  ip: string;
  ahora?: Date;
}

const invalido = (fields: Record<string, string>, mensaje: string = MENSAJES_HTTP.validacion) =>
  new ErrorDeDominio('invalido', CODIGOS.VALIDACION, mensaje, fields);

/**
 * Records the verification; whatever it refuses (400 with the field's message, 404, 409) leaves
 * nothing behind, the staged evidence included.
 */
export async function registrarVerificacion(
  db: Db,
  almacen: DocumentStore,
  { numero, clave, campos, recibidos, sesion, ip, ahora = new Date() }: RegistrarVerificacion,
): Promise<void> {
  const descartar = () => Promise.all(recibidos.map((r) => almacen.descartar(r.preparado).catch(() => {})));
  let archivo: string | null = null;
  try {
    const ajena = recibidos.find((r) => r.clave !== clave);
    if (ajena) throw invalido({ evidencia: TEXTOS_VERIFICACION.evidenciaDeOtroDocumento });
    const documento = await documentoVerificable(db, numero, clave);
    const valores = { fuente: campos.fuente ?? '', fecha: campos.fecha ?? '', nota: campos.nota ?? '' };
    const errores = problemas(esquemaVerificacion, valores, {
      hoy: hoyArgentino(ahora),
      enviada: diaArgentino(new Date(documento.creadaEn)),
    });
    if (Object.keys(errores).length > 0) throw invalido(errores);
    const { fuente, fecha, nota } = esquemaVerificacion.cast(valores);
    const evidencia = recibidos[0] ?? null;
    if (evidencia) archivo = await almacen.confirmar(evidencia.preparado);

    await db.transaction().execute(async (trx) => {
      await tomarSiVigente(trx, documento.solicitudId);
      // The file verified is the one the application has now (a correction may have just replaced it).
      const actual = await documentoVerificable(trx, numero, clave);
      await trx
        .insertInto('verificaciones')
        .values({
          id: randomUUID(),
          solicitud_id: actual.solicitudId,
          documento: clave,
          documento_id: actual.documentoId,
          fuente,
          fecha,
          personal_id: sesion.personalId,
          nota: nota ? nota : null,
          evidencia_archivo: archivo,
          evidencia_extension: evidencia?.extension ?? null,
          evidencia_mime: evidencia ? TIPOS_ACEPTADOS[evidencia.extension] : null,
          evidencia_bytes: evidencia?.preparado.bytes ?? null,
          evidencia_sha256: evidencia?.preparado.sha256 ?? null,
          creada_en: ahora.toISOString(),
        })
        .execute();
      // Never the note: the audit chain cannot forget it when the person's data are deleted.
      await auditar(
        trx,
        {
          usuario: sesion.usuario,
          ip,
          accion: 'verificar_documento',
          objeto: `${numero}/${clave}`,
          detalle: { fuente, fecha, evidencia: evidencia?.preparado.sha256 ?? null },
        },
        ahora,
      );
    });
  } catch (error) {
    await descartar();
    if (archivo) await almacen.eliminar(archivo).catch(() => {});
    throw error;
  }
}
