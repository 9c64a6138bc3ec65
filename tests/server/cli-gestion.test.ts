// `npm run personal` run as a real process on the test's DATA_DIR / DATABASE_URL, as an operator
// would (producto §9): alta reads the password from standard input and stores only its argon2id
// hash; short passwords, bad roles, duplicates and options on the command line are refused;
// lista prints the accounts; baja disables one (never the last active administrador);
// quitar-segundo-factor turns a lost factor off; --correo and `correo` give an account its e-mail
// (producto §16), judged by the back-office form's own rules and words (domain/cuentas.ts).
import { beforeEach, expect, it } from 'vitest';
import { TEXTOS_CUENTAS } from '../../domain/cuentas.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import { auditoria, ingresar, olvidarLimiteDeIngreso } from './ayuda/personal.js';
import { comando } from './ayuda/comando.js';

const CONTRASENA = 'correcta caballo batería grapa';

/** Runs `npm run -s personal -- <args>` with `entrada` on standard input. */
function personal(ctx: Contexto, args: string[], entrada = '') {
  const r = comando('personal', args, ctx.entorno.env, { entrada });
  return { ...r, todo: r.salida + r.errores };
}

const cuenta = (ctx: Contexto, usuario: string) =>
  ctx.db.selectFrom('personal').selectAll().where('usuario', '=', usuario).executeTakeFirst();

conCadaBase('comandos: npm run personal', (ctx) => {
  beforeEach(() => olvidarLimiteDeIngreso(ctx.db));

  it(
    'alta con la contraseña por la entrada estándar: guarda un hash argon2id, no la contraseña',
    { timeout: 120_000 },
    async () => {
      const r = personal(
        ctx,
        ['alta', 'ana', '--nombre', 'Ana Pérez', '--rol', 'administrador'],
        `${CONTRASENA}\n`,
      );
      expect(r.errores).toBe('');
      expect(r.codigo).toBe(0);
      expect(r.salida).toContain('Cuenta "ana" creada (Administrador).');
      expect(r.todo).not.toContain(CONTRASENA);
      const fila = await cuenta(ctx, 'ana');
      expect(fila).toMatchObject({
        usuario: 'ana',
        nombre: 'Ana Pérez',
        rol: 'administrador',
        activo: 1,
        totp_secreto: null,
      });
      expect(fila!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(JSON.stringify(await ctx.db.selectFrom('personal').selectAll().execute())).not.toContain(
        CONTRASENA,
      );
      expect(JSON.stringify(await auditoria(ctx.db))).not.toContain(CONTRASENA);
      expect((await auditoria(ctx.db)).at(-1)).toMatchObject({
        accion: 'alta_personal',
        ip: 'consola',
        objeto: 'ana',
      });

      // The password works in the back-office; only the first line counts.
      const nav = await ctx.navegador().abrir();
      const ingreso = await ingresar(nav, 'ana', CONTRASENA);
      expect(ingreso.statusCode).toBe(200);
      expect(ingreso.json()).toEqual({
        usuario: 'ana',
        nombre: 'Ana Pérez',
        rol: 'administrador',
        segundoFactor: false,
      });

      // With CRLF (only the first line counts), and without any end of line.
      expect(
        personal(ctx, ['alta', 'beto', '--nombre', 'Beto', '--rol', 'revisor'], `${CONTRASENA}\r\nsobra\n`)
          .codigo,
      ).toBe(0);
      expect((await ingresar(nav, 'beto', CONTRASENA)).statusCode).toBe(200);
      expect(personal(ctx, ['alta', 'caro', '--nombre', 'Caro', '--rol', 'revisor'], CONTRASENA).codigo).toBe(
        0,
      );
      expect((await ingresar(nav, 'caro', CONTRASENA)).statusCode).toBe(200);
    },
  );

  it(
    'rechaza contraseñas cortas, roles inválidos, usuarios repetidos u opciones de más',
    { timeout: 120_000 },
    async () => {
      const corta = personal(
        ctx,
        ['alta', 'corta', '--nombre', 'Corta', '--rol', 'revisor'],
        'once chars!\n',
      );
      expect(corta.codigo).toBe(1);
      expect(corta.errores).toContain('La contraseña debe tener al menos 12 caracteres.');
      expect(await cuenta(ctx, 'corta')).toBeUndefined();
      // Twelve characters, counted as characters (ñ is one).
      expect(
        personal(ctx, ['alta', 'justa', '--nombre', 'Justa', '--rol', 'revisor'], 'ñandúñandúññ\n').codigo,
      ).toBe(0);

      const rol = personal(ctx, ['alta', 'rolo', '--nombre', 'Rolo', '--rol', 'jefe'], `${CONTRASENA}\n`);
      expect(rol.codigo).toBe(1);
      expect(rol.errores).toContain(`${TEXTOS_CUENTAS.rol} (--rol revisor o --rol administrador)`);
      expect(await cuenta(ctx, 'rolo')).toBeUndefined();

      const sinNombre = personal(ctx, ['alta', 'nn', '--rol', 'revisor'], `${CONTRASENA}\n`);
      expect(sinNombre.codigo).toBe(1);
      const usuarioMalo = personal(
        ctx,
        ['alta', 'Con Espacio', '--nombre', 'X', '--rol', 'revisor'],
        `${CONTRASENA}\n`,
      );
      expect(usuarioMalo.codigo).toBe(1);
      expect(usuarioMalo.errores).toContain(TEXTOS_CUENTAS.usuarioFormato);
      // The inbox's Responsable filter says "mias" and "ninguno": no account may be called so.
      const reservado = personal(
        ctx,
        ['alta', 'Mias', '--nombre', 'X', '--rol', 'revisor'],
        `${CONTRASENA}\n`,
      );
      expect(reservado.codigo).toBe(1);
      expect(reservado.errores).toContain('El usuario "mias" está reservado por la bandeja: elegí otro.');
      expect(await cuenta(ctx, 'mias')).toBeUndefined();

      expect(
        personal(ctx, ['alta', 'dup', '--nombre', 'Dup', '--rol', 'revisor'], `${CONTRASENA}\n`).codigo,
      ).toBe(0);
      const hashAntes = (await cuenta(ctx, 'dup'))!.hash;
      const repetido = personal(
        ctx,
        ['alta', 'DUP', '--nombre', 'Otro', '--rol', 'administrador'],
        'otra contraseña larga\n',
      );
      expect(repetido.codigo).toBe(1);
      expect(repetido.errores).toContain('Ya existe una cuenta "dup".');
      expect(await cuenta(ctx, 'dup')).toMatchObject({ nombre: 'Dup', rol: 'revisor', hash: hashAntes });

      // A password on the command line is refused, and not echoed back.
      const enLinea = personal(ctx, [
        'alta',
        'linea',
        '--nombre',
        'L',
        '--rol',
        'revisor',
        '--contrasena',
        CONTRASENA,
      ]);
      expect(enLinea.codigo).toBe(1);
      expect(enLinea.errores).toContain('Opción no reconocida.');
      expect(enLinea.todo).not.toContain(CONTRASENA);
      expect(await cuenta(ctx, 'linea')).toBeUndefined();

      const uso = personal(ctx, ['otra-cosa']);
      expect(uso.codigo).toBe(1);
      expect(uso.errores).toContain('Uso: npm run personal -- alta <usuario>');
    },
  );

  it(
    'lista las cuentas; baja desactiva una y termina sus sesiones; quitar-segundo-factor',
    { timeout: 120_000 },
    async () => {
      expect(
        personal(ctx, ['alta', 'carla', '--nombre', 'Carla Gómez', '--rol', 'revisor'], `${CONTRASENA}\n`)
          .codigo,
      ).toBe(0);
      const lista = personal(ctx, ['lista']);
      expect(lista.codigo).toBe(0);
      expect(lista.salida).toContain('carla\tCarla Gómez\tsin correo\tRevisor\tsin segundo factor\tactiva');

      const nav = await ctx.navegador().abrir();
      expect((await ingresar(nav, 'carla', CONTRASENA)).statusCode).toBe(200);
      // The second factor on, then off by the operator.
      await ctx.db
        .updateTable('personal')
        .set({ totp_secreto: 'JBSWY3DPEHPK3PXP' })
        .where('usuario', '=', 'carla')
        .execute();
      expect(personal(ctx, ['lista']).salida).toContain(
        'carla\tCarla Gómez\tsin correo\tRevisor\tcon segundo factor\tactiva',
      );
      const quitar = personal(ctx, ['quitar-segundo-factor', 'carla']);
      expect(quitar.codigo).toBe(0);
      expect(quitar.salida).toContain('Segundo factor de "carla" quitado');
      expect((await cuenta(ctx, 'carla'))!.totp_secreto).toBeNull();
      expect((await nav.get('/api/gestion/sesion')).statusCode).toBe(401);
      expect(personal(ctx, ['quitar-segundo-factor', 'carla']).codigo).toBe(1);

      expect((await ingresar(nav, 'carla', CONTRASENA)).statusCode).toBe(200);
      const baja = personal(ctx, ['baja', 'carla']);
      expect(baja.codigo).toBe(0);
      expect(baja.salida).toContain('Cuenta "carla" dada de baja; sus sesiones terminaron.');
      expect((await nav.get('/api/gestion/sesion')).statusCode).toBe(401);
      expect((await ingresar(nav, 'carla', CONTRASENA)).statusCode).toBe(401);
      expect(personal(ctx, ['lista']).salida).toMatch(
        /carla\tCarla Gómez\tsin correo\tRevisor\tsin segundo factor\tbaja \d{4}-\d\d-\d\dT/,
      );

      const otra = personal(ctx, ['baja', 'carla']);
      expect(otra.codigo).toBe(1);
      expect(otra.errores).toContain('No hay una cuenta activa "carla".');
      expect(personal(ctx, ['baja', 'nadie']).codigo).toBe(1);
      expect((await auditoria(ctx.db)).filter((f) => f.accion === 'baja_personal')).toHaveLength(1);
    },
  );

  it(
    'alta --correo y correo <usuario> <dirección>: validados con las reglas del formulario; lista muestra el correo',
    { timeout: 120_000 },
    async () => {
      const alta = personal(
        ctx,
        ['alta', 'dora', '--nombre', 'Dora', '--rol', 'revisor', '--correo', ' dora@ejemplo.com '],
        `${CONTRASENA}\n`,
      );
      expect(alta.errores).toBe('');
      expect(alta.codigo).toBe(0);
      expect((await cuenta(ctx, 'dora'))!.correo).toBe('dora@ejemplo.com');
      expect(personal(ctx, ['lista']).salida).toContain(
        'dora\tDora\tdora@ejemplo.com\tRevisor\tsin segundo factor\tactiva',
      );

      // A bad address is refused before the password is read: nothing is written.
      const mala = personal(
        ctx,
        ['alta', 'edu', '--nombre', 'Edu', '--rol', 'revisor', '--correo', 'no-es-un-correo'],
        `${CONTRASENA}\n`,
      );
      expect(mala.codigo).toBe(1);
      expect(mala.errores).toContain(`${TEXTOS_CUENTAS.correo} (--correo <dirección>)`);
      expect(await cuenta(ctx, 'edu')).toBeUndefined();
      // --correo without its value.
      const sinValor = personal(ctx, ['alta', 'edu', '--nombre', 'Edu', '--rol', 'revisor', '--correo']);
      expect(sinValor.codigo).toBe(1);
      expect(await cuenta(ctx, 'edu')).toBeUndefined();

      // The password may not be the user name (the shared rule, in its words).
      const igual = personal(
        ctx,
        ['alta', 'fermin.gonzalez', '--nombre', 'Fermín', '--rol', 'revisor'],
        'Fermin.Gonzalez\n',
      );
      expect(igual.codigo).toBe(1);
      expect(igual.errores).toContain(TEXTOS_CUENTAS.contrasenaIgualUsuario);
      expect(await cuenta(ctx, 'fermin.gonzalez')).toBeUndefined();

      // `correo` gives an existing account one; audited without the address.
      const correo = personal(ctx, ['correo', 'DORA', 'dora.nueva@ejemplo.com']);
      expect(correo.errores).toBe('');
      expect(correo.codigo).toBe(0);
      expect(correo.salida).toContain('Cuenta "dora": correo dora.nueva@ejemplo.com.');
      expect((await cuenta(ctx, 'dora'))!.correo).toBe('dora.nueva@ejemplo.com');
      const fila = (await auditoria(ctx.db)).at(-1)!;
      expect(fila).toMatchObject({ accion: 'correo_personal', usuario: null, ip: 'consola', objeto: 'dora' });
      expect(JSON.stringify(fila)).not.toContain('ejemplo.com');

      const invalido = personal(ctx, ['correo', 'dora', 'dora@']);
      expect(invalido.codigo).toBe(1);
      expect(invalido.errores).toContain(TEXTOS_CUENTAS.correo);
      expect((await cuenta(ctx, 'dora'))!.correo).toBe('dora.nueva@ejemplo.com');
      const nadie = personal(ctx, ['correo', 'nadie', 'nadie@ejemplo.com']);
      expect(nadie.codigo).toBe(1);
      expect(nadie.errores).toContain('No hay una cuenta con ese usuario.');
      expect(personal(ctx, ['correo', 'dora']).codigo).toBe(1);
    },
  );

  it('baja no deja la gestión sin un administrador activo', { timeout: 120_000 }, async () => {
    expect(
      personal(ctx, ['alta', 'unica', '--nombre', 'Única', '--rol', 'administrador'], `${CONTRASENA}\n`)
        .codigo,
    ).toBe(0);
    // Every other administrador out of the way.
    await ctx.db
      .updateTable('personal')
      .set({ activo: 0 })
      .where('rol', '=', 'administrador')
      .where('usuario', '!=', 'unica')
      .execute();
    const antes = (await auditoria(ctx.db)).length;
    const baja = personal(ctx, ['baja', 'unica']);
    expect(baja.codigo).toBe(1);
    expect(baja.errores).toContain(TEXTOS_CUENTAS.ultimoAdministrador);
    expect(await cuenta(ctx, 'unica')).toMatchObject({ activo: 1, baja_en: null });
    expect(await auditoria(ctx.db)).toHaveLength(antes);

    // With another administrador active, it may go.
    expect(
      personal(ctx, ['alta', 'otra', '--nombre', 'Otra', '--rol', 'administrador'], `${CONTRASENA}\n`).codigo,
    ).toBe(0);
    expect(personal(ctx, ['baja', 'unica']).codigo).toBe(0);
    expect(await cuenta(ctx, 'unica')).toMatchObject({ activo: 0 });
  });
});
