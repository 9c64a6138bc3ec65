// The inbox's view lives in the URL (producto §9): ?q=&estado=&vence=&responsable=&pagina= — a link reproduces
// it and the browser's back and forward move between views. Defaults are left out of the address
// (and out of the filter: `vence` is there only when "Vence en 30 días" is on).
import { esEstado } from '../../domain/estados.js';
import { LARGO_MAXIMO_BUSQUEDA, VENCE_PRONTO, type FiltroBandeja } from '../../domain/gestion.js';
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
  return {
    q: (p.get('q') ?? '').trim().slice(0, LARGO_MAXIMO_BUSQUEDA),
    estado: esEstado(estado) ? estado : '',
    pagina: paginaDe(p.get('pagina')),
    ...(p.get('vence') === VENCE_PRONTO ? { vence: VENCE_PRONTO } : {}),
    ...(responsable ? { responsable } : {}),
  };
}

/** The inbox's relative address for a filter ("/" when it is the default view). */
export function rutaDe(filtro: FiltroBandeja): string {
  const consulta = parametrosDe(filtro).toString();
  return consulta ? `/?${consulta}` : '/';
}
