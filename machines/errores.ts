// The shared rules' first message for each field of a form the chart holds (step 1, an equipment
// card), computed once per values object: the chart's guards and every field's view ask about
// the same values. Nested paths ("calle.nombreCalle") count for their field.
import type { AnyObjectSchema } from 'yup';
import { camposConError } from '../domain/index.js';

export type Errores<T> = Partial<Record<keyof T, string>>;

export function juezDe<T extends object>(esquema: AnyObjectSchema): (valores: T) => Errores<T> {
  const juzgados = new WeakMap<T, Errores<T>>();
  return (valores) => {
    let errores = juzgados.get(valores);
    if (errores) return errores;
    errores = {};
    try {
      esquema.validateSync(valores, { abortEarly: false });
    } catch (error) {
      if ((error as Error).name !== 'ValidationError') throw error;
      for (const [ruta, mensaje] of Object.entries(camposConError(error as Parameters<typeof camposConError>[0]))) {
        const campo = ruta.split(/[.[]/)[0] as keyof T;
        errores[campo] ??= mensaje;
      }
    }
    juzgados.set(valores, errores);
    return errores;
  };
}
