// A loopback TCP proxy to PostgreSQL that can be taken away and brought back on the same port:
// the database "goes down" for the server without touching the real PostgreSQL. Used by the
// server suite, in-process (tests/server/disponibilidad.test.ts) and with the real server
// process (medicion/tests/server/tortura-base-caida.test.ts).
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export class ProxyTcp {
  private servidor: Server | null = null;
  private readonly sockets = new Set<Socket>();

  /** 0 (the default): a free port, chosen by the first `abrir` and kept for the next ones. */
  constructor(
    private readonly destino: { host: string; port: number },
    public puerto = 0,
  ) {}

  async abrir(): Promise<void> {
    const servidor = createServer((entrante) => {
      const saliente = createConnection(this.destino);
      this.sockets.add(entrante).add(saliente);
      const cerrar = () => {
        entrante.destroy();
        saliente.destroy();
        this.sockets.delete(entrante);
        this.sockets.delete(saliente);
      };
      entrante.on('error', cerrar).on('close', cerrar);
      saliente.on('error', cerrar).on('close', cerrar);
      entrante.pipe(saliente).pipe(entrante);
    });
    await new Promise<void>((resolve, reject) => {
      servidor.once('error', reject);
      servidor.listen(this.puerto, '127.0.0.1', () => resolve());
    });
    const direccion = servidor.address();
    if (typeof direccion === 'object' && direccion) this.puerto = direccion.port;
    this.servidor = servidor;
  }

  /** Stops listening and cuts every open connection: to the server, the database is gone. */
  async cerrar(): Promise<void> {
    const servidor = this.servidor;
    this.servidor = null;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (servidor) await new Promise<void>((r) => servidor.close(() => r()));
  }
}
