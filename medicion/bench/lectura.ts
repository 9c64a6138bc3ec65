// The automatic reading of end dates (producto §17): every document of the reading corpus
// (tests/fixtures/lectura/corpus.json) read through the product's own lector — the PDF parsed in
// its worker thread, OCR in tesseract.js's — one document at a time, as the job reads them. Time
// per document by kind (text PDF, scanned PDF, phone photo): median and p95, and the corpus's
// accuracy. Published, never gated: OCR time moves with the host (decision 129).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { crearLector } from '../../server/lectura/index.js';
import type { Opciones } from './comun/ejecucion.js';
import { mediana, percentil } from './comun/estadistica.js';
import { ms, type Informe } from './comun/informe.js';

interface Entrada {
  archivo: string;
  clase: 'pdf-texto' | 'pdf-escaneado' | 'foto' | 'escaneo-png';
  mime: string;
  esperada: string | null;
}

const CARPETA = path.resolve(import.meta.dirname, '../../tests/fixtures/lectura');
// The two scans saved as PNG are images like the photos: the OCR reads them the same way.
const NOMBRES = {
  'pdf-texto': 'text PDF',
  'pdf-escaneado': 'scanned PDF',
  foto: 'photo or image (JPEG, PNG)',
} as const;

export async function medirLectura(informe: Informe, opciones: Opciones): Promise<void> {
  const corpus: Entrada[] = JSON.parse(await readFile(path.join(CARPETA, 'corpus.json'), 'utf8'));
  const documentos = await Promise.all(
    corpus.map(async (d) => ({ ...d, bytes: await readFile(path.join(CARPETA, d.archivo)) })),
  );
  const avisos: object[] = [];
  const t0 = performance.now();
  const lector = await crearLector({
    log: { info() {}, warn: (d) => avisos.push(d), error: (d) => avisos.push(d) },
  });
  const arranque = performance.now() - t0;
  if (lector.ocrNoDisponible) throw new Error(`no OCR on this machine: ${lector.ocrNoDisponible}`);
  try {
    // The first document of a process starts the PDF worker thread and warms the OCR: apart.
    const primero = documentos.find((d) => d.clase === 'pdf-escaneado')!;
    const t1 = performance.now();
    await lector.leer(primero.bytes, primero.mime);
    const primeraLectura = performance.now() - t1;
    const tiempos = new Map<string, number[]>();
    let propuestas = 0;
    let bien = 0;
    let falsas = 0;
    // The first pass counts the proposals; later ones only time (the answers do not change).
    const pasadas = opciones.corto ? 1 : 3;
    for (let pasada = 0; pasada < pasadas; pasada++) {
      for (const d of documentos) {
        const t = performance.now();
        const lectura = await lector.leer(d.bytes, d.mime);
        const clase = d.clase === 'escaneo-png' ? 'foto' : d.clase;
        tiempos.set(clase, [...(tiempos.get(clase) ?? []), performance.now() - t]);
        if (pasada > 0) continue;
        if (lectura.resultado === 'propuesta') {
          propuestas++;
          if (lectura.fecha === d.esperada) bien++;
          if (d.esperada === null) falsas++;
        }
      }
    }
    const conFecha = documentos.filter((d) => d.esperada !== null).length;
    console.log(
      `  ${documentos.length} documents × ${pasadas}: ${bien} of ${propuestas} proposals right, ${bien} of ${conFecha} end dates found, ` +
        `${falsas} proposals where there is none; lector ready in ${ms(arranque)}; ${avisos.length} warnings`,
    );
    for (const [clase, nombre] of Object.entries(NOMBRES)) {
      const lista = tiempos.get(clase) ?? [];
      console.log(
        `  ${nombre}: ${lista.length} readings, median ${ms(mediana(lista))}, p95 ${ms(percentil(lista, 95))}, max ${ms(Math.max(...lista))}`,
      );
      informe.dato(
        `Vigencia reading, ${nombre}: median, p95 per document`,
        `${ms(mediana(lista))}, ${ms(percentil(lista, 95))}`,
      );
    }
    informe.dato(
      `Vigencia reading, corpus of ${documentos.length}: right proposals, end dates found, proposals where none`,
      `${bien}/${propuestas}, ${bien}/${conFecha}, ${falsas}`,
    );
    informe.dato(
      'Vigencia reading: lector ready (OCR and Spanish model loaded), first scan of a process',
      `${ms(arranque)}, ${ms(primeraLectura)}`,
    );
  } finally {
    await lector.cerrar();
  }
}
