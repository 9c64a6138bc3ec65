import type { FastifyPluginAsync } from 'fastify';

export const rutasExportacion: FastifyPluginAsync = async () => {};
