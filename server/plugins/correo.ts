// Being built for issue 13: the outbox's sender (producto §11).
import fp from 'fastify-plugin';

export interface Correo {
  /** Sends the due messages this process can lease; answers what it did. */
  repartir(): Promise<{ enviados: number; fallidos: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    correo: Correo;
  }
}

export const correo = fp(
  async (app) => {
    app.decorate('correo', { repartir: async () => ({ enviados: 0, fallidos: 0 }) });
  },
  { name: 'correo', fastify: '5.x', dependencies: ['base-de-datos', 'documentos'] },
);
