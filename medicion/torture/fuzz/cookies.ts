// The cookie and anti-forgery situations a request can be in: valid, missing header, mismatched,
// forged draft cookies, garbage, or a real draft (so deep code paths are reached too).
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { texto } from './textos.js';

export interface Sesion {
  xsrf: string;
  /** The cookie header of a real draft with uploaded documents (name=value). */
  borrador: string;
}

const token = () => randomBytes(32).toString('base64url');

export const modoCookies = fc.constantFrom('valido', 'valido', 'valido', 'sin-cabecera', 'distinto', 'basura', 'borrador-real', 'borrador-falso', 'nada');

export function cabecerasDeSesion(modo: string, sesion: Sesion, basura: string): Record<string, string> {
  switch (modo) {
    case 'valido':
      return { cookie: `XSRF-TOKEN=${sesion.xsrf}`, 'x-xsrf-token': sesion.xsrf };
    case 'sin-cabecera':
      return { cookie: `XSRF-TOKEN=${sesion.xsrf}` };
    case 'distinto':
      return { cookie: `XSRF-TOKEN=${sesion.xsrf}`, 'x-xsrf-token': token() };
    case 'basura':
      return { cookie: basura, 'x-xsrf-token': basura };
    case 'borrador-real':
      return { cookie: `XSRF-TOKEN=${sesion.xsrf}; ${sesion.borrador}`, 'x-xsrf-token': sesion.xsrf };
    case 'borrador-falso': {
      const [nombre] = sesion.borrador.split('=');
      return { cookie: `XSRF-TOKEN=${sesion.xsrf}; ${nombre}=${token()}`, 'x-xsrf-token': sesion.xsrf };
    }
    default:
      return {};
  }
}

export const basuraDeCookie = fc.oneof(texto, fc.constantFrom('XSRF-TOKEN=', 'XSRF-TOKEN', '=;=;', 'a=b; a=c', 'XSRF-TOKEN=%ff%fe'));
