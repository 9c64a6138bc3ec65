// GET /api/gestion/tablero (producto §15) on both engines, against applications whose answers are
// known: every "Para hoy" count, and the inbox with that option (`?hoy=`) finding exactly those
// applications (its CSV too; `?vence=30` as before); applications per status; open ones per
// Responsable and status; "Tiempo de resolución" per Argentine month — its buckets, its median and
// 90th percentile, and the days in Observada left out.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Estado, PaginaBandeja } from '../../domain/index.js';
import { OPCIONES_PARA_HOY, type ParaHoy, type Tablero } from '../../domain/para-hoy.js';
import { recalcularTiempos } from '../../server/ciclo-de-vida/tiempos.js';
import { diaArgentino } from '../../server/correcciones/plazo.js';
import { tablero } from '../../server/gestion/tablero.js';
import { recalcularVigenciaMinima, sumarDias } from '../../server/gestion/vigencias.js';
import * as archivos from './ayuda/archivos.js';
import { corregirSolicitud } from './ayuda/correccion.js';
import { conCadaBase } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import { ENTORNO_GESTION, idDeSolicitud, sembrar } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';

/** Long before any review deadline: what entered its status then is Demorada now. */
const HACE_MUCHO = '2025-03-03T13:00:00.000Z';

conCadaBase(
  'gestión: tablero',
  (ctx) => {
    let revisora: Navegador;
    let admin: Navegador;
    /** The applications of each case, by name. */
    const n: Record<string, string> = {};

    const idDe = (numero: string) => idDeSolicitud(ctx, numero);
    const poner = async (
      numero: string,
      cambios: { estado?: Estado; estado_desde?: string; responsable?: string },
    ) => {
      const { responsable, ...columnas } = cambios;
      const responsable_id = responsable
        ? (
            await ctx.db
              .selectFrom('personal')
              .select('id')
              .where('usuario', '=', responsable)
              .executeTakeFirstOrThrow()
          ).id
        : undefined;
      await ctx.db
        .updateTable('solicitudes')
        .set({ ...columnas, ...(responsable_id ? { responsable_id } : {}) })
        .where('numero', '=', numero)
        .execute();
    };
    /** Records "Vigencia hasta" of one document of an application, as a seed would (no audit). */
    const vigencia = async (numero: string, clave: string, hasta: string) => {
      const id = await idDe(numero);
      const doc = await ctx.db
        .selectFrom('solicitud_documentos as sd')
        .innerJoin('documentos as d', 'd.id', 'sd.documento_id')
        .select('sd.documento_id')
        .where('sd.solicitud_id', '=', id)
        .where('d.clave', '=', clave)
        .executeTakeFirstOrThrow();
      await ctx.db
        .updateTable('solicitud_documentos')
        .set({ vigente_hasta: hasta })
        .where('solicitud_id', '=', id)
        .where('documento_id', '=', doc.documento_id)
        .execute();
      await recalcularVigenciaMinima(ctx.db, [id]);
    };
    const observar = async (numero: string) => {
      await poner(numero, { estado: 'en_revision' });
      const r = await revisora.post(`/api/gestion/solicitudes/${numero}/estado`, {
        desde: 'en_revision',
        hacia: 'observada',
        motivo: 'La póliza no se lee.',
        documentos: ['PolizaMalaPraxis'],
      });
      expect(r.statusCode, r.body).toBe(200);
    };
    const vencerPlazo = async (numero: string) =>
      ctx.db
        .updateTable('correcciones')
        .set({ vence_ms: Date.now() - 60_000 })
        .where('solicitud_id', '=', await idDe(numero))
        .execute();
    const pedirTablero = async (nav: Navegador): Promise<Tablero> => {
      const r = await nav.get('/api/gestion/tablero');
      expect(r.statusCode, r.body).toBe(200);
      return r.json<Tablero>();
    };
    const bandeja = async (consulta: string): Promise<PaginaBandeja> => {
      const r = await revisora.get(`/api/gestion/solicitudes?${consulta}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<PaginaBandeja>();
    };

    /** What each option must find, by case name. */
    const ESPERADAS: Record<ParaHoy, string[]> = {
      nuevas: ['nuevaReciente', 'nuevaVieja'],
      corregidas: ['corregidaReciente', 'corregidaVieja'],
      demoradas: ['nuevaVieja', 'tomadaVieja', 'revisionVieja', 'corregidaVieja'],
      plazo_vencido: ['observadaVencida', 'observadaViejaVencida'],
      vence30: ['aprobadaVencePronto', 'revisionVenceHoyYVencida'],
      vencidas: ['aprobadaVencida', 'revisionVenceHoyYVencida'],
      // Re-credentialing (producto §17: tests/server/recredencializacion.test.ts): none here.
      recredencializaciones: [],
      recredencializacion_vencida: [],
      // Re-attestation (producto §17: tests/server/confirmacion.test.ts): none here.
      sin_confirmar: [],
    };

    beforeAll(async () => {
      revisora = await ingresarComo(ctx, 'revisora', 'revisor');
      admin = await ingresarComo(ctx, 'administradora', 'administrador');
      const casos = [
        'nuevaReciente',
        'nuevaVieja',
        'tomadaVieja',
        'revisionVieja',
        'revisionReciente',
        'corregidaReciente',
        'corregidaVieja',
        'observadaVencida',
        'observadaVigente',
        'observadaViejaVencida',
        'aprobadaVencida',
        'rechazadaVencida',
        'aprobadaVencePronto',
        'revisionVenceHoyYVencida',
      ];
      const numeros = await sembrar(
        ctx,
        casos.map((c) => ({ apellidoynombre: `Tablero, ${c}` })),
      );
      casos.forEach((c, i) => (n[c] = numeros[i]!));
      const ahora = new Date().toISOString();
      const hoy = diaArgentino(new Date());
      await poner(n.nuevaReciente!, { estado: 'recibida', estado_desde: ahora });
      await poner(n.nuevaVieja!, { estado: 'recibida', estado_desde: HACE_MUCHO });
      await poner(n.tomadaVieja!, { estado: 'recibida', estado_desde: HACE_MUCHO, responsable: 'revisora' });
      await poner(n.revisionVieja!, {
        estado: 'en_revision',
        estado_desde: HACE_MUCHO,
        responsable: 'revisora',
      });
      await poner(n.revisionReciente!, {
        estado: 'en_revision',
        estado_desde: ahora,
        responsable: 'administradora',
      });
      await poner(n.corregidaReciente!, { estado: 'corregida', estado_desde: ahora });
      await poner(n.corregidaVieja!, { estado: 'corregida', estado_desde: HACE_MUCHO });
      for (const c of ['observadaVencida', 'observadaVigente', 'observadaViejaVencida'])
        await observar(n[c]!);
      await vencerPlazo(n.observadaVencida!);
      await vencerPlazo(n.observadaViejaVencida!);
      // Observada waits on the applicant: however long, it is not Demorada.
      await poner(n.observadaViejaVencida!, { estado_desde: HACE_MUCHO, responsable: 'revisora' });
      await poner(n.aprobadaVencida!, { estado: 'aprobada', estado_desde: ahora });
      await vigencia(n.aprobadaVencida!, 'PolizaMalaPraxis', sumarDias(hoy, -1));
      await poner(n.rechazadaVencida!, { estado: 'rechazada', estado_desde: ahora });
      await vigencia(n.rechazadaVencida!, 'PolizaMalaPraxis', sumarDias(hoy, -40));
      await poner(n.aprobadaVencePronto!, { estado: 'aprobada', estado_desde: ahora });
      await vigencia(n.aprobadaVencePronto!, 'PolizaMalaPraxis', sumarDias(hoy, 30));
      await poner(n.revisionVenceHoyYVencida!, { estado: 'en_revision', estado_desde: ahora });
      await vigencia(n.revisionVenceHoyYVencida!, 'PolizaMalaPraxis', hoy);
      await vigencia(n.revisionVenceHoyYVencida!, 'ReciboOCarnetArteDeCurar', sumarDias(hoy, -200));
    }, 120_000);

    it('"Para hoy": each count is what its definition says, for a revisor and for an administrador', async () => {
      const t = await pedirTablero(revisora);
      for (const opcion of OPCIONES_PARA_HOY)
        expect(t.paraHoy[opcion], opcion).toBe(ESPERADAS[opcion].length);
      expect(t.plazoRevisionDias).toBe(5);
      expect(await pedirTablero(admin)).toMatchObject({ paraHoy: t.paraHoy });
    });

    it('each option of the inbox\'s "Para hoy" finds what its count says, its CSV too', async () => {
      const t = await pedirTablero(revisora);
      for (const opcion of OPCIONES_PARA_HOY) {
        const pagina = await bandeja(`hoy=${opcion}`);
        expect(pagina.total, opcion).toBe(t.paraHoy[opcion]);
        expect(pagina.filas.map((f) => f.numero).sort(), opcion).toEqual(
          ESPERADAS[opcion].map((c) => n[c]).sort(),
        );
        const csv = await admin.get(`/api/gestion/exportacion.csv?hoy=${opcion}`);
        expect(csv.statusCode, csv.body).toBe(200);
        const lineas = csv.body.split('\r\n').filter((l) => l !== '');
        expect(lineas.length - 1, opcion).toBe(t.paraHoy[opcion]);
        for (const c of ESPERADAS[opcion]) expect(csv.body, `${opcion} ${c}`).toContain(n[c]!);
      }
      // The address saved before the select: `vence=30` is "Vence en 30 días".
      const antes = await bandeja('vence=30');
      expect(antes.filas.map((f) => f.numero).sort()).toEqual(
        (await bandeja('hoy=vence30')).filas.map((f) => f.numero).sort(),
      );
      // With the other filters: the options narrow the search like any filter.
      expect((await bandeja('hoy=demoradas&estado=recibida')).total).toBe(2);
      expect((await bandeja('hoy=demoradas&responsable=revisora')).total).toBe(2);
      expect((await bandeja('hoy=nuevas&q=vieja')).filas.map((f) => f.numero)).toEqual([n.nuevaVieja]);
      // The mark on the row is the filter's own condition.
      expect((await bandeja('hoy=plazo_vencido')).filas.every((f) => f.plazoVencido)).toBe(true);
      expect((await bandeja('q=observadavigente')).filas[0]?.plazoVencido).toBe(false);
      const r = await revisora.get('/api/gestion/solicitudes?hoy=manana');
      expect(r.statusCode).toBe(400);
      expect(r.json().error).toBe('VALIDACION');
    });

    it('counts per status, and the open ones per Responsable and status ("Sin asignar" last)', async () => {
      const t = await pedirTablero(admin);
      expect(t.porEstado).toEqual({
        recibida: 3,
        en_revision: 3,
        observada: 3,
        corregida: 2,
        aprobada: 2,
        rechazada: 1,
      });
      expect(t.estadosAbiertos).toEqual(['recibida', 'en_revision', 'observada', 'corregida']);
      const cero = { recibida: 0, en_revision: 0, observada: 0, corregida: 0 };
      expect(t.porResponsable).toEqual([
        {
          cuenta: { usuario: 'administradora', nombre: 'Cuenta administradora' },
          porEstado: { ...cero, en_revision: 1 },
          total: 1,
        },
        {
          cuenta: { usuario: 'revisora', nombre: 'Cuenta revisora' },
          porEstado: { ...cero, recibida: 1, en_revision: 1, observada: 1 },
          total: 3,
        },
        {
          cuenta: null,
          porEstado: { recibida: 2, en_revision: 1, observada: 2, corregida: 2 },
          total: 7,
        },
      ]);
      // Each count is what the inbox finds with that Responsable and status.
      expect((await bandeja('responsable=revisora&estado=recibida')).total).toBe(1);
      expect((await bandeja('responsable=ninguno&estado=observada')).total).toBe(2);
    });

    it('a disabled account is listed while it holds open applications; an active one with none too', async () => {
      await ingresarComo(ctx, 'sin.nada', 'revisor');
      await ingresarComo(ctx, 'dada.de.baja', 'revisor');
      await poner(n.corregidaReciente!, { responsable: 'dada.de.baja' });
      await ctx.db.updateTable('personal').set({ activo: 0 }).where('usuario', '=', 'dada.de.baja').execute();
      const cuentas = (await pedirTablero(admin)).porResponsable.map((f) => f.cuenta?.usuario ?? null);
      expect(cuentas).toEqual(['administradora', 'dada.de.baja', 'revisora', 'sin.nada', null]);
      await ctx.db
        .updateTable('solicitudes')
        .set({ responsable_id: null })
        .where('numero', '=', n.corregidaReciente!)
        .execute();
      const despues = (await pedirTablero(admin)).porResponsable.map((f) => f.cuenta?.usuario ?? null);
      expect(despues).toEqual(['administradora', 'revisora', 'sin.nada', null]);
    });

    it('"Vencidas" follows the writers of end dates: one recorded by staff, a correction that replaces the document', async () => {
      const antes = (await pedirTablero(admin)).paraHoy.vencidas;
      const [numero] = await sembrar(ctx, [
        { apellidoynombre: 'Tablero, poliza vencida', creadaEn: HACE_MUCHO },
      ]);
      // Through the route staff use (PUT, with the session's cookies and anti-forgery echo).
      const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const xsrf = admin.cookies.get('__Host-XSRF-TOKEN') ?? admin.cookies.get('XSRF-TOKEN');
      const r = await ctx.app.inject({
        method: 'PUT',
        url: `/api/gestion/solicitudes/${numero}/documentos/PolizaMalaPraxis/vigencia`,
        payload: { hasta: sumarDias(diaArgentino(new Date()), -2) },
        headers: { cookie, ...(xsrf ? { 'x-xsrf-token': xsrf } : {}) },
      });
      expect(r.statusCode, r.body).toBe(200);
      expect((await pedirTablero(admin)).paraHoy.vencidas).toBe(antes + 1);
      expect((await bandeja('hoy=vencidas&q=poliza')).filas.map((f) => f.numero)).toEqual([numero]);
      // The applicant replaces the policy: the new one has no end date yet.
      await corregirSolicitud(ctx, numero!, {
        PolizaMalaPraxis: { nombre: 'PolizaMalaPraxis.pdf', contenido: archivos.pdf() },
      });
      expect((await pedirTablero(admin)).paraHoy.vencidas).toBe(antes);
    });

    describe('"Tiempo de resolución"', () => {
      // A fixed clock: the last 12 months are 2025-12 … 2026-11.
      const AHORA = new Date('2026-11-27T15:00:00.000Z');

      /** Bare resolved applications: `dias` working days each, resolved at `en`. */
      const resueltas = async (nombre: string, en: string, dias: number[], estado: Estado = 'aprobada') => {
        const numeros = await sembrar(
          ctx,
          dias.map((_, i) => ({ apellidoynombre: `Resolución ${nombre} ${i}` })),
        );
        for (const [i, numero] of numeros.entries()) {
          await ctx.db
            .updateTable('solicitudes')
            .set({ estado, estado_desde: en, resuelta_en: en, dias_resolucion: dias[i]! })
            .where('numero', '=', numero)
            .execute();
        }
      };

      beforeAll(async () => {
        await resueltas('octubre', '2026-10-15T15:00:00.000Z', [8, 2, 5, 3]);
        await resueltas('noviembre', '2026-11-27T14:00:00.000Z', [1], 'rechazada');
        await resueltas('julio', '2026-07-10T15:00:00.000Z', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        // The edges of a month in Argentina (UTC−3): 03:00 UTC on the 1st is already that month.
        await resueltas('enero', '2026-01-01T03:00:00.000Z', [20]);
        await resueltas('diciembre', '2026-01-01T02:59:59.999Z', [30]);
        // Thirteen months ago: out of the window.
        await resueltas('fuera', '2025-11-30T12:00:00.000Z', [99]);

        // One through its history: sent Tuesday 2026-09-01, En revisión on the 2nd, Observada from
        // the 3rd to the 10th (5 working days), Aprobada on the 15th: 10 working days in all, 5
        // without Observada (September has no national holiday).
        const [numero] = await sembrar(ctx, [
          { apellidoynombre: 'Resolución con historial', creadaEn: '2026-09-01T13:00:00.000Z' },
        ]);
        const id = await idDe(numero!);
        const pasos: [Estado, Estado, string][] = [
          ['recibida', 'en_revision', '2026-09-02T13:00:00.000Z'],
          ['en_revision', 'observada', '2026-09-03T13:00:00.000Z'],
          ['observada', 'corregida', '2026-09-10T13:00:00.000Z'],
          ['corregida', 'aprobada', '2026-09-15T13:00:00.000Z'],
        ];
        await ctx.db
          .insertInto('historial')
          .values(
            pasos.map(([desde, hacia, en]) => ({ id: randomUUID(), solicitud_id: id, desde, hacia, en })),
          )
          .execute();
        await ctx.db.updateTable('solicitudes').set({ estado: 'aprobada' }).where('id', '=', id).execute();
        await recalcularTiempos(ctx.db, [id]);
      }, 120_000);

      it('per Argentine month: the resolved ones, median and 90th percentile in working days', async () => {
        const t = await tablero(ctx.db, { ahora: AHORA, plazoRevisionDias: 5 });
        expect(t.resolucion.map((m) => m.mes)).toEqual([
          '2025-12',
          '2026-01',
          '2026-02',
          '2026-03',
          '2026-04',
          '2026-05',
          '2026-06',
          '2026-07',
          '2026-08',
          '2026-09',
          '2026-10',
          '2026-11',
        ]);
        const mes = (m: string) => t.resolucion.find((r) => r.mes === m);
        expect(mes('2025-12')).toEqual({ mes: '2025-12', resueltas: 1, mediana: 30, p90: 30 });
        expect(mes('2026-01')).toEqual({ mes: '2026-01', resueltas: 1, mediana: 20, p90: 20 });
        expect(mes('2026-02')).toEqual({ mes: '2026-02', resueltas: 0, mediana: null, p90: null });
        // 0…9: the median between 4 and 5; the 90th percentile 9/10 of the way from 8 to 9.
        expect(mes('2026-07')).toEqual({ mes: '2026-07', resueltas: 10, mediana: 4.5, p90: 8.1 });
        // Observada's 5 working days are not counted: 5, not 10.
        expect(mes('2026-09')).toEqual({ mes: '2026-09', resueltas: 1, mediana: 5, p90: 5 });
        // 2, 3, 5, 8: the median 4; the 90th percentile 7/10 of the way from 5 to 8.
        expect(mes('2026-10')).toEqual({ mes: '2026-10', resueltas: 4, mediana: 4, p90: 7.1 });
        expect(mes('2026-11')).toEqual({ mes: '2026-11', resueltas: 1, mediana: 1, p90: 1 });
        expect(t.resolucion.reduce((a, m) => a + m.resueltas, 0)).toBe(18);
      });

      it('through the route: the last 12 months up to today', async () => {
        const t = await pedirTablero(revisora);
        expect(t.resolucion).toHaveLength(12);
        const [anio, mes] = diaArgentino(new Date()).split('-');
        expect(t.resolucion.at(-1)!.mes).toBe(`${anio}-${mes}`);
      });
    });
  },
  ENTORNO_GESTION,
);
