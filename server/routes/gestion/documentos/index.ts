import type { FastifyPluginAsync } from 'fastify';

export const rutasDocumentos: FastifyPluginAsync = async () => {};
