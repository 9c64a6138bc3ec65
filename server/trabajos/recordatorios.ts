// Being built for issue 13: queues the end-date reminders (producto §11).
import type { Db } from '../db/esquema.js';

/** Queues every reminder due at `ahora` (each key once); answers how many were new. */
export async function encolarRecordatorios(_db: Db, _ahora: Date): Promise<number> {
  return 0;
}
