// A generated request, independent of how it is sent (app.inject or a raw socket).
import type { Arbitrary } from 'fast-check';

export interface Peticion {
  metodo: string;
  url: string;
  cabeceras: Record<string, string>;
  cuerpo?: Buffer;
  /** A Content-Length other than the body's (an announced-oversize body); raw HTTP only. */
  largoAnunciado?: number;
  /** Personal values this request carries, which no answer may echo. */
  personales: string[];
}

export interface Ruta {
  nombre: string;
  /** fast-check arbitrary of requests for this route. */
  arbitrario: Arbitrary<Peticion>;
}
