// Deleting one person's data (producto §13, decision 095) through the back-office route, on each
// document store: real applications of one DNI (one observed, with a pending replacement, a note
// and its messages written out as .eml; one corrected, so a replaced document stays in its draft
// and its receipt has two versions), then POST /api/gestion/datos-personales/supresion. After it
// no byte of their documents (the replaced one too) is left where the store keeps them, the
// receipt's versions keep only number, date and token, nothing finds or shows the person (inbox,
// CSV, status, verification, outbox, logs, audit), the audit chain is intact, the other person's
// application is untouched, and a second request is a 404.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMPO_SUPRESION,
  MARCA_SUPRIMIDO,
  TEXTOS_DATOS_PERSONALES,
  type DetalleSolicitud,
  type PaginaBandeja,
  type ResumenPersona,
  type SupresionHecha,
  type Verificacion,
} from '../../domain/index.js';
import { verificarAuditoria } from '../../server/auditoria/cadena.js';
import { hashDeToken } from '../../server/solicitud/tokens.js';
import * as archivos from './ayuda/archivos.js';
import { disponible, type Motor } from './ayuda/bases.js';
import { multipart, type Navegador } from './ayuda/cliente.js';
import { conCadaBase, Contexto } from './ayuda/contexto.js';
import { corregirSolicitud } from './ayuda/correccion.js';
import { ENTORNO_GESTION, enviarSolicitud, idDeSolicitud } from './ayuda/gestion-solicitudes.js';
import { ingresarComo } from './ayuda/personal.js';
import { iniciarS3, type ServidorS3 } from './ayuda/s3.js';

const TITULAR = {
  dni: '30111222',
  matricula: '12345',
  apellidoynombre: 'Zubizarreta Larrañaga, Ramona',
  email: 'ramona.zubizarreta@example.com',
};
const OTRA = {
  dni: '28999888',
  matricula: '6789',
  apellidoynombre: 'Quiroga, Evaristo',
  email: 'evaristo.quiroga@example.com',
};
/** Written into every document of the titular's: found anywhere afterwards, a byte was left. */
const MARCA_DOCUMENTO = `huella-unica-${createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 16)}`;
const ENTORNO = { ...ENTORNO_GESTION, LOG_LEVEL: 'debug' };

const documentosUnicos = (etiqueta: string) =>
  Object.fromEntries(
    [
      'DniAnverso',
      'DniReverso',
      'HabilitacionConsultorioExtension',
      'ResolucionEspecialidad',
      'PolizaMalaPraxis',
      'TituloMedico',
      'ReciboOCarnetArteDeCurar',
      'ConstanciaInscripcionAFIP',
    ].map((clave) => [
      clave,
      { nombre: `${clave}.pdf`, contenido: archivos.pdfConTexto(`${MARCA_DOCUMENTO} ${etiqueta} ${clave}`) },
    ]),
  );

async function* archivosBajo(raiz: string): AsyncGenerator<string> {
  for (const nombre of await readdir(raiz).catch(() => [] as string[])) {
    const ruta = path.join(raiz, nombre);
    if ((await stat(ruta)).isDirectory()) yield* archivosBajo(ruta);
    else yield ruta;
  }
}

/** Files under `raiz` holding any of `buscados` (or the marker), by path. */
async function conRestos(raiz: string, buscados: Buffer[]): Promise<string[]> {
  const hallados: string[] = [];
  for await (const ruta of archivosBajo(raiz)) {
    const contenido = await readFile(ruta);
    if ([...buscados, Buffer.from(MARCA_DOCUMENTO)].some((b) => contenido.includes(b))) hallados.push(ruta);
  }
  return hallados;
}

async function leerObjeto(ctx: Contexto, nombre: string): Promise<Buffer> {
  const partes: Buffer[] = [];
  for await (const parte of ctx.app.documentos.abrir(nombre)) partes.push(parte as Buffer);
  return Buffer.concat(partes);
}

type Restos = (ctx: Contexto, objetos: { nombre: string; bytes: Buffer }[]) => Promise<void>;

/** The same case on any store; `restos` looks where that store keeps bytes. */
function casoDeSupresion(obtener: () => Contexto, restos: Restos) {
  let ctx: Contexto;
  let admin: Navegador;
  let revisor: Navegador;
  let observada: string;
  let segunda: string;
  let ajena: string;
  let verificacion: string;
  /** The corrected application's receipt versions, before the deletion. */
  let versionesSegunda: { version: number; token: string; emitido_en: string }[];
  let token: string;
  const objetos: { nombre: string; bytes: Buffer }[] = [];

  const idDe = (numero: string) => idDeSolicitud(ctx, numero);
  const mover = async (numero: string, desde: string, hacia: string, extra: object = {}) => {
    const r = await revisor.post(`/api/gestion/solicitudes/${numero}/estado`, { desde, hacia, ...extra });
    expect(r.statusCode, r.body).toBe(200);
  };
  const suprimir = (cuerpo: object) => admin.post('/api/gestion/datos-personales/supresion', cuerpo);
  const emls = async () => {
    const carpeta = path.join(ctx.entorno.config.dataDir, 'correo');
    const nombres = (await readdir(carpeta).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
    return Promise.all(
      nombres.map(async (n) => ({ nombre: n, texto: await readFile(path.join(carpeta, n), 'latin1') })),
    );
  };
  const nombreEnEml = (texto: string) =>
    // Headers and bodies may be encoded: the e-mail address and the surname are enough to tell.
    texto.includes(TITULAR.email) || texto.includes('Zubizarreta') || texto.includes(TITULAR.dni);

  beforeAll(async () => {
    ctx = obtener();
    admin = await ingresarComo(ctx, 'administradora', 'administrador');
    revisor = await ingresarComo(ctx, 'revisora', 'revisor');
    observada = (await enviarSolicitud(ctx, TITULAR, documentosUnicos('primera'))).numero;
    segunda = (await enviarSolicitud(ctx, TITULAR, documentosUnicos('segunda'))).numero;
    ajena = (await enviarSolicitud(ctx, OTRA)).numero;
    await ctx.db
      .updateTable('equipos')
      .set({ observaciones: 'Lo usa Ramona en el consultorio' })
      .where('solicitud_id', '=', await idDe(observada))
      .execute();
    await mover(observada, 'recibida', 'en_revision');
    await mover(observada, 'en_revision', 'observada', {
      motivo: 'Ramona Zubizarreta: el DNI no se lee.',
      documentos: ['DniAnverso'],
    });
    const correo = await ctx.db
      .selectFrom('correos')
      .select('datos')
      .where('tipo', '=', 'observada')
      .where('solicitud_id', '=', await idDe(observada))
      .executeTakeFirstOrThrow();
    token = (JSON.parse(correo.datos) as { token: string }).token;
    // A replacement uploaded through the link and never sent: it lives in the correction's draft.
    const aplicante = await ctx.navegador().abrir();
    const { cuerpo, contentType } = multipart([
      { nombre: 'DniAnverso.pdf', contenido: archivos.pdfConTexto(`${MARCA_DOCUMENTO} reemplazo`) },
    ]);
    const subida = await aplicante.enviarCrudo(`/api/v2/correcciones/${token}/archivos`, cuerpo, contentType);
    expect(subida.statusCode, subida.body).toBe(200);
    const nota = await revisor.post(`/api/gestion/solicitudes/${observada}/notas`, {
      texto: 'Llamó Ramona, dice que manda el DNI mañana.',
    });
    expect(nota.statusCode, nota.body).toBeLessThan(300);
    // A correction sent: the DNI's back is replaced, the old file stays in the application's draft.
    await corregirSolicitud(ctx, segunda, {
      DniReverso: { nombre: 'DniReverso.pdf', contenido: archivos.pdfConTexto(`${MARCA_DOCUMENTO} corregido`) },
    });
    // The outbox written out: the receipts (with name and DNI) and the observation as .eml files.
    await ctx.app.correo.repartir();
    verificacion = (
      await ctx.db
        .selectFrom('comprobantes')
        .select('token')
        .where('solicitud_id', '=', await idDe(observada))
        .where('version', '=', 1)
        .executeTakeFirstOrThrow()
    ).token;
    versionesSegunda = await ctx.db
      .selectFrom('comprobantes')
      .select(['version', 'token', 'emitido_en'])
      .where('solicitud_id', '=', await idDe(segunda))
      .orderBy('version')
      .execute();
    const ids = [await idDe(observada), await idDe(segunda)];
    // The correction drafts: the pending upload and the sent replacement.
    const correcciones = await ctx.db
      .selectFrom('correcciones')
      .select('borrador_id')
      .where('solicitud_id', 'in', ids)
      .execute();
    expect(
      await ctx.db.selectFrom('correcciones').select('id').where('token_hash', '=', hashDeToken(token)).execute(),
    ).toHaveLength(1);
    const filas = await ctx.db
      .selectFrom('documentos')
      .select('archivo')
      .where((eb) =>
        eb.or([
          eb(
            'borrador_id',
            'in',
            correcciones.map((c) => c.borrador_id),
          ),
          eb('borrador_id', 'in', eb.selectFrom('solicitudes').select('borrador_id').where('id', 'in', ids)),
        ]),
      )
      .execute();
    for (const f of filas) objetos.push({ nombre: f.archivo, bytes: await leerObjeto(ctx, f.archivo) });
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
      expect(r.json<Verificacion>()).toMatchObject({ numeroSolicitud: segunda, documentos: [], suprimida: true });
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

  it('no .eml copy of its messages is left, and nothing of it is sent later', async () => {
    const copias = await emls();
    expect(copias.length).toBeGreaterThan(0); // the other person's
    expect(copias.filter((e) => nombreEnEml(e.texto)).map((e) => e.nombre)).toEqual([]);
    await ctx.app.correo.repartir();
    expect((await emls()).filter((e) => nombreEnEml(e.texto))).toEqual([]);
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

  it('a second request finds nothing: 404 with the message, and the consulta too', async () => {
    const r = await suprimir({ dni: TITULAR.dni, confirmacion: TITULAR.dni, motivo: 'Otra vez.' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ error: 'NO_ENCONTRADO', message: TEXTOS_DATOS_PERSONALES.sinDatos });
    const c = await admin.post('/api/gestion/datos-personales/consulta', { dni: TITULAR.dni });
    expect(c.statusCode).toBe(404);
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

  it('the logs never carried the DNI, the name or the e-mail', () => {
    expect(ctx.logs.length).toBeGreaterThan(0);
    const todo = ctx.logs.join('\n');
    for (const valor of [TITULAR.dni, 'Zubizarreta', TITULAR.email])
      expect(todo.includes(valor), valor).toBe(false);
  });
}

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

conCadaBase(
  'datos personales: supresión (documentos en disco)',
  (ctx) => casoDeSupresion(() => ctx, restosEnDisco),
  ENTORNO,
);

const OTROS: { almacen: 'postgres' | 's3'; motor: Motor }[] = [
  { almacen: 'postgres', motor: 'postgres' },
  { almacen: 's3', motor: 'postgres' },
];
for (const variante of OTROS) {
  (disponible(variante.motor) ? describe : describe.skip)(
    `datos personales: supresión (documentos en ${variante.almacen}) [${variante.motor}]`,
    () => {
      let s3: ServidorS3 | null = null;
      let ctx: Contexto;
      beforeAll(async () => {
        if (variante.almacen === 's3') s3 = await iniciarS3();
        ctx = new Contexto(variante.motor, { ...ENTORNO, DOCUMENT_STORE: variante.almacen, ...s3?.env });
        await ctx.iniciar();
      });
      afterAll(async () => {
        await ctx?.terminar();
        await s3?.cerrar();
      });
      casoDeSupresion(
        () => ctx,
        variante.almacen === 'postgres'
          ? restosEnPostgres
          : async (c, objetos) => {
              expect(
                await conRestos(
                  s3!.directorio,
                  objetos.map((o) => o.bytes),
                ),
              ).toEqual([]);
              await restosEnDisco(c, objetos);
            },
      );
    },
  );
}
