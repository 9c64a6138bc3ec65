// Decorates the app with the database (already migrated and seeded by prepararBase) and closes
// it when the app closes.
import fp from 'fastify-plugin';
import type { Conexion } from '../db/conexion.js';

export const baseDeDatos = fp<{ conexion: Conexion }>(
  async (app, { conexion }) => {
    app.decorate('db', conexion.db);
    app.decorate('motor', conexion.motor);
    app.addHook('onClose', async () => {
      await conexion.db.destroy();
    });
  },
  { name: 'base-de-datos', fastify: '5.x' },
);
