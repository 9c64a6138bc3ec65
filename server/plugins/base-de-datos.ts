// Decorates the app with the database (already migrated and seeded by prepararBase) and closes
// it when the app closes.
import type { Conexion } from '../db/conexion.js';
import { global } from './global.js';

export const baseDeDatos = global<{ conexion: Conexion }>('base-de-datos', async (app, { conexion }) => {
  app.decorate('db', conexion.db);
  app.decorate('motor', conexion.motor);
  app.addHook('onClose', async () => {
    await conexion.db.destroy();
  });
});
