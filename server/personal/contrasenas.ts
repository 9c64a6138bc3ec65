// Passwords hashed with argon2id at OWASP's minimum (19 MiB, t=2, p=1; about 50 ms here) through
// @node-rs/argon2, whose prebuilt binary ships inside the npm package (decision 079).
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const OPCIONES = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashDeContrasena = (contrasena: string): Promise<string> => hash(contrasena, OPCIONES);

/**
 * A hash of nothing anyone knows, checked when the user does not exist, so an unknown user takes
 * as long to refuse as a wrong password.
 */
let hashFicticio: Promise<string> | null = null;
const ficticio = () => (hashFicticio ??= hashDeContrasena(randomBytes(32).toString('base64url')));

/** Makes the dummy hash now (at start), so that not even the first unknown user takes longer. */
export const prepararContrasenas = async (): Promise<void> => void (await ficticio());

/**
 * Whether `contrasena` is the one `guardado` holds. No account (null) and an account that has not
 * chosen its password yet ('', producto §16) both run argon2 against the dummy hash: the time of
 * the answer tells neither apart from a wrong password.
 */
export async function contrasenaValida(guardado: string | null, contrasena: string): Promise<boolean> {
  if (guardado === null || guardado === '') {
    await verify(await ficticio(), contrasena).catch(() => false);
    return false;
  }
  return verify(guardado, contrasena).catch(() => false);
}
