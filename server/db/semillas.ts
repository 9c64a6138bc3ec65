// First-start data, loaded by the server only (operator commands never seed): each empty
// catalogue from the project's own CSV copies in server/seed/, and in demo mode (DEMO=1, which
// production refuses) an empty padrón gets the demo pairs published in the README.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { importarCatalogo, type TipoCatalogo } from '../catalogos/importacion.js';
import { comoNumero, type Motor } from './conexion.js';
import type { Database, Db } from './esquema.js';

const SEMILLAS: { tipo: TipoCatalogo; tabla: keyof Database; archivo: string }[] = [
  { tipo: 'localidades', tabla: 'localidades', archivo: 'localidades.csv' },
  { tipo: 'calles', tabla: 'calles', archivo: 'calles.csv' },
  { tipo: 'condiciones', tabla: 'condiciones_iva', archivo: 'condiciones_iva.csv' },
  { tipo: 'aparatos', tabla: 'tipos_aparato', archivo: 'tipos_aparato.csv' },
];

export const PADRON_DEMO = [
  { dni: '30111222', matricula: '12345' },
  { dni: '28999888', matricula: '6789' },
  { dni: '25444555', matricula: '4321' },
  { dni: '33777666', matricula: 'MP10203' },
  { dni: '1234567', matricula: '999' },
] as const;

/** How many of the published demo pairs the padrón holds: production refuses to start with any. */
export async function paresDeDemoEnPadron(db: Db): Promise<number> {
  let n = 0;
  for (const par of PADRON_DEMO) {
    const fila = await db
      .selectFrom('padron')
      .select('dni')
      .where('dni', '=', par.dni)
      .where('matricula', '=', par.matricula)
      .executeTakeFirst();
    if (fila) n++;
  }
  return n;
}

/** Removes the demo pairs from the padrón (`npm run quitar-demo`); answers how many it removed. */
export async function quitarParesDeDemo(db: Db): Promise<number> {
  let n = 0;
  await db.transaction().execute(async (trx) => {
    for (const par of PADRON_DEMO) {
      const r = await trx
        .deleteFrom('padron')
        .where('dni', '=', par.dni)
        .where('matricula', '=', par.matricula)
        .executeTakeFirst();
      n += Number(r.numDeletedRows);
    }
  });
  return n;
}

async function vacia(db: Db, tabla: keyof Database): Promise<boolean> {
  const fila = await db
    .selectFrom(tabla)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return comoNumero(fila?.n) === 0;
}

async function sembrarCatalogos(db: Db, opciones: { demo: boolean }): Promise<void> {
  for (const semilla of SEMILLAS) {
    if (!(await vacia(db, semilla.tabla))) continue;
    const texto = await readFile(
      fileURLToPath(new URL(`../seed/${semilla.archivo}`, import.meta.url)),
      'utf8',
    );
    await importarCatalogo(db, semilla.tipo, texto);
  }
  if (opciones.demo && (await vacia(db, 'padron'))) {
    await db
      .insertInto('padron')
      .values(PADRON_DEMO.map((p) => ({ ...p, circunscripcion: 1 })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Any fixed number: the key of the PostgreSQL advisory lock that serialises first starts. */
const CLAVE_DE_BLOQUEO = 7_318_004;

export async function sembrar(db: Db, motor: Motor, opciones: { demo: boolean }): Promise<void> {
  if (motor === 'sqlite') return sembrarCatalogos(db, opciones);
  // Several processes may start together on one PostgreSQL: only one seeds at a time, the others
  // then find the tables filled.
  await db.connection().execute(async (conexion) => {
    await sql`select pg_advisory_lock(${CLAVE_DE_BLOQUEO})`.execute(conexion);
    try {
      await sembrarCatalogos(conexion, opciones);
    } finally {
      await sql`select pg_advisory_unlock(${CLAVE_DE_BLOQUEO})`.execute(conexion);
    }
  });
}
