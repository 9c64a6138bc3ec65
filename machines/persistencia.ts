// The persisted form of the statechart: a versioned envelope around
// `actor.getPersistedSnapshot()`. An envelope of another version (an older app) is dropped
// rather than restored into a chart it no longer fits; an older shape of this version is brought
// up to date (contextoAlDia).
export const VERSION_BORRADOR = 1;

export interface BorradorGuardado {
  version: number;
  guardadoEn: string;
  snapshot: unknown;
}

export function envolver(snapshot: unknown, ahora: Date = new Date()): BorradorGuardado {
  return { version: VERSION_BORRADOR, guardadoEn: ahora.toISOString(), snapshot };
}

/** The snapshot inside a stored envelope, or null when it is missing, foreign or outdated. */
export function desenvolver(guardado: unknown): unknown {
  if (!guardado || typeof guardado !== 'object') return null;
  const { version, snapshot } = guardado as Partial<BorradorGuardado>;
  if (version !== VERSION_BORRADOR || !snapshot || typeof snapshot !== 'object') return null;
  const estado = snapshot as { status?: unknown; value?: unknown; context?: unknown };
  // A finished chart (sent application) is never restored: the next visit starts anew.
  if (estado.status !== 'active' || !estado.value || !estado.context) return null;
  return { ...snapshot, context: contextoAlDia(estado.context as Record<string, unknown>, estado.value) };
}

/**
 * Drafts of this version saved before docs/decisions/088 hold `errorSubida` and lack the upload's
 * classified failure and the missing marks: read them into the current shape rather than drop
 * them (a failure saved then was one with a retry).
 */
function contextoAlDia(context: Record<string, unknown>, value: unknown): Record<string, unknown> {
  if ('falloSubida' in context && 'faltantes' in context) return context;
  const { errorSubida, ...resto } = context;
  const fallida = JSON.stringify(value) === JSON.stringify({ documentos: { eligiendo: 'fallida' } });
  return {
    falloSubida: fallida
      ? { reintentable: true, mensaje: typeof errorSubida === 'string' ? errorSubida : null, rechazados: {} }
      : null,
    faltantes: [],
    ...resto,
  };
}
