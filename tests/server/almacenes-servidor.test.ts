// The real app with its documents in PostgreSQL and in S3 (decision 091): an application sent through
// the applicant's routes, then every document downloaded by staff, byte for byte — and none of
// them left on the local disk of the process that received them.
import { createHash } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetalleSolicitud } from '../../domain/index.js';
import { ConfigError, loadConfig } from '../../server/config/index.js';
import * as archivos from './ayuda/archivos.js';
import { buildApp } from '../../server/app.js';
import { CON_CLAVE_DE_AUDITORIA, crearEntorno, disponible, type Motor } from './ayuda/bases.js';
import { Contexto } from './ayuda/contexto.js';
import { ENTORNO_GESTION, enviarSolicitud } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';
import { iniciarS3, type ServidorS3 } from './ayuda/s3.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const VARIANTES: { almacen: 'postgres' | 's3'; motor: Motor; disponible: boolean }[] = [
  { almacen: 'postgres', motor: 'postgres', disponible: disponible('postgres') },
  { almacen: 's3', motor: 'sqlite', disponible: true },
];

for (const variante of VARIANTES) {
  (variante.disponible ? describe : describe.skip)(
    `documentos en ${variante.almacen} [${variante.motor}]`,
    () => {
      let s3: ServidorS3 | null = null;
      let ctx: Contexto;

      beforeAll(async () => {
        if (variante.almacen === 's3') s3 = await iniciarS3();
        ctx = new Contexto(variante.motor, {
          ...ENTORNO_GESTION,
          DOCUMENT_STORE: variante.almacen,
          ...s3?.env,
        });
        await ctx.iniciar();
      });

      afterAll(async () => {
        await ctx?.terminar();
        await s3?.cerrar();
      });

      it('una solicitud enviada se descarga desde gestión con los mismos bytes', async () => {
        expect(ctx.app.config.almacen.tipo).toBe(variante.almacen);
        // One document of several MiB: many chunks on the way in and out.
        const grande = archivos.jpegConMetadatos(3 * 1024 * 1024 + 17);
        const enviada = await enviarSolicitud(
          ctx,
          {},
          { DniAnverso: { nombre: 'DniAnverso.jpg', contenido: grande } },
        );
        const revisor = await ingresarComo(ctx, 'revisora', 'revisor');
        const detalle = (
          await revisor.get(`/api/gestion/solicitudes/${enviada.numero}`)
        ).json<DetalleSolicitud>();
        expect(detalle.documentos).toHaveLength(enviada.partes.size);
        for (const documento of detalle.documentos) {
          const r = await revisor.get(
            `/api/gestion/solicitudes/${enviada.numero}/documentos/${documento.clave}/descargar`,
          );
          expect(r.statusCode, documento.clave).toBe(200);
          expect(sha256(r.rawPayload)).toBe(sha256(enviada.partes.get(documento.clave)!.contenido));
        }

        // The bytes live in the configured store, not on this process's disk (only staging is local).
        const filas = await ctx.db.selectFrom('documentos').select('archivo').execute();
        const enElAlmacen = new Set((await ctx.app.documentos.listar()).map((o) => o.nombre));
        for (const f of filas) expect(enElAlmacen.has(f.archivo)).toBe(true);
        const raiz = path.join(ctx.entorno.config.dataDir, 'documentos');
        expect((await readdir(raiz)).filter((n) => n !== '.tmp')).toEqual([]);
        expect(await readdir(path.join(raiz, '.tmp'))).toEqual([]);
      });
    },
  );
}

describe('DOCUMENT_STORE y S3_*: validados al arrancar, con el nombre de la variable', () => {
  const PG = 'postgres://postgres@127.0.0.1:5432/alta';
  const S3 = {
    DOCUMENT_STORE: 's3',
    S3_URL: 'http://127.0.0.1:9000/documentos',
    S3_ACCESS_KEY_ID: 'a',
    S3_SECRET_ACCESS_KEY: 'b',
  };
  const error = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as ConfigError).message;
    }
    throw new Error('loadConfig no falló');
  };

  it('disco sin DATABASE_URL, postgres con ella, salvo que se elija otro', () => {
    expect(loadConfig(CON_CLAVE_DE_AUDITORIA).almacen).toEqual({ tipo: 'disco', porDefecto: true });
    expect(loadConfig({ ...CON_CLAVE_DE_AUDITORIA, DATABASE_URL: PG }).almacen).toEqual({
      tipo: 'postgres',
      porDefecto: true,
    });
    expect(
      loadConfig({ ...CON_CLAVE_DE_AUDITORIA, DATABASE_URL: PG, DOCUMENT_STORE: 'disco' }).almacen,
    ).toEqual({
      tipo: 'disco',
      porDefecto: false,
    });
    expect(loadConfig({ ...CON_CLAVE_DE_AUDITORIA, ...S3 }).almacen).toEqual({
      tipo: 's3',
      porDefecto: false,
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'documentos',
        region: 'us-east-1',
        accessKeyId: 'a',
        secretAccessKey: 'b',
      },
    });
    expect(loadConfig({ ...CON_CLAVE_DE_AUDITORIA, ...S3, S3_REGION: 'sa-east-1' }).almacen.s3?.region).toBe(
      'sa-east-1',
    );
  });

  it('rechaza un almacén desconocido, postgres sin base PostgreSQL y s3 incompleto', () => {
    expect(error({ DOCUMENT_STORE: 'nube' })).toMatch(/DOCUMENT_STORE debe ser uno de: disco, postgres, s3/);
    expect(error({ DOCUMENT_STORE: 'postgres' })).toMatch(/DOCUMENT_STORE .*DATABASE_URL/);
    expect(error({ ...S3, S3_URL: '' })).toMatch(/S3_URL es obligatoria/);
    expect(error({ ...S3, S3_URL: 'http://127.0.0.1:9000' })).toMatch(/S3_URL debe ser http\(s\):\/\/host/);
    expect(error({ ...S3, S3_URL: 'http://127.0.0.1:9000/b/c/d' })).toMatch(/S3_URL/);
    expect(error({ ...S3, S3_URL: 'ftp://127.0.0.1/documentos' })).toMatch(/S3_URL/);
    const conClave = error({ ...S3, S3_URL: 'http://clave:secreto@127.0.0.1/documentos' });
    expect(conClave).toMatch(/S3_URL no debe llevar credenciales/);
    expect(conClave).not.toContain('secreto');
    expect(error({ ...S3, S3_ACCESS_KEY_ID: '' })).toMatch(/S3_ACCESS_KEY_ID es obligatoria/);
    expect(error({ ...S3, S3_SECRET_ACCESS_KEY: ' ' })).toMatch(/S3_SECRET_ACCESS_KEY es obligatoria/);
    expect(error({ ...S3, S3_REGION: 'Región 1' })).toMatch(/S3_REGION/);
  });
});

(disponible('postgres') ? describe : describe.skip)(
  'actualizar un despliegue PostgreSQL con documentos en disco',
  () => {
    it('sin DOCUMENT_STORE no arranca (los documentos quedarían fuera de vista); con DOCUMENT_STORE=disco sí', async () => {
      const entorno = await crearEntorno('postgres');
      try {
        const raiz = path.join(entorno.config.dataDir, 'documentos');
        await mkdir(raiz, { recursive: true, mode: 0o700 });
        await writeFile(path.join(raiz, 'a'.repeat(32)), 'un documento de antes', { mode: 0o600 });
        await expect(buildApp(entorno.config)).rejects.toThrow(/Hay 1 documentos en .* DOCUMENT_STORE=disco/);
        const app = await buildApp(loadConfig({ ...entorno.env, DOCUMENT_STORE: 'disco' }));
        try {
          expect((await app.documentos.listar()).map((o) => o.nombre)).toEqual(['a'.repeat(32)]);
        } finally {
          await app.close();
        }
      } finally {
        await entorno.limpiar();
      }
    });
  },
);
