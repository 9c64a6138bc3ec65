// After one person's data was deleted (producto §13): what the application keeps of it and shows.
// On each document store, the case of tests/server/ayuda/supresion.ts is deleted once; then the
// rows keep number, date and status with every personal value replaced by the marker, the receipt's
// versions keep only number, date and token (the replaced document is not served), the inbox, CSV,
// detail, verification, status and correction link show nothing of the person, the other person's
// application is untouched, the audit chain is intact with one row per application, and nothing
// more can be added to it. The request and the search for leftover bytes are in
// tests/server/datos-supresion.test.ts.
import { beforeAll, expect, it } from 'vitest';
import {
  CAMPO_SUPRESION,
  MARCA_SUPRIMIDO,
  TEXTOS_DATOS_PERSONALES,
  type DetalleSolicitud,
  type PaginaBandeja,
  type ResumenPersona,
  type Verificacion,
} from '../../domain/index.js';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import type { Navegador } from './ayuda/cliente.js';
import type { Contexto } from './ayuda/contexto.js';
import {
  conCadaAlmacen,
  escenarioDeSupresion,
  OTRA,
  suprimirTitular,
  TITULAR,
  type Escenario,
} from './ayuda/supresion.js';

function trasLaSupresion(obtener: () => Contexto) {
  const escenario = escenarioDeSupresion(obtener);
  let ctx: Contexto;
  let admin: Navegador;
  let revisor: Navegador;
  let observada: string;
  let segunda: string;
  let ajena: string;
  let verificacion: string;
  let versionesSegunda: Escenario['versionesSegunda'];
  let token: string;
  let objetos: Escenario['objetos'];
  let idDe: Escenario['idDe'];
  beforeAll(async () => {
    ({
      ctx,
      admin,
      revisor,
      observada,
      segunda,
      ajena,
      verificacion,
      versionesSegunda,
      token,
      objetos,
      idDe,
    } = escenario);
    await suprimirTitular(escenario);
  });

  it('the receipt versions keep number, date and token only; the previous file is not served', async () => {
    const versiones = await ctx.db
      .selectFrom('comprobantes')
      .select(['version', 'token', 'emitido_en', 'documentos', 'reemplazados'])
      .where('solicitud_id', '=', await idDe(segunda))
      .orderBy('version')
      .execute();
    expect(versiones).toEqual(versionesSegunda.map((v) => ({ ...v, documentos: '[]', reemplazados: '[]' })));
    const aplicante = await ctx.navegador().abrir();
    for (const v of versionesSegunda) {
      const r = await aplicante.get(`/api/v2/verificacion/${v.token}`);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json<Verificacion>()).toMatchObject({
        numeroSolicitud: segunda,
        documentos: [],
        suprimida: true,
      });
    }
    const detalle = (await revisor.get(`/api/gestion/solicitudes/${segunda}`)).json<DetalleSolicitud>();
    expect(detalle.documentos).toEqual([]);
    const anterior = await revisor.get(`/api/gestion/solicitudes/${segunda}/documentos/DniReverso/anterior`);
    expect(anterior.statusCode).toBe(404);
  });

  it('the rows keep number, date and status; every personal value reads the marker', async () => {
    const fila = await ctx.db
      .selectFrom('solicitudes')
      .selectAll()
      .where('numero', '=', observada)
      .executeTakeFirstOrThrow();
    expect(fila).toMatchObject({
      numero: observada,
      estado: 'observada',
      dni: MARCA_SUPRIMIDO,
      matricula: MARCA_SUPRIMIDO,
      apellidoynombre: MARCA_SUPRIMIDO,
      email: MARCA_SUPRIMIDO,
    });
    expect(fila.suprimida_en).not.toBeNull();
    const datos = JSON.parse(fila.datos_socio) as Record<string, unknown>;
    expect(datos).toMatchObject({ dni: MARCA_SUPRIMIDO, altura: 0, piso: null, telefono: MARCA_SUPRIMIDO });
    expect(datos.localidad).toEqual({ codigoLocalidad: 0, nombreLocalidad: MARCA_SUPRIMIDO });
    const id = await idDe(observada);
    const historial = await ctx.db
      .selectFrom('historial')
      .selectAll()
      .where('solicitud_id', '=', id)
      .orderBy('en')
      .execute();
    expect(historial.map((h) => h.hacia)).toEqual(['recibida', 'en_revision', 'observada', 'observada']);
    expect(historial.at(-1)).toMatchObject({
      campo: CAMPO_SUPRESION,
      motivo: 'Pedido del titular por nota.',
      anterior: null,
      nuevo: null,
    });
    expect(historial.find((h) => h.hacia === 'observada' && h.campo === null)!.motivo).toBe(MARCA_SUPRIMIDO);
    const notas = await ctx.db.selectFrom('notas').select('texto').where('solicitud_id', '=', id).execute();
    expect(notas).toEqual([{ texto: MARCA_SUPRIMIDO }]);
    const equipos = await ctx.db
      .selectFrom('equipos')
      .select(['observaciones', 'marca'])
      .where('solicitud_id', '=', id)
      .execute();
    expect(equipos[0]!.observaciones).toBe(MARCA_SUPRIMIDO);
    expect(equipos[0]!.marca).not.toBe(MARCA_SUPRIMIDO);
    const correcciones = await ctx.db
      .selectFrom('correcciones')
      .select(['motivo', 'usada_en'])
      .where('solicitud_id', '=', id)
      .execute();
    expect(correcciones).toEqual([{ motivo: MARCA_SUPRIMIDO, usada_en: fila.suprimida_en }]);
    expect(await ctx.db.selectFrom('correos').select('id').where('solicitud_id', '=', id).execute()).toEqual(
      [],
    );
    expect(
      await ctx.db
        .selectFrom('solicitud_documentos')
        .select('documento_id')
        .where('solicitud_id', '=', id)
        .execute(),
    ).toEqual([]);
  });

  it('the inbox finds it by number only; the CSV and the detail show the marker', async () => {
    for (const q of [TITULAR.dni, 'zubizarreta', 'ramona']) {
      const r = await revisor.get(`/api/gestion/solicitudes?q=${encodeURIComponent(q)}&pagina=1`);
      expect(r.statusCode).toBe(200);
      expect(r.json<PaginaBandeja>().total, q).toBe(0);
    }
    const porNumero = (
      await revisor.get(`/api/gestion/solicitudes?q=${observada}&pagina=1`)
    ).json<PaginaBandeja>();
    expect(porNumero.filas.map((f) => f.numero)).toEqual([observada]);
    expect(porNumero.filas[0]!.apellidoynombre).toBe(MARCA_SUPRIMIDO);
    const csv = await admin.get('/api/gestion/exportacion.csv?q=');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(observada);
    expect(csv.body).toContain(OTRA.apellidoynombre);
    for (const valor of ['Zubizarreta', TITULAR.email, TITULAR.dni]) expect(csv.body).not.toContain(valor);
    const detalle = await revisor.get(`/api/gestion/solicitudes/${observada}`);
    expect(detalle.statusCode, detalle.body).toBe(200);
    const d = detalle.json<DetalleSolicitud>();
    expect(d.suprimidaEn).not.toBeNull();
    expect(d.documentos).toEqual([]);
    for (const valor of ['Zubizarreta', 'Ramona', TITULAR.email, TITULAR.dni])
      expect(detalle.body).not.toContain(valor);
  });

  it('verification says it was deleted, /estado and the correction link find nothing', async () => {
    const aplicante = await ctx.navegador().abrir();
    const v = await aplicante.get(`/api/v2/verificacion/${verificacion}`);
    expect(v.statusCode).toBe(200);
    expect(v.json<Verificacion>()).toMatchObject({
      numeroSolicitud: observada,
      estado: 'observada',
      documentos: [],
      suprimida: true,
    });
    const estado = await aplicante.post('/api/v2/estado', { numeroSolicitud: observada, dni: TITULAR.dni });
    expect(estado.statusCode).toBe(404);
    const enlace = await aplicante.get(`/api/v2/correcciones/${token}`);
    expect([404, 410]).toContain(enlace.statusCode);
    expect(enlace.body).not.toContain('Ramona');
  });

  it('the other person is untouched', async () => {
    const detalle = (await revisor.get(`/api/gestion/solicitudes/${ajena}`)).json<DetalleSolicitud>();
    expect(detalle.suprimidaEn).toBeNull();
    expect(detalle.datosSocio.apellidoynombre).toBe(OTRA.apellidoynombre);
    expect(detalle.documentos).toHaveLength(8);
    const clave = detalle.documentos[0]!.clave;
    const descarga = await revisor.get(`/api/gestion/solicitudes/${ajena}/documentos/${clave}/descargar`);
    expect(descarga.statusCode).toBe(200);
    const consulta = await admin.post('/api/gestion/datos-personales/consulta', { dni: OTRA.dni });
    expect(consulta.json<ResumenPersona>().solicitudes.map((s) => s.numero)).toEqual([ajena]);
  });

  it('audit: intact, one suprimir_datos per application, no deleted value in any row', async () => {
    expect(await verificarAuditoria(ctx.db)).toMatchObject({ intacta: true });
    const filas = await ctx.db
      .selectFrom('auditoria')
      .select(['usuario', 'objeto', 'detalle'])
      .where('accion', '=', 'suprimir_datos')
      .orderBy('n')
      .execute();
    expect(filas.map((f) => f.objeto).sort()).toEqual([observada, segunda].sort());
    for (const f of filas) {
      expect(f.usuario).toBe('administradora');
      const detalle = JSON.parse(f.detalle!) as { causa: string; documentos: number };
      expect(detalle.causa).toBe('pedido');
    }
    const documentos = filas.map((f) => (JSON.parse(f.detalle!) as { documentos: number }).documentos);
    expect(documentos.reduce((a, b) => a + b, 0)).toBe(objetos.length);
  });

  it('nothing more is added to it: a note or a status move answers 409, and nothing is written', async () => {
    const filasAntes = await ctx.db.selectFrom('historial').select('id').execute();
    const nota = await revisor.post(`/api/gestion/solicitudes/${observada}/notas`, { texto: 'Otra nota.' });
    expect(nota.statusCode).toBe(409);
    expect(nota.json()).toEqual({ error: 'DATOS_SUPRIMIDOS', message: TEXTOS_DATOS_PERSONALES.yaSuprimida });
    const mover = await admin.post(`/api/gestion/solicitudes/${observada}/estado`, {
      desde: 'observada',
      hacia: 'rechazada',
      motivo: 'Sin respuesta.',
    });
    expect(mover.statusCode).toBe(409);
    expect(mover.json()).toEqual({ error: 'DATOS_SUPRIMIDOS', message: TEXTOS_DATOS_PERSONALES.yaSuprimida });
    expect(await ctx.db.selectFrom('historial').select('id').execute()).toHaveLength(filasAntes.length);
    const notas = await ctx.db
      .selectFrom('notas')
      .select('texto')
      .where('solicitud_id', '=', await idDe(observada))
      .execute();
    expect(notas.map((n) => n.texto)).toEqual([MARCA_SUPRIMIDO]);
  });
}

conCadaAlmacen('datos personales: tras la supresión', trasLaSupresion);
