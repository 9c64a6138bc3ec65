// Small statistics over samples: medians for repeated runs, percentiles for latencies.
export function percentil(valores: readonly number[], p: number): number {
  if (valores.length === 0) return Number.NaN;
  const orden = [...valores].sort((a, b) => a - b);
  const i = Math.min(orden.length - 1, Math.max(0, Math.ceil((p / 100) * orden.length) - 1));
  return orden[i]!;
}

export const mediana = (valores: readonly number[]) => {
  if (valores.length === 0) return Number.NaN;
  const orden = [...valores].sort((a, b) => a - b);
  const medio = Math.floor(orden.length / 2);
  return orden.length % 2 ? orden[medio]! : (orden[medio - 1]! + orden[medio]!) / 2;
};

export const esperar = (msegs: number) => new Promise<void>((r) => setTimeout(r, msegs));

/** Runs `tarea` for each index with at most `concurrencia` at a time. */
export async function enParalelo<T>(total: number, concurrencia: number, tarea: (i: number) => Promise<T>): Promise<T[]> {
  const resultados = new Array<T>(total);
  let siguiente = 0;
  const trabajador = async () => {
    while (siguiente < total) {
      const i = siguiente++;
      resultados[i] = await tarea(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrencia, total) }, trabajador));
  return resultados;
}
