// Deleting one person's data (producto §13) through the back-office route: the request, and that
// nothing of the person is left anywhere afterwards. On each document store, the case of
// tests/server/ayuda/supresion.ts is consulted, refused when the request is wrong, then deleted
// with POST /api/gestion/datos-personales/supresion; after it no byte of their documents (the
// replaced one too) is left where the store keeps them, no table, .eml copy or log holds their
// name, e-mail or DNI, and a second request is a 404. What the application keeps and shows
// afterwards is in tests/server/datos-supresion-despues.test.ts.
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { TEXTOS_DATOS_PERSONALES, type ResumenPersona, type SupresionHecha } from '../../domain/index.js';
import type { Navegador } from './ayuda/cliente.js';
import type { Contexto } from './ayuda/contexto.js';
import {
  conCadaAlmacen,
  conRestos,
  escenarioDeSupresion,
  MARCA_DOCUMENTO,
  TITULAR,
  type Escenario,
  type Variante,
} from './ayuda/supresion.js';

type Restos = (ctx: Contexto, objetos: { nombre: string; bytes: Buffer }[]) => Promise<void>;

/** Files under DATA_DIR (the disk store, the SQLite database, the .eml copies). */
const restosEnDisco: Restos = async (ctx, objetos) => {
  expect(
    await conRestos(
      ctx.entorno.config.dataDir,
      objetos.map((o) => o.bytes),
    ),
  ).toEqual([]);
};

/** DOCUMENT_STORE=postgres: no object row, no chunk holding any of the bytes. */
const restosEnPostgres: Restos = async (ctx, objetos) => {
  const nombres = objetos.map((o) => o.nombre);
  expect(
    await ctx.db.selectFrom('almacen_objetos').select('nombre').where('nombre', 'in', nombres).execute(),
  ).toEqual([]);
  expect(
    await ctx.db.selectFrom('almacen_trozos').select('nombre').where('nombre', 'in', nombres).execute(),
  ).toEqual([]);
  const marca = Buffer.from(MARCA_DOCUMENTO);
  const { rows } = await sql<{
    n: string;
  }>`select count(*) as n from almacen_trozos where position(${marca}::bytea in datos) > 0`.execute(ctx.db);
  expect(Number(rows[0]!.n)).toBe(0);
  // The chunks' space was reclaimed right away, not left to autovacuum.
  expect(ctx.logs.join('\n')).not.toContain('VACUUM');
  await restosEnDisco(ctx, objetos);
};

/** S3: no object file of the server holding any of the bytes, nor anything under DATA_DIR. */
const restosEnS3 =
  (variante: Variante): Restos =>
  async (c, objetos) => {
    expect(
      await conRestos(
        variante.s3()!.directorio,
        objetos.map((o) => o.bytes),
      ),
    ).toEqual([]);
    await restosEnDisco(c, objetos);
  };

/** Where `variante`'s store keeps bytes. */
const restosDe = (variante: Variante): Restos =>
  variante.almacen === 'disco'
    ? restosEnDisco
    : variante.almacen === 'postgres'
      ? restosEnPostgres
      : restosEnS3(variante);

function casoDeSupresion(obtener: () => Contexto, variante: Variante) {
  const restos = restosDe(variante);
  const escenario = escenarioDeSupresion(obtener);
  let ctx: Contexto;
  let admin: Navegador;
  let revisor: Navegador;
  let observada: string;
  let segunda: string;
  let versionesSegunda: Escenario['versionesSegunda'];
  let objetos: Escenario['objetos'];
  let suprimir: Escenario['suprimir'];
  let emls: Escenario['emls'];
  let nombreEnEml: Escenario['nombreEnEml'];
  beforeAll(() => {
    ({ ctx, admin, revisor, observada, segunda, versionesSegunda, objetos, suprimir, emls, nombreEnEml } =
      escenario);
  });

  it('before: the consulta lists both applications, with documents, the note and the messages', async () => {
    // Two applications' drafts (the corrected one's keeps its replaced file), the pending upload and
    // the sent replacement.
    expect(objetos.length).toBe(8 + 8 + 1 + 1);
    expect(versionesSegunda.map((v) => v.version)).toEqual([1, 2]);
    const anterior = await revisor.get(`/api/gestion/solicitudes/${segunda}/documentos/DniReverso/anterior`);
    expect(anterior.statusCode, anterior.body).toBe(200);
    expect(anterior.rawPayload.includes(Buffer.from(MARCA_DOCUMENTO))).toBe(true);
    expect(objetos.every((o) => o.bytes.includes(Buffer.from(MARCA_DOCUMENTO)))).toBe(true);
    expect((await emls()).some((e) => nombreEnEml(e.texto))).toBe(true);
    const r = await admin.post('/api/gestion/datos-personales/consulta', { dni: TITULAR.dni });
    expect(r.statusCode, r.body).toBe(200);
    const resumen = r.json<ResumenPersona>();
    expect(resumen.dni).toBe(TITULAR.dni);
    expect(resumen.apellidoynombre).toBe(TITULAR.apellidoynombre);
    expect(resumen.solicitudes.map((s) => s.numero).sort()).toEqual([observada, segunda].sort());
    const primera = resumen.solicitudes.find((s) => s.numero === observada)!;
    expect(primera).toMatchObject({ estado: 'observada', documentos: 8, notas: 1 });
    expect(primera.bytes).toBeGreaterThan(0);
    expect(primera.correos).toBeGreaterThanOrEqual(2);
    const fila = await ctx.db
      .selectFrom('auditoria')
      .select(['objeto', 'detalle'])
      .where('accion', '=', 'consultar_datos')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    expect(fila.objeto!.split(' ').sort()).toEqual([observada, segunda].sort());
  });

  it('refuses a DNI typed differently, an empty reason or a malformed DNI, deleting nothing', async () => {
    const distinta = await suprimir({ dni: TITULAR.dni, confirmacion: '30111223', motivo: 'Pedido.' });
    expect(distinta.statusCode).toBe(400);
    expect(distinta.json()).toMatchObject({
      fields: { confirmacion: TEXTOS_DATOS_PERSONALES.confirmacionDistinta },
    });
    const sinMotivo = await suprimir({ dni: TITULAR.dni, confirmacion: TITULAR.dni, motivo: '  ' });
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json()).toMatchObject({ fields: { motivo: TEXTOS_DATOS_PERSONALES.motivoRequerido } });
    const malo = await suprimir({ dni: '30.111.222', confirmacion: '30.111.222', motivo: 'Pedido.' });
    expect(malo.statusCode).toBe(400);
    expect(malo.json()).toMatchObject({ fields: { dni: TEXTOS_DATOS_PERSONALES.dniInvalido } });
    const consulta = await admin.post('/api/gestion/datos-personales/consulta', { dni: '123' });
    expect(consulta.statusCode).toBe(400);
    expect((await revisor.post('/api/gestion/datos-personales/supresion', {})).statusCode).toBe(403);
    const sigue = await ctx.db
      .selectFrom('solicitudes')
      .select('suprimida_en')
      .where('numero', 'in', [observada, segunda])
      .execute();
    expect(sigue.every((s) => s.suprimida_en === null)).toBe(true);
  });

  it('deletes both applications of the DNI and answers their numbers and documents', async () => {
    const r = await suprimir({
      dni: TITULAR.dni,
      confirmacion: TITULAR.dni,
      motivo: 'Pedido del titular por nota.',
    });
    expect(r.statusCode, r.body).toBe(200);
    const hecha = r.json<SupresionHecha>();
    expect(hecha.solicitudes.sort()).toEqual([observada, segunda].sort());
    expect(hecha.documentos).toBe(objetos.length);
  });

  it('no byte of any of the documents remains in the store', async () => {
    expect(
      await ctx.db
        .selectFrom('documentos')
        .select('id')
        .where(
          'archivo',
          'in',
          objetos.map((o) => o.nombre),
        )
        .execute(),
    ).toEqual([]);
    const quedan = new Set((await ctx.app.documentos.listar()).map((o) => o.nombre));
    for (const o of objetos) expect(quedan.has(o.nombre), o.nombre).toBe(false);
    await restos(ctx, objetos);
  });

  it('no table holds the name, the e-mail or the DNI any more (the padrón aside)', async () => {
    for (const tabla of [
      'solicitudes',
      'historial',
      'notas',
      'equipos',
      'correcciones',
      'correos',
      'auditoria',
      'documentos',
      'solicitud_documentos',
      'comprobantes',
      'contadores',
    ] as const) {
      const texto = JSON.stringify(await ctx.db.selectFrom(tabla).selectAll().execute());
      for (const valor of [
        TITULAR.apellidoynombre,
        'Zubizarreta',
        'Ramona',
        TITULAR.email,
        TITULAR.dni,
        MARCA_DOCUMENTO,
      ]) {
        expect(texto.includes(valor), `${tabla}: ${valor}`).toBe(false);
      }
    }
  });

  it('no .eml copy of its messages is left, and nothing of it is sent later', async () => {
    const copias = await emls();
    expect(copias.length).toBeGreaterThan(0); // the other person's
    expect(copias.filter((e) => nombreEnEml(e.texto)).map((e) => e.nombre)).toEqual([]);
    await ctx.app.correo.repartir();
    expect((await emls()).filter((e) => nombreEnEml(e.texto))).toEqual([]);
  });

  it('a second request finds nothing: 404 with the message, and the consulta too', async () => {
    const r = await suprimir({ dni: TITULAR.dni, confirmacion: TITULAR.dni, motivo: 'Otra vez.' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ error: 'NO_ENCONTRADO', message: TEXTOS_DATOS_PERSONALES.sinDatos });
    const c = await admin.post('/api/gestion/datos-personales/consulta', { dni: TITULAR.dni });
    expect(c.statusCode).toBe(404);
  });

  it('the logs never carried the DNI, the name or the e-mail', () => {
    expect(ctx.logs.length).toBeGreaterThan(0);
    const todo = ctx.logs.join('\n');
    for (const valor of [TITULAR.dni, 'Zubizarreta', TITULAR.email])
      expect(todo.includes(valor), valor).toBe(false);
  });
}

conCadaAlmacen('datos personales: supresión', casoDeSupresion);
