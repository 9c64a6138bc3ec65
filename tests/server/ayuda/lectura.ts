// Documents for the automatic reading of end dates (producto §17): PDFs with a real text layer
// written by pdfkit, as an insurer's system would write a policy, and the reading's state of an
// application's documents as stored.
import PDFDocument from 'pdfkit';
import type { Db } from '../../../server/db/esquema.js';
import type { Parte } from './cliente.js';

/** A one-page PDF whose text layer says `texto` (fixed dates: the same bytes each time). */
export function pdfDeTexto(texto: string): Promise<Buffer> {
  const documento = new PDFDocument({
    info: { CreationDate: new Date(Date.UTC(2026, 0, 2)), Producer: 'prueba' },
  });
  const trozos: Buffer[] = [];
  documento.on('data', (trozo: Buffer) => trozos.push(trozo));
  const fin = new Promise<Buffer>((resolve) => documento.on('end', () => resolve(Buffer.concat(trozos))));
  documento.fontSize(14).text('Aseguradora del Litoral S.A.');
  documento.moveDown().fontSize(11).text(texto);
  documento.end();
  return fin;
}

/** The sentence of the policy with an end date, as the tests expect it read back. */
export const FRASE_CON_VIGENCIA = 'La cobertura de esta póliza tiene vigencia hasta el 31/12/2027 inclusive.';
export const TEXTO_SIN_FECHA = 'Certificado de cobertura de responsabilidad profesional. Sin observaciones.';

/** A part named for document `clave` with a PDF that says `texto`. */
export async function parteConTexto(clave: string, texto: string): Promise<Parte> {
  return { nombre: `${clave}.pdf`, contenido: await pdfDeTexto(texto) };
}

/** The policy with the end date, the habilitación without one (the receipt stays a HEIC photo). */
export async function documentosParaLeer(
  frasePoliza: string = FRASE_CON_VIGENCIA,
): Promise<Record<string, Parte>> {
  return {
    PolizaMalaPraxis: await parteConTexto('PolizaMalaPraxis', frasePoliza),
    HabilitacionConsultorioExtension: await parteConTexto(
      'HabilitacionConsultorioExtension',
      TEXTO_SIN_FECHA,
    ),
  };
}

export interface FilaDeLectura {
  clave: string;
  documentoId: string;
  estado: string | null;
  propuesta: string | null;
  frase: string | null;
  intentos: number;
  duenio: string | null;
  leidaEn: string | null;
  vigenteHasta: string | null;
}

/** The reading of each document application `numero` links now, by document key. */
export async function lecturasDe(db: Db, numero: string): Promise<Map<string, FilaDeLectura>> {
  const filas = await db
    .selectFrom('solicitud_documentos as sd')
    .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
    .innerJoin('solicitudes as s', 's.id', 'sd.solicitud_id')
    .select([
      'd.clave',
      'sd.documento_id',
      'sd.lectura_estado',
      'sd.vigencia_propuesta',
      'sd.vigencia_frase',
      'sd.lectura_intentos',
      'sd.lectura_duenio',
      'sd.leida_en',
      'sd.vigente_hasta',
    ])
    .where('s.numero', '=', numero)
    .execute();
  return new Map(
    filas.map((f) => [
      f.clave,
      {
        clave: f.clave,
        documentoId: f.documento_id,
        estado: f.lectura_estado,
        propuesta: f.vigencia_propuesta,
        frase: f.vigencia_frase,
        intentos: Number(f.lectura_intentos),
        duenio: f.lectura_duenio,
        leidaEn: f.leida_en,
        vigenteHasta: f.vigente_hasta,
      },
    ]),
  );
}

/** Keeps this process's scheduler from starting readings on its own (a test drives them). */
export const sinLecturaProgramada = (db: Db) =>
  db
    .updateTable('tareas')
    .set({ proxima_ms: Number.MAX_SAFE_INTEGER })
    .where('nombre', '=', 'lectura')
    .execute();
