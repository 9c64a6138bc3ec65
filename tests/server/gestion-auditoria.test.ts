// The audit log (producto §9): a row for every sign-in (and failed one, and lockout), sign-out,
// second-factor enrolment and account change, never with what a person typed in the user field;
// rows chained by SHA-256 so that an edited, removed or last-removed row is reported — by the
// service and by `npm run auditoria -- verificar` (exit 0 / 1 naming the row); the chain stays
// whole under parallel writes; GET /api/gestion/auditoria lists it newest first, for
// administradores only.
import { beforeEach, expect, it } from 'vitest';
import { FALLOS_MAXIMOS, type PaginaAuditoria } from '../../domain/index.js';
import { FILAS_AUDITORIA_POR_PAGINA } from '../../server/auditoria/rutas/index.js';
import { auditar, verificarAuditoria } from '../../server/auditoria/cadena.js';
import { altaPersonal, bajaPersonal } from '../../server/personal/cuentas.js';
import { codigoActual } from './ayuda/totp.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import {
  asegurarCuenta,
  auditoria,
  auditoriaDe,
  CONTRASENA_DE_PRUEBA,
  ingresar,
  ingresarComo,
  olvidarLimiteDeIngreso,
} from './ayuda/personal.js';
import { comando } from './ayuda/comando.js';

const verificarPorConsola = (ctx: Contexto) => comando('auditoria', ['verificar'], ctx.entorno.env);

/** Runs `alterar` on the log, checks what is reported, and puts the log back as it was. */
async function conFilaAlterada(
  ctx: Contexto,
  n: number,
  alterar: 'editar' | 'borrar',
  comprobar: () => Promise<void>,
) {
  const original = await ctx.db
    .selectFrom('auditoria')
    .selectAll()
    .where('n', '=', n)
    .executeTakeFirstOrThrow();
  if (alterar === 'editar') {
    await ctx.db.updateTable('auditoria').set({ objeto: 'AMR-OTRA00' }).where('n', '=', n).execute();
  } else {
    await ctx.db.deleteFrom('auditoria').where('n', '=', n).execute();
  }
  try {
    await comprobar();
  } finally {
    await ctx.db.deleteFrom('auditoria').where('n', '=', n).execute();
    await ctx.db.insertInto('auditoria').values(original).execute();
  }
  expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
}

conCadaBase('gestión: auditoría', (ctx) => {
  beforeEach(() => olvidarLimiteDeIngreso(ctx.db));

  it('registra ingreso, ingreso fallido (sin guardar lo escrito), bloqueo, salida, segundo factor, alta y baja', async () => {
    // Alta from the console.
    const alta = await auditoriaDe(ctx.db, () =>
      altaPersonal(ctx.db, {
        usuario: 'rita',
        nombre: 'Rita Ruiz',
        rol: 'revisor',
        contrasena: CONTRASENA_DE_PRUEBA,
      }),
    );
    expect(alta).toMatchObject([
      { accion: 'alta_personal', usuario: null, ip: 'consola', objeto: 'rita', detalle: { rol: 'revisor' } },
    ]);

    const nav = await ctx.navegador().abrir();
    const ingreso = await auditoriaDe(ctx.db, () => ingresar(nav, 'rita'));
    expect(ingreso).toMatchObject([{ accion: 'ingreso', usuario: 'rita', objeto: null }]);
    expect(ingreso[0]!.ip).toBe('127.0.0.1');
    expect(Date.now() - Date.parse(ingreso[0]!.en)).toBeLessThan(60_000);

    // A password typed in the user field must not end up in the log.
    const escrito = 'Mi-Clave-Secreta-2024';
    const desconocido = await auditoriaDe(ctx.db, () => ingresar(nav, escrito, 'lo que sea'));
    expect(desconocido).toMatchObject([{ accion: 'ingreso_fallido', usuario: null, objeto: null }]);
    const volcado = JSON.stringify(await auditoria(ctx.db));
    expect(volcado.toLowerCase()).not.toContain(escrito.toLowerCase());
    expect(volcado).not.toContain('lo que sea');

    const equivocada = await auditoriaDe(ctx.db, () => ingresar(nav, 'rita', 'no es la contraseña'));
    expect(equivocada).toMatchObject([
      { accion: 'ingreso_fallido', usuario: 'rita', detalle: { motivo: 'contraseña' } },
    ]);

    // Lockout: the failure that locks says so, and each refused attempt is a row of its own.
    const bloqueo = await auditoriaDe(ctx.db, async () => {
      for (let i = 1; i < FALLOS_MAXIMOS; i++) await ingresar(nav, 'rita', 'no es la contraseña');
      expect((await ingresar(nav, 'rita')).statusCode).toBe(429);
    });
    expect(bloqueo.at(-2)).toMatchObject({
      accion: 'ingreso_fallido',
      usuario: 'rita',
      detalle: { bloqueo: true },
    });
    expect(bloqueo.at(-1)).toMatchObject({ accion: 'ingreso_bloqueado', usuario: 'rita' });
    expect(bloqueo.filter((f) => f.detalle?.bloqueo)).toHaveLength(1);

    // Salida.
    const salida = await auditoriaDe(ctx.db, () => nav.delete('/api/gestion/sesion'));
    expect(salida).toMatchObject([{ accion: 'salida', usuario: 'rita' }]);

    // Second factor enrolment (the confirmation is what turns it on).
    const admin = await ingresarComo(ctx, 'auditora', 'administrador');
    const enrolado = await auditoriaDe(ctx.db, async () => {
      const { secreto } = (
        await admin.post('/api/gestion/sesion/segundo-factor', { contrasena: CONTRASENA_DE_PRUEBA })
      ).json<{
        secreto: string;
      }>();
      const r = await admin.post('/api/gestion/sesion/segundo-factor/confirmar', {
        codigo: codigoActual(secreto, 'auditora', Date.now() - 30_000),
      });
      expect(r.statusCode).toBe(200);
    });
    expect(enrolado).toMatchObject([{ accion: 'segundo_factor', usuario: 'auditora', objeto: 'auditora' }]);

    // Baja from the back-office names who did it; from the console, the console.
    const baja = await auditoriaDe(ctx.db, () => admin.post('/api/gestion/personal/rita/baja', {}));
    expect(baja).toMatchObject([
      { accion: 'baja_personal', usuario: 'auditora', objeto: 'rita', ip: '127.0.0.1' },
    ]);
    await asegurarCuenta(ctx.db, 'tomas', 'revisor');
    const bajaConsola = await auditoriaDe(ctx.db, () => bajaPersonal(ctx.db, 'tomas'));
    expect(bajaConsola).toMatchObject([
      { accion: 'baja_personal', usuario: null, ip: 'consola', objeto: 'tomas' },
    ]);
    // Nothing to disable: no row.
    expect(await auditoriaDe(ctx.db, () => bajaPersonal(ctx.db, 'tomas'))).toEqual([]);

    const v = await verificarAuditoria(ctx.db);
    expect(v).toMatchObject({ intacta: true, filas: (await auditoria(ctx.db)).length });
  });

  it('una fila editada, una del medio borrada y la última borrada se detectan y se nombran', async () => {
    await ingresarComo(ctx, 'vera', 'revisor');
    await ingresarComo(ctx, 'vera', 'revisor');
    const filas = await auditoria(ctx.db);
    expect(filas.length).toBeGreaterThanOrEqual(5);
    const medio = filas[Math.floor(filas.length / 2)]!.n;
    const ultima = filas.at(-1)!.n;

    await conFilaAlterada(ctx, medio, 'editar', async () => {
      expect(await verificarAuditoria(ctx.db)).toMatchObject({
        intacta: false,
        n: medio,
        filas: medio - 1,
        motivo: `la fila ${medio} fue modificada`,
      });
    });
    await conFilaAlterada(ctx, medio, 'borrar', async () => {
      expect(await verificarAuditoria(ctx.db)).toMatchObject({
        intacta: false,
        n: medio,
        motivo: `falta la fila ${medio}`,
      });
    });
    await conFilaAlterada(ctx, ultima, 'borrar', async () => {
      const v = await verificarAuditoria(ctx.db);
      expect(v).toMatchObject({ intacta: false, n: ultima, filas: ultima - 1 });
      expect(v.intacta === false && v.motivo).toContain(`falta la fila ${ultima}`);
    });
    // The first row too.
    await conFilaAlterada(ctx, 1, 'editar', async () => {
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: false, n: 1 });
    });
    // A row added at the end by hand, and the last row rewritten with a hash that fits the chain.
    const ultimaFila = await ctx.db
      .selectFrom('auditoria')
      .selectAll()
      .where('n', '=', ultima)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('auditoria')
      .values({ ...ultimaFila, n: ultima + 1, accion: 'salida' })
      .execute();
    expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: false, n: ultima + 1 });
    await ctx.db
      .deleteFrom('auditoria')
      .where('n', '=', ultima + 1)
      .execute();
    expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
  });

  it('npm run auditoria -- verificar: 0 si está íntegra, 1 nombrando la fila alterada', async () => {
    await ingresarComo(ctx, 'walter', 'revisor');
    const filas = await auditoria(ctx.db);
    const bien = verificarPorConsola(ctx);
    expect(bien.errores).toBe('');
    expect(bien.codigo).toBe(0);
    expect(bien.salida).toContain(`Registro de auditoría íntegro: ${filas.length} filas encadenadas.`);

    const n = filas[1]!.n;
    await conFilaAlterada(ctx, n, 'editar', async () => {
      const mal = verificarPorConsola(ctx);
      expect(mal.codigo).toBe(1);
      expect(mal.errores).toContain(`la fila ${n} fue modificada`);
    });
    const ultima = filas.at(-1)!.n;
    await conFilaAlterada(ctx, ultima, 'borrar', async () => {
      const mal = verificarPorConsola(ctx);
      expect(mal.codigo).toBe(1);
      expect(mal.errores).toContain(`falta la fila ${ultima}`);
    });
  });

  it('20 acciones auditadas en paralelo dejan la cadena íntegra y sin números repetidos', async () => {
    const usuarios = Array.from({ length: 20 }, (_, i) => `paralelo${i}`);
    for (const u of usuarios) await asegurarCuenta(ctx.db, u, 'revisor');
    const navs = await Promise.all(usuarios.map(() => ctx.navegador().abrir()));
    const antes = (await auditoria(ctx.db)).length;
    const respuestas = await Promise.all(usuarios.map((u, i) => ingresar(navs[i]!, u)));
    expect(respuestas.map((r) => r.statusCode)).toEqual(usuarios.map(() => 200));
    const filas = await auditoria(ctx.db);
    expect(
      filas
        .slice(antes)
        .map((f) => f.usuario)
        .sort(),
    ).toEqual([...usuarios].sort());
    expect(filas.map((f) => f.n)).toEqual(filas.map((_, i) => i + 1));
    expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true, filas: filas.length });

    // And straight through the service, with many connections at once.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.db
          .transaction()
          .execute((trx) =>
            auditar(trx, { usuario: null, ip: 'prueba', accion: 'ver_solicitud', objeto: `AMR-${i}` }),
          ),
      ),
    );
    expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true, filas: filas.length + 20 });
  });

  it('una fila se escribe con su cambio o no se escribe: si la transacción falla, no queda', async () => {
    const antes = await auditoria(ctx.db);
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await auditar(trx, { usuario: null, ip: 'prueba', accion: 'nota', objeto: 'AMR-FALLA0' });
        throw new Error('el cambio falló');
      }),
    ).rejects.toThrow('el cambio falló');
    expect(await auditoria(ctx.db)).toEqual(antes);
    expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
  });

  it('GET /api/gestion/auditoria: lo más reciente primero, de a 50, solo para administradores', async () => {
    const admin = await ingresarComo(ctx, 'lectora', 'administrador');
    const revisor = await ingresarComo(ctx, 'curioso', 'revisor');
    const prohibido = await revisor.get('/api/gestion/auditoria');
    expect(prohibido.statusCode).toBe(403);
    expect(prohibido.json()).toMatchObject({ error: 'SIN_PERMISO' });
    expect((await ctx.navegador().get('/api/gestion/auditoria')).statusCode).toBe(401);

    // Enough rows for more than one page.
    await Promise.all(
      Array.from({ length: FILAS_AUDITORIA_POR_PAGINA + 5 }, (_, i) =>
        ctx.db
          .transaction()
          .execute((trx) =>
            auditar(trx, { usuario: 'lectora', ip: 'prueba', accion: 'ver_solicitud', objeto: `AMR-P${i}` }),
          ),
      ),
    );
    const todas = await auditoria(ctx.db);
    const r = await admin.get('/api/gestion/auditoria');
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    const pagina = r.json<PaginaAuditoria>();
    expect(pagina).toMatchObject({
      pagina: 1,
      porPagina: FILAS_AUDITORIA_POR_PAGINA,
      total: todas.length,
      totalExacto: true,
    });
    expect(pagina.filas).toHaveLength(FILAS_AUDITORIA_POR_PAGINA);
    const esperadas = [...todas].reverse().map(({ n, en, usuario, ip, accion, objeto }) => ({
      n,
      en,
      usuario,
      ip,
      accion,
      objeto,
      movimiento: null,
    }));
    expect(pagina.filas).toEqual(esperadas.slice(0, FILAS_AUDITORIA_POR_PAGINA));
    expect(pagina.filas[0]!).not.toHaveProperty('detalle');

    const segunda = (await admin.get('/api/gestion/auditoria?pagina=2')).json<PaginaAuditoria>();
    expect(segunda.pagina).toBe(2);
    expect(segunda.filas).toEqual(
      esperadas.slice(FILAS_AUDITORIA_POR_PAGINA, 2 * FILAS_AUDITORIA_POR_PAGINA),
    );
    const lejos = (await admin.get('/api/gestion/auditoria?pagina=999')).json<PaginaAuditoria>();
    expect(lejos).toMatchObject({ filas: [], pagina: 999, total: todas.length });
    expect((await admin.get('/api/gestion/auditoria?pagina=0')).statusCode).toBe(400);
    expect((await admin.get('/api/gestion/auditoria?pagina=uno')).statusCode).toBe(400);
  });

  it('filtra por usuario, número, acción y días; nombra movimientos y al solicitante; exporta CSV', async () => {
    const admin = await ingresarComo(ctx, 'filtradora', 'administrador');
    const escribir = (evento: Parameters<typeof auditar>[1], en: string) =>
      ctx.db.transaction().execute((trx) => auditar(trx, evento, new Date(en)));
    // 2026-03-10 21:30 in Argentina is already the 11th in UTC: days are Argentine.
    await escribir(
      {
        usuario: 'filtradora',
        ip: '10.0.0.1',
        accion: 'mover_estado',
        objeto: 'AMR-FILT01',
        detalle: { desde: 'recibida', hacia: 'observada' },
      },
      '2026-03-11T00:30:00.000Z',
    );
    await escribir(
      {
        usuario: null,
        ip: '10.0.0.2',
        accion: 'correccion',
        objeto: 'AMR-FILT01',
        detalle: { documentos: [] },
      },
      '2026-03-12T15:00:00.000Z',
    );
    await escribir(
      { usuario: null, ip: 'consola', accion: 'baja_personal', objeto: '=HYPERLINK("x")' },
      '2026-03-12T16:00:00.000Z',
    );
    await escribir(
      { usuario: 'otra', ip: '10.0.0.3', accion: 'ver_solicitud', objeto: 'AMR-FILT02' },
      '2026-03-13T12:00:00.000Z',
    );
    await escribir(
      { usuario: 'otra', ip: '10.0.0.3', accion: 'consultar_datos', objeto: 'AMR-FILT02 AMR-FILT01' },
      '2026-03-13T13:00:00.000Z',
    );

    const pedir = async (consulta: string) => {
      const r = await admin.get(`/api/gestion/auditoria?${consulta}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<PaginaAuditoria>();
    };
    const porNumero = await pedir('numero=amr-filt01');
    expect(porNumero.filas.map((f) => f.accion)).toEqual(['consultar_datos', 'correccion', 'mover_estado']);
    expect(porNumero).toMatchObject({ total: 3, totalExacto: true, pagina: 1 });
    expect(porNumero.filas[1]).toMatchObject({
      usuario: null,
      movimiento: { desde: 'observada', hacia: 'corregida' },
    });
    expect(porNumero.filas[2]!.movimiento).toEqual({ desde: 'recibida', hacia: 'observada' });
    expect((await pedir('usuario=OTRA')).filas.map((f) => f.objeto)).toEqual([
      'AMR-FILT02 AMR-FILT01',
      'AMR-FILT02',
    ]);
    expect((await pedir('accion=correccion&numero=AMR-FILT01')).filas).toHaveLength(1);
    expect((await pedir('desde=2026-03-10&hasta=2026-03-10')).filas.map((f) => f.objeto)).toEqual([
      'AMR-FILT01',
    ]);
    expect((await pedir('desde=2026-03-12&hasta=2026-03-12')).filas.map((f) => f.accion)).toEqual([
      'baja_personal',
      'correccion',
    ]);
    expect((await pedir('usuario=otra&pagina=2')).filas).toEqual([]);

    // Bad input: 400 with the one error shape, in Spanish.
    for (const mala of [
      'desde=10/03/2026',
      'accion=borrar_todo',
      'numero=AMR%25',
      'hasta=2026-02-30',
      'desde=2026-03-12&hasta=2026-03-10',
      'otro=1',
    ]) {
      const r = await admin.get(`/api/gestion/auditoria?${mala}`);
      expect(r.statusCode, mala).toBe(400);
      expect(r.json(), mala).toMatchObject({
        error: 'VALIDACION',
        message: expect.stringMatching(/inválid|Revisá/),
      });
      expect((await admin.get(`/api/gestion/auditoria.csv?${mala}`)).statusCode, mala).toBe(400);
    }
    expect((await admin.get('/api/gestion/auditoria?hasta=2026-02-30')).json().fields).toEqual({
      hasta: 'Esa fecha no existe.',
    });

    // The CSV: same filter, streamed, Solicitante and the move in words, formulas neutralised.
    const csv = await admin.get('/api/gestion/auditoria.csv?desde=2026-03-10&hasta=2026-03-12');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lineas = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lineas[0]).toBe('N.º;Fecha;Usuario;Dirección;Acción;Objeto;Movimiento');
    expect(lineas).toHaveLength(4);
    expect(lineas[1]).toContain(';Consola;consola;Baja de cuenta;"\'=HYPERLINK(""x"")";');
    expect(lineas[2]).toContain(
      ';Solicitante;10.0.0.2;Recibió una corrección;AMR-FILT01;de Observada a Corregida',
    );
    expect(lineas[3]).toContain(';10/03/2026 21:30;filtradora;');
    expect(lineas[3]).toMatch(/de Recibida a Observada$/);
    const exportada = (await auditoria(ctx.db)).at(-1)!;
    expect(exportada).toMatchObject({
      accion: 'exportar',
      usuario: 'filtradora',
      detalle: { auditoria: true },
    });
    const porNumeroCsv = await admin.get('/api/gestion/auditoria.csv?numero=AMR-FILT02');
    expect(porNumeroCsv.headers['content-disposition']).toMatch(
      /filename="auditoria-AMR-FILT02-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(porNumeroCsv.body.trimEnd().split('\r\n')).toHaveLength(3);
    expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
  });
});
