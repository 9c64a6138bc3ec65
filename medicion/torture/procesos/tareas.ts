// Watching the periodic tasks of several processes (tareas/planificador.ts): every 100 ms this reads
// each task's last run (`ultima_ms`, the winner's clock when it took the slot, and `duenio`, the
// winning process). A task's runs must be at least its interval apart — two runs in one slot, by
// one process or two, would show as a gap shorter than that. Runs between two readings can be
// missed (never invented), so the count of runs is checked apart against ⌊T / interval⌋ + 1.
import pg from 'pg';

export interface Corrida {
  nombre: string;
  ultimaMs: number;
  duenio: string;
}

export interface Vigia {
  corridas: Corrida[];
  detener(): Promise<void>;
}

export async function vigilarTareas(url: string, cadaMs = 100): Promise<Vigia> {
  const cliente = new pg.Client({ connectionString: url });
  await cliente.connect();
  cliente.on('error', () => {});
  const vistas = new Map<string, Corrida>();
  let activo = true;
  const bucle = (async () => {
    while (activo) {
      try {
        const { rows } = await cliente.query<{
          nombre: string;
          ultima_ms: string | null;
          duenio: string | null;
        }>('select nombre, ultima_ms, duenio from tareas where ultima_ms is not null');
        for (const f of rows) {
          const c = { nombre: f.nombre, ultimaMs: Number(f.ultima_ms), duenio: f.duenio ?? '?' };
          vistas.set(`${c.nombre}|${c.ultimaMs}`, c);
        }
      } catch {
        // the table does not exist yet (first start migrating)
      }
      await new Promise((r) => setTimeout(r, cadaMs));
    }
  })();
  return {
    get corridas() {
      return [...vistas.values()];
    },
    async detener() {
      activo = false;
      await bucle;
      await cliente.end().catch(() => {});
    },
  };
}

/** Pairs of consecutive runs of one task closer than its interval (should be none). */
export function corridasEnUnaRanura(corridas: Corrida[], intervalos: Record<string, number>): string[] {
  const problemas: string[] = [];
  for (const [nombre, cadaMs] of Object.entries(intervalos)) {
    const propias = corridas.filter((c) => c.nombre === nombre).sort((a, b) => a.ultimaMs - b.ultimaMs);
    for (let k = 1; k < propias.length; k++) {
      const hueco = propias[k]!.ultimaMs - propias[k - 1]!.ultimaMs;
      if (hueco < cadaMs)
        problemas.push(
          `${nombre}: ${propias[k - 1]!.duenio.slice(0, 8)} and ${propias[k]!.duenio.slice(0, 8)} ${hueco} ms apart`,
        );
    }
  }
  return problemas;
}
