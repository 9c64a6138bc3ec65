// The documents of the reading corpus (producto §17): invented people and numbers, the wording of
// real pólizas, habilitaciones, certificados, títulos, resoluciones and identity cards, and what
// the reading must answer for each (the end date, or null). Drawn by scripts/corpus-lectura.ts.
import { CERTIFICADOS } from './certificados.js';
import { POLIZAS_Y_HABILITACIONES } from './polizas-y-habilitaciones.js';
import { SIN_FECHA } from './sin-fecha.js';
import type { DocumentoCorpus } from './tipos.js';

export type { Clase, DocumentoCorpus } from './tipos.js';

export const DOCUMENTOS: DocumentoCorpus[] = [...POLIZAS_Y_HABILITACIONES, ...CERTIFICADOS, ...SIN_FECHA];
