// The build's transform of Chakra's createSystem (scripts/build-chakra.mjs), run on the installed
// Chakra's own files: a copy of its styled-system, transformed, must build by phases the same
// system the untouched code builds at once, and a changed shape must fail the build.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chakraPorFases } from '../../scripts/build-chakra.mjs';

const ESM = path.resolve('node_modules/@chakra-ui/react/dist/esm');
const SISTEMA = 'styled-system/system.js';
const DICCIONARIO = 'styled-system/token-dictionary.js';

type Transformar = (this: { error: (m: string) => never }, codigo: string, id: string) => string | null;
const transformar = chakraPorFases().transform as unknown as Transformar;
const contexto = {
  error: (mensaje: string): never => {
    throw new Error(mensaje);
  },
};

type PorFases = (...c: unknown[]) => Generator<undefined, ReturnType<typeof createSystem>, undefined>;

const config = defineConfig({
  theme: {
    tokens: { colors: { marca: { value: '#0b4f8a' } }, spacing: { 4: { value: '1rem' } } },
    semanticTokens: { colors: { fondo: { value: '{colors.marca}' } } },
  },
});

describe('Chakra createSystem by phases (build transform)', () => {
  let copia: string;
  let transformado: { createSystem: typeof createSystem & { porFases: PorFases } };

  beforeAll(async () => {
    // Inside node_modules, so the copy's own imports (@pandacss/…) resolve as Chakra's do.
    await mkdir(path.resolve('node_modules/.cache'), { recursive: true });
    copia = await mkdtemp(path.resolve('node_modules/.cache/prueba-chakra-'));
    await cp(path.join(ESM, 'styled-system'), path.join(copia, 'styled-system'), { recursive: true });
    await cp(path.join(ESM, 'utils'), path.join(copia, 'utils'), { recursive: true });
    for (const archivo of [SISTEMA, DICCIONARIO]) {
      const destino = path.join(copia, archivo);
      const salida = transformar.call(contexto, await readFile(destino, 'utf8'), path.join(ESM, archivo));
      if (!salida) throw new Error(`not transformed: ${archivo}`);
      await writeFile(destino, salida);
    }
    transformado = (await import(pathToFileURL(path.join(copia, SISTEMA)).href)) as typeof transformado;
  });

  afterAll(async () => {
    if (copia) await rm(copia, { recursive: true, force: true });
  });

  it('stops between phases and ends with the system the untouched code builds', () => {
    const fases = transformado.createSystem.porFases(defaultBaseConfig, config);
    let pausas = 0;
    let paso = fases.next();
    while (!paso.done) {
      pausas++;
      paso = fases.next();
    }
    expect(pausas).toBeGreaterThanOrEqual(6);
    const porFases = paso.value;
    const original = createSystem(defaultBaseConfig, config);
    const estilo = { color: 'fondo', bg: 'marca', p: '4', _hover: { color: 'marca' } };
    expect(porFases.css(estilo)).toEqual(original.css(estilo));
    expect(porFases.token('colors.fondo')).toBe(original.token('colors.fondo'));
    expect(porFases.tokens.allTokens.length).toBe(original.tokens.allTokens.length);
    // Built on demand now, and the same.
    expect(porFases._global).toEqual(original._global);
  });

  it('keeps createSystem synchronous for every other caller', () => {
    const sistema = transformado.createSystem(defaultBaseConfig, config);
    expect(sistema.css({ color: 'marca' })).toEqual(
      createSystem(defaultBaseConfig, config).css({ color: 'marca' }),
    );
  });

  it('fails the build, naming the file to update, when Chakra changes shape', async () => {
    const codigo = (await readFile(path.join(ESM, SISTEMA), 'utf8')).replace(
      'const config = mergeConfigs',
      'const cfg = mergeConfigs',
    );
    expect(() => transformar.call(contexto, codigo, path.join(ESM, SISTEMA))).toThrow(
      /update scripts\/build-chakra\.mjs/,
    );
  });

  it('leaves every other module alone', () => {
    expect(
      transformar.call(contexto, 'export const x = 1;', path.join(ESM, 'styled-system/css.js')),
    ).toBeNull();
  });
});
