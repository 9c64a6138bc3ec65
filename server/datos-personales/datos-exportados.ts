// What the access export (producto §13) says about one person, read in one snapshot: every
// application with that DNI (deleted ones excluded), with its data, terms, documents, equipment,
// history, notes, correction links, outbox messages and the audit rows that name it, every version
// of its receipt and the documents corrections replaced (producto §14), and its verifications at
// the source with their evidence files and its re-attestation links with the files uploaded
// through them (producto §17). It becomes datos.json,
// resumen.pdf and the receipts' PDFs (small, drawn here from the same snapshot); the documents'
// bytes are streamed apart (exportacion.ts), so only what describes them is held in memory here.
import {
  DOCUMENTOS,
  type DatosSocio,
  type DocumentoDetalle,
  type EntradaHistorial,
  type Equipo,
  type Estado,
  type Nota,
} from '../../domain/index.js';
import type { Db } from '../db/esquema.js';
import { nombreDeDocumento } from '../archivos/documentos.js';
import { equipoDeFila, historialDe, notaDeFila } from '../gestion/expediente.js';
import { lecturaDeFila } from '../lectura-tarea/cola.js';
import { solicitudesDePersona } from './persona.js';
import {
  borradoresSinEnviar,
  recredencializacionesExportadas,
  type RecredencializacionExportada,
} from '../recredencializacion/datos-personales.js';
import { verificacionesExportadas, type VerificacionExportada } from '../verificacion-fuente/exportadas.js';
import {
  borradoresDeConfirmaciones,
  confirmacionesExportadas,
  type ConfirmacionExportada,
} from '../confirmacion/datos-personales.js';
import {
  comprobantesExportados,
  rutaDeReemplazado,
  versionesDeSolicitudes,
  type ComprobanteExportado,
  type ComprobantePdf,
} from './versiones-exportadas.js';

/** A document as the back-office shows it, and where it lies inside the ZIP. */
interface DocumentoExportado extends DocumentoDetalle {
  archivo: string;
}

type DatosDeDocumento = Omit<DocumentoExportado, 'vigenteHasta' | 'reemplazo' | 'lectura'>;

/**
 * A document still held that the application no longer uses and no receipt names as replaced:
 * uploaded for a correction never sent, or replaced before receipts had versions.
 */
interface DocumentoNoVigente extends DatosDeDocumento {
  subidoEn: string;
}

/** A document a correction replaced (kept for staff, decision 086; producto §14). */
interface DocumentoReemplazado extends DatosDeDocumento {
  subidoEn: string;
  /** When the correction replaced it, and the receipt version it issued. */
  reemplazadoEn: string;
  version: number;
}

interface CorreccionExportada {
  creadaEn: string;
  /** Last day to send it (AAAA-MM-DD). */
  plazo: string;
  motivo: string;
  documentos: string[];
  usadaEn: string | null;
}

interface CorreoExportado {
  tipo: string;
  para: string;
  estado: string;
  creadoEn: string;
  enviadoEn: string | null;
}

interface AuditoriaExportada {
  n: number;
  en: string;
  usuario: string | null;
  accion: string;
  objeto: string | null;
  detalle: unknown;
}

export interface SolicitudExportada {
  numero: string;
  creadaEn: string;
  estado: Estado;
  terminos: { version: string; aceptadosEn: string };
  datosSocio: DatosSocio;
  equipos: Equipo[];
  documentos: DocumentoExportado[];
  documentosReemplazados: DocumentoReemplazado[];
  documentosNoVigentes: DocumentoNoVigente[];
  /** Every version of its receipt (producto §14), the first first. */
  comprobantes: ComprobanteExportado[];
  historial: EntradaHistorial[];
  notas: Nota[];
  correcciones: CorreccionExportada[];
  correos: CorreoExportado[];
  auditoria: AuditoriaExportada[];
  /** Its re-credentialing links (producto §17), the first cycle first. */
  recredencializaciones: RecredencializacionExportada[];
  /** "Verificado en la fuente" (producto §17), every one recorded, the oldest first. */
  verificaciones: VerificacionExportada[];
  /** Its yearly re-attestation links (producto §17), the first anniversary first. */
  confirmaciones: ConfirmacionExportada[];
}

/** datos.json. */
export interface DatosExportados {
  generadoEn: string;
  dni: string;
  /** The name of the newest application. */
  apellidoynombre: string;
  solicitudes: SolicitudExportada[];
}

/** A document to copy from the store into the ZIP. */
export interface ArchivoExportado {
  /** The store's name of the file. */
  almacen: string;
  /** Its path inside the ZIP. */
  ruta: string;
  mime: string;
  bytes: number;
  sha256: string;
}

export interface Exportacion {
  datos: DatosExportados;
  archivos: ArchivoExportado[];
  /** The receipts' PDFs, one per version. */
  comprobantes: ComprobantePdf[];
}

export interface OpcionesExportacion {
  /** PUBLIC_URL: each receipt's QR code leads to its verification address there. */
  publicUrl: string;
  ahora?: Date;
}

const ORDEN_DOCUMENTO = new Map<string, number>(DOCUMENTOS.map((d, i) => [d.key, i]));
const ROTULO_DOCUMENTO = new Map<string, string>(DOCUMENTOS.map((d) => [d.key, d.label]));
const orden = (clave: string) => ORDEN_DOCUMENTO.get(clave) ?? 99;

function listaJson(valor: string | null): string[] {
  if (!valor) return [];
  const lista: unknown = JSON.parse(valor);
  return Array.isArray(lista) ? lista.filter((c): c is string => typeof c === 'string') : [];
}

const iso = (ms: number | string | null): string | null =>
  ms === null ? null : new Date(Number(ms)).toISOString();

/** The DNI of a non-deleted application, or null (unknown number, or its data deleted). */
export async function dniDeSolicitud(db: Db, numero: string): Promise<string | null> {
  const fila = await db
    .selectFrom('solicitudes')
    .select('dni')
    .where('numero', '=', numero)
    .where('suprimida_en', 'is', null)
    .executeTakeFirst();
  return fila?.dni ?? null;
}

/**
 * Everything held about `dni`, or null when nothing is. Read in one transaction (repeatable read
 * on PostgreSQL), so the JSON, the PDF and the list of files agree with each other.
 */
export function leerExportacion(
  db: Db,
  dni: string,
  { publicUrl, ahora = new Date() }: OpcionesExportacion,
): Promise<Exportacion | null> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute((trx) => leerEn(trx, dni, ahora, publicUrl));
}

async function leerEn(db: Db, dni: string, ahora: Date, publicUrl: string): Promise<Exportacion | null> {
  const titulares = await solicitudesDePersona(db, dni);
  if (titulares.length === 0) return null;
  const ids = titulares.map((s) => s.id);
  const numeros = titulares.map((s) => s.numero);

  const [solicitudes, equipos, vinculados, correcciones, historial, notas, correos, auditoria, versiones] =
    await Promise.all([
      db
        .selectFrom('solicitudes')
        .select(['id', 'datos_socio', 'terminos_version', 'terminos_aceptados_en'])
        .where('id', 'in', ids)
        .execute(),
      db.selectFrom('equipos').selectAll().where('solicitud_id', 'in', ids).orderBy('orden').execute(),
      db
        .selectFrom('solicitud_documentos')
        .select(['solicitud_id', 'documento_id', 'nombre', 'vigente_hasta'])
        // The automatic reading's proposal and its sentence (producto §17).
        .select(['lectura_estado', 'vigencia_propuesta', 'vigencia_frase'])
        .where('solicitud_id', 'in', ids)
        .execute(),
      db
        .selectFrom('correcciones')
        .select(['solicitud_id', 'borrador_id', 'creada_en', 'plazo', 'motivo', 'documentos', 'usada_en'])
        .where('solicitud_id', 'in', ids)
        .orderBy('creada_en')
        .execute(),
      historialDe(db, ids),
      db
        .selectFrom('notas as n')
        .innerJoin('personal as p', 'p.id', 'n.personal_id')
        .select(['n.solicitud_id', 'n.id', 'n.texto', 'n.en', 'p.usuario', 'p.nombre'])
        .where('n.solicitud_id', 'in', ids)
        .orderBy('n.en')
        .orderBy('n.id')
        .execute(),
      db
        .selectFrom('correos')
        .select(['solicitud_id', 'tipo', 'para', 'estado', 'creado_ms', 'enviado_ms'])
        .where('solicitud_id', 'in', ids)
        .orderBy('creado_ms')
        .orderBy('id')
        .execute(),
      // An audit row names an application by its number: alone, "<numero>/<document key>", or
      // among the numbers of one consulta (separated by spaces).
      db
        .selectFrom('auditoria')
        .select(['n', 'en', 'usuario', 'accion', 'objeto', 'detalle'])
        .where((eb) => eb.or(numeros.map((numero) => eb('objeto', 'like', `%${numero}%`))))
        .orderBy('n')
        .execute(),
      versionesDeSolicitudes(db, ids),
    ]);

  const verificadas = await verificacionesExportadas(db, titulares);

  // The documents it links now, those its receipts name as replaced, and every other one still
  // held in its draft or in the drafts of its correction links (uploads of a correction never sent).
  const borradorDe = new Map<string, string>(titulares.map((s) => [s.borradorId, s.id]));
  for (const c of correcciones) borradorDe.set(c.borrador_id, c.solicitud_id);
  // The drafts its re-credentialing links opened and never sent: copies of its documents (producto §17).
  for (const b of await borradoresSinEnviar(db, ids)) borradorDe.set(b.borradorId, b.solicitudId);
  const recredencializaciones = await recredencializacionesExportadas(db, ids);
  // The drafts of its re-attestation links: files uploaded for a change (producto §17).
  for (const b of await borradoresDeConfirmaciones(db, ids)) borradorDe.set(b.borradorId, b.solicitudId);
  const confirmaciones = await confirmacionesExportadas(db, ids);
  // Each replaced document once, as the newest version lists it (with when and by which version).
  const reemplazadosDe = new Map(
    ids.map((id) => [id, new Map((versiones.get(id)?.at(-1)?.reemplazados ?? []).map((r) => [r.documentoId, r]))]),
  );
  const vinculadosIds = [
    ...new Set([...vinculados.map((v) => v.documento_id), ...[...reemplazadosDe.values()].flatMap((m) => [...m.keys()])]),
  ];
  const documentos = await db
    .selectFrom('documentos')
    .select(['id', 'borrador_id', 'clave', 'extension', 'mime', 'bytes', 'sha256', 'archivo', 'creado_en'])
    .where((eb) =>
      eb.or([
        eb('borrador_id', 'in', [...borradorDe.keys()]),
        ...(vinculadosIds.length > 0 ? [eb('id', 'in', vinculadosIds)] : []),
      ]),
    )
    .orderBy('creado_en')
    .orderBy('id')
    .execute();
  const porId = new Map(documentos.map((d) => [d.id, d]));
  const enUso = new Set(vinculadosIds);

  const archivos: ArchivoExportado[] = [];
  const pdfs: ComprobantePdf[] = [];
  const exportadas: SolicitudExportada[] = [];
  for (const t of titulares) {
    const s = solicitudes.find((x) => x.id === t.id)!;
    const carpeta = `documentos/${t.numero}`;
    const enAlmacen = new Map<string, string>();
    const datosDe = (d: (typeof documentos)[number]) => ({
      clave: d.clave,
      label: ROTULO_DOCUMENTO.get(d.clave) ?? d.clave,
      mime: d.mime,
      bytes: Number(d.bytes),
      sha256: d.sha256,
    });

    const vigentes = vinculados
      .filter((v) => v.solicitud_id === t.id && porId.has(v.documento_id))
      .map((v): DocumentoExportado => {
        const d = porId.get(v.documento_id)!;
        const archivo = `${carpeta}/${v.nombre}`;
        enAlmacen.set(archivo, d.archivo);
        return {
          ...datosDe(d),
          nombre: v.nombre,
          vigenteHasta: v.vigente_hasta ?? null,
          lectura: lecturaDeFila(v),
          archivo,
        };
      })
      .sort((a, b) => orden(a.clave) - orden(b.clave));
    const reemplazados: DocumentoReemplazado[] = [];
    for (const r of reemplazadosDe.get(t.id)!.values()) {
      const d = porId.get(r.documentoId);
      // Gone from the database (nothing of it left to copy): datos.json's versions still name it.
      if (!d) continue;
      const nombre = nombreDeDocumento(d);
      const archivo = rutaDeReemplazado(t.numero, r.version, nombre);
      enAlmacen.set(archivo, d.archivo);
      reemplazados.push({ ...datosDe(d), nombre, subidoEn: d.creado_en, reemplazadoEn: r.en, version: r.version, archivo });
    }
    const noVigentes: DocumentoNoVigente[] = [];
    for (const d of documentos) {
      if (enUso.has(d.id) || borradorDe.get(d.borrador_id) !== t.id) continue;
      // Several of one key may be held: numbered in upload order.
      const nombre = nombreDeDocumento(d);
      const repetidos = noVigentes.filter((x) => x.clave === d.clave).length;
      const archivo = `${carpeta}/no-vigentes/${repetidos + 1}-${nombre}`;
      enAlmacen.set(archivo, d.archivo);
      noVigentes.push({ ...datosDe(d), nombre, subidoEn: d.creado_en, archivo });
    }
    for (const d of [...vigentes, ...reemplazados, ...noVigentes]) {
      archivos.push({
        almacen: enAlmacen.get(d.archivo)!,
        ruta: d.archivo,
        mime: d.mime,
        bytes: d.bytes,
        sha256: d.sha256,
      });
    }

    // The evidence files of its verifications at the source (producto §17).
    archivos.push(...verificadas.get(t.id)!.archivos);

    const { comprobantes, pdfs: dibujados } = await comprobantesExportados(
      db,
      t,
      versiones.get(t.id) ?? [],
      publicUrl,
    );
    pdfs.push(...dibujados);

    exportadas.push({
      numero: t.numero,
      creadaEn: t.creadaEn,
      estado: t.estado,
      terminos: { version: s.terminos_version, aceptadosEn: s.terminos_aceptados_en },
      datosSocio: JSON.parse(s.datos_socio) as DatosSocio,
      equipos: equipos.filter((e) => e.solicitud_id === t.id).map(equipoDeFila),
      documentos: vigentes,
      documentosReemplazados: reemplazados,
      documentosNoVigentes: noVigentes,
      comprobantes,
      historial: historial.filter((h) => h.solicitudId === t.id).map((h) => h.entrada),
      notas: notas.filter((n) => n.solicitud_id === t.id).map(notaDeFila),
      correcciones: correcciones
        .filter((c) => c.solicitud_id === t.id)
        .map((c) => ({
          creadaEn: c.creada_en,
          plazo: c.plazo,
          motivo: c.motivo,
          documentos: listaJson(c.documentos),
          usadaEn: c.usada_en,
        })),
      correos: correos
        .filter((c) => c.solicitud_id === t.id)
        .map((c) => ({
          tipo: c.tipo,
          para: c.para,
          estado: c.estado,
          creadoEn: iso(c.creado_ms)!,
          enviadoEn: iso(c.enviado_ms),
        })),
      auditoria: auditoria
        .filter((a) => a.objeto !== null && a.objeto.split(/[ /]/).includes(t.numero))
        .map((a) => ({
          n: Number(a.n),
          en: a.en,
          usuario: a.usuario,
          accion: a.accion,
          objeto: a.objeto,
          detalle: a.detalle === null ? null : (JSON.parse(a.detalle) as unknown),
        })),
      recredencializaciones: recredencializaciones.get(t.id) ?? [],
      verificaciones: verificadas.get(t.id)!.verificaciones,
      confirmaciones: confirmaciones.get(t.id) ?? [],
    });
  }

  return {
    datos: {
      generadoEn: ahora.toISOString(),
      dni,
      apellidoynombre: titulares.at(-1)!.apellidoynombre,
      solicitudes: exportadas,
    },
    archivos,
    comprobantes: pdfs,
  };
}
