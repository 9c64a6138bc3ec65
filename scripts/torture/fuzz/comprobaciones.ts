// What every answer must satisfy, whatever was sent: no 5xx; an error answer is exactly
// {error, message, fields?} with strings; and none of the personal data of the request is echoed.

/** True when `texto` is an error body: error and message non-empty strings, fields string→string. */
export function esCuerpoDeError(texto: string): boolean {
  let cuerpo: unknown;
  try {
    cuerpo = JSON.parse(texto);
  } catch {
    return false;
  }
  if (!cuerpo || typeof cuerpo !== 'object' || Array.isArray(cuerpo)) return false;
  const c = cuerpo as Record<string, unknown>;
  if (Object.keys(c).some((k) => !['error', 'message', 'fields'].includes(k))) return false;
  if (typeof c.error !== 'string' || !c.error || typeof c.message !== 'string' || !c.message) return false;
  if (c.fields === undefined) return true;
  return (
    !!c.fields &&
    typeof c.fields === 'object' &&
    !Array.isArray(c.fields) &&
    Object.values(c.fields as Record<string, unknown>).every((v) => typeof v === 'string')
  );
}

export interface Veredicto {
  problema: string | null;
}

/**
 * Judges one answer. `personales` are the personal values the request carried (DNI, e-mail,
 * phone, name…); short ones are ignored (a "3" appears everywhere).
 */
export function juzgar(status: number, tipo: string | undefined, cuerpo: string, personales: string[], metodo = 'GET'): string | null {
  if (status >= 500) return `status ${status}: ${cuerpo.slice(0, 400)}`;
  // HEAD answers carry no body by definition.
  if (status >= 400 && metodo !== 'HEAD') {
    if (!tipo?.includes('application/json')) return `status ${status} without a JSON body (${tipo ?? 'no content-type'})`;
    if (!esCuerpoDeError(cuerpo)) return `status ${status}: body is not {error, message, fields?}: ${cuerpo.slice(0, 200)}`;
  }
  for (const valor of personales) {
    if (valor.length >= 5 && cuerpo.includes(valor)) return `status ${status}: echoes personal data "${valor.slice(0, 40)}"`;
    const json = JSON.stringify(valor).slice(1, -1);
    if (json.length >= 5 && json !== valor && cuerpo.includes(json)) return `status ${status}: echoes personal data "${json.slice(0, 40)}"`;
  }
  return null;
}
