import type { FastifyPluginAsync } from 'fastify';

export const rutasContrasena: FastifyPluginAsync = async () => {};
