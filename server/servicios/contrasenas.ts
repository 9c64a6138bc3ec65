// Passwords hashed with argon2id at OWASP's minimum (19 MiB, t=2, p=1; about 50 ms here) through
// @node-rs/argon2, whose prebuilt binary ships inside the npm package (decision 079).
import { hash, verify } from '@node-rs/argon2';

const OPCIONES = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashDeContrasena = (contrasena: string): Promise<string> => hash(contrasena, OPCIONES);

/**
 * A hash of nothing anyone knows, checked when the user does not exist, so an unknown user takes
 * as long to refuse as a wrong password.
 */
let hashFicticio: Promise<string> | null = null;

export async function contrasenaValida(guardado: string | null, contrasena: string): Promise<boolean> {
  if (guardado === null) {
    hashFicticio ??= hashDeContrasena(`ficticia-${process.pid}-${Date.now()}`);
    await verify(await hashFicticio, contrasena).catch(() => false);
    return false;
  }
  return verify(guardado, contrasena).catch(() => false);
}
