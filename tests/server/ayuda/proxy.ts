// A loopback TCP proxy in front of PostgreSQL that can be stopped and started again on the same
// port: to the app, the database goes away and comes back, without touching the real server.
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export class ProxyTcp {
  private servidor: Server | null = null;
  private readonly sockets = new Set<Socket>();
  puerto = 0;

  constructor(private readonly destino: { host: string; port: number }) {}

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
    await new Promise<void>((listo, fallo) => {
      servidor.once('error', fallo);
      servidor.listen(this.puerto, '127.0.0.1', () => listo());
    });
    const direccion = servidor.address();
    if (typeof direccion === 'object' && direccion) this.puerto = direccion.port;
    this.servidor = servidor;
  }

  /** Stops listening and cuts every open connection. */
  async cerrar(): Promise<void> {
    const servidor = this.servidor;
    this.servidor = null;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (servidor) await new Promise<void>((listo) => servidor.close(() => listo()));
  }
}
