// POST /api/v2/estado (producto §11, producto §14): the right number + DNI → the status label
// and the instant of the last change, and for Observada the observed documents' labels, the
// deadline and whether the link can be sent again — never free text written by staff; every wrong pair → the
// same 404; never personal data; anti-forgery; no caching; a per-client limit in the database on
// its own count. POST /api/v2/estado/reenviar-enlace: a new link to the e-mail on file, the old
// one answering 410, one outbox row and one audit row; any pair it cannot serve → the lookup's 404
// with nothing written; its own limit.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENTOS,
  ESTADOS,
  TEXTOS_SEGUIMIENTO,
  type RespuestaEstado,
  type RespuestaEstadoPublica,
} from '../../domain/index.js';
import { MENSAJES_HTTP } from '../../server/errores.js';
import { hashDeToken } from '../../server/solicitud/tokens.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import { ENTORNO_GESTION, enviarSolicitud, idDeSolicitud } from './ayuda/gestion-solicitudes.js';
import { auditoriaDe, ingresarComo } from './ayuda/personal.js';

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

/** A staff writing no lookup may show: it stands for the reason and the notes. */
const MARCA = 'MARCA-DEL-PERSONAL-7Q';
const rotulo = (clave: string) => DOCUMENTOS.find((d) => d.key === clave)!.label;

/** What a refused resend must leave as it was: the outbox, the audit, the retired links, the links. */
async function huella(ctx: Contexto) {
  const contar = async (tabla: 'correos' | 'auditoria' | 'enlaces_retirados') =>
    Number(
      (await ctx.db.selectFrom(tabla).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
    );
  const enlaces = await ctx.db.selectFrom('correcciones').select(['id', 'token_hash']).orderBy('id').execute();
  return {
    correos: await contar('correos'),
    auditoria: await contar('auditoria'),
    retirados: await contar('enlaces_retirados'),
    enlaces: JSON.stringify(enlaces),
  };
}

conCadaBase(
  'seguimiento: lo que dice cada estado y el reenvío del enlace de corrección',
  (ctx) => {
    let admin: Navegador;
    let nav: Navegador;

    const consultar = (numeroSolicitud: string, dni: string) => nav.post('/api/v2/estado', { numeroSolicitud, dni });
    const reenviar = (numeroSolicitud: string, dni: string, quien: Navegador = nav) =>
      quien.post('/api/v2/estado/reenviar-enlace', { numeroSolicitud, dni });
    const mover = async (numero: string, desde: string, hacia: string, extra: object = {}) => {
      const r = await admin.post(`/api/gestion/solicitudes/${numero}/estado`, { desde, hacia, ...extra });
      expect(r.statusCode, r.body).toBe(200);
    };
    const anotar = async (numero: string) => {
      const r = await admin.post(`/api/gestion/solicitudes/${numero}/notas`, { texto: `Nota interna ${MARCA}` });
      expect(r.statusCode, r.body).toBeLessThan(300);
    };
    /** The raw tokens in the outbox rows of `tipo` for an application, oldest first. */
    const tokensEnCorreos = async (numero: string, tipo: 'observada' | 'enlace_correccion') =>
      (
        await ctx.db
          .selectFrom('correos')
          .select(['datos', 'para'])
          .where('tipo', '=', tipo)
          .where('solicitud_id', '=', await idDeSolicitud(ctx, numero))
          .orderBy('creado_ms')
          .execute()
      ).map((f) => ({ para: f.para, ...(JSON.parse(f.datos) as { token: string; documentos: string[]; plazo: string }) }));
    /** A new application moved to Observada with a reason holding MARCA; answers its link's token. */
    const observada = async (documentos: string[]) => {
      const { numero } = await enviarSolicitud(ctx);
      await anotar(numero);
      await mover(numero, 'recibida', 'en_revision');
      await mover(numero, 'en_revision', 'observada', { motivo: `La póliza está vencida. ${MARCA}`, documentos });
      const [correo] = await tokensEnCorreos(numero, 'observada');
      return { numero, token: correo!.token };
    };
    const emailDe = async (numero: string) =>
      (await ctx.db.selectFrom('solicitudes').select('email').where('numero', '=', numero).executeTakeFirstOrThrow())
        .email;
    const NO_ENCONTRADA = { error: 'NO_ENCONTRADO', message: TEXTOS_SEGUIMIENTO.estadoNoEncontrado };

    beforeAll(async () => {
      admin = await ingresarComo(ctx, 'ana.admin', 'administrador');
      nav = await ctx.navegador().abrir();
    });

    it('Observada: the observed documents\' labels in the order of the form, the deadline, the resend offered; no reason, no note', async () => {
      const { numero } = await observada(['PolizaMalaPraxis', 'DniAnverso']);
      const fila = await ctx.db
        .selectFrom('correcciones')
        .select('plazo')
        .where('solicitud_id', '=', await idDeSolicitud(ctx, numero))
        .executeTakeFirstOrThrow();
      const r = await consultar(numero, '30.111.222');
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['cache-control']).toBe('no-store');
      const cuerpo = r.json<RespuestaEstadoPublica>();
      expect(cuerpo).toMatchObject({ estado: 'observada', etiqueta: ESTADOS.observada });
      expect(cuerpo.observada).toEqual({
        documentos: [rotulo('DniAnverso'), rotulo('PolizaMalaPraxis')],
        plazo: fila.plazo,
        puedeReenviar: true,
      });
      expect(fila.plazo).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.body).not.toContain(MARCA);
      expect(r.body).not.toContain('vencida');
      expect(r.body).not.toContain('@');
      expect(Object.keys(cuerpo).sort()).toEqual(['desde', 'estado', 'etiqueta', 'observada']);
    });

    it('Rechazada and Aprobada: the status only (the page holds the fixed texts); no reason, no note', async () => {
      const rechazada = (await enviarSolicitud(ctx)).numero;
      await anotar(rechazada);
      await mover(rechazada, 'recibida', 'en_revision');
      await mover(rechazada, 'en_revision', 'rechazada', { motivo: `No es socio. ${MARCA}` });
      const aprobada = (await enviarSolicitud(ctx)).numero;
      await anotar(aprobada);
      await mover(aprobada, 'recibida', 'en_revision');
      await mover(aprobada, 'en_revision', 'aprobada', { motivo: `Todo en orden. ${MARCA}` });
      for (const [numero, estado] of [
        [rechazada, 'rechazada'],
        [aprobada, 'aprobada'],
      ] as const) {
        const r = await consultar(numero, '30111222');
        expect(r.statusCode, r.body).toBe(200);
        expect(r.json()).toMatchObject({ estado, etiqueta: ESTADOS[estado] });
        expect(Object.keys(r.json()).sort()).toEqual(['desde', 'estado', 'etiqueta']);
        expect(r.body).not.toContain(MARCA);
      }
    });

    it('Observada past its deadline: the deadline without the resend, and a resend is the same 404 with nothing written', async () => {
      const { numero, token } = await observada(['TituloMedico']);
      await ctx.db
        .updateTable('correcciones')
        .set({ vence_ms: Date.now() - 1 })
        .where('token_hash', '=', hashDeToken(token))
        .execute();
      const r = await consultar(numero, '30111222');
      expect(r.json<RespuestaEstadoPublica>().observada).toMatchObject({
        documentos: [rotulo('TituloMedico')],
        puedeReenviar: false,
      });
      const antes = await huella(ctx);
      const reenvio = await reenviar(numero, '30111222');
      expect(reenvio.statusCode).toBe(404);
      expect(reenvio.json()).toEqual(NO_ENCONTRADA);
      expect(await huella(ctx)).toEqual(antes);
    });

    it('resend: a new link to the e-mail on file, the old one 410, one outbox row and one audit row', async () => {
      const { numero, token: viejo } = await observada(['PolizaMalaPraxis', 'DniAnverso']);
      const plazo = (await consultar(numero, '30111222')).json<RespuestaEstadoPublica>().observada!.plazo;
      expect((await nav.get(`/api/v2/correcciones/${viejo}`)).statusCode).toBe(200);
      const email = await emailDe(numero);
      const antes = await huella(ctx);

      let r!: Awaited<ReturnType<typeof reenviar>>;
      const filas = await auditoriaDe(ctx.db, async () => {
        r = await reenviar(numero.toLowerCase(), '30.111.222');
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.json()).toEqual({ enviado: true });
      // The address is never shown.
      expect(r.body).not.toContain(email);
      expect(r.body).not.toContain('@');

      expect(filas).toHaveLength(1);
      expect(filas[0]).toMatchObject({ usuario: null, accion: 'reenvio_enlace', objeto: numero });
      expect(JSON.stringify(filas[0])).not.toContain(email);

      const correos = await tokensEnCorreos(numero, 'enlace_correccion');
      expect(correos).toHaveLength(1);
      const [correo] = correos;
      expect(correo!.para).toBe(email);
      expect(correo!.documentos).toEqual(['DniAnverso', 'PolizaMalaPraxis']);
      expect(correo!.plazo).toBe(plazo);
      expect(correo!.token).not.toBe(viejo);
      const despues = await huella(ctx);
      expect(despues.correos).toBe(antes.correos + 1);
      expect(despues.retirados).toBe(antes.retirados + 1);

      // Only the new hash is stored; the new link works, the old one is used up (410, not 404).
      const enlace = await ctx.db
        .selectFrom('correcciones')
        .select(['token_hash', 'plazo', 'usada_en'])
        .where('solicitud_id', '=', await idDeSolicitud(ctx, numero))
        .executeTakeFirstOrThrow();
      expect(enlace).toEqual({ token_hash: hashDeToken(correo!.token), plazo, usada_en: null });
      const nuevo = await nav.get(`/api/v2/correcciones/${correo!.token}`);
      expect(nuevo.statusCode, nuevo.body).toBe(200);
      expect(nuevo.json()).toMatchObject({ numeroSolicitud: numero, plazo });
      const anterior = await nav.get(`/api/v2/correcciones/${viejo}`);
      expect(anterior.statusCode).toBe(410);
      expect(anterior.json()).toMatchObject({ message: TEXTOS_SEGUIMIENTO.enlaceUsadoOVencido });

      // The status lookup still offers it, with the same deadline; a second resend retires the second link.
      expect((await consultar(numero, '30111222')).json<RespuestaEstadoPublica>().observada).toMatchObject({
        plazo,
        puedeReenviar: true,
      });
      expect((await reenviar(numero, '30111222')).statusCode).toBe(200);
      const [, tercero] = await tokensEnCorreos(numero, 'enlace_correccion');
      expect((await nav.get(`/api/v2/correcciones/${correo!.token}`)).statusCode).toBe(410);
      expect((await nav.get(`/api/v2/correcciones/${tercero!.token}`)).statusCode).toBe(200);
    });

    it('a wrong pair, an application not in Observada or with its link used: the lookup\'s 404, nothing written', async () => {
      const { numero, token } = await observada(['DniReverso']);
      const recibida = (await enviarSolicitud(ctx, { dni: '28999888', matricula: '6789' })).numero;
      const usada = await observada(['DniAnverso']);
      await ctx.db
        .updateTable('correcciones')
        .set({ usada_en: new Date().toISOString() })
        .where('token_hash', '=', hashDeToken(usada.token))
        .execute();
      const antes = await huella(ctx);
      const cuerpos = new Set<string>();
      for (const [n, dni] of [
        [numero, '30111223'], // wrong DNI
        [numero, '28999888'], // another application's DNI
        ['AMR-ZZZZZZ', '30111222'], // unknown number
        ['AMR-IIIIII', '30111222'], // cannot be a number
        [numero, '123'], // cannot be a DNI
        [recibida, '28999888'], // the right pair, not in Observada
        [usada.numero, '30111222'], // the right pair, its link already used
      ] as const) {
        const r = await reenviar(n, dni);
        expect(r.statusCode, `${n} ${dni}`).toBe(404);
        expect(r.json()).toEqual(NO_ENCONTRADA);
        cuerpos.add(r.body);
      }
      expect(cuerpos.size).toBe(1);
      // The lookup's own wrong pair answers the very same body.
      expect((await consultar(numero, '30111223')).body).toBe([...cuerpos][0]);
      expect(await huella(ctx)).toEqual(antes);
      expect((await nav.get(`/api/v2/correcciones/${token}`)).statusCode).toBe(200);
    });

    it('validates the request like the lookup and needs the anti-forgery token', async () => {
      const { numero } = await observada(['DniReverso']);
      const antes = await huella(ctx);
      for (const cuerpo of [{}, { numeroSolicitud: numero }, { numeroSolicitud: numero, dni: '30111222x' }, { numeroSolicitud: numero, dni: '30111222', email: 'x@y.z' }]) {
        const r = await nav.post('/api/v2/estado/reenviar-enlace', cuerpo);
        expect(r.statusCode, JSON.stringify(cuerpo)).toBe(400);
      }
      const sinToken = await ctx.navegador().abrir();
      sinToken.enviarXsrf = false;
      const r = await reenviar(numero, '30111222', sinToken);
      expect(r.statusCode).toBe(403);
      expect(r.json().error).toBe('ANTIFALSIFICACION');
      expect(await huella(ctx)).toEqual(antes);
    });
  },
  ENTORNO_GESTION,
);

conCadaBase(
  'seguimiento: reenvío del enlace limitado por cliente',
  (ctx) => {
    it('after DNI_CHECK_MAX resends: 429, counted in the database on its own key; the lookup keeps its budget', async () => {
      const { numero } = await enviarSolicitud(ctx);
      const nav = await ctx.navegador().abrir();
      for (let i = 0; i < 3; i++) {
        const r = await nav.post('/api/v2/estado/reenviar-enlace', { numeroSolicitud: numero, dni: '30111222' });
        expect(r.statusCode, `reenvío ${i + 1}`).toBe(404);
      }
      const r = await nav.post('/api/v2/estado/reenviar-enlace', { numeroSolicitud: numero, dni: '30111222' });
      expect(r.statusCode).toBe(429);
      expect(r.json()).toEqual({ error: 'DEMASIADOS_INTENTOS', message: MENSAJES_HTTP.demasiadosIntentos });
      expect(r.headers['cache-control']).toBe('no-store');
      const fila = await ctx.db
        .selectFrom('contadores')
        .select('valor')
        .where('clave', 'like', 'reenvio-enlace|%')
        .executeTakeFirstOrThrow();
      expect(Number(fila.valor)).toBeGreaterThanOrEqual(4);
      await ctx.reiniciar();
      const otro = await ctx.navegador().abrir();
      expect(
        (await otro.post('/api/v2/estado/reenviar-enlace', { numeroSolicitud: numero, dni: '30111222' })).statusCode,
      ).toBe(429);
      expect((await otro.post('/api/v2/estado', { numeroSolicitud: numero, dni: '30111222' })).statusCode).toBe(200);
    });
  },
  { ...ENTORNO_GESTION, DNI_CHECK_MAX: '3' },
);
