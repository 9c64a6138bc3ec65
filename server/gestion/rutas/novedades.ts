import type { FastifyPluginAsync } from 'fastify';

export const rutasNovedades: FastifyPluginAsync = async () => {};
