// The automatic reading of a document's end date (producto §17): `crearLector` for the job that
// reads each arriving document, and the date finder on its own for whoever has the text already.
export { crearLector, LIMITES, type LimitesLectura, type OpcionesLector } from './lector.js';
export { buscarVigencia, type VigenciaLeida } from './fechas.js';
export type { Lector, Lectura, VigenciaPropuesta } from './tipos.js';
