// Being built for issue 13 (producto §11).
import type { FastifyPluginAsync } from 'fastify';

export const rutasCorrecciones: FastifyPluginAsync = async () => {};
