// Both routes that ask the registry (comprobar and crear) spend one budget per client, kept in the
// database (DNI_CHECK_MAX per DNI_CHECK_WINDOW_MINUTES).
import type { Config } from '../../config/index.js';
import { limitePorCliente } from '../../plugins/limites.js';
import { CLAVES } from '../../db/contadores.js';

export const limiteDelPadron = (config: Config) =>
  limitePorCliente(CLAVES.padron, config.dniCheckMax, config.dniCheckWindowMinutes * 60_000);
