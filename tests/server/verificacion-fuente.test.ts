// "Verificado en la fuente" (producto §17) against the real API on SQLite and PostgreSQL: staff
// record a verification (source, day, who — the session's account —, note, evidence file judged
// like a document), the detail shows it, its audit row is written with it; the field messages are
// the dialog's (domain/verificacion-fuente.ts); the evidence follows the upload's rules; and approval is
// refused, with a 409 naming the documents, until the documents of VERIFICACION_REQUERIDA
// (default TituloMedico, ResolucionEspecialidad) are verified. Four eyes: tests/server/
// verificacion-fuente-propuestas.test.ts; export and deletion: verificacion-fuente-datos.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES, TAMANIO_MAXIMO_ARCHIVO, type DetalleSolicitud } from '../../domain/index.js';
import {
  LARGO_MAXIMO_NOTA_VERIFICACION,
  MENSAJES_VERIFICACION,
  TEXTOS_VERIFICACION,
  hoyArgentino,
} from '../../domain/verificacion-fuente.js';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import { diaArgentino } from '../../server/correcciones/plazo.js';
import { MENSAJES_HTTP, MOTIVOS_ARCHIVO } from '../../server/errores.js';
import { sumarDias } from '../../server/gestion/vigencias.js';
import * as archivos from './ayuda/archivos.js';
import type { Navegador } from './ayuda/cliente.js';
import { conCadaBase } from './ayuda/contexto.js';
import { sha256 } from './ayuda/exportacion.js';
import { ENTORNO_GESTION, enviarSolicitud, idDeSolicitud } from './ayuda/gestion-solicitudes.js';
import { auditoriaDe, ingresarComo } from './ayuda/personal.js';
import { verificar } from './ayuda/verificacion-fuente.js';

/** ENTORNO_GESTION without its VERIFICACION_REQUERIDA: this file tests the default. */
const { VERIFICACION_REQUERIDA: _sinRequisito, ...ENTORNO } = ENTORNO_GESTION;

conCadaBase(
  'verificado en la fuente',
  (ctx) => {
    let revisora: Navegador;
    let admin: Navegador;
    const hoy = hoyArgentino();

    const detalle = async (numero: string, nav: Navegador = admin) => {
      const r = await nav.get(`/api/gestion/solicitudes/${numero}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<DetalleSolicitud>();
    };
    const filas = async (numero: string) =>
      ctx.db
        .selectFrom('verificaciones')
        .selectAll()
        .where('solicitud_id', '=', await idDeSolicitud(ctx, numero))
        .orderBy('creada_en')
        .execute();
    const mover = (numero: string, desde: string, hacia: string) =>
      admin.post(`/api/gestion/solicitudes/${numero}/estado`, { desde, hacia });
    const enRevision = async () => {
      const { numero } = await enviarSolicitud(ctx);
      expect((await mover(numero, 'recibida', 'en_revision')).statusCode).toBe(200);
      return numero;
    };

    beforeAll(async () => {
      revisora = await ingresarComo(ctx, 'revisora', 'revisor');
      admin = await ingresarComo(ctx, 'administradora', 'administrador');
    });

    it('sin verificar: Aprobar no se ofrece y aprobar responde 409 nombrando los documentos', async () => {
      const numero = await enRevision();
      const d = await detalle(numero);
      expect(d.sinVerificar).toEqual(['ResolucionEspecialidad', 'TituloMedico']);
      expect(d.movimientos).not.toContain('aprobada');
      expect(d.movimientos).toContain('rechazada');
      for (const doc of d.documentos) expect(doc.verificacion).toBeNull();
      const r = await mover(numero, 'en_revision', 'aprobada');
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({
        error: 'CONFLICTO',
        message: 'Falta verificar en la fuente: Resolución de especialidad, Título de médico.',
      });
      expect((await detalle(numero)).estado).toBe('en_revision');
      // A revisor's "Proponer aprobación" is refused the same way.
      const propuesta = await revisora.post(`/api/gestion/solicitudes/${numero}/propuesta`, {
        accion: 'PROPONER',
        desde: 'en_revision',
        propuesta: null,
        decision: 'APROBAR',
      });
      expect(propuesta.statusCode).toBe(409);
      expect(propuesta.json<{ message: string }>().message).toBe(
        TEXTOS_VERIFICACION.faltaVerificar(['ResolucionEspecialidad', 'TituloMedico']),
      );
    });

    it('registra la verificación con su evidencia y su fila de auditoría; el detalle la muestra', async () => {
      const numero = await enRevision();
      const evidencia = archivos.pdfConTexto('Constancia de SISA');
      const auditadas = await auditoriaDe(ctx.db, async () => {
        const r = await verificar(
          revisora,
          numero,
          'TituloMedico',
          { fuente: 'sisa', fecha: hoy, nota: '  Consultado en REFEPS, matrícula vigente.  ' },
          { nombre: 'TituloMedico.pdf', contenido: evidencia },
        );
        expect(r.statusCode, r.body).toBe(201);
        const d = r.json<DetalleSolicitud>();
        expect(d.sinVerificar).toEqual(['ResolucionEspecialidad']);
        expect(d.documentos.find((x) => x.clave === 'TituloMedico')?.verificacion).toMatchObject({
          fuente: 'sisa',
          fecha: hoy,
          usuario: 'revisora',
          nombre: 'Cuenta revisora',
          nota: 'Consultado en REFEPS, matrícula vigente.',
          evidencia: {
            nombre: `${numero}-TituloMedico-verificacion.pdf`,
            mime: 'application/pdf',
            bytes: evidencia.length,
            sha256: sha256(evidencia),
          },
        });
      });
      expect(auditadas).toHaveLength(1);
      expect(auditadas[0]).toMatchObject({
        usuario: 'revisora',
        accion: 'verificar_documento',
        objeto: `${numero}/TituloMedico`,
        detalle: { fuente: 'sisa', fecha: hoy, evidencia: sha256(evidencia) },
      });
      // The note is personal data the chain could never forget: not in the audit row.
      expect(JSON.stringify(auditadas[0]!.detalle)).not.toContain('REFEPS');
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
      const [fila] = await filas(numero);
      expect(fila!.personal_id).toBe(
        (
          await ctx.db
            .selectFrom('personal')
            .select('id')
            .where('usuario', '=', 'revisora')
            .executeTakeFirstOrThrow()
        ).id,
      );

      // The evidence downloads like a document: attachment, the stored type, nosniff, audited.
      const verificacion = (await detalle(numero)).documentos.find(
        (x) => x.clave === 'TituloMedico',
      )!.verificacion!;
      const bajada = await auditoriaDe(ctx.db, async () => {
        const r = await revisora.get(
          `/api/gestion/solicitudes/${numero}/verificaciones/${verificacion.id}/evidencia`,
        );
        expect(r.statusCode, r.body).toBe(200);
        expect(r.headers['content-type']).toBe('application/pdf');
        expect(r.headers['x-content-type-options']).toBe('nosniff');
        expect(r.headers['content-disposition']).toContain(
          `attachment; filename="${numero}-TituloMedico-verificacion.pdf"`,
        );
        expect(sha256(r.rawPayload)).toBe(sha256(evidencia));
      });
      expect(bajada).toMatchObject([
        {
          accion: 'descargar_evidencia',
          objeto: `${numero}/TituloMedico`,
          detalle: { verificacion: verificacion.id },
        },
      ]);
      const ninguna = await revisora.get(
        `/api/gestion/solicitudes/${numero}/verificaciones/no-existe/evidencia`,
      );
      expect(ninguna.statusCode).toBe(404);
      expect(ninguna.json()).toEqual({
        error: 'NO_ENCONTRADO',
        message: TEXTOS_VERIFICACION.evidenciaInexistente,
      });
    });

    it('quien verifica es la sesión: un campo "usuario" en el formulario se rechaza', async () => {
      const numero = await enRevision();
      const r = await verificar(admin, numero, 'TituloMedico', {
        fuente: 'sisa',
        fecha: hoy,
        usuario: 'otra',
      } as never);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ message: MENSAJES_HTTP.campoInesperado });
      expect(await filas(numero)).toEqual([]);
    });

    it('campos inválidos: 400 con el mensaje del diálogo, y nada se guarda ni se audita', async () => {
      const numero = await enRevision();
      const enviada = diaArgentino(new Date());
      const casos: [Record<string, string>, Record<string, string>][] = [
        [{ fecha: hoy }, { fuente: MENSAJES_VERIFICACION.fuente }],
        [{ fuente: 'google', fecha: hoy }, { fuente: MENSAJES_VERIFICACION.fuente }],
        [{ fuente: 'sisa' }, { fecha: MENSAJES_VERIFICACION.fecha }],
        [{ fuente: 'sisa', fecha: '2026-02-30' }, { fecha: MENSAJES_VERIFICACION.fecha }],
        [{ fuente: 'sisa', fecha: '15/03/2026' }, { fecha: MENSAJES_VERIFICACION.fecha }],
        [{ fuente: 'sisa', fecha: sumarDias(hoy, 1) }, { fecha: MENSAJES_VERIFICACION.futura }],
        [
          { fuente: 'sisa', fecha: sumarDias(enviada, -1) },
          { fecha: MENSAJES_VERIFICACION.anteriorAlEnvio(enviada) },
        ],
        [
          { fuente: 'afip', fecha: hoy, nota: 'ñ'.repeat(LARGO_MAXIMO_NOTA_VERIFICACION + 1) },
          { nota: MENSAJES.demasiadoLargo(LARGO_MAXIMO_NOTA_VERIFICACION) },
        ],
        [{ fuente: 'otra', fecha: hoy, nota: 'invisible\u200b' }, { nota: MENSAJES.caracteresInvalidos }],
      ];
      for (const [campos, fields] of casos) {
        const auditadas = await auditoriaDe(ctx.db, async () => {
          const r = await verificar(admin, numero, 'TituloMedico', campos);
          expect(r.statusCode, JSON.stringify(campos)).toBe(400);
          expect(r.json()).toEqual({ error: 'VALIDACION', message: MENSAJES_HTTP.validacion, fields });
        });
        expect(auditadas).toEqual([]);
      }
      expect(MENSAJES_VERIFICACION.anteriorAlEnvio('2026-11-25')).toContain('25/11/2026');
      expect(await filas(numero)).toEqual([]);
      // A note of 500 characters of 2 bytes each is accepted.
      const larga = await verificar(admin, numero, 'TituloMedico', {
        fuente: 'colegio',
        fecha: hoy,
        nota: 'ñ'.repeat(LARGO_MAXIMO_NOTA_VERIFICACION),
      });
      expect(larga.statusCode, larga.body).toBe(201);
    });

    describe('la evidencia sigue las reglas de un documento (producto §4), y si falla nada queda', () => {
      let numero: string;
      beforeAll(async () => {
        numero = await enRevision();
      });
      const guardados = async () => (await ctx.app.documentos.listar()).length;

      it.each([
        [
          'un tipo que no es imagen, PDF ni Word',
          () => archivos.elf(),
          415,
          'TIPO_NO_ACEPTADO',
          MOTIVOS_ARCHIVO.tipoNoAceptado,
        ],
        [
          'un PDF con código',
          () => archivos.pdfConAccion(archivos.ACCIONES_PDF.javaScript),
          415,
          'TIPO_NO_ACEPTADO',
          MOTIVOS_ARCHIVO.pdfActivo,
        ],
        [
          'más de 10 MiB',
          () => Buffer.concat([archivos.pdf(), Buffer.alloc(TAMANIO_MAXIMO_ARCHIVO)]),
          413,
          'ARCHIVO_DEMASIADO_GRANDE',
          MOTIVOS_ARCHIVO.archivoGrande,
        ],
      ] as const)('%s', async (_caso, contenido, estado, error, motivo) => {
        const antes = await guardados();
        const auditadas = await auditoriaDe(ctx.db, async () => {
          const r = await verificar(
            admin,
            numero,
            'TituloMedico',
            { fuente: 'sisa', fecha: hoy },
            { nombre: 'TituloMedico.pdf', contenido: contenido() },
          );
          expect(r.statusCode, r.body).toBe(estado);
          expect(r.json()).toMatchObject({ error, fields: { evidencia: motivo } });
        });
        expect(auditadas).toEqual([]);
        expect(await filas(numero)).toEqual([]);
        expect(await guardados()).toBe(antes);
      });

      it('la evidencia lleva el nombre del documento que se verifica', async () => {
        const r = await verificar(
          admin,
          numero,
          'TituloMedico',
          { fuente: 'sisa', fecha: hoy },
          { nombre: 'DniAnverso.png', contenido: archivos.png() },
        );
        expect(r.statusCode).toBe(400);
        expect(r.json()).toMatchObject({
          fields: { evidencia: TEXTOS_VERIFICACION.evidenciaDeOtroDocumento },
        });
        expect(await filas(numero)).toEqual([]);
      });

      it('una imagen, un documento de Word: se aceptan', async () => {
        const png = await verificar(
          admin,
          numero,
          'ResolucionEspecialidad',
          { fuente: 'colegio', fecha: hoy },
          { nombre: 'ResolucionEspecialidad.png', contenido: archivos.png(3, 3) },
        );
        expect(png.statusCode, png.body).toBe(201);
        const docx = await verificar(
          admin,
          numero,
          'TituloMedico',
          { fuente: 'otra', fecha: hoy },
          { nombre: 'TituloMedico.docx', contenido: archivos.docx() },
        );
        expect(docx.statusCode, docx.body).toBe(201);
        expect(
          docx.json<DetalleSolicitud>().documentos.find((x) => x.clave === 'TituloMedico')?.verificacion
            ?.evidencia?.mime,
        ).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      });
    });

    it('un documento o una solicitud que no existen: 404', async () => {
      const numero = await enRevision();
      const documento = await verificar(admin, numero, 'NoExiste');
      expect(documento.statusCode).toBe(404);
      const solicitud = await verificar(admin, 'AMR-ZZZZZZ', 'TituloMedico');
      expect(solicitud.statusCode).toBe(404);
      const sinFormulario = await admin.post(
        `/api/gestion/solicitudes/${numero}/documentos/TituloMedico/verificacion`,
        {
          fuente: 'sisa',
          fecha: hoy,
        },
      );
      expect(sinFormulario.statusCode).toBe(415);
    });

    it('una verificación nueva reemplaza a la anterior, que queda como historia; luego se puede aprobar', async () => {
      const numero = await enRevision();
      expect(
        (await verificar(revisora, numero, 'TituloMedico', { fuente: 'sisa', fecha: hoy })).statusCode,
      ).toBe(201);
      const segunda = await verificar(admin, numero, 'TituloMedico', {
        fuente: 'colegio',
        fecha: hoy,
        nota: 'Corrijo la fuente.',
      });
      expect(segunda.statusCode, segunda.body).toBe(201);
      const d = segunda.json<DetalleSolicitud>();
      expect(d.documentos.find((x) => x.clave === 'TituloMedico')?.verificacion).toMatchObject({
        fuente: 'colegio',
        usuario: 'administradora',
        nota: 'Corrijo la fuente.',
        evidencia: null,
      });
      expect((await filas(numero)).map((f) => f.fuente)).toEqual(['sisa', 'colegio']);
      expect(d.movimientos).not.toContain('aprobada');
      const ultima = await verificar(revisora, numero, 'ResolucionEspecialidad', {
        fuente: 'colegio',
        fecha: hoy,
      });
      expect(ultima.statusCode).toBe(201);
      const listo = await detalle(numero);
      expect(listo.sinVerificar).toEqual([]);
      expect(listo.movimientos).toContain('aprobada');
      const aprobada = await mover(numero, 'en_revision', 'aprobada');
      expect(aprobada.statusCode, aprobada.body).toBe(200);
      expect(aprobada.json<DetalleSolicitud>().estado).toBe('aprobada');
    });
  },
  ENTORNO,
);
