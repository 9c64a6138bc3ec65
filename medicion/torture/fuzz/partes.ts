// Pieces every route's generator uses: odd methods, extra headers, an announced length far
// beyond the body, and decoding a generated path segment the way the router will.
import fc from 'fast-check';
import { texto } from './textos.js';

export const METODOS_RAROS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

export const cabecerasExtra = fc.dictionary(
  fc.constantFrom('if-none-match', 'accept', 'accept-encoding', 'origin', 'sec-fetch-site', 'x-forwarded-for', 'range', 'content-language'),
  texto.map((t) => t.slice(0, 2_000)),
  { maxKeys: 3 },
);

/** Mostly the real length; sometimes a Content-Length far beyond anything valid (a sender
 * that announces gigabytes and sends a few bytes must be answered at once, not waited for). */
export const largoAnunciado: fc.Arbitrary<number | undefined> = fc.oneof(
  { weight: 12, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom(200 * 1024 * 1024, 2 ** 31, 2 ** 40, 95 * 1024 * 1024) },
);

export const decodificar = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};
