// The reading of documents' end dates (producto §17) as `app.lecturas`: the scheduler's 'lectura'
// task (plugins/tareas.ts) asks `hayTrabajo` and starts `drenar`; tests call `drenar` directly.
// The lector (server/lectura/) is loaded and created by the first document this process reads,
// never at start-up: its libraries and the OCR's language data would only delay readiness
// (decision 112, decision 113). It logs once, when created, whether OCR is unavailable.
// preClose runs before every onClose hook (the database's among them): the document being read
// is given back untried, and the lector is closed.
import fp from 'fastify-plugin';
import { crearTrabajoDeLectura, type TrabajoDeLectura } from '../lectura-tarea/trabajo.js';

declare module 'fastify' {
  interface FastifyInstance {
    lecturas: TrabajoDeLectura;
  }
}

export const lectura = fp(
  async (app) => {
    const trabajo = crearTrabajoDeLectura({
      db: app.db,
      almacen: app.documentos,
      log: app.log,
      crearLector: async () => {
        const { crearLector } = await import('../lectura/index.js');
        return crearLector({ log: app.log });
      },
    });
    app.decorate('lecturas', trabajo);
    app.addHook('preClose', async () => {
      await trabajo.detener();
    });
  },
  { name: 'lectura', fastify: '5.x', dependencies: ['base-de-datos', 'documentos'] },
);
