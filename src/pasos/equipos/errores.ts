// The shared equipment rules (domain's equipoSchema) as one message per field.
import { camposConError, equipoSchema } from '../../../domain/index.js';
import type { FormEquipo } from '../../../machines/index.js';

export type CampoEquipo = keyof FormEquipo;

export function erroresEquipo(valores: FormEquipo): Partial<Record<CampoEquipo, string>> {
  try {
    equipoSchema.validateSync(valores, { abortEarly: false });
    return {};
  } catch (error) {
    return camposConError(error as Parameters<typeof camposConError>[0]) as Partial<
      Record<CampoEquipo, string>
    >;
  }
}
