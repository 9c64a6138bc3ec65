// The case the deletion tests share, so each file deletes the same person in the same state: real
// applications of one DNI (one observed, with a pending replacement, a note and its messages
// written out as .eml; one corrected, so a replaced document stays in its draft and its receipt has
// two versions) and one of another person, on each document store (disk on each engine, then the
// PostgreSQL store and S3).
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { SupresionHecha } from '../../../domain/index.js';
import { hashDeToken } from '../../../server/solicitud/tokens.js';
import * as archivos from './archivos.js';
import { disponible, type Motor } from './bases.js';
import { multipart, type Navegador } from './cliente.js';
import { conCadaBase, Contexto } from './contexto.js';
import { corregirSolicitud } from './correccion.js';
import { ENTORNO_GESTION, enviarSolicitud, idDeSolicitud } from './gestion-solicitudes.js';
import { ingresarComo } from './personal.js';
import { iniciarS3, type ServidorS3 } from './s3.js';

export const TITULAR = {
  dni: '30111222',
  matricula: '12345',
  apellidoynombre: 'Zubizarreta Larrañaga, Ramona',
  email: 'ramona.zubizarreta@example.com',
};
export const OTRA = {
  dni: '28999888',
  matricula: '6789',
  apellidoynombre: 'Quiroga, Evaristo',
  email: 'evaristo.quiroga@example.com',
};
/** Written into every document of the titular's: found anywhere afterwards, a byte was left. */
export const MARCA_DOCUMENTO = `huella-unica-${createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 16)}`;
/** Logs at debug: the most a log could carry of the person. */
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
export async function conRestos(raiz: string, buscados: Buffer[]): Promise<string[]> {
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

/** The case's state once its `beforeAll` ran, and what its tests do with it. */
export interface Escenario {
  ctx: Contexto;
  admin: Navegador;
  revisor: Navegador;
  observada: string;
  segunda: string;
  ajena: string;
  /** The observed application's first receipt token. */
  verificacion: string;
  /** The corrected application's receipt versions, before the deletion. */
  versionesSegunda: { version: number; token: string; emitido_en: string }[];
  /** The observed application's correction link. */
  token: string;
  /** Every stored document of the titular's (both drafts, the pending upload, the sent replacement). */
  objetos: { nombre: string; bytes: Buffer }[];
  idDe: (numero: string) => Promise<string>;
  suprimir: (cuerpo: object) => ReturnType<Navegador['post']>;
  /** The .eml copies of the outbox under DATA_DIR/correo. */
  emls: () => Promise<{ nombre: string; texto: string }[]>;
  nombreEnEml: (texto: string) => boolean;
}

/**
 * Registers the `beforeAll` that builds the case on `obtener()`'s app; the returned object is
 * filled in when it has run.
 */
export function escenarioDeSupresion(obtener: () => Contexto): Escenario {
  const e = { objetos: [] as Escenario['objetos'] } as Escenario;
  e.idDe = (numero) => idDeSolicitud(e.ctx, numero);
  const mover = async (numero: string, desde: string, hacia: string, extra: object = {}) => {
    const r = await e.revisor.post(`/api/gestion/solicitudes/${numero}/estado`, { desde, hacia, ...extra });
    expect(r.statusCode, r.body).toBe(200);
  };
  e.suprimir = (cuerpo) => e.admin.post('/api/gestion/datos-personales/supresion', cuerpo);
  e.emls = async () => {
    const carpeta = path.join(e.ctx.entorno.config.dataDir, 'correo');
    const nombres = (await readdir(carpeta).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
    return Promise.all(
      nombres.map(async (n) => ({ nombre: n, texto: await readFile(path.join(carpeta, n), 'latin1') })),
    );
  };
  e.nombreEnEml = (texto) =>
    // Headers and bodies may be encoded: the e-mail address and the surname are enough to tell.
    texto.includes(TITULAR.email) || texto.includes('Zubizarreta') || texto.includes(TITULAR.dni);

  beforeAll(async () => {
    const ctx = (e.ctx = obtener());
    const idDe = e.idDe;
    e.admin = await ingresarComo(ctx, 'administradora', 'administrador');
    e.revisor = await ingresarComo(ctx, 'revisora', 'revisor');
    const observada = (e.observada = (
      await enviarSolicitud(ctx, TITULAR, documentosUnicos('primera'))
    ).numero);
    const segunda = (e.segunda = (await enviarSolicitud(ctx, TITULAR, documentosUnicos('segunda'))).numero);
    e.ajena = (await enviarSolicitud(ctx, OTRA)).numero;
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
    const token = (e.token = (JSON.parse(correo.datos) as { token: string }).token);
    // A replacement uploaded through the link and never sent: it lives in the correction's draft.
    const aplicante = await ctx.navegador().abrir();
    const { cuerpo, contentType } = multipart([
      { nombre: 'DniAnverso.pdf', contenido: archivos.pdfConTexto(`${MARCA_DOCUMENTO} reemplazo`) },
    ]);
    const subida = await aplicante.enviarCrudo(`/api/v2/correcciones/${token}/archivos`, cuerpo, contentType);
    expect(subida.statusCode, subida.body).toBe(200);
    const nota = await e.revisor.post(`/api/gestion/solicitudes/${observada}/notas`, {
      texto: 'Llamó Ramona, dice que manda el DNI mañana.',
    });
    expect(nota.statusCode, nota.body).toBeLessThan(300);
    // A correction sent: the DNI's back is replaced, the old file stays in the application's draft.
    await corregirSolicitud(ctx, segunda, {
      DniReverso: {
        nombre: 'DniReverso.pdf',
        contenido: archivos.pdfConTexto(`${MARCA_DOCUMENTO} corregido`),
      },
    });
    // The outbox written out: the receipts (with name and DNI) and the observation as .eml files.
    await ctx.app.correo.repartir();
    e.verificacion = (
      await ctx.db
        .selectFrom('comprobantes')
        .select('token')
        .where('solicitud_id', '=', await idDe(observada))
        .where('version', '=', 1)
        .executeTakeFirstOrThrow()
    ).token;
    e.versionesSegunda = await ctx.db
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
      await ctx.db
        .selectFrom('correcciones')
        .select('id')
        .where('token_hash', '=', hashDeToken(token))
        .execute(),
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
    for (const f of filas) e.objetos.push({ nombre: f.archivo, bytes: await leerObjeto(ctx, f.archivo) });
  });
  return e;
}

/** The reason every file's deletion gives: the history and the audit show it. */
const MOTIVO_SUPRESION = 'Pedido del titular por nota.';

/** The deletion of the titular's data, as the administrator asks it, answered 200. */
export async function suprimirTitular(e: Escenario): Promise<SupresionHecha> {
  const r = await e.suprimir({ dni: TITULAR.dni, confirmacion: TITULAR.dni, motivo: MOTIVO_SUPRESION });
  expect(r.statusCode, r.body).toBe(200);
  return r.json<SupresionHecha>();
}

/** Where a case's documents are kept; `s3()` is the S3 server when there is one. */
export interface Variante {
  almacen: 'disco' | 'postgres' | 's3';
  s3: () => ServidorS3 | null;
}

const OTROS: { almacen: 'postgres' | 's3'; motor: Motor }[] = [
  { almacen: 'postgres', motor: 'postgres' },
  { almacen: 's3', motor: 'postgres' },
];

/**
 * Runs `cuerpo` on each document store, each with a fresh app: the disk store on each engine, then
 * the PostgreSQL store and S3 on PostgreSQL.
 */
export function conCadaAlmacen(
  nombre: string,
  cuerpo: (obtener: () => Contexto, variante: Variante) => void,
) {
  conCadaBase(
    `${nombre} (documentos en disco)`,
    (ctx) => cuerpo(() => ctx, { almacen: 'disco', s3: () => null }),
    ENTORNO,
  );

  for (const variante of OTROS) {
    (disponible(variante.motor) ? describe : describe.skip)(
      `${nombre} (documentos en ${variante.almacen}) [${variante.motor}]`,
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
        cuerpo(() => ctx, { almacen: variante.almacen, s3: () => s3 });
      },
    );
  }
}
