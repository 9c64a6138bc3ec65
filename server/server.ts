// Loads the configuration, builds the app and listens. SIGTERM/SIGINT close it gracefully
// (in-flight requests finish, the database closes).
import { configOSalir } from './config.js';
import { buildApp } from './app.js';

const config = configOSalir();

const app = await buildApp(config).catch((error: unknown) => {
  console.error('No se pudo iniciar el servidor:', error instanceof Error ? error.message : error);
  process.exit(1);
});

let cerrando = false;
const cerrar = (senal: string) => {
  if (cerrando) return;
  cerrando = true;
  app.log.info({ senal }, 'cerrando');
  const forzar = setTimeout(() => process.exit(1), 15_000);
  forzar.unref();
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
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
