// Small catalogues the fake server answers with (the real ones are seeded by the server).
import type { Calle, CondicionIva, Localidad, TipoAparato } from '../../domain/index.js';
import { ECOGRAFO, MONOTRIBUTO, ROSARIO } from './datos.js';

export const LOCALIDADES: Localidad[] = [ROSARIO, { codigoLocalidad: 2, nombreLocalidad: 'Funes' }];
export const CALLES: Calle[] = [{ nombreCalle: 'Bv. Oroño' }, { nombreCalle: 'Córdoba' }];
export const CONDICIONES: CondicionIva[] = [{ codigoCondicionIVA: 1, nombreCondicionIVA: 'IVA Responsable Inscripto' }, MONOTRIBUTO];
export const APARATOS: TipoAparato[] = [ECOGRAFO, { codigotipoaparato: 2, nombretipoaparato: 'ELECTROCARDIOGRAFO' }];
