// The audit chain's key in the configuration (decision 098): production refuses to start without
// one; it is AUDITORIA_CLAVE (with the retired ones in AUDITORIA_CLAVES_ANTERIORES) or a file
// outside DATA_DIR that others cannot read (AUDITORIA_CLAVE_ARCHIVO: the current key first, the
// retired ones under it); the published development key only outside production; no message
// ever shows a key.
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config/index.js';
import { CLAVE_DE_DESARROLLO_HEX, claveDesde } from '../../server/auditoria/claves.js';

const ACTUAL = 'c3'.repeat(32);
const ANTERIOR = 'd4'.repeat(32);
let dir: string;
let dataDir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'alta-clave-'));
  dataDir = path.join(dir, 'datos');
  await mkdir(dataDir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const produccion = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

/** The message of the refusal, which must name `variable` and never show a key. */
function rechazo(env: Record<string, string>, variable: string): string {
  try {
    produccion(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const mensaje = (error as Error).message;
    expect(mensaje).toContain(variable);
    for (const clave of [ACTUAL, ANTERIOR, CLAVE_DE_DESARROLLO_HEX]) expect(mensaje).not.toContain(clave);
    return mensaje;
  }
  throw new Error('loadConfig no falló');
}

async function archivo(nombre: string, contenido: string, modo = 0o600): Promise<string> {
  const ruta = path.join(dir, nombre);
  await writeFile(ruta, contenido);
  await chmod(ruta, modo);
  return ruta;
}

describe('la clave de la auditoría', () => {
  it('producción no arranca sin ella, y dice cómo generarla y dónde guardarla', () => {
    expect(rechazo({}, 'AUDITORIA_CLAVE')).toMatch(
      /obligatoria en producción.*openssl rand -hex 32.*fuera de DATA_DIR/s,
    );
  });

  it('fuera de producción, sin clave, usa la de desarrollo (publicada) y lo dice', () => {
    const { auditoria } = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(auditoria).toMatchObject({ desarrollo: true, anteriores: [] });
    expect(auditoria.actual.id).toBe(claveDesde(CLAVE_DE_DESARROLLO_HEX).id);
  });

  it('AUDITORIA_CLAVE y las anteriores', () => {
    const { auditoria } = produccion({
      AUDITORIA_CLAVE: ACTUAL,
      AUDITORIA_CLAVES_ANTERIORES: ` ${ANTERIOR} ,`,
    });
    expect(auditoria.desarrollo).toBe(false);
    expect(auditoria.actual.id).toBe(claveDesde(ACTUAL).id);
    expect(auditoria.anteriores.map((c) => c.id)).toEqual([claveDesde(ANTERIOR).id]);
    // The id is derived, never the key or a prefix of it.
    expect(ACTUAL).not.toContain(auditoria.actual.id);
  });

  it.each([
    [{ AUDITORIA_CLAVE: 'c3'.repeat(31) }, 'AUDITORIA_CLAVE', /64 dígitos hexadecimales/],
    [{ AUDITORIA_CLAVE: 'zz'.repeat(32) }, 'AUDITORIA_CLAVE', /64 dígitos hexadecimales/],
    [
      { AUDITORIA_CLAVE: ACTUAL, AUDITORIA_CLAVES_ANTERIORES: `${ANTERIOR},abc` },
      'AUDITORIA_CLAVES_ANTERIORES',
      /la 2\.ª/,
    ],
    [{ AUDITORIA_CLAVES_ANTERIORES: ANTERIOR }, 'AUDITORIA_CLAVES_ANTERIORES', /necesita AUDITORIA_CLAVE/],
    [{ AUDITORIA_CLAVE: CLAVE_DE_DESARROLLO_HEX }, 'AUDITORIA_CLAVE', /clave de desarrollo/],
    [
      { AUDITORIA_CLAVE: ACTUAL, AUDITORIA_CLAVES_ANTERIORES: CLAVE_DE_DESARROLLO_HEX.toUpperCase() },
      'AUDITORIA_CLAVE',
      /clave de desarrollo/,
    ],
    [
      { AUDITORIA_CLAVE: ACTUAL, AUDITORIA_CLAVE_ARCHIVO: '/etc/alta/clave' },
      'AUDITORIA_CLAVE',
      /no pueden usarse juntas/,
    ],
  ])('%j se rechaza nombrando %s', (env, variable, motivo) => {
    expect(rechazo(env, variable)).toMatch(motivo);
  });

  it('AUDITORIA_CLAVE_ARCHIVO: la actual primero, las anteriores debajo; comentarios y líneas vacías no cuentan', async () => {
    const ruta = await archivo('claves', `# actual\n${ACTUAL}\n\n# retirada el 2026-11-27\n${ANTERIOR}\n`);
    const { auditoria } = produccion({ AUDITORIA_CLAVE_ARCHIVO: ruta });
    expect(auditoria.actual.id).toBe(claveDesde(ACTUAL).id);
    expect(auditoria.anteriores.map((c) => c.id)).toEqual([claveDesde(ANTERIOR).id]);
    // A group the service shares may read it.
    await chmod(ruta, 0o640);
    expect(produccion({ AUDITORIA_CLAVE_ARCHIVO: ruta }).auditoria.actual.id).toBe(claveDesde(ACTUAL).id);
  });

  it('AUDITORIA_CLAVE_ARCHIVO se rechaza dentro de DATA_DIR, legible por cualquiera, vacío, inexistente o con las anteriores aparte', async () => {
    const adentro = path.join(dataDir, 'clave');
    await writeFile(adentro, ACTUAL, { mode: 0o600 });
    expect(rechazo({ AUDITORIA_CLAVE_ARCHIVO: adentro }, 'AUDITORIA_CLAVE_ARCHIVO')).toMatch(
      /dentro de DATA_DIR/,
    );
    const publico = await archivo('publica', ACTUAL, 0o644);
    expect(rechazo({ AUDITORIA_CLAVE_ARCHIVO: publico }, 'AUDITORIA_CLAVE_ARCHIVO')).toMatch(
      /cualquiera puede leer/,
    );
    const vacio = await archivo('vacia', '# nada\n');
    expect(rechazo({ AUDITORIA_CLAVE_ARCHIVO: vacio }, 'AUDITORIA_CLAVE_ARCHIVO')).toMatch(
      /sin ninguna clave/,
    );
    expect(
      rechazo({ AUDITORIA_CLAVE_ARCHIVO: path.join(dir, 'no-existe') }, 'AUDITORIA_CLAVE_ARCHIVO'),
    ).toMatch(/no se puede leer/);
    const mala = await archivo('mala', `${ACTUAL}\nno-es-una-clave\n`);
    expect(rechazo({ AUDITORIA_CLAVE_ARCHIVO: mala }, 'AUDITORIA_CLAVE_ARCHIVO')).toMatch(/la 2\.ª/);
    const buena = await archivo('buena', ACTUAL);
    expect(
      rechazo(
        { AUDITORIA_CLAVE_ARCHIVO: buena, AUDITORIA_CLAVES_ANTERIORES: ANTERIOR },
        'AUDITORIA_CLAVES_ANTERIORES',
      ),
    ).toMatch(/en el archivo/);
  });
});
