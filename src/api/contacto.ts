// The association's contact (producto §12), from the server's configuration (GET contacto).
// Asked once per page load and shared: every place that shows it reads the same answer. Plain
// fetch rather than the API client, so the landing page downloads no HTTP library for it.
import { BASE_API } from './configuracion.js';

export interface Contacto {
  telefono: string | null;
  email: string | null;
  direccion: string | null;
}

type Oyente = () => void;

/** undefined: not answered yet; null: none configured (or it could not be read). */
let contacto: Contacto | null | undefined;
let pedido: Promise<Contacto | null> | null = null;
const oyentes = new Set<Oyente>();

const texto = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

function leerRespuesta(datos: unknown): Contacto | null {
  if (!datos || typeof datos !== 'object') return null;
  const d = datos as Record<string, unknown>;
  const leido = { telefono: texto(d.telefono), email: texto(d.email), direccion: texto(d.direccion) };
  return leido.telefono || leido.email || leido.direccion ? leido : null;
}

/** The contact, asked for on the first call; a failed request is asked again on the next call. */
export function obtenerContacto(): Promise<Contacto | null> {
  pedido ??= fetch(`${BASE_API}contacto`, { headers: { accept: 'application/json' } })
    .then(async (r) => (r.ok ? leerRespuesta(await r.json()) : Promise.reject(new Error(`HTTP ${r.status}`))))
    .then(
      (valor) => {
        contacto = valor;
        oyentes.forEach((o) => o());
        return valor;
      },
      () => {
        // Nothing to show this time; the page works without it.
        pedido = null;
        return null;
      },
    );
  return pedido;
}

/** What is known now (for useSyncExternalStore). */
export function contactoConocido(): Contacto | null | undefined {
  return contacto;
}

export function suscribirContacto(oyente: Oyente): () => void {
  oyentes.add(oyente);
  return () => oyentes.delete(oyente);
}

/** Tests only: forget the answer so the next call asks again. */
export function olvidarContacto(): void {
  contacto = undefined;
  pedido = null;
}

/** A tel: address from the number as written: digits and a leading +. */
export function enlaceTelefono(telefono: string): string {
  const digitos = telefono.replace(/\D/g, '');
  return `tel:${telefono.trim().startsWith('+') ? '+' : ''}${digitos}`;
}
