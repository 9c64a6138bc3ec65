// The receipt as a download: never cached (it carries the DNI), never sniffed as another type.
import type { FastifyReply } from 'fastify';
import { nombreDelComprobante } from '../index.js';

export function enviarComprobante(reply: FastifyReply, pdf: Buffer, numero: string, version: number): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-length', String(pdf.length))
    .header('content-disposition', `attachment; filename="${nombreDelComprobante(numero, version)}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf);
}

/** OpenAPI of a 200 that is the PDF's bytes. */
export const respuestaPdf = {
  description: 'El comprobante en PDF (adjunto).',
  type: 'string',
  format: 'binary',
} as const;
