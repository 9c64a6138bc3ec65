// The audit chain's keys (decision 098): AUDITORIA_CLAVE (+ the retired AUDITORIA_CLAVES_ANTERIORES)
// or AUDITORIA_CLAVE_ARCHIVO, a file outside DATA_DIR that others cannot read. The schema
// (esquema.ts) declares the three; they are checked here together, with the file. Production
// refuses to start without one; elsewhere the published development key stands in. Messages
// never echo a key: they reach the logs.
import fs from 'node:fs';
import path from 'node:path';
import {
  anilloDeDesarrollo,
  CLAVE_DE_DESARROLLO_HEX,
  claveDesde,
  FORMATO_CLAVE,
  type AnilloDeClaves,
} from '../auditoria/claves.js';

/** The three variables as the schema read them (trimmed; undefined when unset). */
export interface VariablesDeAuditoria {
  AUDITORIA_CLAVE?: string | undefined;
  AUDITORIA_CLAVES_ANTERIORES?: string | undefined;
  AUDITORIA_CLAVE_ARCHIVO?: string | undefined;
}

type Fallo = (variable: string, detalle: string) => Error;

const FORMATO =
  'al menos 32 bytes escritos como 64 dígitos hexadecimales (generala con `openssl rand -hex 32`)';

function claves(lista: string[], variable: string, fallo: Fallo) {
  return lista.map((hex, i) => {
    if (!FORMATO_CLAVE.test(hex)) {
      throw fallo(variable, `tiene una clave (la ${i + 1}.ª) sin el formato esperado: ${FORMATO}.`);
    }
    return claveDesde(hex);
  });
}

function lineasDelArchivo(crudo: string, dataDir: string, cwd: string, fallo: Fallo): string[] {
  const ruta = path.resolve(cwd, crudo);
  let estado: fs.Stats;
  try {
    estado = fs.statSync(ruta);
  } catch {
    throw fallo('AUDITORIA_CLAVE_ARCHIVO', `apunta a un archivo que no se puede leer (${ruta}).`);
  }
  if (!estado.isFile()) throw fallo('AUDITORIA_CLAVE_ARCHIVO', `no apunta a un archivo (${ruta}).`);
  const real = fs.realpathSync(ruta);
  const datos = fs.existsSync(dataDir) ? fs.realpathSync(dataDir) : path.resolve(dataDir);
  if (real === datos || real.startsWith(datos + path.sep)) {
    throw fallo(
      'AUDITORIA_CLAVE_ARCHIVO',
      'no puede estar dentro de DATA_DIR: quien copie los datos se llevaría la clave.',
    );
  }
  if ((estado.mode & 0o004) !== 0) {
    throw fallo(
      'AUDITORIA_CLAVE_ARCHIVO',
      `apunta a un archivo que cualquiera puede leer (${ruta}): dejalo en modo 600 o 640.`,
    );
  }
  return fs
    .readFileSync(ruta, 'utf8')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

export function configAuditoria(
  variables: VariablesDeAuditoria,
  { production, dataDir, cwd }: { production: boolean; dataDir: string; cwd: string },
  fallo: Fallo,
): AnilloDeClaves {
  const {
    AUDITORIA_CLAVE: directa,
    AUDITORIA_CLAVE_ARCHIVO: archivo,
    AUDITORIA_CLAVES_ANTERIORES: anteriores,
  } = variables;
  if (directa && archivo) {
    throw fallo('AUDITORIA_CLAVE', 'y AUDITORIA_CLAVE_ARCHIVO no pueden usarse juntas: elegí una.');
  }
  if (archivo && anteriores) {
    throw fallo(
      'AUDITORIA_CLAVES_ANTERIORES',
      'no se usa con AUDITORIA_CLAVE_ARCHIVO: poné las claves anteriores en el archivo, debajo de la actual.',
    );
  }
  let lista: string[];
  let variable: string;
  if (archivo) {
    variable = 'AUDITORIA_CLAVE_ARCHIVO';
    lista = lineasDelArchivo(archivo, dataDir, cwd, fallo);
    if (lista.length === 0) throw fallo(variable, 'apunta a un archivo sin ninguna clave.');
  } else if (directa) {
    variable = 'AUDITORIA_CLAVE';
    if (!FORMATO_CLAVE.test(directa)) throw fallo(variable, `no tiene el formato esperado: ${FORMATO}.`);
    const previas = (anteriores ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    claves(previas, 'AUDITORIA_CLAVES_ANTERIORES', fallo);
    lista = [directa, ...previas];
  } else {
    if (anteriores) throw fallo('AUDITORIA_CLAVES_ANTERIORES', 'necesita AUDITORIA_CLAVE (la clave actual).');
    if (production) {
      throw fallo(
        'AUDITORIA_CLAVE',
        `es obligatoria en producción (o AUDITORIA_CLAVE_ARCHIVO): firma el registro de auditoría; ${FORMATO}. ` +
          'Guardala fuera de DATA_DIR y de la base (docs/operations.md, "The audit key and the published heads").',
      );
    }
    return anilloDeDesarrollo();
  }
  const [actual, ...resto] = claves(lista, variable, fallo);
  if (production && lista.some((hex) => hex.toLowerCase() === CLAVE_DE_DESARROLLO_HEX)) {
    throw fallo(variable, 'no puede ser la clave de desarrollo, que está publicada en el código.');
  }
  return { actual: actual!, anteriores: resto, desarrollo: false };
}
