// solicitud/crear is not a second padrón oracle: without a draft or its
// documents it refuses before any padrón look-up; the look-ups of crear and of the DNI check
// spend one budget per client, kept in the database (a restart or a second process neither
// resets nor multiplies it). And a document replaced between crear's read and its insert is a
// 409, never a 500.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { ErrorDeDominio } from '../../server/errores.js';
import { insertar } from '../../server/solicitud/solicitudes.js';
import { ejemploDatosSocio } from '../../server/solicitud/rutas/ejemplo.js';
import { Navegador } from './ayuda/cliente.js';
import { conCadaBase } from './ayuda/contexto.js';
import { cuerpoSolicitud, partesRequeridas, subirRequeridos } from './ayuda/solicitud.js';

const comprobar = (dni: string, matricula: string) =>
  `/api/v2/solicitud/comprobarDniMatricula/${dni}/${matricula}/1`;
const NO_SOCIO = { dni: '40111222', matricula: '777' };

conCadaBase(
  'presupuesto del padrón',
  (ctx) => {
    it('sin borrador, o sin los documentos requeridos, crear no consulta el padrón ni gasta el presupuesto', async () => {
      const sinBorrador = await ctx.navegador().abrir();
      for (const datos of [{}, NO_SOCIO, {}, NO_SOCIO, {}]) {
        const r = await sinBorrador.post('/api/v2/solicitud/crear', cuerpoSolicitud([], datos));
        expect(r.statusCode).toBe(400);
        // Nothing about the pair: only what is missing.
        expect(Object.keys(r.json().fields)).toEqual(['adjuntos']);
      }
      const incompleto = await ctx.navegador().abrir();
      const subida = await incompleto.subir(partesRequeridas().slice(0, 3));
      expect(subida.statusCode).toBe(200);
      const r = await incompleto.post('/api/v2/solicitud/crear', cuerpoSolicitud(subida.json(), NO_SOCIO));
      expect(r.statusCode).toBe(400);
      expect(Object.keys(r.json().fields)).toEqual(['adjuntos']);

      // The whole budget (3) is still there.
      for (let i = 0; i < 3; i++)
        expect((await ctx.app.inject(comprobar('30111222', '12345'))).statusCode).toBe(200);
      expect((await ctx.app.inject(comprobar('30111222', '12345'))).statusCode).toBe(429);
    });
  },
  { DNI_CHECK_MAX: '3' },
);

conCadaBase(
  'un presupuesto para las dos rutas',
  (ctx) => {
    it('crear con sus documentos gasta del mismo presupuesto que la comprobación, y lo dice con 429', async () => {
      const nav = new Navegador(() => ctx.app);
      const adjuntos = await subirRequeridos(nav);
      expect((await nav.get(comprobar(NO_SOCIO.dni, NO_SOCIO.matricula))).json()).toBe(false);
      const noSocio = await nav.post('/api/v2/solicitud/crear', cuerpoSolicitud(adjuntos, NO_SOCIO));
      expect(noSocio.statusCode).toBe(400);
      expect(noSocio.json().fields['datosSocio.dni']).toBeDefined();
      // Two of three spent: one check left, then both routes refuse.
      expect((await nav.get(comprobar('30111222', '12345'))).statusCode).toBe(200);
      const agotado = await nav.post('/api/v2/solicitud/crear', cuerpoSolicitud(adjuntos));
      expect(agotado.statusCode).toBe(429);
      expect(agotado.json()).toMatchObject({ error: 'DEMASIADOS_INTENTOS' });
      expect(agotado.json().fields).toBeUndefined();
      expect(Number(agotado.headers['retry-after'])).toBeGreaterThan(0);
      expect((await nav.get(comprobar('30111222', '12345'))).statusCode).toBe(429);
    });

    it('la cuenta sigue tras reiniciar y la comparte otro proceso sobre la misma base', async () => {
      await ctx.reiniciar();
      expect((await ctx.app.inject(comprobar('30111222', '12345'))).statusCode).toBe(429);
      const otro = await buildApp(ctx.entorno.config);
      try {
        expect((await otro.inject(comprobar('30111222', '12345'))).statusCode).toBe(429);
        // Another client has its own budget.
        const ajeno = await otro.inject({ url: comprobar('30111222', '12345'), remoteAddress: '10.9.9.9' });
        expect(ajeno.statusCode).toBe(200);
      } finally {
        await otro.close();
      }
    });
  },
  { DNI_CHECK_MAX: '3' },
);

conCadaBase(
  'clientes IPv6',
  (ctx) => {
    it('las direcciones de un mismo /64 comparten presupuesto; otro /64 tiene el suyo', async () => {
      const desde = (remoteAddress: string) =>
        ctx.app.inject({ url: comprobar('30111222', '12345'), remoteAddress });
      expect((await desde('2001:db8::1')).statusCode).toBe(200);
      expect((await desde('2001:db8:0:0:ffff::2')).statusCode).toBe(200);
      expect((await desde('2001:0db8:0000:0000:1234:5678:9abc:def0')).statusCode).toBe(429);
      expect((await desde('2001:db8:0:1::1')).statusCode).toBe(200);
    });
  },
  { DNI_CHECK_MAX: '2' },
);

conCadaBase('documento reemplazado durante el envío', (ctx) => {
  it('si un documento deja de existir entre la lectura y el alta, la respuesta es 409 y no queda nada', async () => {
    const nav = new Navegador(() => ctx.app);
    await subirRequeridos(nav);
    const borrador = await ctx.db.selectFrom('borradores').select('id').executeTakeFirstOrThrow();
    const documentos = await ctx.db
      .selectFrom('documentos')
      .select(['id', 'clave', 'extension'])
      .where('borrador_id', '=', borrador.id)
      .execute();
    // What crearSolicitud read; then an upload replaced the first document (its row is gone).
    const leidos = documentos.map((d) => ({ ...d, nombre: `${d.clave}.${d.extension}` }));
    leidos[0] = { ...leidos[0]!, id: randomUUID() };
    const datos = {
      datosSocio: ejemploDatosSocio(),
      equipos: [],
      adjuntos: leidos,
    } as unknown as Parameters<typeof insertar>[3];
    const error = await insertar(ctx.db, borrador.id, 'huella', datos).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorDeDominio);
    expect((error as ErrorDeDominio).tipo).toBe('conflicto');
    expect((error as ErrorDeDominio).message).toContain('Intentá nuevamente');
    expect(await ctx.db.selectFrom('solicitudes').select('id').execute()).toHaveLength(0);
  });
});
