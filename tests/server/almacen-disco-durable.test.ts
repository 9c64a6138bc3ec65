// The disk store's durability, by the order of its calls (server/storage/disco.ts): a staged
// file's bytes are fsynced before the rename that makes them a document, and the directory after
// it. The fsyncs of an upload's files start as each is staged and run side by side; the commit
// waits for all of them. The calls are observed through node:fs/promises, which the store uses.
import type * as FsPromesas from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const registro = vi.hoisted(() => ({ llamadas: [] as string[] }));

vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof FsPromesas>();
  const nombre = (ruta: unknown) => path.basename(String(ruta));
  return {
    ...fs,
    async open(...args: Parameters<typeof fs.open>) {
      // Recorded when asked for: the staging starts a file's fsync by opening it.
      registro.llamadas.push(`abre ${nombre(args[0])}`);
      const fh = await fs.open(...args);
      const sync = fh.sync.bind(fh);
      fh.sync = async () => {
        // A slow disk: a commit that did not wait for the fsync would rename first.
        await new Promise((r) => setTimeout(r, 30));
        await sync();
        registro.llamadas.push(`fsync ${nombre(args[0])}`);
      };
      return fh;
    },
    async rename(desde: Parameters<typeof fs.rename>[0], hasta: Parameters<typeof fs.rename>[1]) {
      await fs.rename(desde, hasta);
      registro.llamadas.push(`rename ${nombre(desde)}`);
    },
  };
});

const { almacenEnDisco } = await import('../../server/storage/disco.js');

describe('almacén en disco: lo que confirma está en el disco antes de tener nombre', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'alta-durable-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));
  beforeEach(() => {
    registro.llamadas.length = 0;
  });

  it('un lote: cada archivo sincronizado desde que llegó, todos antes de los renombres; el directorio después', async () => {
    const almacen = almacenEnDisco(dataDir);
    const preparados = [];
    for (const texto of ['uno', 'dos', 'tres'])
      preparados.push(await almacen.preparar(Readable.from([Buffer.from(texto)])));
    const temporales = preparados.map((p) => path.basename(p.rutaTemporal));
    // Started while staging, before any commit was asked for.
    for (const t of temporales) expect(registro.llamadas).toContain(`abre ${t}`);

    await almacen.confirmarVarios(preparados);
    const posicion = (llamada: string) => registro.llamadas.indexOf(llamada);
    const primerRenombre = Math.min(...temporales.map((t) => posicion(`rename ${t}`)));
    for (const t of temporales) {
      expect(posicion(`fsync ${t}`)).toBeGreaterThanOrEqual(0);
      expect(posicion(`fsync ${t}`)).toBeLessThan(primerRenombre);
    }
    const ultimoRenombre = Math.max(...temporales.map((t) => posicion(`rename ${t}`)));
    expect(registro.llamadas.slice(ultimoRenombre)).toContain('fsync documentos');
  });

  it('uno solo (y una restauración con nombre dado): sincronizado antes del renombre', async () => {
    const almacen = almacenEnDisco(dataDir);
    const preparado = await almacen.preparar(Readable.from([Buffer.from('solo')]));
    const t = path.basename(preparado.rutaTemporal);
    await almacen.confirmar(preparado);
    expect(registro.llamadas.indexOf(`fsync ${t}`)).toBeLessThan(registro.llamadas.indexOf(`rename ${t}`));
    expect(registro.llamadas.at(-1)).toBe('fsync documentos');

    registro.llamadas.length = 0;
    await almacen.escribir('ab'.repeat(16), Readable.from([Buffer.from('restaurado')]));
    const fsync = registro.llamadas.findIndex((l) => l.startsWith('fsync ') && !l.endsWith('documentos'));
    const renombre = registro.llamadas.findIndex((l) => l.startsWith('rename '));
    expect(fsync).toBeGreaterThanOrEqual(0);
    expect(fsync).toBeLessThan(renombre);
  });
});
