import type { FastifyPluginAsync } from 'fastify';

export const rutasCuenta: FastifyPluginAsync = async () => {};
