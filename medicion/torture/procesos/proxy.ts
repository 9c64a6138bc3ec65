// A round-robin HTTP proxy on 127.0.0.1 in front of several server processes, as a hosting
// provider's balancer would be (decision 092). Like nginx with `proxy_next_upstream error`, a
// backend that refuses the connection (down, restarting) is skipped for the next one; any other
// failure reaches the client as 502. Like nginx's `$proxy_add_x_forwarded_for`, it appends the
// peer's address to X-Forwarded-For, so the servers (TRUST_PROXY=127.0.0.1) see the address each
// simulated client sent. It polls each backend's /healthz/listo and sends new requests only to
// ready ones (all of them when none is), which is what lets a draining process leave cleanly.
//
// The rotation is kept per client address: each request goes to the backend after the one that
// answered the same client last. A single global counter would interleave concurrent clients, and
// the point of the check is that consecutive requests of one application meet different processes.
// Every answer carries `x-backend: <index>` so the client can verify it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const SALTO = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

export class ProxyRondas {
  private servidor: http.Server | null = null;
  private sondeo: NodeJS.Timeout | null = null;
  private readonly ultimo = new Map<string, number>();
  private global = 0;
  readonly listos: boolean[];
  /** Requests moved to the next backend because one refused the connection. */
  reintentosPorRechazo = 0;
  /** Answers given with 502 (a backend failed after accepting the request). */
  fallos502 = 0;
  readonly atendidas: number[];

  constructor(
    private readonly puertos: number[],
    private readonly sondeoMs = 200,
  ) {
    this.listos = puertos.map(() => false);
    this.atendidas = puertos.map(() => 0);
  }

  async abrir(): Promise<string> {
    const servidor = http.createServer((req, res) => void this.atender(req, res));
    servidor.keepAliveTimeout = 30_000;
    await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
    this.servidor = servidor;
    await this.sondear();
    const bucle = () => {
      this.sondeo = setTimeout(() => void this.sondear().finally(bucle), this.sondeoMs);
    };
    bucle();
    return `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
  }

  async cerrar(): Promise<void> {
    if (this.sondeo) clearTimeout(this.sondeo);
    this.sondeo = null;
    const s = this.servidor;
    this.servidor = null;
    if (s) {
      s.closeAllConnections();
      await new Promise<void>((r) => s.close(() => r()));
    }
  }

  /** Resolves once backend `i` answers its ready check (as the proxy sees it). */
  async esperarListo(i: number, plazoMs = 60_000): Promise<void> {
    const limite = Date.now() + plazoMs;
    while (!this.listos[i]) {
      if (Date.now() > limite) throw new Error(`backend ${i} not ready within ${plazoMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  private async sondear(): Promise<void> {
    await Promise.all(
      this.puertos.map(async (puerto, i) => {
        try {
          const r = await fetch(`http://127.0.0.1:${puerto}/healthz/listo`, {
            signal: AbortSignal.timeout(2_000),
          });
          await r.arrayBuffer();
          this.listos[i] = r.status === 200;
        } catch {
          this.listos[i] = false;
        }
      }),
    );
  }

  /**
   * Backends in the order to try for this client: the ones after its last one, ready ones first,
   * then those not ready (a probe that timed out on a busy process, or one down: it refuses and
   * the next is tried); the client's last one only when no other is left.
   */
  private orden(cliente: string): number[] {
    const n = this.puertos.length;
    const previo = this.ultimo.get(cliente) ?? this.global++ % n;
    const otros = Array.from({ length: n - 1 }, (_, k) => (previo + 1 + k) % n);
    return [...otros.filter((i) => this.listos[i]), ...otros.filter((i) => !this.listos[i]), previo];
  }

  private async atender(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const trozos: Buffer[] = [];
    try {
      for await (const t of req as AsyncIterable<Buffer>) trozos.push(t);
    } catch {
      res.destroy();
      return;
    }
    const cuerpo = Buffer.concat(trozos);
    const recibido = req.headers['x-forwarded-for'];
    const par = req.socket.remoteAddress ?? '127.0.0.1';
    const cliente = (Array.isArray(recibido) ? recibido.join(', ') : recibido) ?? par;
    const cabeceras: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(req.headers)) if (!SALTO.has(k) && v !== undefined) cabeceras[k] = v;
    cabeceras['x-forwarded-for'] = recibido ? `${cliente}, ${par}` : par;
    cabeceras['content-length'] = cuerpo.length;

    const candidatos = this.orden(cliente);
    for (const i of candidatos) {
      const resultado = await this.reenviar(i, req, res, cabeceras, cuerpo);
      if (resultado === 'hecho') {
        this.ultimo.set(cliente, i);
        this.atendidas[i]!++;
        return;
      }
      if (resultado === 'fallo') return;
      this.reintentosPorRechazo++;
    }
    this.responder502(res, 'ningún proceso aceptó la conexión');
  }

  private responder502(res: http.ServerResponse, detalle: string): void {
    this.fallos502++;
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'PROXY', message: `El proxy no pudo completar el pedido: ${detalle}.` }));
  }

  /** 'rechazado': connection refused, try the next; 'fallo': answered 502 (or cut); 'hecho'. */
  private reenviar(
    i: number,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    cabeceras: http.OutgoingHttpHeaders,
    cuerpo: Buffer,
  ): Promise<'hecho' | 'rechazado' | 'fallo'> {
    return new Promise((resolve) => {
      let respondio = false;
      const salida = http.request(
        {
          host: '127.0.0.1',
          port: this.puertos[i],
          method: req.method,
          path: req.url,
          headers: cabeceras,
          agent: false,
        },
        (r) => {
          respondio = true;
          const devueltas: http.OutgoingHttpHeaders = {};
          for (const [k, v] of Object.entries(r.headers))
            if (!SALTO.has(k) && v !== undefined) devueltas[k] = v;
          devueltas['x-backend'] = String(i);
          res.writeHead(r.statusCode ?? 502, devueltas);
          r.pipe(res);
          r.on('error', () => {});
          // A backend killed mid-answer: the client sees its connection cut, as behind nginx.
          r.on('close', () => {
            if (r.complete) return resolve('hecho');
            this.responder502(res, 'respuesta cortada');
            resolve('fallo');
          });
        },
      );
      salida.on('error', (e: NodeJS.ErrnoException) => {
        if (respondio) return;
        if (e.code === 'ECONNREFUSED') return resolve('rechazado');
        this.responder502(res, e.code ?? e.message);
        resolve('fallo');
      });
      salida.end(cuerpo);
    });
  }
}
