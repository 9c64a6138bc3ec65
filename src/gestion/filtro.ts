// The inbox's view lives in the URL (producto §9): ?q=&estado=&responsable=&hoy=&orden=&dir=&pagina= — a link reproduces
// it and the browser's back and forward move between views. Defaults are left out of the address
// (and out of the filter: `hoy` is there only when an option of "Para hoy" is chosen). An address
// saved before "Para hoy" existed says `vence=30`: it is read as `hoy=vence30` and rewritten.
import { esEstado } from '../../domain/estados.js';
import { LARGO_MAXIMO_BUSQUEDA, VENCE_PRONTO, type FiltroBandeja } from '../../domain/gestion.js';
import { esParaHoy } from '../../domain/para-hoy.js';
import { esDireccionOrden, esOrdenBandeja } from '../../domain/orden-bandeja.js';
import { CON_PROPUESTA } from '../../domain/propuestas.js';
import { parametrosDe } from './api.js';

/** A 1-based page from the address; anything else is page 1. */
export function paginaDe(valor: string | null): number {
  const n = Number(valor);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

export function filtroDe(busqueda: string): FiltroBandeja {
  const p = new URLSearchParams(busqueda);
  const estado = p.get('estado');
  // "Responsable" (producto §15): 'mias', 'ninguno' or an account's usuario; the server judges it.
  const responsable = (p.get('responsable') ?? '').trim().slice(0, 100);
  // "Para hoy" (producto §15); `vence=30` is its "Vence en 30 días".
  const hoy = p.get('hoy') ?? (p.get('vence') === VENCE_PRONTO ? 'vence30' : null);
  return {
    q: (p.get('q') ?? '').trim().slice(0, LARGO_MAXIMO_BUSQUEDA),
    estado: esEstado(estado) ? estado : '',
    pagina: paginaDe(p.get('pagina')),
    ...(esParaHoy(hoy) ? { hoy } : {}),
    ...(responsable ? { responsable } : {}),
    // "Con propuesta" (producto §15, four eyes).
    ...(p.get('propuesta') === CON_PROPUESTA ? { propuesta: CON_PROPUESTA } : {}),
    // The order (producto §15, `orden=&dir=`); an unknown column is no order (the default one).
    ...ordenDe(p),
  };
}

function ordenDe(p: URLSearchParams): Pick<FiltroBandeja, 'orden' | 'dir'> {
  const orden = p.get('orden');
  const dir = p.get('dir');
  return esOrdenBandeja(orden) ? { orden, dir: esDireccionOrden(dir) ? dir : 'asc' } : {};
}

/** The inbox's relative address for a filter ("/" when it is the default view). */
export function rutaDe(filtro: FiltroBandeja): string {
  const consulta = parametrosDe(filtro).toString();
  return consulta ? `/?${consulta}` : '/';
}

/** The address an older one (`vence=30`) stands for now, or null when it is current. */
export function rutaActualizada(busqueda: string): string | null {
  return new URLSearchParams(busqueda).has('vence') ? rutaDe(filtroDe(busqueda)) : null;
}
