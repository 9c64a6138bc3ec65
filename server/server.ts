// Loads the configuration, builds the app and listens. SIGTERM/SIGINT shut it down gracefully
// (decision 092): the ready check answers 503 at once, so a proxy stops choosing this process;
// requests keep being served for SHUTDOWN_DRAIN_MS (the time a proxy needs to notice); then the
// listener closes, in-flight requests finish, the database closes, and the process exits 0.
import { configOSalir } from './config/index.js';
import { buildApp } from './app.js';
import { anunciarCierre } from './salud/rutas/index.js';

const config = configOSalir();
const drenaje = config.drenajeMs;

const app = await buildApp(config).catch((error: unknown) => {
  console.error('No se pudo iniciar el servidor:', error instanceof Error ? error.message : error);
  process.exit(1);
});

let cerrando = false;
const cerrar = (senal: string) => {
  if (cerrando) return;
  cerrando = true;
  anunciarCierre(app);
  app.log.info({ senal, drenajeMs: drenaje }, 'cerrando');
  const forzar = setTimeout(() => process.exit(1), drenaje + 15_000);
  forzar.unref();
  setTimeout(() => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  }, drenaje);
};
process.on('SIGTERM', () => cerrar('SIGTERM'));
process.on('SIGINT', () => cerrar('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'no se pudo escuchar');
  await app.close();
  process.exit(1);
}
