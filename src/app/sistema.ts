// Chakra's system built from the app's theme (tema.ts): at once where first used, or phase by
// phase in the entry's start-up (construirSistema).
import { createSystem, defaultBaseConfig } from '@chakra-ui/react';
import { tema } from './tema.js';

type Sistema = ReturnType<typeof createSystem>;
/** The phased form the build adds to createSystem (scripts/build-chakra.mjs); not in dev or tests. */
type PorFases = (...configs: Parameters<typeof createSystem>) => Generator<undefined, Sistema, undefined>;

let sistema: Sistema | undefined;

/** The system, built on first use (at once, if the entry has not built it yet). */
export function obtenerSistema(): Sistema {
  sistema ??= createSystem(defaultBaseConfig, tema());
  return sistema;
}

/**
 * The entry's stage that builds the system before the first render (src/main.tsx): phase by
 * phase, `pausa` between them, where the build provides the phases. Built in one go, the system
 * was the longest task of a phone's start-up.
 */
export async function construirSistema(pausa: () => Promise<void>): Promise<void> {
  if (sistema) return;
  const porFases = (createSystem as typeof createSystem & { porFases?: PorFases }).porFases;
  if (!porFases) {
    obtenerSistema();
    return;
  }
  const config = tema();
  await pausa();
  const fases = porFases(defaultBaseConfig, config);
  for (let paso = fases.next(); ; paso = fases.next()) {
    if (paso.done) {
      sistema ??= paso.value;
      return;
    }
    await pausa();
  }
}
