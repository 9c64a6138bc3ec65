// The log a service or a job writes to, by shape: Fastify's logger (pino) is one, and a command
// hands its own. Services stay free of the web framework.
export interface Bitacora {
  info(datos: object, mensaje?: string): void;
  warn(datos: object, mensaje?: string): void;
  error(datos: object, mensaje?: string): void;
}
