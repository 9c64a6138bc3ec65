// TOTP (RFC 6238) through otpauth: 6 digits, 30 s, SHA-1 — what every authenticator app reads.
// One step of drift either way is accepted; a step already used is refused, so a code seen over
// a shoulder cannot be replayed within its window.
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const EMISOR = 'AMR Alta de Prestadores';
const PERIODO = 30;

const totp = (secreto: string, usuario: string) =>
  new TOTP({
    issuer: EMISOR,
    label: usuario,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIODO,
    secret: Secret.fromBase32(secreto),
  });

export const nuevoSecreto = (): string => new Secret({ size: 20 }).base32;

/** How long after the password was proved the pending secret may still be confirmed. */
export const VIGENCIA_PENDIENTE_MS = 15 * 60_000;

/**
 * What waits in `personal.totp_pendiente` until the first code: the secret, bound to the proof of
 * the password that let it be made — the session that proved it and until when. A secret made by
 * another session, or before the password was asked (older rows hold the bare secret), or left
 * too long, never becomes the account's factor.
 */
export interface Pendiente {
  secreto: string;
  sesionId: string;
  hastaMs: number;
}

export const guardarPendiente = (p: Pendiente): string => `${p.secreto}:${p.hastaMs}:${p.sesionId}`;

export function leerPendiente(valor: string | null): Pendiente | null {
  const m = /^([A-Z2-7]+):(\d+):([0-9a-f]+)$/.exec(valor ?? '');
  return m ? { secreto: m[1]!, hastaMs: Number(m[2]), sesionId: m[3]! } : null;
}

export interface Enrolamiento {
  secreto: string;
  uri: string;
  /** The URI as a QR code, an SVG document. */
  qrSvg: string;
}

export async function enrolamiento(secreto: string, usuario: string): Promise<Enrolamiento> {
  const uri = totp(secreto, usuario).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secreto, uri, qrSvg };
}

/** The time step the code belongs to, or null when it is wrong or its step is not after `ultimoPaso`. */
export function pasoDelCodigo(
  secreto: string,
  usuario: string,
  codigo: string,
  ultimoPaso: number | null,
  ahora = Date.now(),
): number | null {
  if (!/^\d{6}$/.test(codigo)) return null;
  const delta = totp(secreto, usuario).validate({ token: codigo, timestamp: ahora, window: 1 });
  if (delta === null) return null;
  const paso = Math.floor(ahora / 1000 / PERIODO) + delta;
  return ultimoPaso !== null && paso <= ultimoPaso ? null : paso;
}
