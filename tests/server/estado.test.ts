// POST /api/v2/estado (producto §11): the right number + DNI → the status label and the instant of
// the last change; every wrong pair → the same 404; only the coarse status, never personal data;
// anti-forgery; no caching; a per-client limit in the database on its own count.
import { beforeAll, describe, expect, it } from 'vitest';
import { ESTADOS, TEXTOS_SEGUIMIENTO, type RespuestaEstado } from '../../domain/index.js';
import { MENSAJES_HTTP } from '../../server/errores.js';
import { conCadaBase } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import { ENTORNO_GESTION, enviarSolicitud } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';

const NO_ENCONTRADA = { error: 'NO_ENCONTRADO', message: TEXTOS_SEGUIMIENTO.estadoNoEncontrado };

conCadaBase(
  'seguimiento: consulta de estado',
  (ctx) => {
    let nav: Navegador;
    let perez: string;
    let pena: string;

    const consultar = (numeroSolicitud: string, dni: string, quien: Navegador = nav) =>
      quien.post('/api/v2/estado', { numeroSolicitud, dni });

    const ultimoCambio = async (numero: string) => {
      const fila = await ctx.db
        .selectFrom('historial as h')
        .innerJoin('solicitudes as s', 's.id', 'h.solicitud_id')
        .select((eb) => eb.fn.max('h.en').as('en'))
        .where('s.numero', '=', numero)
        .executeTakeFirstOrThrow();
      return new Date(String(fila.en)).toISOString();
    };

    beforeAll(async () => {
      nav = await ctx.navegador().abrir();
      perez = (await enviarSolicitud(ctx)).numero; // 30111222
      pena = (await enviarSolicitud(ctx, { dni: '28999888', matricula: '6789' })).numero;
    });

    it('el par correcto: el estado, su etiqueta y el instante del último cambio; no-store', async () => {
      const r = await consultar(perez, '30111222');
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.json<RespuestaEstado>()).toEqual({
        estado: 'recibida',
        etiqueta: ESTADOS.recibida,
        desde: await ultimoCambio(perez),
      });
    });

    it('después de un movimiento del personal: el nuevo estado y la fecha del movimiento', async () => {
      const antes = (await consultar(perez, '30111222')).json<RespuestaEstado>().desde;
      await new Promise((listo) => setTimeout(listo, 5));
      const revisor = await ingresarComo(ctx, 'revisora', 'revisor');
      const m = await revisor.post(`/api/gestion/solicitudes/${perez}/estado`, {
        desde: 'recibida',
        hacia: 'en_revision',
      });
      expect(m.statusCode, m.body).toBe(200);
      const despues = (await consultar(perez, '30111222')).json<RespuestaEstado>();
      expect(despues.estado).toBe('en_revision');
      expect(despues.etiqueta).toBe('En revisión');
      expect(despues.desde).toBe(await ultimoCambio(perez));
      expect(Date.parse(despues.desde)).toBeGreaterThan(Date.parse(antes));
    });

    it('acepta el DNI con puntos y el número en minúsculas o sin prefijo', async () => {
      for (const [numero, dni] of [
        [perez, '30.111.222'],
        [perez.toLowerCase(), ' 30111222 '],
        [perez.slice(4), '30111222'],
      ] as const) {
        const r = await consultar(numero, dni);
        expect(r.statusCode, `${numero} ${dni}`).toBe(200);
      }
    });

    it('cualquier par equivocado: el mismo 404, con el mismo cuerpo', async () => {
      const cuerpos = new Set<string>();
      for (const [numero, dni] of [
        [perez, '30111223'], // wrong DNI
        ['AMR-ZZZZZZ', '30111222'], // unknown number
        [perez, '28999888'], // the DNI of another application
        [pena, '30111222'], // the other way round
        ['AMR-IIIIII', '30111222'], // cannot be a number (no I in the alphabet)
        [perez, '123'], // cannot be a DNI
        [perez, '...'],
        ['hola', '30111222'],
      ] as const) {
        const r = await consultar(numero, dni);
        expect(r.statusCode, `${numero} ${dni}`).toBe(404);
        expect(r.json()).toEqual(NO_ENCONTRADA);
        expect(r.headers['cache-control']).toBe('no-store');
        cuerpos.add(r.body);
      }
      expect(cuerpos.size).toBe(1);
    });

    it('no dice nada personal: solo estado, etiqueta y fecha', async () => {
      const r = await consultar(pena, '28999888');
      expect(r.statusCode).toBe(200);
      expect(Object.keys(r.json()).sort()).toEqual(['desde', 'estado', 'etiqueta']);
      for (const dato of ['28999888', '6789', 'Pérez', '@', 'Documentos', pena]) {
        expect(r.body).not.toContain(dato);
      }
    });

    it('valida la forma del pedido (400) y solo acepta POST', async () => {
      for (const cuerpo of [
        {},
        { numeroSolicitud: perez },
        { numeroSolicitud: perez, dni: '' },
        { numeroSolicitud: perez, dni: '3'.repeat(21) },
        { numeroSolicitud: perez, dni: '30111222x' },
        { numeroSolicitud: `${perez}; drop`, dni: '30111222' },
        { numeroSolicitud: perez, dni: '30111222', nombre: 'x' },
      ]) {
        const r = await nav.post('/api/v2/estado', cuerpo);
        expect(r.statusCode, JSON.stringify(cuerpo)).toBe(400);
        expect(r.json().error).toBe('VALIDACION');
      }
      expect((await nav.get('/api/v2/estado')).statusCode).toBe(404);
    });

    it('exige el token anti-falsificación', async () => {
      const sinToken = await ctx.navegador().abrir();
      sinToken.enviarXsrf = false;
      const r = await consultar(perez, '30111222', sinToken);
      expect(r.statusCode).toBe(403);
      expect(r.json().error).toBe('ANTIFALSIFICACION');
      expect(r.body).not.toContain('revisi');
    });
  },
  ENTORNO_GESTION,
);

conCadaBase(
  'seguimiento: consulta de estado limitada por cliente',
  (ctx) => {
    describe('límite', () => {
      let numero: string;
      beforeAll(async () => {
        numero = (await enviarSolicitud(ctx)).numero;
      });

      it('después de DNI_CHECK_MAX consultas responde 429 con el mensaje en castellano, también a un par correcto', async () => {
        const nav = await ctx.navegador().abrir();
        for (let i = 0; i < 4; i++) {
          const r = await nav.post('/api/v2/estado', { numeroSolicitud: numero, dni: i % 2 ? '30111222' : '11111111' });
          expect(r.statusCode, `consulta ${i + 1}`).toBe(i % 2 ? 200 : 404);
        }
        const r = await nav.post('/api/v2/estado', { numeroSolicitud: numero, dni: '30111222' });
        expect(r.statusCode).toBe(429);
        expect(r.json()).toEqual({ error: 'DEMASIADOS_INTENTOS', message: MENSAJES_HTTP.demasiadosIntentos });
        expect(r.headers['cache-control']).toBe('no-store');
        // Another browser from the same address is the same client.
        const otro = await ctx.navegador().abrir();
        expect((await otro.post('/api/v2/estado', { numeroSolicitud: numero, dni: '30111222' })).statusCode).toBe(429);
      });

      it('cuenta en la base de datos (sobrevive a un reinicio) y en su propio presupuesto', async () => {
        const fila = await ctx.db
          .selectFrom('contadores')
          .select(['clave', 'valor'])
          .where('clave', 'like', 'estado|%')
          .executeTakeFirstOrThrow();
        expect(Number(fila.valor)).toBeGreaterThanOrEqual(5);
        await ctx.reiniciar();
        const nav = await ctx.navegador().abrir();
        expect((await nav.post('/api/v2/estado', { numeroSolicitud: numero, dni: '30111222' })).statusCode).toBe(429);
        // The DNI check spends another budget: the lookups did not use it up.
        expect((await nav.get('/api/v2/solicitud/comprobarDniMatricula/30111222/12345/1')).statusCode).toBe(200);
      });
    });
  },
  { ...ENTORNO_GESTION, DNI_CHECK_MAX: '4' },
);
