// GET /api/gestion/solicitudes/:numero and POST …/notas (producto §9): everything the detail page
// shows, the moves the role may make, the audit row of every view, and internal notes.
import { createHash } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import {
  DOCUMENTOS,
  DOCUMENTOS_REQUERIDOS,
  LARGO_MAXIMO_NOTA,
  MENSAJES,
  TEXTOS_GESTION,
  type DetalleSolicitud,
  type Nota,
} from '../../domain/index.js';
import { ejemploDatosSocio, ejemploEquipo } from '../../server/solicitud/rutas/ejemplo.js';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import { conCadaBase } from './ayuda/contexto.js';
import type { Navegador } from './ayuda/cliente.js';
import {
  ENTORNO_GESTION,
  contarFilas,
  enviarSolicitud,
  ponerEstado,
  type Enviada,
} from './ayuda/gestion-solicitudes.js';
import { auditoriaDe, ingresarComo } from './ayuda/personal.js';
import { EXTENSIONES_ESPERADAS } from './ayuda/solicitud.js';
import { DOCUMENTOS_CON_VIGENCIA } from '../../domain/seguimiento.js';

const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  heic: 'image/heic',
  gif: 'image/gif',
};

conCadaBase(
  'gestión: una solicitud y sus notas',
  (ctx) => {
    let revisor: Navegador;
    let admin: Navegador;
    let enviada: Enviada;
    let url: string;

    beforeAll(async () => {
      revisor = await ingresarComo(ctx, 'revisor.uno', 'revisor');
      admin = await ingresarComo(ctx, 'admin.uno', 'administrador');
      enviada = await enviarSolicitud(ctx);
      url = `/api/gestion/solicitudes/${enviada.numero}`;
    });

    it('muestra datos, documentos en el orden de producto §4, equipos, historial y notas', async () => {
      const r = await revisor.get(url);
      expect(r.statusCode, r.body).toBe(200);
      const d = r.json<DetalleSolicitud>();
      const fila = await ctx.db
        .selectFrom('solicitudes')
        .select('creada_en')
        .where('numero', '=', enviada.numero)
        .executeTakeFirstOrThrow();
      expect(d.numero).toBe(enviada.numero);
      expect(d.creadaEn).toBe(fila.creada_en);
      expect(d.estado).toBe('recibida');
      // As stored: the catalogue's names, no extra keys.
      expect(d.datosSocio).toEqual({
        ...ejemploDatosSocio(),
        localidad: { codigoLocalidad: 1, nombreLocalidad: expect.any(String) },
        condicionIVA: { codigoCondicionIVA: 6, nombreCondicionIVA: expect.any(String) },
      });
      expect(d.documentos.map((doc) => doc.clave)).toEqual(
        DOCUMENTOS.map((doc) => doc.key).filter((k) =>
          (DOCUMENTOS_REQUERIDOS as readonly string[]).includes(k),
        ),
      );
      for (const doc of d.documentos) {
        const ext = EXTENSIONES_ESPERADAS[doc.clave]!;
        const contenido = enviada.partes.get(doc.clave)!.contenido;
        expect(doc).toEqual({
          clave: doc.clave,
          label: DOCUMENTOS.find((x) => x.key === doc.clave)!.label,
          nombre: `${doc.clave}.${ext}`,
          mime: MIME[ext],
          bytes: contenido.length,
          sha256: createHash('sha256').update(contenido).digest('hex'),
          vigenteHasta: null,
          // Nothing replaced yet (producto §14).
          reemplazo: null,
          // Not verified at the source yet (producto §17).
          verificacion: null,
          // Queued for the automatic reading of its end date, or read already (producto §17).
          lectura: (DOCUMENTOS_CON_VIGENCIA as readonly string[]).includes(doc.clave)
            ? expect.objectContaining({ estado: expect.any(String) })
            : null,
        });
      }
      expect(d.equipos).toEqual([ejemploEquipo()]);
      expect(d.historial).toEqual([
        {
          desde: null,
          hacia: 'recibida',
          usuario: null,
          nombre: null,
          en: fila.creada_en,
          motivo: null,
          documentos: [],
          cambio: null,
        },
      ]);
      expect(d.notas).toEqual([]);
      expect(d.movimientos).toEqual(['en_revision', 'observada']);
      // Nobody has it yet; a revisor may take it (producto §15). Its DNI repeats no other.
      expect(d.responsable).toBeNull();
      expect(d.asignaciones).toEqual(['TOMAR']);
      expect(d.mismoDni).toEqual([]);
    });

    it('ofrece los movimientos que permiten el estado y el rol', async () => {
      const casos = [
        ['recibida', ['en_revision', 'observada'], ['en_revision', 'observada']],
        ['en_revision', ['observada'], ['observada', 'aprobada', 'rechazada']],
        ['observada', [], ['rechazada']],
        ['corregida', ['en_revision', 'observada'], ['en_revision', 'observada', 'aprobada', 'rechazada']],
        ['aprobada', [], []],
        ['rechazada', [], []],
      ] as const;
      for (const [estado, deRevisor, deAdmin] of casos) {
        await ponerEstado(ctx, enviada.numero, estado);
        expect((await revisor.get(url)).json<DetalleSolicitud>().movimientos, estado).toEqual(deRevisor);
        expect((await admin.get(url)).json<DetalleSolicitud>().movimientos, estado).toEqual(deAdmin);
      }
      await ponerEstado(ctx, enviada.numero, 'recibida');
    });

    it('cada vista escribe ver_solicitud con el número y nada más', async () => {
      const filas = await auditoriaDe(ctx.db, () => revisor.get(url));
      expect(filas).toEqual([
        expect.objectContaining({
          usuario: 'revisor.uno',
          accion: 'ver_solicitud',
          objeto: enviada.numero,
          detalle: null,
        }),
      ]);
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
    });

    it('una solicitud inexistente responde 404 en castellano y no audita', async () => {
      const filas = await auditoriaDe(ctx.db, async () => {
        const r = await revisor.get('/api/gestion/solicitudes/AMR-000000');
        expect(r.statusCode).toBe(404);
        expect(r.json()).toEqual({ error: 'NO_ENCONTRADO', message: TEXTOS_GESTION.solicitudInexistente });
      });
      expect(filas).toEqual([]);
      for (const numero of ['amr-000000', 'AMR-00000I', 'cualquiera']) {
        expect((await revisor.get(`/api/gestion/solicitudes/${numero}`)).statusCode, numero).toBe(400);
      }
    });

    it('agrega notas: 201, recortadas, con varias líneas, en orden y con su autor', async () => {
      const filas = await auditoriaDe(ctx.db, async () => {
        const r = await revisor.post(`${url}/notas`, {
          texto: '  Llamé al consultorio.\r\nAtiende de tarde.  ',
        });
        expect(r.statusCode, r.body).toBe(201);
        const nota = r.json<Nota>();
        expect(nota).toEqual({
          id: expect.any(String),
          texto: 'Llamé al consultorio.\r\nAtiende de tarde.',
          usuario: 'revisor.uno',
          nombre: 'Cuenta revisor.uno',
          en: expect.any(String),
        });
        const otra = await admin.post(`${url}/notas`, { texto: 'Falta la firma en la póliza.' });
        expect(otra.statusCode).toBe(201);
      });
      // The audit says a note was added, never what it says.
      expect(filas).toEqual([
        expect.objectContaining({
          usuario: 'revisor.uno',
          accion: 'nota',
          objeto: enviada.numero,
          detalle: null,
        }),
        expect.objectContaining({
          usuario: 'admin.uno',
          accion: 'nota',
          objeto: enviada.numero,
          detalle: null,
        }),
      ]);
      expect(JSON.stringify(filas)).not.toContain('consultorio');
      const d = (await revisor.get(url)).json<DetalleSolicitud>();
      expect(d.notas.map((n) => [n.usuario, n.nombre, n.texto])).toEqual([
        ['revisor.uno', 'Cuenta revisor.uno', 'Llamé al consultorio.\r\nAtiende de tarde.'],
        ['admin.uno', 'Cuenta admin.uno', 'Falta la firma en la póliza.'],
      ]);
      expect(d.notas[0]!.en <= d.notas[1]!.en).toBe(true);
    });

    it('rechaza una nota vacía, larga o con caracteres de control, sin guardar nada', async () => {
      const antes = [await contarFilas(ctx, 'notas'), await contarFilas(ctx, 'auditoria')];
      const casos: [string, string][] = [
        ['', TEXTOS_GESTION.notaVacia],
        [' \n\t ', TEXTOS_GESTION.notaVacia],
        ['x'.repeat(LARGO_MAXIMO_NOTA + 1), MENSAJES.demasiadoLargo(LARGO_MAXIMO_NOTA)],
        ['Con \u0007 campana', MENSAJES.caracteresInvalidos],
        ['Texto \u202Edado vuelta', MENSAJES.caracteresInvalidos],
        ['Un\rretorno suelto', MENSAJES.caracteresInvalidos],
      ];
      for (const [texto, mensaje] of casos) {
        const r = await revisor.post(`${url}/notas`, { texto });
        expect(r.statusCode, JSON.stringify(texto)).toBe(400);
        expect(r.json()).toMatchObject({ error: 'VALIDACION', fields: { texto: mensaje } });
      }
      expect((await revisor.post(`${url}/notas`, {})).statusCode).toBe(400);
      expect((await revisor.post(`${url}/notas`, { texto: 'x'.repeat(LARGO_MAXIMO_NOTA) })).statusCode).toBe(
        201,
      );
      expect([await contarFilas(ctx, 'notas'), await contarFilas(ctx, 'auditoria')]).toEqual([
        antes[0]! + 1,
        antes[1]! + 1,
      ]);
      const r = await revisor.post('/api/gestion/solicitudes/AMR-000000/notas', { texto: 'Hola' });
      expect(r.statusCode).toBe(404);
      expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
    });
  },
  ENTORNO_GESTION,
);
