// The code an authenticator app shows for a secret at a moment: RFC 6238 with the parameters the
// server enrols (6 digits, 30 s, SHA-1), computed here on its own, so the tests hold the server to
// the standard rather than to its own code.
import { Secret, TOTP } from 'otpauth';

/** `usuario` is the label the app shows next to the code; it does not change the code. */
export const codigoActual = (secreto: string, usuario: string, ahora = Date.now()): string =>
  new TOTP({ label: usuario, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secreto) }).generate({
    timestamp: ahora,
  });
