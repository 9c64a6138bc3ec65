// Applications for the back-office tests. `enviarSolicitud` sends a real one through the
// applicant's routes (uploads + crear), with its documents; `sembrar` stores many cheaply through
// the product's own insertar() (application, equipment, document links, status, search key, first
// history entry), each in a draft row of its own and linked to the documents of one real upload,
// then sets the date and status a test asks for.
import { createHash, randomBytes } from 'node:crypto';
import type { Estado } from '../../../domain/index.js';
import { recalcularTiempos } from '../../../server/ciclo-de-vida/tiempos.js';
import { claveDeBusqueda } from '../../../server/gestion/busqueda.js';
import { ejemploDatosSocio, ejemploEquipo } from '../../../server/solicitud/rutas/ejemplo.js';
import { documentosDelBorrador } from '../../../server/archivos/documentos.js';
import { insertar } from '../../../server/solicitud/solicitudes.js';
import type { Parte } from './cliente.js';
import type { Contexto } from './contexto.js';
import { cuerpoSolicitud, partesRequeridas } from './solicitud.js';

/**
 * Limits per address raised: every application of a test file comes from one address. And no
 * document to verify at the source before approving (producto §17): the tests of the other
 * sections approve as they did; tests/server/verificacion-fuente.test.ts removes it and tests the
 * default, the others of producto §17 set their own.
 */
export const ENTORNO_GESTION: Record<string, string> = {
  DNI_CHECK_MAX: '100000',
  DRAFTS_MAX_PER_HOUR: '100000',
  WRITE_MAX_PER_HOUR: '100000',
  UPLOAD_MAX_MB_PER_HOUR: '100000',
  VERIFICACION_REQUERIDA: 'no',
};

export interface Enviada {
  numero: string;
  /** What was uploaded, by document key. */
  partes: Map<string, Parte>;
}

/**
 * A real application sent by a new browser; `datos` changes its datosSocio (a pair of the demo
 * padrón), `reemplazos` some of the uploaded files (by key).
 */
export async function enviarSolicitud(
  ctx: Contexto,
  datos: Record<string, unknown> = {},
  reemplazos: Record<string, Parte> = {},
): Promise<Enviada> {
  const nav = ctx.navegador();
  await nav.abrir();
  const partes = partesRequeridas().map((p) => reemplazos[p.nombre!.split('.')[0]!] ?? p);
  const subida = await nav.subir(partes);
  if (subida.statusCode !== 200) throw new Error(`La subida falló: ${subida.statusCode} ${subida.body}`);
  const r = await nav.post('/api/v2/solicitud/crear', cuerpoSolicitud(subida.json(), datos));
  if (r.statusCode !== 201) throw new Error(`El envío falló: ${r.statusCode} ${r.body}`);
  return {
    numero: r.json<{ numeroSolicitud: string }>().numeroSolicitud,
    partes: new Map(partes.map((p) => [p.nombre!.split('.')[0]!, p])),
  };
}

export interface Semilla {
  apellidoynombre?: string;
  dni?: string;
  matricula?: string;
  email?: string;
  creadaEn?: string;
  estado?: Estado;
}

/** One real upload per database, whose documents every seeded application links to. */
const borradoresConDocumentos = new WeakMap<object, Promise<string>>();

function borradorConDocumentos(ctx: Contexto): Promise<string> {
  let borrador = borradoresConDocumentos.get(ctx.db);
  if (!borrador) {
    borrador = (async () => {
      const nav = ctx.navegador();
      await nav.abrir();
      const r = await nav.subir(partesRequeridas());
      if (r.statusCode !== 200) throw new Error(`La subida falló: ${r.statusCode} ${r.body}`);
      const cookie = nav.cookies.get('borrador')!;
      return createHash('sha256').update(cookie).digest('hex');
    })();
    borradoresConDocumentos.set(ctx.db, borrador);
  }
  return borrador;
}

/** Stores one application per seed; answers their numbers in the same order. */
export async function sembrar(ctx: Contexto, semillas: Semilla[]): Promise<string[]> {
  const adjuntos = await documentosDelBorrador(ctx.db, await borradorConDocumentos(ctx));
  if (adjuntos.length === 0) throw new Error('El borrador de las semillas no tiene documentos');
  const numeros: string[] = [];
  for (const s of semillas) {
    const borradorId = createHash('sha256').update(randomBytes(32)).digest('hex');
    const ahora = new Date().toISOString();
    await ctx.db
      .insertInto('borradores')
      .values({ id: borradorId, creado_en: ahora, actualizado_en: ahora })
      .execute();
    const datosSocio = {
      ...ejemploDatosSocio(),
      ...(s.apellidoynombre === undefined ? {} : { apellidoynombre: s.apellidoynombre }),
      ...(s.dni === undefined ? {} : { dni: s.dni }),
      ...(s.matricula === undefined ? {} : { matricula: s.matricula }),
      ...(s.email === undefined ? {} : { email: s.email }),
    };
    const datos = { datosSocio, equipos: [ejemploEquipo()], adjuntos } as unknown as Parameters<
      typeof insertar
    >[3];
    const { cuerpo } = await insertar(ctx.db, borradorId, randomBytes(32).toString('hex'), datos);
    const cambios = {
      ...(s.creadaEn === undefined ? {} : { creada_en: s.creadaEn, terminos_aceptados_en: s.creadaEn }),
      ...(s.estado === undefined ? {} : { estado: s.estado }),
    };
    if (Object.keys(cambios).length > 0) {
      await ctx.db
        .updateTable('solicitudes')
        .set(cambios)
        .where('numero', '=', cuerpo.numeroSolicitud)
        .execute();
      if (s.creadaEn !== undefined) {
        const { id } = await ctx.db
          .selectFrom('solicitudes')
          .select('id')
          .where('numero', '=', cuerpo.numeroSolicitud)
          .executeTakeFirstOrThrow();
        await ctx.db
          .updateTable('historial')
          .set({ en: s.creadaEn })
          .where('solicitud_id', '=', id)
          .execute();
        await recalcularTiempos(ctx.db, [id]);
      }
    }
    numeros.push(cuerpo.numeroSolicitud);
  }
  return numeros;
}

/** Numbers of sembrarEnMasa: consecutive, so never two alike (real ones are random, 2^30 of them). */
let numeroEnMasa = 0;

/**
 * `cuantas` bare applications (no documents, equipment or history) with one multi-row insert per
 * 500: for the tests that need thousands of rows, where insertar() one by one would take minutes.
 * Application i is "<nombre>, Persona i", sent i minutes after `desde`, DNI 20000000 + i.
 */
export async function sembrarEnMasa(
  ctx: Contexto,
  cuantas: number,
  { nombre = 'Masiva', desde = Date.UTC(2025, 0, 1), estado = (_i: number): Estado => 'recibida' } = {},
): Promise<void> {
  for (let i = 0; i < cuantas; i += 500) {
    const lote = Array.from({ length: Math.min(500, cuantas - i) }, (_, j) => {
      const n = i + j;
      const id = randomBytes(16).toString('hex');
      const fila = {
        numero: `AMR-${(numeroEnMasa++).toString(32).toUpperCase().padStart(6, '0')}`,
        dni: String(20_000_000 + n),
        matricula: String(n),
        apellidoynombre: `${nombre}, Persona ${n}`,
      };
      const en = new Date(desde + n * 60_000).toISOString();
      return {
        borrador: { id, creado_en: en, actualizado_en: en },
        solicitud: {
          id,
          borrador_id: id,
          huella: 'x',
          creada_en: en,
          email: 'masiva@example.com',
          datos_socio: '{}',
          terminos_version: 'x',
          terminos_aceptados_en: en,
          estado: estado(n),
          estado_desde: en,
          ultimo_cambio_en: en,
          busqueda: claveDeBusqueda(fila),
          ...fila,
        },
      };
    });
    await ctx.db
      .insertInto('borradores')
      .values(lote.map((l) => l.borrador))
      .execute();
    await ctx.db
      .insertInto('solicitudes')
      .values(lote.map((l) => l.solicitud))
      .execute();
  }
}

/** The id of the application numbered `numero`. */
export const idDeSolicitud = async (ctx: Contexto, numero: string): Promise<string> =>
  (await ctx.db.selectFrom('solicitudes').select('id').where('numero', '=', numero).executeTakeFirstOrThrow())
    .id;

/** Puts an application in a status directly, since now (without a history row: a test's shortcut). */
export async function ponerEstado(ctx: Contexto, numero: string, estado: Estado): Promise<void> {
  const ahora = new Date().toISOString();
  await ctx.db
    .updateTable('solicitudes')
    .set({ estado, estado_desde: ahora, ultimo_cambio_en: ahora })
    .where('numero', '=', numero)
    .execute();
}

/** Rows of a table (historial, notas, auditoria), to see that a refused action wrote nothing. */
export async function contarFilas(
  ctx: Contexto,
  tabla: 'historial' | 'notas' | 'auditoria',
): Promise<number> {
  const fila = await ctx.db
    .selectFrom(tabla)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(fila.n);
}

/** The history and audit rows `accion` wrote: [historial, auditoria] (a refused action: [0, 0]). */
export async function filasEscritas(
  ctx: Contexto,
  accion: () => Promise<unknown>,
): Promise<[number, number]> {
  const antes = [await contarFilas(ctx, 'historial'), await contarFilas(ctx, 'auditoria')];
  await accion();
  return [
    (await contarFilas(ctx, 'historial')) - antes[0]!,
    (await contarFilas(ctx, 'auditoria')) - antes[1]!,
  ];
}
