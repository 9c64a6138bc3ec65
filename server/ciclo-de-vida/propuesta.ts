// Four eyes in the record (producto §15): an application's open proposal as the record's writer
// (./asentar.ts) reads and writes it on the application's row (migration 013), and the history
// row each step leaves. Whether a step may be taken is the lifecycle chart's
// (domain/ciclo-de-vida.ts); this only translates between the row and the chart's context.
import {
  CAMPOS_PROPUESTA,
  type ControlDeDecision,
  type Decision,
  type Propuesta,
} from '../../domain/propuestas.js';

/** The open proposal as the caller read it from the row. */
export interface PropuestaGuardada {
  id: string;
  decision: Decision;
  /** Who proposed it (personal.id). */
  por: string;
  motivo: string | null;
}

/** The row's proposal columns when none is open: a move, a confirmation, a discard, a deletion. */
export const SIN_PROPUESTA = {
  propuesta_id: null,
  propuesta: null,
  propuesta_por: null,
  propuesta_en: null,
  propuesta_motivo: null,
} as const;

/** The chart's context of a stored proposal. */
export const propuestaDelCiclo = (p: PropuestaGuardada | null): Propuesta | null =>
  p ? { decision: p.decision, quien: p.por, ...(p.motivo ? { motivo: p.motivo } : {}) } : null;

/** The row's columns of a new proposal. */
export const columnasDePropuesta = (id: string, p: Propuesta, en: string) => ({
  propuesta_id: id,
  propuesta: p.decision,
  propuesta_por: p.quien,
  propuesta_en: en,
  propuesta_motivo: p.motivo ?? null,
});

/**
 * What a step's history row says besides from, to, who and motivo: a proposal or its discard
 * changes no status and names itself in `campo`; a confirmation is the decision's own row, marked.
 */
export function marcaDelHistorial(
  paso: 'propuesta' | 'descarte' | 'confirmacion',
  decision: Decision,
): { campo: string } | { control: ControlDeDecision } {
  return paso === 'confirmacion' ? { control: paso } : { campo: CAMPOS_PROPUESTA[paso][decision] };
}
