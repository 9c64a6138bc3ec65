// What a document of the reading corpus is (scripts/corpus-lectura/documentos.ts), and the issuers
// several documents share.
export type Clase = 'pdf-texto' | 'pdf-escaneado' | 'foto' | 'escaneo-png';

export interface DocumentoCorpus {
  archivo: string;
  clase: Clase;
  /** The end date the reading must propose (YYYY-MM-DD), or null: it must propose none. */
  esperada: string | null;
  nota: string;
  emisor: string;
  titulo: string;
  /** Label and value rows, drawn as a table under the title. */
  datos?: [string, string][];
  parrafos: string[];
  pie?: string;
  /** A photograph of something that is not a document (no text is drawn). */
  escena?: 'paisaje' | 'escritorio';
}

export const ASEGURADORA = 'SEGUROS DEL PARANÁ S.A. — Responsabilidad Civil Profesional';
export const MUNICIPIO = 'Municipalidad de Rosario — Secretaría de Salud Pública';
export const COLEGIO = 'Colegio de Médicos de la Provincia de Santa Fe — 2da. Circunscripción';
