import type { FastifyPluginAsync } from 'fastify';

export const rutasSolicitudes: FastifyPluginAsync = async () => {};
