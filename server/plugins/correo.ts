// The outbox's sender (producto §11, decision 085) as `app.correo`: the scheduler's 'correo' task
// (plugins/tareas.ts) calls `repartir()`, tests call it directly. The transport is SMTP_URL's
// server, or .eml files under DATA_DIR/correo/ without one. On close the run in progress stops
// after the message it is sending (marked as sent), then the transport closes.
import fp from 'fastify-plugin';
import { crearTransporte, type Transporte } from '../correo/transporte.js';
import { crearRepartidor, type ResultadoReparto } from '../correo/repartidor.js';

interface Correo {
  /** Sends the due messages this process can lease; answers what it did. */
  repartir(): Promise<ResultadoReparto>;
  /** Whether a message is due (a read: the scheduler takes the 'correo' slot only then). */
  hayPendientes(ahora?: number): Promise<boolean>;
  /** This process's id in `correos.duenio`. */
  readonly id: string;
  readonly transporte: Transporte;
}

declare module 'fastify' {
  interface FastifyInstance {
    correo: Correo;
  }
}

export const correo = fp(
  async (app) => {
    const { config } = app;
    const transporte = crearTransporte(config, app.log);
    const repartidor = crearRepartidor({
      db: app.db,
      motor: app.motor,
      transporte,
      log: app.log,
      publicUrl: config.publicUrl,
      contacto: config.contacto,
      mailFrom: config.mailFrom,
      arriendoMs: config.mailLeaseSeconds * 1_000,
    });
    app.decorate('correo', {
      repartir: () => repartidor.repartir(),
      hayPendientes: (ahora?: number) => repartidor.hayPendientes(ahora),
      id: repartidor.id,
      transporte,
    });
    // preClose runs before every onClose hook (the database's among them): the run in progress
    // marks the message it is sending, and no later run starts.
    app.addHook('preClose', async () => {
      await repartidor.detener();
    });
    app.addHook('onClose', async () => {
      await transporte.cerrar();
    });
  },
  { name: 'correo', fastify: '5.x', dependencies: ['base-de-datos', 'documentos'] },
);
