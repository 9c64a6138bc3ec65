// Filling a database with real applications for the back-office bench: every row written by the
// product's own `insertar` (application, equipment, document links, status, search key, first
// history entry, in one transaction), the documents stored through the product's document store
// (guardarDocumentos) once, in one draft, and linked from every application. Then each
// application gets its date (spread over six years) and the status moves it went through, as
// history rows by the seeded staff accounts — what years of use leave in the tables: each move
// into Observada with its correction link (used when the applicant corrected it), and the
// malpractice policy's "Vigencia hasta" that staff recorded (datos.ts says whose).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { DOCUMENTOS, DOCUMENTOS_REQUERIDOS, type DocumentoKey } from '../../../domain/index.js';
import { prepararBase } from '../../../server/app.js';
import { loadConfig } from '../../../server/config/index.js';
import { esViolacionDeUnicidad } from '../../../server/db/conexion.js';
import type { Db } from '../../../server/db/esquema.js';
import { huella } from '../../../server/solicitud/canonico.js';
import {
  documentosDelBorrador,
  guardarDocumentos,
  type DocumentoDelBorrador,
} from '../../../server/archivos/documentos.js';
import { altaPersonal } from '../../../server/personal/cuentas.js';
import { insertar } from '../../../server/solicitud/solicitudes.js';
import { recalcularTiempos } from '../../../server/ciclo-de-vida/tiempos.js';
import { diaArgentino, plazoDeCorreccion } from '../../../server/correcciones/plazo.js';
import { recalcularVigenciaMinima, sumarDias } from '../../../server/gestion/vigencias.js';
import type { DocumentStore } from '../../../server/storage/almacen.js';
import { crearAlmacen } from '../../../server/storage/eleccion.js';
import { contenido } from '../comun/archivos.js';
import { enParalelo } from '../comun/estadistica.js';
import { APELLIDO_RARO, solicitante, type Catalogo, type Solicitante } from './datos.js';

/** The account the bench signs in with (an administrador: it may export). */
export const CUENTA_BENCH = { usuario: 'bench.gestion', contrasena: 'contraseña del bench de gestión' };
const CUENTAS_HISTORIAL = { revisor: 'revisora.bench', administrador: 'admin.bench' } as const;

/** The key of the document downloaded by the bench, at two sizes. */
export const CLAVE_DESCARGA: DocumentoKey = 'TituloMedico';
const TAMANIOS_DESCARGA = { chico: 1024 * 1024, grande: 10 * 1024 * 1024 } as const;

export interface Descarga {
  numero: string;
  bytes: number;
  sha256: string;
}

export interface Sembrado {
  total: number;
  /** The applications holding the 1 MiB and the 10 MiB document under CLAVE_DESCARGA. */
  descargas: { chico: Descarga; grande: Descarga };
  /** What the bench searches for: one application's number, another's DNI, a third's matrícula. */
  buscadas: { numero: string; dni: string; matricula: string };
  /** How many applications hold APELLIDO_RARO. */
  raros: number;
  segundos: number;
}

type Datos = Parameters<typeof insertar>[3];

async function abrirBorradorDirecto(db: Db, creadoEn: string, cuantos: number): Promise<string[]> {
  // What insertarBorrador stores (the sha256 of a cookie value nobody holds), many at a time.
  const filas = Array.from({ length: cuantos }, () => ({
    id: createHash('sha256').update(randomBytes(32)).digest('hex'),
    creado_en: creadoEn,
    actualizado_en: creadoEn,
  }));
  for (let i = 0; i < filas.length; i += 500)
    await db
      .insertInto('borradores')
      .values(filas.slice(i, i + 500))
      .execute();
  return filas.map((f) => f.id);
}

/** Stores `archivos` through the document store in a new draft; answers the draft and its documents. */
async function borradorConDocumentos(
  db: Db,
  almacen: DocumentStore,
  archivos: { clave: DocumentoKey; bytes: number }[],
) {
  const [borradorId] = await abrirBorradorDirecto(db, new Date().toISOString(), 1);
  const recibidos = [];
  for (const { clave, bytes } of archivos) {
    const imagen = DOCUMENTOS.find((d) => d.key === clave)!.imagen;
    const datos = contenido(imagen ? 0 : 1, bytes); // a JPEG or a PDF header, random bytes after
    const preparado = await almacen.preparar(Readable.from([datos.contenido]));
    recibidos.push({ clave, extension: datos.ext as 'jpg' | 'pdf', preparado });
  }
  await guardarDocumentos(db, almacen, borradorId!, recibidos);
  return { borradorId: borradorId!, documentos: await documentosDelBorrador(db, borradorId!) };
}

async function leerCatalogo(db: Db): Promise<Catalogo> {
  const localidades = (
    await db.selectFrom('localidades').select(['codigo', 'nombre']).orderBy('codigo').execute()
  ).map((l) => ({
    codigo: Number(l.codigo),
    nombre: l.nombre,
  }));
  const calles = new Map<number, string[]>();
  for (const c of await db.selectFrom('calles').select(['codigo_localidad', 'nombre']).execute()) {
    const codigo = Number(c.codigo_localidad);
    calles.set(codigo, [...(calles.get(codigo) ?? []), c.nombre]);
  }
  const numericos = (filas: { codigo: number; nombre: string }[]) =>
    filas.map((f) => ({ codigo: Number(f.codigo), nombre: f.nombre }));
  return {
    localidades,
    calles,
    condicionesIva: numericos(await db.selectFrom('condiciones_iva').select(['codigo', 'nombre']).execute()),
    tiposAparato: numericos(await db.selectFrom('tipos_aparato').select(['codigo', 'nombre']).execute()),
  };
}

/** insertar, retried on a number collision (6 base-32 characters: a few in 100,000), as crearSolicitud does. */
async function insertarConReintento(
  db: Db,
  borradorId: string,
  s: Solicitante,
  adjuntos: DocumentoDelBorrador[],
): Promise<string> {
  const cuerpo = {
    datosSocio: s.datosSocio,
    adjuntos: adjuntos.map((a) => ({ nombre: a.nombre })),
    equipos: s.equipos,
    terminosAceptados: true,
  };
  const datos = { datosSocio: s.datosSocio, equipos: s.equipos, adjuntos } as unknown as Datos;
  for (let intento = 0; ; intento++) {
    try {
      return (await insertar(db, borradorId, huella(cuerpo), datos)).cuerpo.numeroSolicitud;
    } catch (error) {
      if (!esViolacionDeUnicidad(error) || intento >= 5) throw error;
    }
  }
}

const DIA_MS = 86_400_000;

/** Dates and status moves of a block of applications just inserted, in one transaction. */
async function fecharYMover(
  db: Db,
  bloque: { numero: string; s: Solicitante }[],
  cuentas: Record<'revisor' | 'administrador', string>,
  poliza: { documentoId: string; hoy: string },
) {
  await db.transaction().execute(async (trx) => {
    const ids = new Map(
      (
        await trx
          .selectFrom('solicitudes')
          .select(['id', 'numero'])
          .where(
            'numero',
            'in',
            bloque.map((b) => b.numero),
          )
          .execute()
      ).map((f) => [f.numero, f.id]),
    );
    const historial = [];
    // Each move into Observada opened a correction link (correcciones/crear.ts), with its own draft.
    const borradores = [];
    const correcciones = [];
    const vigencias: { id: string; hasta: string }[] = [];
    for (const { numero, s } of bloque) {
      const id = ids.get(numero)!;
      const estado = s.movimientos.at(-1)?.hacia ?? 'recibida';
      await trx
        .updateTable('solicitudes')
        .set({ creada_en: s.creadaEn, terminos_aceptados_en: s.creadaEn, estado })
        .where('id', '=', id)
        .execute();
      const creada = Date.parse(s.creadaEn);
      const enDe = (dias: number) => new Date(creada + dias * DIA_MS + 60_000).toISOString();
      for (const [k, m] of s.movimientos.entries()) {
        const fila = {
          id: randomUUID(),
          solicitud_id: id,
          desde: m.desde,
          hacia: m.hacia,
          personal_id: m.rol === 'solicitante' ? null : cuentas[m.rol],
          en: enDe(m.dias),
          motivo: m.motivo,
          documentos: m.documentos ? JSON.stringify(m.documentos) : null,
        };
        historial.push(fila);
        if (m.hacia === 'observada') {
          const siguiente = s.movimientos[k + 1];
          const plazo = plazoDeCorreccion(new Date(fila.en));
          const borrador = createHash('sha256').update(randomBytes(32)).digest('hex');
          borradores.push({ id: borrador, creado_en: fila.en, actualizado_en: fila.en });
          correcciones.push({
            id: randomUUID(),
            solicitud_id: id,
            historial_id: fila.id,
            token_hash: createHash('sha256').update(randomBytes(32)).digest('hex'),
            borrador_id: borrador,
            motivo: m.motivo ?? '',
            documentos: fila.documentos ?? '[]',
            plazo: plazo.plazo,
            vence_ms: plazo.venceMs,
            creada_en: fila.en,
            usada_en: siguiente?.hacia === 'corregida' ? enDe(siguiente.dias) : null,
          });
        }
      }
      if (s.vigenciaPoliza !== null) vigencias.push({ id, hasta: sumarDias(poliza.hoy, s.vigenciaPoliza) });
    }
    for (let i = 0; i < historial.length; i += 400)
      await trx
        .insertInto('historial')
        .values(historial.slice(i, i + 400))
        .execute();
    for (let i = 0; i < correcciones.length; i += 300) {
      await trx
        .insertInto('borradores')
        .values(borradores.slice(i, i + 300))
        .execute();
      await trx
        .insertInto('correcciones')
        .values(correcciones.slice(i, i + 300))
        .execute();
    }
    // The policy's end date, on its link to each application: one statement for the block.
    if (vigencias.length > 0)
      await trx
        .updateTable('solicitud_documentos')
        .set({
          vigente_hasta: sql<string>`case ${sql.ref('solicitud_id')} ${sql.join(
            vigencias.map((v) => sql`when ${v.id} then ${v.hasta}`),
            sql` `,
          )} end`,
        })
        .where('documento_id', '=', poliza.documentoId)
        .where(
          'solicitud_id',
          'in',
          vigencias.map((v) => v.id),
        )
        .execute();
    await recalcularVigenciaMinima(
      trx,
      vigencias.map((v) => v.id),
    );
    // insertar wrote each first history entry with the moment of the seed: it gets the date.
    const deEste = [...ids.values()];
    await trx
      .updateTable('historial')
      .set((eb) => ({
        en: eb
          .selectFrom('solicitudes as s')
          .select('s.creada_en')
          .whereRef('s.id', '=', 'historial.solicitud_id'),
      }))
      .where('desde', 'is', null)
      .where('solicitud_id', 'in', deEste)
      .execute();
    // The history was written here, not by the record's writer: its times follow from it.
    await recalcularTiempos(trx, deEste);
  });
}

export interface OpcionesSiembra {
  dataDir: string;
  databaseUrl: string | null;
  total: number;
  /** Applications inserted at once (PostgreSQL's pool has 10 connections; SQLite has one). */
  concurrencia: number;
  informar?: (texto: string) => void;
}

export async function sembrar(o: OpcionesSiembra): Promise<Sembrado> {
  const inicio = performance.now();
  const config = loadConfig({
    NODE_ENV: 'test',
    DEMO: '1',
    DATA_DIR: o.dataDir,
    DATABASE_URL: o.databaseUrl ?? '',
    LOG_LEVEL: 'silent',
  });
  const { db, motor } = await prepararBase(config);
  try {
    // A seed need not survive a power cut: SQLite skips its fsyncs here (PostgreSQL's
    // synchronous_commit is turned off for the database by the caller). Rows are the same.
    if (motor === 'sqlite') await sql`pragma synchronous = OFF`.execute(db);

    await altaPersonal(db, {
      usuario: CUENTA_BENCH.usuario,
      nombre: 'Bench de gestión',
      rol: 'administrador',
      contrasena: CUENTA_BENCH.contrasena,
    });
    for (const [rol, usuario] of Object.entries(CUENTAS_HISTORIAL) as [
      'revisor' | 'administrador',
      string,
    ][]) {
      await altaPersonal(db, {
        usuario,
        nombre: rol === 'revisor' ? 'Revisora Bench' : 'Administradora Bench',
        rol,
        contrasena: CUENTA_BENCH.contrasena,
      });
    }
    const cuentas = Object.fromEntries(
      await Promise.all(
        Object.entries(CUENTAS_HISTORIAL).map(async ([rol, usuario]) => [
          rol,
          (
            await db
              .selectFrom('personal')
              .select('id')
              .where('usuario', '=', usuario)
              .executeTakeFirstOrThrow()
          ).id,
        ]),
      ),
    ) as Record<'revisor' | 'administrador', string>;

    // The shared documents (2 KiB each), and two drafts holding the document the bench downloads
    // at 1 MiB and at 10 MiB: three applications use these drafts, every other one its own.
    // The store the server will read them from (DOCUMENT_STORE: disk, or PostgreSQL by default there).
    const almacen = crearAlmacen(config, db);
    const comunes = await borradorConDocumentos(
      db,
      almacen,
      DOCUMENTOS_REQUERIDOS.map((clave) => ({ clave, bytes: 2048 })),
    );
    const chico = await borradorConDocumentos(db, almacen, [
      { clave: CLAVE_DESCARGA, bytes: TAMANIOS_DESCARGA.chico },
    ]);
    const grande = await borradorConDocumentos(db, almacen, [
      { clave: CLAVE_DESCARGA, bytes: TAMANIOS_DESCARGA.grande },
    ]);
    const con = (d: DocumentoDelBorrador) => comunes.documentos.map((c) => (c.clave === d.clave ? d : c));
    const especiales = new Map<number, { borradorId: string; adjuntos: DocumentoDelBorrador[] }>([
      [o.total - 1, { borradorId: comunes.borradorId, adjuntos: comunes.documentos }],
      [o.total - 2, { borradorId: chico.borradorId, adjuntos: con(chico.documentos[0]!) }],
      [o.total - 3, { borradorId: grande.borradorId, adjuntos: con(grande.documentos[0]!) }],
    ]);

    const catalogo = await leerCatalogo(db);
    const hasta = new Date();
    // Every application links to the shared policy (the special ones change only TituloMedico).
    const poliza = {
      documentoId: comunes.documentos.find((d) => d.clave === 'PolizaMalaPraxis')!.id,
      hoy: diaArgentino(hasta),
    };
    const desde = new Date(hasta.getTime() - 6 * 365 * DIA_MS);
    const numeros = new Map<number, string>();
    // Picked from the middle of the table: neither the newest page nor the oldest.
    const iNumero = Math.floor(o.total * 0.37);
    const iDni = Math.floor(o.total * 0.61);
    let iMatricula = Math.floor(o.total * 0.45);
    while (!solicitante(iMatricula, o.total, catalogo, desde, hasta).datosSocio.matricula.startsWith('MP'))
      iMatricula++;
    let raros = 0;
    const BLOQUE = 1_000;
    let ultimoAviso = performance.now();
    for (let base = 0; base < o.total; base += BLOQUE) {
      const cuantos = Math.min(BLOQUE, o.total - base);
      const borradores = await abrirBorradorDirecto(db, hasta.toISOString(), cuantos);
      const bloque = await enParalelo(cuantos, o.concurrencia, async (j) => {
        const i = base + j;
        const s = solicitante(i, o.total, catalogo, desde, hasta);
        if (s.datosSocio.apellidoynombre.startsWith(APELLIDO_RARO)) raros++;
        const especial = especiales.get(i);
        const numero = await insertarConReintento(
          db,
          especial?.borradorId ?? borradores[j]!,
          s,
          especial?.adjuntos ?? comunes.documentos,
        );
        if ([iNumero, iDni, iMatricula, o.total - 2, o.total - 3].includes(i)) numeros.set(i, numero);
        return { numero, s };
      });
      // The three drafts opened above but taken by the special applications stay empty: drop them.
      const sobrantes = borradores.filter((_, j) => especiales.has(base + j));
      if (sobrantes.length) await db.deleteFrom('borradores').where('id', 'in', sobrantes).execute();
      await fecharYMover(db, bloque, cuentas, poliza);
      if (o.informar && (performance.now() - ultimoAviso > 10_000 || base + cuantos === o.total)) {
        ultimoAviso = performance.now();
        const s = (performance.now() - inicio) / 1000;
        o.informar(
          `${base + cuantos} applications in ${s.toFixed(0)} s (${((base + cuantos) / s).toFixed(0)}/s)`,
        );
      }
    }
    if (motor === 'postgres') {
      // What autovacuum does after a load this size (statistics, and the visibility map that
      // lets the inbox's covering indexes skip the table); SQLite is left as the server leaves it.
      await sql`vacuum analyze`.execute(db);
    } else {
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    }
    const doc = async (numero: string, id: string): Promise<Descarga> => {
      const f = await db
        .selectFrom('documentos')
        .select(['bytes', 'sha256'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { numero, bytes: Number(f.bytes), sha256: f.sha256 };
    };
    return {
      total: o.total,
      descargas: {
        chico: await doc(numeros.get(o.total - 2)!, chico.documentos[0]!.id),
        grande: await doc(numeros.get(o.total - 3)!, grande.documentos[0]!.id),
      },
      buscadas: {
        numero: numeros.get(iNumero)!,
        dni: solicitante(iDni, o.total, catalogo, desde, hasta).datosSocio.dni,
        matricula: solicitante(iMatricula, o.total, catalogo, desde, hasta).datosSocio.matricula,
      },
      raros,
      segundos: (performance.now() - inicio) / 1000,
    };
  } finally {
    await db.destroy();
  }
}
