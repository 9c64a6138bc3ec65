// The server starts without the libraries few requests need: the PDF engine (pdfkit and fontkit),
// the holiday calendar (date-holidays) and the S3 SDK are loaded by the first request that uses
// them. Checked in this process: the CommonJS modules Node has loaded are in require's cache,
// fontkit's `dfa` standing for the PDF engine (pdfkit and fontkit load as ES modules).
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { nuevoPdf } from '../../server/comprobante/fuentes.js';
import { plazoDeCorreccion } from '../../server/correcciones/plazo.js';
import { crearEntorno } from './ayuda/bases.js';

const cache = createRequire(import.meta.url).cache;
const cargado = (paquete: string) =>
  Object.keys(cache).some((ruta) => ruta.includes(`/node_modules/${paquete}/`));

describe('arranque liviano', () => {
  it('builds and answers without loading the PDF engine, the holidays or the S3 SDK; each loads on first use', async () => {
    const entorno = await crearEntorno('sqlite');
    const app = await buildApp(entorno.config);
    try {
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(cargado('dfa')).toBe(false);
      expect(cargado('date-holidays')).toBe(false);
      expect(cargado('@aws-sdk/client-s3')).toBe(false);

      const pdf = await nuevoPdf(40, { Title: 'prueba' });
      pdf.end();
      expect(cargado('dfa')).toBe(true);
      expect(plazoDeCorreccion(new Date('2026-12-01T15:00:00Z')).plazo).toBe('2026-12-16');
      expect(cargado('date-holidays')).toBe(true);
    } finally {
      await app.close();
      await entorno.limpiar();
    }
  });
});
