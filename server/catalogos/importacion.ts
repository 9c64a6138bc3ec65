// Validating and replacing a catalogue from CSV: used by the first-start seed and by
// `npm run importar`. A catalogue is replaced in one transaction; rejected rows are reported with
// their line and reason, and a file without one acceptable row changes nothing.
import { CAMPOS_SOCIO, esDni } from '../../domain/campos.js';
import { soloDigitos } from '../../domain/index.js';
import { ErrorDeFormato, leerCsv } from './csv.js';
import type { Db } from '../db/esquema.js';

export const TIPOS_CATALOGO = ['padron', 'localidades', 'calles', 'aparatos', 'condiciones'] as const;
export type TipoCatalogo = (typeof TIPOS_CATALOGO)[number];

interface Rechazo {
  linea: number;
  motivo: string;
}
export interface ResultadoImportacion {
  catalogo: TipoCatalogo;
  aceptadas: number;
  rechazadas: Rechazo[];
  aplicado: boolean;
  /** Streets removed because their locality left the catalogue (localidades only). */
  callesEliminadas?: number;
}

type Fila = Record<string, string | number>;
type Lector = (valores: Record<string, string>, contexto: Contexto) => Fila | string;
interface Contexto {
  localidades: Set<number>;
}

interface Definicion {
  tabla: 'padron' | 'localidades' | 'calles' | 'tipos_aparato' | 'condiciones_iva';
  columnas: string[];
  opcionales?: string[];
  clave: (fila: Fila) => string;
  leer: Lector;
}

const codigo = (texto: string | undefined): number | null =>
  texto !== undefined && /^\d{1,9}$/.test(texto.trim()) && Number(texto) > 0 ? Number(texto) : null;

const nombre = (texto: string | undefined, max = 100): string | null => {
  const limpio = (texto ?? '').trim().replace(/\s+/g, ' ');
  return limpio.length > 0 && limpio.length <= max ? limpio : null;
};

const codigoYNombre =
  (colCodigo: string, colNombre: string): Lector =>
  (v) => {
    const c = codigo(v[colCodigo]);
    if (c === null) return `${colCodigo} debe ser un entero positivo`;
    const n = nombre(v[colNombre]);
    if (n === null) return `${colNombre} vacío o de más de 100 caracteres`;
    return { codigo: c, nombre: n };
  };

const DEFINICIONES: Record<TipoCatalogo, Definicion> = {
  localidades: {
    tabla: 'localidades',
    columnas: ['codigoLocalidad', 'nombreLocalidad'],
    clave: (f) => String(f.codigo),
    leer: codigoYNombre('codigoLocalidad', 'nombreLocalidad'),
  },
  condiciones: {
    tabla: 'condiciones_iva',
    columnas: ['codigoCondicionIVA', 'nombreCondicionIVA'],
    clave: (f) => String(f.codigo),
    leer: codigoYNombre('codigoCondicionIVA', 'nombreCondicionIVA'),
  },
  aparatos: {
    tabla: 'tipos_aparato',
    columnas: ['codigotipoaparato', 'nombretipoaparato'],
    clave: (f) => String(f.codigo),
    leer: codigoYNombre('codigotipoaparato', 'nombretipoaparato'),
  },
  calles: {
    tabla: 'calles',
    columnas: ['codigoLocalidad', 'nombreCalle'],
    clave: (f) => `${f.codigo_localidad}|${String(f.nombre).toLowerCase()}`,
    leer: (v, ctx) => {
      const c = codigo(v.codigoLocalidad);
      if (c === null) return 'codigoLocalidad debe ser un entero positivo';
      if (!ctx.localidades.has(c)) return `la localidad ${c} no existe en el catálogo de localidades`;
      const n = nombre(v.nombreCalle);
      if (n === null) return 'nombreCalle vacío o de más de 100 caracteres';
      return { codigo_localidad: c, nombre: n };
    },
  },
  padron: {
    tabla: 'padron',
    columnas: ['dni', 'matricula'],
    opcionales: ['circunscripcion'],
    clave: (f) => `${f.dni}|${f.matricula}|${f.circunscripcion}`,
    leer: (v) => {
      const crudo = (v.dni ?? '').trim();
      const dni = /^[\d.]+$/.test(crudo) ? soloDigitos(crudo) : '';
      const { dni: reglaDni, matricula: reglaMatricula } = CAMPOS_SOCIO;
      if (!esDni(dni)) return `dni debe tener ${reglaDni.corto} u ${reglaDni.largo} dígitos`;
      const matricula = (v.matricula ?? '').trim();
      if (matricula.length === 0 || matricula.length > reglaMatricula.largo)
        return `matricula vacía o de más de ${reglaMatricula.largo} caracteres`;
      const circ =
        v.circunscripcion === undefined || v.circunscripcion.trim() === '' ? 1 : codigo(v.circunscripcion);
      if (circ === null) return 'circunscripcion debe ser un entero positivo';
      return { dni, matricula, circunscripcion: circ };
    },
  },
};

export { ErrorDeFormato };

function validar(tipo: TipoCatalogo, texto: string, contexto: Contexto) {
  const def = DEFINICIONES[tipo];
  const { encabezado, filas } = leerCsv(texto);
  const normal = encabezado.map((c) => c.toLowerCase());
  const faltantes = def.columnas.filter((c) => !normal.includes(c.toLowerCase()));
  if (faltantes.length > 0) {
    throw new ErrorDeFormato(
      `El archivo debe empezar con el encabezado ${[...def.columnas, ...(def.opcionales ?? [])].join(',')} (faltan: ${faltantes.join(', ')}).`,
    );
  }
  const indices = new Map<string, number>();
  for (const col of [...def.columnas, ...(def.opcionales ?? [])]) {
    const i = normal.indexOf(col.toLowerCase());
    if (i >= 0) indices.set(col, i);
  }
  const aceptadas: Fila[] = [];
  const rechazadas: Rechazo[] = [];
  const vistas = new Map<string, number>();
  for (const fila of filas) {
    if (fila.valores.length !== encabezado.length) {
      rechazadas.push({
        linea: fila.linea,
        motivo: `se esperaban ${encabezado.length} columnas y hay ${fila.valores.length}`,
      });
      continue;
    }
    const valores: Record<string, string> = {};
    for (const [col, i] of indices) valores[col] = fila.valores[i] ?? '';
    const leida = def.leer(valores, contexto);
    if (typeof leida === 'string') {
      rechazadas.push({ linea: fila.linea, motivo: leida });
      continue;
    }
    const clave = def.clave(leida);
    const anterior = vistas.get(clave);
    if (anterior !== undefined) {
      rechazadas.push({ linea: fila.linea, motivo: `repetida (igual a la línea ${anterior})` });
      continue;
    }
    vistas.set(clave, fila.linea);
    aceptadas.push(leida);
  }
  return { aceptadas, rechazadas };
}

const LOTE = 500;

/**
 * Validates `texto` and, when at least one row is acceptable (every row, when `estricto`),
 * replaces the catalogue with it.
 */
export async function importarCatalogo(
  db: Db,
  tipo: TipoCatalogo,
  texto: string,
  opciones: { estricto?: boolean } = {},
): Promise<ResultadoImportacion> {
  const def = DEFINICIONES[tipo];
  return db.transaction().execute(async (trx) => {
    const contexto: Contexto = { localidades: new Set() };
    if (tipo === 'calles') {
      const filas = await trx.selectFrom('localidades').select('codigo').execute();
      contexto.localidades = new Set(filas.map((f) => Number(f.codigo)));
    }
    const { aceptadas, rechazadas } = validar(tipo, texto, contexto);
    const resultado: ResultadoImportacion = {
      catalogo: tipo,
      aceptadas: aceptadas.length,
      rechazadas,
      aplicado: false,
    };
    if (aceptadas.length === 0 || (opciones.estricto && rechazadas.length > 0)) return resultado;

    await trx.deleteFrom(def.tabla).execute();
    for (let i = 0; i < aceptadas.length; i += LOTE) {
      // The rows were built by the definition above for this very table.
      await trx
        .insertInto(def.tabla)
        .values(aceptadas.slice(i, i + LOTE) as never)
        .execute();
    }
    if (tipo === 'localidades') {
      const codigos = aceptadas.map((f) => Number(f.codigo));
      const borradas = await trx
        .deleteFrom('calles')
        .where('codigo_localidad', 'not in', codigos)
        .executeTakeFirst();
      resultado.callesEliminadas = Number(borradas.numDeletedRows);
    }
    // The API processes cache the public catalogues: tell them (the padrón is never cached).
    if (tipo !== 'padron') {
      await trx
        .updateTable('version_catalogos')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('id', '=', 1)
        .execute();
    }
    resultado.aplicado = true;
    return resultado;
  });
}
