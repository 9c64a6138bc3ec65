// Unguessable tokens of the applicant's links (producto §11): 32 random bytes, base64url (43
// characters). The verification token is a read-only capability printed on the receipt, so it is
// stored as is; a correction token lets its holder change an application, so only its SHA-256 is.
import { createHash, randomBytes } from 'node:crypto';

const FORMATO_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const tokenAleatorio = (): string => randomBytes(32).toString('base64url');
export const tokenDeVerificacion = tokenAleatorio;

export const hashDeToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const esToken = (valor: unknown): valor is string => typeof valor === 'string' && FORMATO_TOKEN.test(valor);
