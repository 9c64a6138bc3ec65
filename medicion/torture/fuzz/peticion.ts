// A generated request, independent of how it is sent (app.inject or a raw socket).
import type { Arbitrary } from 'fast-check';

/**
 * What a back-office request (/api/gestion) must get, given the cookies and headers it carries:
 * comprobaciones.ts juzgarGestion reads it.
 */
export interface EsperaGestion {
  /**
   * The session it carries: the live one of an account with the route's permission ('valida'),
   * none that opens anything ('ninguna'), a live one whose role lacks the permission
   * ('sin-permiso'), or one the server may read either way ('incierta': two cookies by one name).
   */
  sesion: 'valida' | 'ninguna' | 'sin-permiso' | 'incierta';
  /** Whether the anti-forgery check passes; undefined when it may go either way. */
  xsrf: boolean | undefined;
  /** Signing in: open without a session. */
  publica?: boolean;
  /**
   * The method is the route's own (the path may still fail to match it). Without it, an answer
   * from the not-found path (a 415 or a JSON error for a body sent to no route) is no finding.
   */
  ruta: boolean;
  /** What a 200 to a GET carries, for its own checks. */
  cuerpo: 'json' | 'csv' | 'ver' | 'descargar' | 'otro';
  /** Values no answer may contain (session tokens, passwords). */
  secretos: string[];
  /** Values no error answer may echo (a search term, a note, a user name). */
  ecoEnErrores: string[];
}

export interface Peticion {
  metodo: string;
  url: string;
  cabeceras: Record<string, string>;
  cuerpo?: Buffer;
  /** A Content-Length other than the body's (an announced-oversize body); raw HTTP only. */
  largoAnunciado?: number;
  /** Personal values this request carries, which no answer may echo. */
  personales: string[];
  /** The client's address, where the sender can choose it (app.inject); raw HTTP ignores it. */
  remitente?: string;
  /** Set on back-office requests. */
  gestion?: EsperaGestion;
}

export interface Ruta {
  nombre: string;
  /** fast-check arbitrary of requests for this route. */
  arbitrario: Arbitrary<Peticion>;
}
