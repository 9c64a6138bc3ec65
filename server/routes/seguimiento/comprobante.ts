// Being built for issue 13 (producto §11).
import type { FastifyPluginAsync } from 'fastify';

export const rutaComprobante: FastifyPluginAsync = async () => {};
