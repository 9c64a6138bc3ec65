// Verifications at the source are personal data (producto §17, producto §13), on both engines:
// the access export carries each one — the superseded too — with its note in datos.json and its
// evidence file in the ZIP (the bytes recorded); a deletion takes the rows and the evidence
// objects from the store, and nothing more is verified on the deleted application. Until then the
// draft sweep keeps the evidence and a backup copies it. That no byte
// of a note or of an evidence is left in any file is tests/server/datos-sin-copias.test.ts.
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { CONSULTA_DE_DOCUMENTOS, comoFila } from '../../scripts/respaldo/filas.js';
import { barrerBorradores } from '../../server/tareas/barrido.js';
import { TEXTOS_DATOS_PERSONALES } from '../../domain/index.js';
import { hoyArgentino } from '../../domain/verificacion-fuente.js';
import * as archivos from './ayuda/archivos.js';
import type { Navegador } from './ayuda/cliente.js';
import { conCadaBase } from './ayuda/contexto.js';
import { TITULAR, datosDe, leerZip, sha256, url } from './ayuda/exportacion.js';
import { ENTORNO_GESTION, enviarSolicitud, idDeSolicitud } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';
import { verificar } from './ayuda/verificacion-fuente.js';

conCadaBase(
  'verificado en la fuente: exportación y supresión',
  (ctx) => {
    let admin: Navegador;
    let numero: string;
    const hoy = hoyArgentino();
    const primera = archivos.pdfConTexto('Constancia del Colegio de Médicos para el titular');
    const segunda = archivos.png(4, 4);
    const evidencias = async () =>
      (
        await ctx.db
          .selectFrom('verificaciones')
          .select('evidencia_archivo')
          .where('solicitud_id', '=', await idDeSolicitud(ctx, numero))
          .execute()
      ).map((f) => f.evidencia_archivo);

    beforeAll(async () => {
      admin = await ingresarComo(ctx, 'administradora', 'administrador');
      numero = (await enviarSolicitud(ctx, TITULAR)).numero;
      const r1 = await verificar(
        admin,
        numero,
        'TituloMedico',
        { fuente: 'colegio', fecha: hoy, nota: 'Llamé al Colegio: el titular figura.' },
        { nombre: 'TituloMedico.pdf', contenido: primera },
      );
      expect(r1.statusCode, r1.body).toBe(201);
      const r2 = await verificar(
        admin,
        numero,
        'TituloMedico',
        { fuente: 'sisa', fecha: hoy },
        { nombre: 'TituloMedico.png', contenido: segunda },
      );
      expect(r2.statusCode, r2.body).toBe(201);
    });

    it('la exportación trae cada verificación con su nota y su evidencia', async () => {
      const r = await admin.get(url(numero));
      expect(r.statusCode, r.body).toBe(200);
      const zip = await leerZip(r.rawPayload);
      const s = datosDe(zip).solicitudes.find((x) => x.numero === numero)!;
      expect(s.verificaciones).toMatchObject([
        {
          documento: 'TituloMedico',
          label: 'Título de médico',
          fuente: 'Colegio de Médicos',
          fecha: hoy,
          usuario: 'administradora',
          nota: 'Llamé al Colegio: el titular figura.',
          evidencia: {
            archivo: `documentos/${numero}/verificaciones/1-${numero}-TituloMedico-verificacion.pdf`,
            mime: 'application/pdf',
            bytes: primera.length,
            sha256: sha256(primera),
          },
        },
        {
          fuente: 'SISA/REFEPS',
          nota: null,
          evidencia: {
            archivo: `documentos/${numero}/verificaciones/2-${numero}-TituloMedico-verificacion.png`,
          },
        },
      ]);
      for (const [v, bytes] of [
        [s.verificaciones[0]!, primera],
        [s.verificaciones[1]!, segunda],
      ] as const) {
        const entrada = zip.get(v.evidencia!.archivo);
        expect(entrada, v.evidencia!.archivo).toBeDefined();
        expect(sha256(entrada!.bytes)).toBe(sha256(bytes));
      }
    });

    it('el barrido no toma una evidencia por huérfana, y el respaldo la copia', async () => {
      const guardadas = (await evidencias()) as string[];
      // Two hours later: every file of the store is old enough for the sweep to judge it.
      await barrerBorradores(
        ctx.db,
        ctx.app.documentos,
        ctx.entorno.config.draftMaxAgeHours,
        new Date(Date.now() + 2 * 3_600_000),
      );
      const enElAlmacen = new Set((await ctx.app.documentos.listar()).map((d) => d.nombre));
      for (const nombre of guardadas) expect(enElAlmacen.has(nombre), nombre).toBe(true);
      const delRespaldo = (
        await sql.raw<Record<string, unknown>>(CONSULTA_DE_DOCUMENTOS).execute(ctx.db)
      ).rows.map(comoFila);
      for (const nombre of guardadas)
        expect(delRespaldo.find((f) => f.archivo === nombre)).toMatchObject({ enviado: true });
    });

    it('la supresión borra las verificaciones y sus evidencias del almacén', async () => {
      const guardadas = await evidencias();
      expect(guardadas).toHaveLength(2);
      const r = await admin.post('/api/gestion/datos-personales/supresion', {
        dni: TITULAR.dni,
        confirmacion: TITULAR.dni,
        motivo: 'Pedido del titular.',
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(await evidencias()).toEqual([]);
      const enElAlmacen = new Set((await ctx.app.documentos.listar()).map((d) => d.nombre));
      for (const nombre of guardadas) expect(enElAlmacen.has(nombre!), nombre!).toBe(false);
      // Nothing more is verified on it.
      const despues = await verificar(admin, numero, 'TituloMedico');
      expect(despues.statusCode).toBe(409);
      expect(despues.json()).toEqual({
        error: 'DATOS_SUPRIMIDOS',
        message: TEXTOS_DATOS_PERSONALES.yaSuprimida,
      });
    });
  },
  ENTORNO_GESTION,
);
