// The receipt of producto §11 (decision 084): `generarComprobante` — the application's data read from
// the database, then the PDF drawn with the embedded DejaVu subsets and the QR code — for an
// application with all 9 documents and 10 equipment items, stored by the product's own
// guardarDocumentos and insertar on a fresh SQLite database. After a warm-up, ≥ 200 runs one at a
// time: p50 and p95 against the budget (p95 ≤ 150 ms). The drawing alone (data loaded once) is
// reported too, to tell the query's share from the PDF's. The first receipt is read back with
// pdfjs after the timing: a receipt missing its number or a document's hash fails the measure.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { createHash, randomBytes } from 'node:crypto';
import { DOCUMENTOS } from '../../domain/index.js';
import { prepararBase } from '../../server/app.js';
import { cargarDatosComprobante, dibujarComprobante, generarComprobante } from '../../server/comprobante/index.js';
import { loadConfig } from '../../server/config/index.js';
import type { Db } from '../../server/db/esquema.js';
import { huella } from '../../server/solicitud/canonico.js';
import { documentosDelBorrador, guardarDocumentos } from '../../server/archivos/documentos.js';
import { insertar } from '../../server/solicitud/solicitudes.js';
import { almacenEnDisco } from '../../server/storage/disco.js';
import { ejemploDatosSocio, ejemploEquipo } from '../../server/solicitud/rutas/ejemplo.js';
import { contenido } from './comun/archivos.js';
import type { Opciones } from './comun/ejecucion.js';
import { percentil } from './comun/estadistica.js';
import { ms, type Informe } from './comun/informe.js';

const P95_MAXIMO_COMPROBANTE_MS = 150;
const PUBLICA = 'https://prestadores.example.org';

/** An application with every document (sizes 30 kB – 9 MB) and 10 equipment items; its id. */
async function solicitudCompleta(db: Db, dataDir: string): Promise<string> {
  const almacen = almacenEnDisco(dataDir);
  const borradorId = createHash('sha256').update(randomBytes(32)).digest('hex');
  const ahora = new Date().toISOString();
  await db.insertInto('borradores').values({ id: borradorId, creado_en: ahora, actualizado_en: ahora }).execute();
  const recibidos = [];
  for (const [i, d] of DOCUMENTOS.entries()) {
    const datos = contenido(d.imagen ? 0 : 1, 30_000 + i * 1_000_000);
    const preparado = await almacen.preparar(Readable.from([datos.contenido]));
    recibidos.push({ clave: d.key, extension: datos.ext as 'jpg' | 'pdf', preparado });
  }
  await guardarDocumentos(db, almacen, borradorId, recibidos);
  const adjuntos = await documentosDelBorrador(db, borradorId);
  const equipos = Array.from({ length: 10 }, (_, i) => ({
    ...ejemploEquipo(),
    marca: `Marca ${i}`,
    modelo: `Modelo ${i}-X`,
    anioFabricacion: 2010 + i,
    observaciones: i % 2 ? 'Con transductores lineal y convexo; mantenimiento anual al día con el fabricante.' : null,
  }));
  const datosSocio = { ...ejemploDatosSocio(), apellidoynombre: 'Nguyễn, Łukasz Şahin' };
  const cuerpo = { datosSocio, equipos, adjuntos: adjuntos.map((a) => ({ nombre: a.nombre })), terminosAceptados: true };
  const datos = { datosSocio, equipos, adjuntos } as unknown as Parameters<typeof insertar>[3];
  const { cuerpo: creada } = await insertar(db, borradorId, huella(cuerpo), datos);
  const { id } = await db
    .selectFrom('solicitudes')
    .select('id')
    .where('numero', '=', creada.numeroSolicitud)
    .executeTakeFirstOrThrow();
  return id;
}

/** The PDF's text, to check the receipt once (pdfjs, as the tests read it). */
async function textoDelPdf(pdf: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const documento = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const partes: string[] = [];
  for (let n = 1; n <= documento.numPages; n++) {
    const contenidoPagina = await (await documento.getPage(n)).getTextContent();
    partes.push(contenidoPagina.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  await documento.destroy();
  return partes.join(' ');
}

async function tiempos(veces: number, tarea: () => Promise<unknown>): Promise<number[]> {
  const lista: number[] = [];
  for (let i = 0; i < veces; i++) {
    const t = performance.now();
    await tarea();
    lista.push(performance.now() - t);
  }
  return lista;
}

export async function medirComprobante(informe: Informe, opciones: Opciones): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'alta-bench-comprobante-'));
  const config = loadConfig({ NODE_ENV: 'test', DEMO: '1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' });
  const { db } = await prepararBase(config);
  try {
    const id = await solicitudCompleta(db, dataDir);
    const datos = await cargarDatosComprobante(db, id, PUBLICA);
    if (datos.documentos.length !== 9 || datos.equipos.length !== 10) {
      throw new Error(`the application has ${datos.documentos.length} documents and ${datos.equipos.length} items`);
    }

    // The first receipt of the process pays the fonts' parsing once: reported apart.
    const t0 = performance.now();
    const primero = await generarComprobante(db, id, PUBLICA);
    const primeroMs = performance.now() - t0;

    const corridas = opciones.corto ? 200 : 400;
    await tiempos(30, () => generarComprobante(db, id, PUBLICA));
    const completo = await tiempos(corridas, () => generarComprobante(db, id, PUBLICA));
    const dibujo = await tiempos(corridas, () => dibujarComprobante(datos));
    // Read back only now: pdfjs's legacy build, once loaded, slows pdfkit in the same process about
    // threefold (its polyfills), which the server never loads.
    const texto = await textoDelPdf(primero);
    const faltan = [datos.numero, datos.apellidoynombre, datos.urlVerificacion, ...datos.documentos.map((d) => d.sha256)].filter(
      (t) => !texto.includes(t),
    );
    if (faltan.length > 0) throw new Error(`the receipt lacks ${faltan.join(', ')}: the measure is wrong`);
    const p95 = percentil(completo, 95);
    console.log(
      `  ${corridas} runs: p50 ${ms(percentil(completo, 50))}, p95 ${ms(p95)}, max ${ms(Math.max(...completo))}; ` +
        `drawing only p50 ${ms(percentil(dibujo, 50))}, p95 ${ms(percentil(dibujo, 95))}; ` +
        `first of the process ${ms(primeroMs)}; ${(primero.length / 1000).toFixed(1)} kB`,
    );
    informe.dato('Receipt PDF, 9 documents + 10 equipment items: p50', ms(percentil(completo, 50)));
    informe.limite('Receipt PDF, 9 documents + 10 equipment items (query + drawing): p95', p95, { max: P95_MAXIMO_COMPROBANTE_MS }, ms);
    informe.dato('Receipt PDF: first of a process (fonts parsed once), size', `${ms(primeroMs)}, ${(primero.length / 1000).toFixed(1)} kB`);
  } finally {
    await db.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}
