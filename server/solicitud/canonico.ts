// JSON with sorted keys: two bodies that mean the same thing get the same fingerprint.
import { createHash } from 'node:crypto';

function ordenar(valor: unknown): unknown {
  if (Array.isArray(valor)) return valor.map(ordenar);
  if (valor && typeof valor === 'object') {
    return Object.fromEntries(
      Object.keys(valor)
        .sort()
        .map((k) => [k, ordenar((valor as Record<string, unknown>)[k])]),
    );
  }
  return valor;
}

export const huella = (valor: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(ordenar(valor)))
    .digest('hex');
