import type { FastifyPluginAsync } from 'fastify';

export const rutasPersonal: FastifyPluginAsync = async () => {};
