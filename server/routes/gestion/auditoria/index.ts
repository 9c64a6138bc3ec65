import type { FastifyPluginAsync } from 'fastify';

export const rutasAuditoria: FastifyPluginAsync = async () => {};
