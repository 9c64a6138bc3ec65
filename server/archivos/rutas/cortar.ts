// Refusing an upload before its body has been read (a limit passed): answer, then stop reading
// without resetting the connection. Shared by step 2's uploads and the correction and
// re-attestation links'.
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { CODIGOS, ErrorHttp, MENSAJES_HTTP } from '../../errores.js';

const MIB = 1024 * 1024;

/** What is still read, and for how long, after the answer to a cut request (see below). */
const DESCARTE_MAXIMO = MIB;
const DESCARTE_MS = 2_000;

/**
 * Answer now and stop reading. The answer goes out with the body still arriving; then the server
 * closes its side (FIN) and reads on for at most DESCARTE_MAXIMO bytes or DESCARTE_MS before it
 * destroys the connection: closing at once, with the client's bytes unread, would reset the
 * connection (RST) and the client could lose the answer before reading it ("lingering close").
 * No `Connection: close` header: with it Node destroys the socket itself as soon as the answer is
 * written.
 */
export function cortarLectura(request: FastifyRequest, reply: FastifyReply): void {
  reply.raw.once('finish', () => {
    const entrada = request.raw;
    const socket = entrada.socket as (typeof entrada.socket & { end?: () => void }) | undefined;
    if (!socket || typeof socket.end !== 'function') return; // an injected request (tests): no socket
    let descartados = 0;
    const cerrar = () => socket.destroy();
    entrada.unpipe();
    entrada.on('data', (trozo: Buffer) => {
      descartados += trozo.length;
      if (descartados > DESCARTE_MAXIMO) cerrar();
    });
    entrada.on('error', cerrar);
    entrada.resume();
    socket.end();
    setTimeout(cerrar, DESCARTE_MS).unref();
  });
}

/** A route's onRequest: a request announcing more than `maximo` bytes is refused (413) unread. */
export const rechazarSiEnorme =
  (maximo: number): onRequestHookHandler =>
  (request, reply, listo) => {
    if (Number(request.headers['content-length'] ?? 0) > maximo) {
      cortarLectura(request, reply);
      listo(new ErrorHttp(413, CODIGOS.ARCHIVO_DEMASIADO_GRANDE, MENSAJES_HTTP.peticionEnorme(maximo / MIB)));
      return;
    }
    listo();
  };
