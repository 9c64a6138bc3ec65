// Formik's error for a field as one message: nested objects (localidad, calle) report their
// first inner message.
export function mensajeDe(error: unknown): string | null {
  if (!error) return null;
  if (typeof error === 'string') return error;
  if (typeof error === 'object') {
    for (const valor of Object.values(error as Record<string, unknown>)) {
      const m = mensajeDe(valor);
      if (m) return m;
    }
  }
  return null;
}

export const idCampo = (nombre: string) => `datos-${nombre}`;
