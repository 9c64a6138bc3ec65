// Short, human-friendly application numbers: "AMR-" + 6 Crockford base32 characters (no I, L,
// O, U: nothing to misread over the phone). 2^30 values; uniqueness is enforced by the database.
import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function nuevoNumeroSolicitud(): string {
  const bytes = randomBytes(6);
  let codigo = '';
  for (let i = 0; i < 6; i++) codigo += CROCKFORD[bytes[i]! & 31];
  return `AMR-${codigo}`;
}
