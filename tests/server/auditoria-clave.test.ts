// The audit chain keyed and witnessed (decision 098), against what an outside probe did to the
// unkeyed chain: removing the newest rows and copying the previous hash into the head passed the
// check, and so did recomputing every hash after an edit. Now: every row is an HMAC under a key
// that is not in the database; `npm run auditoria -- cabeza` prints `n:hash`, and `verificar
// --cabeza n:hash` fails once that head is no longer in the chain; a chain written before the key
// is sealed at start-up and keeps verifying; a rotated key verifies while it is listed as a
// previous one; CORREO_AUDITORIA gets the head once a day through the outbox, over real SMTP.
import { afterAll, afterEach, expect, it } from 'vitest';
import { CLAVE_AUDITORIA_DE_PRUEBA } from '../../medicion/servidor-hijo.js';
import { diaArgentino } from '../../server/correcciones/plazo.js';
import { fechaEnPalabras } from '../../server/correo/fechas.js';
import { loadConfig } from '../../server/config/index.js';
import type { AuditoriaTabla, Db } from '../../server/db/esquema.js';
import { auditar, sellarCadena, verificarAuditoria } from '../../server/auditoria/cadena.js';
import { formatearCabeza, leerCabeza, publicarCabeza } from '../../server/auditoria/cabeza.js';
import {
  claveDesde,
  hashConClave,
  hashSinClave,
  HASH_INICIAL,
  usarClavesDeAuditoria,
  type AnilloDeClaves,
  type FilaEncadenada,
} from '../../server/auditoria/claves.js';
import { abrirBuzon } from './ayuda/buzon.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import { comando } from './ayuda/comando.js';

const OTRA_CLAVE = 'b2'.repeat(32);
const CORREO_AUDITORIA = 'auditoria@amr.test';

const buzon = await abrirBuzon();
afterAll(() => buzon.cerrar());

function consola(ctx: Contexto, argumentos: string[], env: Record<string, string> = {}) {
  const r = comando('auditoria', argumentos, { ...ctx.entorno.env, ...env });
  return { ...r, salida: r.salida.trim() };
}

/** `veces` audited actions, each in its own transaction as the services write them. */
async function acciones(db: Db, veces: number): Promise<void> {
  for (let i = 0; i < veces; i++) {
    await db
      .transaction()
      .execute((trx) =>
        auditar(trx, { usuario: 'ana', ip: '127.0.0.1', accion: 'nota', objeto: `AMR-PRUEBA${i}` }),
      );
  }
}

const filas = (db: Db) => db.selectFrom('auditoria').selectAll().orderBy('n').execute();

/** Puts the whole log (rows and head) back as it was, whatever a test did to it. */
async function restaurar(db: Db, copia: AuditoriaTabla[], cabeza: { n: number; hash: string }) {
  await db.deleteFrom('auditoria').execute();
  for (let i = 0; i < copia.length; i += 200)
    await db
      .insertInto('auditoria')
      .values(copia.slice(i, i + 200))
      .execute();
  await db.updateTable('auditoria_cabeza').set(cabeza).where('id', '=', 1).execute();
}

/** Rewrites every row's hash from the first on with `hash`, and the head, as an attacker would. */
async function recalcular(
  db: Db,
  hash: (anterior: string, fila: FilaEncadenada) => { hash: string; clave: string | null },
) {
  let anterior = HASH_INICIAL;
  let n = 0;
  for (const f of await filas(db)) {
    n = Number(f.n);
    const nuevo = hash(anterior, { ...f, n, clave: f.clave ?? null });
    await db.updateTable('auditoria').set(nuevo).where('n', '=', n).execute();
    anterior = nuevo.hash;
  }
  await db.updateTable('auditoria_cabeza').set({ n, hash: anterior }).where('id', '=', 1).execute();
}

conCadaBase(
  'auditoría con clave y cabeza publicada',
  (ctx) => {
    let copia: AuditoriaTabla[] = [];
    let cabezaGuardada = { n: 0, hash: HASH_INICIAL };
    const guardar = async () => {
      copia = await filas(ctx.db);
      const c = await ctx.db.selectFrom('auditoria_cabeza').select(['n', 'hash']).executeTakeFirstOrThrow();
      cabezaGuardada = { n: Number(c.n), hash: c.hash };
    };
    afterEach(async () => {
      usarClavesDeAuditoria(ctx.entorno.config.auditoria);
      if (copia.length > 0) await restaurar(ctx.db, copia, cabezaGuardada);
      copia = [];
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
    });

    it('cada fila nueva lleva el id de la clave (nunca la clave) y un HMAC con ella', async () => {
      await acciones(ctx.db, 3);
      const clave = claveDesde(CLAVE_AUDITORIA_DE_PRUEBA);
      const todas = await filas(ctx.db);
      const ultima = todas.at(-1)!;
      const anterior = todas.at(-2)?.hash ?? HASH_INICIAL;
      expect(ultima.clave).toBe(clave.id);
      expect(JSON.stringify(todas)).not.toContain(CLAVE_AUDITORIA_DE_PRUEBA);
      expect(ultima.hash).toBe(
        hashConClave(clave, anterior, { ...ultima, n: Number(ultima.n), clave: clave.id }),
      );
      // The unkeyed link of before would not match.
      expect(ultima.hash).not.toBe(
        hashSinClave(anterior, { ...ultima, n: Number(ultima.n), clave: clave.id }),
      );
    });

    it('cabeza imprime n:hash; borrar las filas más nuevas y copiar el hash anterior en la cabeza falla contra la cabeza publicada', async () => {
      await acciones(ctx.db, 4);
      const impresa = consola(ctx, ['cabeza']);
      expect(impresa.codigo, impresa.errores).toBe(0);
      const publicada = leerCabeza(impresa.salida)!;
      const v = await verificarAuditoria(ctx.db);
      expect(v.intacta && formatearCabeza(v.cabeza)).toBe(impresa.salida);
      expect(consola(ctx, ['verificar', '--cabeza', impresa.salida]).codigo).toBe(0);
      await guardar();

      // The probe's move: the two newest rows out, the head set to the row before them.
      const queda = copia.at(-3)!;
      await ctx.db.deleteFrom('auditoria').where('n', '>', queda.n).execute();
      await ctx.db
        .updateTable('auditoria_cabeza')
        .set({ n: queda.n, hash: queda.hash })
        .where('id', '=', 1)
        .execute();
      // The database alone cannot tell (nothing in it says how long the chain was)…
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
      // …the head kept outside can.
      expect(await verificarAuditoria(ctx.db, { cabezas: [publicada] })).toMatchObject({
        intacta: false,
        motivo: expect.stringMatching(/cabeza publicada .* ya no está en la cadena/),
      });
      const r = consola(ctx, ['verificar', '--cabeza', impresa.salida]);
      expect(r.codigo).toBe(1);
      expect(r.errores).toContain(`la cabeza publicada ${impresa.salida} ya no está en la cadena`);

      // Rows written after the cut take the removed numbers: the published one differs now.
      await acciones(ctx.db, 3);
      expect(await verificarAuditoria(ctx.db, { cabezas: [publicada] })).toMatchObject({
        intacta: false,
        n: publicada.n,
        motivo: expect.stringMatching(/ya no es la de la cabeza publicada/),
      });
    });

    it('recalcular todos los hashes tras editar una fila no pasa: ni sin clave, ni con otra clave', async () => {
      await acciones(ctx.db, 3);
      await guardar();
      const editada = Number(copia.at(-2)!.n);
      await ctx.db.updateTable('auditoria').set({ objeto: 'AMR-OTRA00' }).where('n', '=', editada).execute();

      // As the probe did: the whole chain recomputed with plain SHA-256.
      await recalcular(ctx.db, (anterior, f) => ({
        hash: hashSinClave(anterior, { ...f, clave: null }),
        clave: null,
      }));
      expect(await verificarAuditoria(ctx.db)).toMatchObject({
        intacta: false,
        motivo: expect.stringMatching(/la última, no está firmada con la clave/),
      });
      expect(consola(ctx, ['verificar']).codigo).toBe(1);

      // With a key of one's own, naming the real key's id: the first row already fails.
      const real = claveDesde(CLAVE_AUDITORIA_DE_PRUEBA).id;
      const otra = claveDesde(OTRA_CLAVE);
      await recalcular(ctx.db, (anterior, f) => ({
        hash: hashConClave(otra, anterior, { ...f, clave: real }),
        clave: real,
      }));
      expect(await verificarAuditoria(ctx.db)).toMatchObject({
        intacta: false,
        n: 1,
        motivo: 'la fila 1 fue modificada',
      });

      // With a key of one's own under its own id: a key this server does not hold.
      await recalcular(ctx.db, (anterior, f) => ({
        hash: hashConClave(otra, anterior, { ...f, clave: otra.id }),
        clave: otra.id,
      }));
      const r = consola(ctx, ['verificar']);
      expect(r.codigo).toBe(1);
      expect(r.errores).toContain(
        `la fila 1 está firmada con una clave que no está configurada (id ${otra.id})`,
      );
    });

    it('el que tiene la clave puede reescribir, pero no por debajo de una cabeza publicada', async () => {
      await acciones(ctx.db, 2);
      const publicada = (await verificarAuditoria(ctx.db)) as { cabeza: { n: number; hash: string } };
      await acciones(ctx.db, 2);
      await guardar();
      await ctx.db.updateTable('auditoria').set({ ip: '10.9.9.9' }).where('n', '=', 1).execute();
      const clave = claveDesde(CLAVE_AUDITORIA_DE_PRUEBA);
      await recalcular(ctx.db, (anterior, f) => ({ hash: hashConClave(clave, anterior, f), clave: f.clave }));
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
      const r = consola(ctx, ['verificar', '--cabeza', formatearCabeza(publicada.cabeza)]);
      expect(r.codigo).toBe(1);
      expect(r.errores).toContain(`la fila ${publicada.cabeza.n} ya no es la de la cabeza publicada`);
    });

    it('una cadena escrita antes de la clave se sella al iniciar y sigue verificando; editarla después se detecta', async () => {
      await guardar();
      // The log as the version before wrote it: plain SHA-256 links, no key id.
      await ctx.db.deleteFrom('auditoria').execute();
      let anterior = HASH_INICIAL;
      for (let n = 1; n <= 4; n++) {
        const fila: FilaEncadenada = {
          n,
          en: new Date(Date.UTC(2026, 0, n)).toISOString(),
          usuario: 'ana',
          ip: '127.0.0.1',
          accion: 'ver_solicitud',
          objeto: `AMR-VIEJA${n}`,
          detalle: null,
          clave: null,
        };
        anterior = hashSinClave(anterior, fila);
        await ctx.db
          .insertInto('auditoria')
          .values({ ...fila, hash: anterior })
          .execute();
      }
      await ctx.db
        .updateTable('auditoria_cabeza')
        .set({ n: 4, hash: anterior })
        .where('id', '=', 1)
        .execute();
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: false, n: 4 });

      // The server's start seals it, once.
      await ctx.reiniciar();
      await ctx.reiniciar();
      const selladas = await filas(ctx.db);
      expect(selladas).toHaveLength(5);
      expect(selladas[4]).toMatchObject({
        accion: 'clave_de_auditoria',
        usuario: null,
        ip: 'sistema',
        clave: claveDesde(CLAVE_AUDITORIA_DE_PRUEBA).id,
      });
      expect(JSON.parse(selladas[4]!.detalle!)).toEqual({
        clave: claveDesde(CLAVE_AUDITORIA_DE_PRUEBA).id,
        anterior: null,
      });
      expect(consola(ctx, ['verificar']).codigo).toBe(0);

      // An old row edited and its unkeyed links recomputed: the sealing row no longer fits.
      await ctx.db.updateTable('auditoria').set({ objeto: 'AMR-OTRA00' }).where('n', '=', 2).execute();
      anterior = selladas[0]!.hash;
      for (const f of (await filas(ctx.db)).slice(1, 4)) {
        anterior = hashSinClave(anterior, { ...f, n: Number(f.n), clave: null });
        await ctx.db.updateTable('auditoria').set({ hash: anterior }).where('n', '=', f.n).execute();
      }
      expect(await verificarAuditoria(ctx.db)).toMatchObject({
        intacta: false,
        n: 5,
        motivo: 'la fila 5 fue modificada',
      });
    });

    it('rotar la clave: la anterior verifica sus filas mientras esté en AUDITORIA_CLAVES_ANTERIORES', async () => {
      await acciones(ctx.db, 2);
      await guardar();
      const rotada = { AUDITORIA_CLAVE: OTRA_CLAVE, AUDITORIA_CLAVES_ANTERIORES: CLAVE_AUDITORIA_DE_PRUEBA };
      const anillo = loadConfig({ ...ctx.entorno.env, ...rotada }).auditoria;
      usarClavesDeAuditoria(anillo);
      expect(await sellarCadena(ctx.db)).toBe(true);
      await acciones(ctx.db, 2);
      const todas = await filas(ctx.db);
      expect(todas.at(-3)).toMatchObject({ accion: 'clave_de_auditoria', clave: claveDesde(OTRA_CLAVE).id });
      expect(new Set(todas.map((f) => f.clave))).toEqual(
        new Set([claveDesde(CLAVE_AUDITORIA_DE_PRUEBA).id, claveDesde(OTRA_CLAVE).id]),
      );
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
      expect(consola(ctx, ['verificar'], rotada).codigo).toBe(0);
      // The previous key dropped from the configuration: its rows can no longer be vouched for.
      const sinAnterior: AnilloDeClaves = { ...anillo, anteriores: [] };
      expect(await verificarAuditoria(ctx.db, { anillo: sinAnterior })).toMatchObject({
        intacta: false,
        n: 1,
        motivo: expect.stringContaining('una clave que no está configurada'),
      });
      expect(consola(ctx, ['verificar'], { AUDITORIA_CLAVE: OTRA_CLAVE }).codigo).toBe(1);
    });

    it('la cabeza del día va por correo a CORREO_AUDITORIA una vez, y verificar --cabeza la reconoce', async () => {
      // Days gone by: the outbox sends a message from its queueing time on.
      const DIA = 86_400_000;
      const mediodia = Math.floor(Date.now() / DIA) * DIA - 2 * DIA + 15 * 3_600_000;
      const ahora = new Date(mediodia);
      const otroProceso = await import('../../server/app.js').then((m) => m.buildApp(ctx.entorno.config));
      try {
        // Two processes at once: one message. (Two SQLite connections of one process cannot wait
        // for each other — better-sqlite3's busy wait blocks the thread the other one needs — so
        // there the second process comes after the first.)
        const publicar = (db: Db) => publicarCabeza(db, CORREO_AUDITORIA, ahora);
        const publicadas =
          ctx.motor === 'postgres'
            ? await Promise.all([publicar(ctx.db), publicar(otroProceso.db)])
            : [await publicar(ctx.db), await publicar(otroProceso.db)];
        expect(publicadas.filter(Boolean)).toHaveLength(1);
      } finally {
        await otroProceso.close();
      }
      expect(await publicarCabeza(ctx.db, CORREO_AUDITORIA, new Date(mediodia + 6 * 3_600_000))).toBeNull();
      const ultima = (await filas(ctx.db)).at(-1)!;
      expect(ultima).toMatchObject({ accion: 'publicar_cabeza', ip: 'sistema', usuario: null });
      const cabeza = `${ultima.n}:${ultima.hash}`;

      expect(await ctx.app.correo.repartir()).toMatchObject({ enviados: 1 });
      const llegado = await buzon.esperar(
        (r) => r.para.includes(CORREO_AUDITORIA) && String(r.mensaje.text).includes(cabeza),
      );
      expect(llegado.mensaje.subject).toBe(
        `Cabeza del registro de auditoría del ${fechaEnPalabras(diaArgentino(ahora))}`,
      );
      expect(llegado.mensaje.text).toContain(`npm run auditoria -- verificar --cabeza ${cabeza}`);
      expect(llegado.mensaje.text).toContain('lo encontró íntegro');
      expect(llegado.mensaje.attachments).toHaveLength(0);
      expect(consola(ctx, ['verificar', '--cabeza', cabeza]).codigo).toBe(0);

      // A broken chain is still published, and the message says so.
      await guardar();
      await ctx.db.updateTable('auditoria').set({ objeto: 'AMR-OTRA00' }).where('n', '=', 1).execute();
      const siguiente = await publicarCabeza(ctx.db, CORREO_AUDITORIA, new Date(mediodia - DIA));
      expect(siguiente?.alteracion).toBe('la fila 1 fue modificada');
      await ctx.app.correo.repartir();
      const alarma = await buzon.esperar((r) => String(r.mensaje.subject).includes('ALTERADO'));
      expect(alarma.mensaje.text).toContain('la fila 1 fue modificada');
    });

    // Without CORREO_AUDITORIA there is no such task: tests/server/planificador.test.ts lists them.
    it('el planificador la envía una vez por día', async () => {
      expect(ctx.app.tareas).not.toBeNull();
      const ahora = Date.now() + 25 * 3_600_000;
      const corridas = await ctx.app.tareas!.tick(ahora);
      expect(corridas).toContain('cabeza_auditoria');
      expect(await ctx.app.tareas!.tick(ahora + 60_000)).not.toContain('cabeza_auditoria');
    });
  },
  { SMTP_URL: buzon.url, CORREO_AUDITORIA, MAIL_POLL_SECONDS: '0' },
);
