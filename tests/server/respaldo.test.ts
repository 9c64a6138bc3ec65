// npm run respaldo (decision 093), as an operator runs it: `crear` copies the database and every
// document it points to; `restaurar` loads them into a fresh, empty database and store — of the
// same type or another — and every document read back through the store has the SHA-256 of what
// was uploaded, the audit chain still verifies, and a non-empty target or a damaged backup is
// refused.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirBase } from '../../server/db/conexion.js';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import { barrerBorradores } from '../../server/tareas/barrido.js';
import type { DocumentStore } from '../../server/storage/almacen.js';
import { crearAlmacen } from '../../server/storage/eleccion.js';
import { crearRespaldo } from '../../scripts/respaldo/crear.js';
import { crearEntorno, MOTORES, type Entorno } from './ayuda/bases.js';
import { Contexto } from './ayuda/contexto.js';
import { comandoAsincrono } from './ayuda/comando.js';
import { cuerpoSolicitud, partesRequeridas } from './ayuda/solicitud.js';
import { ingresarComo } from './ayuda/personal.js';
import { iniciarS3, type ServidorS3 } from './ayuda/s3.js';
import * as archivos from './ayuda/archivos.js';

/**
 * `npm run -s <script> -- <args>` in a child process with `env` as its whole configuration.
 * Asynchronous: the S3 server the child talks to runs in this process and must keep answering.
 */
const npmRun = (script: string, env: Record<string, string>, args: string[]) =>
  comandoAsincrono(script, args, env);

const respaldo = (env: Record<string, string>, args: string[]) => npmRun('respaldo', env, args);

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Every document row of an environment, each read back through its configured store. */
async function leidosDelAlmacen(entorno: Entorno) {
  const { db } = abrirBase(entorno.config);
  const almacen = crearAlmacen(entorno.config, db);
  try {
    const filas = await db
      .selectFrom('documentos')
      .select(['archivo', 'borrador_id', 'clave', 'sha256'])
      .orderBy('archivo')
      .execute();
    const leidos = [];
    for (const f of filas) {
      const hash = createHash('sha256');
      await pipeline(
        almacen.abrir(f.archivo),
        new Writable({
          write(chunk: Buffer, _enc, listo) {
            hash.update(chunk);
            listo();
          },
        }),
      );
      leidos.push({ ...f, leido: hash.digest('hex') });
    }
    return leidos;
  } finally {
    await almacen.cerrar?.();
    await db.destroy();
  }
}

async function tablas(entorno: Entorno): Promise<number> {
  const { db } = abrirBase(entorno.config);
  try {
    return (await db.introspection.getTables()).length;
  } finally {
    await db.destroy();
  }
}

async function auditoriaDe(entorno: Entorno) {
  const { db } = abrirBase(entorno.config, { soloLectura: true });
  try {
    return await verificarAuditoria(db);
  } finally {
    await db.destroy();
  }
}

for (const { motor, disponible } of MOTORES) {
  (disponible ? describe : describe.skip)(`respaldo [${motor}]`, () => {
    const ctx = new Contexto(motor, {});
    const destinos: Entorno[] = [];
    let s3: ServidorS3 | null = null;
    let carpeta: string;
    let respaldoHecho: string;
    /** `${borrador_id}|${clave}` → SHA-256 of the bytes uploaded. */
    const subidos = new Map<string, string>();
    let filasDeOrigen = 0;
    let creado: Awaited<ReturnType<typeof respaldo>>;

    const nuevoDestino = async (extra: Record<string, string> = {}) => {
      const e = await crearEntorno(motor, extra);
      destinos.push(e);
      return e;
    };

    /** Uploads `partes` with a fresh browser, noting each document's hash under its new draft. */
    async function subir(partes: ReturnType<typeof partesRequeridas>, enviar: boolean) {
      const antes = new Set(
        (await ctx.db.selectFrom('documentos').select('archivo').execute()).map((f) => f.archivo),
      );
      const nav = await ctx.navegador().abrir();
      const r = await nav.subir(partes);
      expect(r.statusCode, r.body).toBe(200);
      const nuevos = (await ctx.db.selectFrom('documentos').selectAll().execute()).filter(
        (f) => !antes.has(f.archivo),
      );
      for (const f of nuevos) {
        const parte = partes.find((p) => p.nombre!.startsWith(`${f.clave}.`))!;
        subidos.set(`${f.borrador_id}|${f.clave}`, sha256(parte.contenido));
      }
      if (enviar) {
        const creada = await nav.post('/api/v2/solicitud/crear', cuerpoSolicitud(r.json()));
        expect(creada.statusCode, creada.body).toBe(201);
      }
    }

    beforeAll(async () => {
      await ctx.iniciar();
      carpeta = await mkdtemp(path.join(os.tmpdir(), 'alta-respaldos-'));
      respaldoHecho = path.join(carpeta, 'hecho');
      // Three applications whose documents differ, and a draft never sent.
      for (let i = 1; i <= 3; i++) {
        const partes = partesRequeridas().map((p) =>
          p.nombre!.startsWith('DniAnverso.')
            ? // The third one large and not a multiple of any chunk size, to cross chunk boundaries.
              {
                ...p,
                contenido:
                  i === 3 ? archivos.jpegConMetadatos(3 * 1024 * 1024 + 17) : archivos.jpeg(i + 1, i),
              }
            : p.nombre!.startsWith('DniReverso.')
              ? { ...p, contenido: archivos.png(i, i + 2) }
              : p,
        );
        await subir(partes, true);
      }
      await subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg(7, 9) }], false);
      // Audit rows to carry over: a sign-in and a look at the inbox.
      const personal = await ingresarComo(ctx, 'ana', 'administrador');
      expect((await personal.get('/api/gestion/solicitudes')).statusCode).toBe(200);
      filasDeOrigen = (await ctx.db.selectFrom('documentos').select('id').execute()).length;
      // The backup every test restores, taken while the app runs (checked by the first test).
      creado = await respaldo(ctx.entorno.env, ['crear', respaldoHecho]);
    }, 120_000);

    afterAll(async () => {
      for (const e of destinos) await e.limpiar();
      await s3?.cerrar();
      if (carpeta) await rm(carpeta, { recursive: true, force: true });
      await ctx.terminar();
    });

    it('crear copia la base y cada documento, solo para el dueño, con su SHA-256 en el manifiesto', async () => {
      const r = creado;
      expect(r.codigo, r.errores).toBe(0);
      expect(r.salida).toContain(`${filasDeOrigen} documentos`);

      const manifiesto = JSON.parse(await readFile(path.join(respaldoHecho, 'manifiesto.json'), 'utf8'));
      expect(manifiesto).toMatchObject({
        motor,
        almacen: ctx.entorno.config.almacen.tipo,
        base: { nombre: motor === 'sqlite' ? 'base.sqlite' : 'base.dump' },
        retirados: [],
      });
      const filas = await ctx.db.selectFrom('documentos').select(['archivo', 'bytes', 'sha256']).execute();
      expect(manifiesto.documentos).toHaveLength(filasDeOrigen);
      for (const f of filas) {
        const copia = await readFile(path.join(respaldoHecho, 'documentos', f.archivo));
        expect(sha256(copia)).toBe(f.sha256);
        expect(manifiesto.documentos).toContainEqual({
          nombre: f.archivo,
          bytes: Number(f.bytes),
          sha256: f.sha256,
        });
      }
      if (motor === 'postgres') {
        // The store's tables travel without their data: the documents are in documentos/.
        const lista = spawnSync('pg_restore', ['--list', path.join(respaldoHecho, 'base.dump')], {
          encoding: 'utf8',
        });
        expect(lista.status, lista.stderr).toBe(0);
        expect(lista.stdout).toMatch(/TABLE DATA public documentos /);
        expect(lista.stdout).toMatch(/TABLE public almacen_trozos /);
        expect(lista.stdout).not.toMatch(/TABLE DATA public almacen_(trozos|objetos) /);
      }
      expect((await stat(respaldoHecho)).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(respaldoHecho, 'documentos'))).mode & 0o777).toBe(0o700);
      for (const archivo of ['manifiesto.json', manifiesto.base.nombre, `documentos/${filas[0]!.archivo}`]) {
        expect((await stat(path.join(respaldoHecho, archivo))).mode & 0o777, archivo).toBe(0o600);
      }
    });

    it('crear rechaza un directorio que no está vacío, sin tocarlo', async () => {
      const ocupado = path.join(carpeta, 'ocupado');
      await mkdir(ocupado);
      await writeFile(path.join(ocupado, 'otro.txt'), 'de otro respaldo');
      const r = await respaldo(ctx.entorno.env, ['crear', ocupado]);
      expect(r.codigo).toBe(1);
      expect(r.errores).toContain('no está vacío');
      expect(await readdir(ocupado)).toEqual(['otro.txt']);
      expect((await respaldo(ctx.entorno.env, ['crear'])).codigo).toBe(2);
    });

    it('restaurar en una base y un almacén vacíos devuelve cada documento con su SHA-256 y la auditoría íntegra', async () => {
      const destino = await nuevoDestino();
      const r = await respaldo(destino.env, ['restaurar', respaldoHecho]);
      expect(r.codigo, r.errores).toBe(0);
      expect(r.salida).toContain(`${filasDeOrigen} documentos`);

      const leidos = await leidosDelAlmacen(destino);
      expect(leidos).toHaveLength(filasDeOrigen);
      expect(subidos.size).toBe(filasDeOrigen);
      for (const d of leidos) {
        expect(d.leido, d.clave).toBe(subidos.get(`${d.borrador_id}|${d.clave}`));
        expect(d.leido).toBe(d.sha256);
      }
      const origen = await verificarAuditoria(ctx.db);
      const restaurada = await auditoriaDe(destino);
      expect(restaurada).toMatchObject({ intacta: true, filas: origen.filas });
      expect(origen.filas).toBeGreaterThan(0);
      const cli = await npmRun('auditoria', destino.env, ['verificar']);
      expect(cli.codigo, cli.errores).toBe(0);

      // The restored data serves: the applications are listed with the same documents.
      const listado = await npmRun('solicitudes', destino.env, []);
      expect(listado.salida.trim().split('\n')).toHaveLength(3);
      expect(listado.salida).toBe((await npmRun('solicitudes', ctx.entorno.env, [])).salida);

      // Not into it again: the database is no longer empty.
      const otra = await respaldo(destino.env, ['restaurar', respaldoHecho]);
      expect(otra.codigo).toBe(1);
      expect(otra.errores).toContain('La base de destino no está vacía');
      expect(await leidosDelAlmacen(destino)).toHaveLength(filasDeOrigen);
    });

    it('restaurar en un almacén de otro tipo (disco → S3, PostgreSQL → disco) también devuelve cada SHA-256', async () => {
      let extra: Record<string, string>;
      if (motor === 'sqlite') {
        s3 = await iniciarS3();
        extra = s3.env;
      } else {
        extra = { DOCUMENT_STORE: 'disco' };
      }
      const destino = await nuevoDestino(extra);
      expect(destino.config.almacen.tipo).not.toBe(ctx.entorno.config.almacen.tipo);
      const r = await respaldo(destino.env, ['restaurar', respaldoHecho]);
      expect(r.codigo, r.errores).toBe(0);
      const leidos = await leidosDelAlmacen(destino);
      expect(leidos).toHaveLength(filasDeOrigen);
      for (const d of leidos) expect(d.leido).toBe(subidos.get(`${d.borrador_id}|${d.clave}`));
    });

    it('restaurar rechaza un almacén que no está vacío aunque la base lo esté', async () => {
      const destino = await nuevoDestino({ DOCUMENT_STORE: 'disco' });
      const ajeno = path.join(destino.config.dataDir, 'documentos');
      await mkdir(ajeno, { recursive: true, mode: 0o700 });
      await writeFile(path.join(ajeno, 'a'.repeat(32)), 'un documento de otra instalación');
      const r = await respaldo(destino.env, ['restaurar', respaldoHecho]);
      expect(r.codigo).toBe(1);
      expect(r.errores).toContain('no está vacío');
      expect(await tablas(destino)).toBe(0);
    });

    const otroMotor = MOTORES.find((m) => m.motor !== motor)!;
    it.skipIf(!otroMotor.disponible)(
      'restaurar rechaza un respaldo de otro motor de base de datos',
      async () => {
        const e = await crearEntorno(otroMotor.motor);
        destinos.push(e);
        const r = await respaldo(e.env, ['restaurar', respaldoHecho]);
        expect(r.codigo).toBe(1);
        expect(r.errores).toContain('restauralo con el mismo motor');
        expect(await tablas(e)).toBe(0);
      },
    );

    it('un documento dañado en el respaldo hace fallar la restauración', async () => {
      const manifiesto = JSON.parse(await readFile(path.join(respaldoHecho, 'manifiesto.json'), 'utf8'));
      const victima = manifiesto.documentos[0].nombre as string;

      // Damaged bytes: refused against the manifest before the target is touched.
      const danado = path.join(carpeta, 'danado');
      await cp(respaldoHecho, danado, { recursive: true });
      const ruta = path.join(danado, 'documentos', victima);
      const bytes = await readFile(ruta);
      bytes[bytes.length >> 1]! ^= 0xff;
      await writeFile(ruta, bytes);
      const destino = await nuevoDestino();
      const r = await respaldo(destino.env, ['restaurar', danado]);
      expect(r.codigo).toBe(1);
      expect(r.errores).toContain('El respaldo está dañado');
      expect(r.errores).toContain(victima);
      expect(await tablas(destino)).toBe(0);

      // Damaged bytes with a manifest rewritten to match: the read-back against the rows catches it.
      const retocado = path.join(carpeta, 'retocado');
      await cp(danado, retocado, { recursive: true });
      manifiesto.documentos[0].sha256 = sha256(bytes);
      await rm(path.join(retocado, 'manifiesto.json'));
      await writeFile(path.join(retocado, 'manifiesto.json'), JSON.stringify(manifiesto));
      const otro = await nuevoDestino();
      const r2 = await respaldo(otro.env, ['restaurar', retocado]);
      expect(r2.codigo).toBe(1);
      expect(r2.errores).toContain('no coinciden');
      expect(r2.errores).toContain(victima);
    });

    it('un borrador barrido entre la instantánea y la copia queda fuera, y la restauración sigue íntegra', async () => {
      await subir([{ nombre: 'DniReverso.png', contenido: archivos.png(5, 8) }], false);
      const fila = await ctx.db
        .selectFrom('documentos')
        .select(['archivo', 'borrador_id'])
        .orderBy('creado_en', 'desc')
        .executeTakeFirstOrThrow();
      const hace = new Date(Date.now() - 5 * 3_600_000).toISOString();
      await ctx.db
        .updateTable('borradores')
        .set({ actualizado_en: hace })
        .where('id', '=', fila.borrador_id)
        .execute();

      // The real store and the real sweep; only the moment is chosen: the sweep runs just as the
      // backup asks for that draft's document, after the snapshot that still lists it.
      const real = crearAlmacen(ctx.entorno.config, ctx.db);
      let barridos = 0;
      const almacen: DocumentStore = {
        ...real,
        abrir(nombre) {
          if (nombre !== fila.archivo) return real.abrir(nombre);
          return Readable.from(
            (async function* () {
              barridos = (await barrerBorradores(ctx.db, real, 2)).borradores;
              yield* real.abrir(nombre);
            })(),
          );
        },
      };
      const directorio = path.join(carpeta, 'con-barrido');
      expect(await crearRespaldo(ctx.db, ctx.entorno.config, directorio, almacen)).toBe(0);
      await real.cerrar?.();
      expect(barridos).toBe(1);
      const manifiesto = JSON.parse(await readFile(path.join(directorio, 'manifiesto.json'), 'utf8'));
      expect(manifiesto.retirados).toEqual([fila.archivo]);
      expect(manifiesto.documentos.map((d: { nombre: string }) => d.nombre)).not.toContain(fila.archivo);

      const destino = await nuevoDestino();
      const r = await respaldo(destino.env, ['restaurar', directorio]);
      expect(r.codigo, r.errores).toBe(0);
      const leidos = await leidosDelAlmacen(destino);
      expect(leidos.map((d) => d.archivo)).not.toContain(fila.archivo);
      expect(leidos).toHaveLength(manifiesto.documentos.length);
      for (const d of leidos) expect(d.leido).toBe(subidos.get(`${d.borrador_id}|${d.clave}`));
    });

    it('crear falla sin manifiesto cuando falta el documento de una solicitud', async () => {
      const enviado = await ctx.db
        .selectFrom('solicitud_documentos')
        .innerJoin('documentos', 'documentos.id', 'solicitud_documentos.documento_id')
        .select('documentos.archivo as archivo')
        .executeTakeFirstOrThrow();
      // A lost file (a disk fault): the last test of the file, since it breaks the source.
      const almacen = crearAlmacen(ctx.entorno.config, ctx.db);
      await almacen.eliminar(enviado.archivo);
      await almacen.cerrar?.();
      const directorio = path.join(carpeta, 'incompleto');
      const r = await respaldo(ctx.entorno.env, ['crear', directorio]);
      expect(r.codigo).toBe(1);
      expect(r.errores).toContain(enviado.archivo);
      expect(r.errores).toContain('Respaldo incompleto');
      expect(await readdir(directorio)).not.toContain('manifiesto.json');
      const destino = await nuevoDestino();
      const intento = await respaldo(destino.env, ['restaurar', directorio]);
      expect(intento.codigo).toBe(1);
      expect(intento.errores).toContain('no es un respaldo terminado');
    });
  });
}
