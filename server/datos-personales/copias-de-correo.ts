// The outbox's .eml copies (correo/transporte.ts writes `DATA_DIR/correo/<date>-<row id>.eml` when
// no SMTP server is configured): a deletion of personal data (producto §13) removes those of its
// outbox rows, and the daily retention task those whose row is gone — a message being written
// while its row was deleted leaves one behind.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/esquema.js';

/** Removes the .eml copies of the outbox rows `ids` or, without them, of every row that no longer exists. */
export async function borrarCopiasDeCorreo(db: Db, dataDir: string, ids?: string[]): Promise<number> {
  const carpeta = path.join(dataDir, 'correo');
  const nombres = await readdir(carpeta).catch(() => [] as string[]);
  // Named `<date>-<row id>.eml` (correo/transporte.ts): the id is the last 36 characters.
  const copias = nombres
    .filter((n) => n.endsWith('.eml'))
    .map((n) => ({ nombre: n, id: n.slice(0, -4).slice(-36) }));
  let buscados: Set<string>;
  if (ids) {
    buscados = new Set(ids);
  } else {
    const existentes = new Set<string>();
    const candidatos = copias.map((c) => c.id);
    for (let i = 0; i < candidatos.length; i += 500) {
      const filas = await db
        .selectFrom('correos')
        .select('id')
        .where('id', 'in', candidatos.slice(i, i + 500))
        .execute();
      for (const f of filas) existentes.add(f.id);
    }
    buscados = new Set(candidatos.filter((id) => !existentes.has(id)));
  }
  let borradas = 0;
  for (const copia of copias) {
    if (!buscados.has(copia.id)) continue;
    await rm(path.join(carpeta, copia.nombre), { force: true });
    borradas++;
  }
  return borradas;
}
