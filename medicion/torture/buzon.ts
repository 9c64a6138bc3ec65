// An SMTP server in this process for the torture checks (./correo.ts, ./procesos.ts): it keeps each
// message's Message-ID, recipient, and the user name it was sent under (each server process signs
// in with its own, so a duplicate says who sent each copy).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Llegada {
  messageId: string;
  para: string;
  proceso: string;
  ms: number;
}

export interface Buzon {
  puerto: number;
  llegadas: Llegada[];
  /** Called on each arrival, before the server answers 250. */
  alLlegar: (l: Llegada) => void;
  cerrar(): Promise<void>;
}

export async function abrirBuzon(): Promise<Buzon> {
  const buzon: Buzon = { puerto: 0, llegadas: [], alLlegar: () => {}, cerrar: async () => {} };
  const servidor = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 30 * 1024 * 1024,
    onAuth(auth, _sesion, listo) {
      listo(null, { user: auth.username });
    },
    onData(stream, sesion, listo) {
      const trozos: Buffer[] = [];
      stream.on('data', (t: Buffer) => trozos.push(t));
      stream.on('end', () => {
        const crudo = Buffer.concat(trozos).toString('latin1');
        const cabeceras = crudo.slice(0, crudo.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
        const llegada = {
          messageId: /^Message-ID:\s*(<[^>\s]+>)/im.exec(cabeceras)?.[1] ?? '(sin Message-ID)',
          para: sesion.envelope.rcptTo.map((r) => r.address).join(','),
          proceso: String(sesion.user ?? '?'),
          ms: Date.now(),
        };
        buzon.llegadas.push(llegada);
        buzon.alLlegar(llegada);
        listo();
      });
    },
  });
  // A sender killed mid-conversation resets its connection: expected here, not a failure.
  servidor.on('error', () => {});
  await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
  buzon.puerto = (servidor.server.address() as AddressInfo).port;
  buzon.cerrar = () => new Promise<void>((r) => servidor.close(() => r()));
  return buzon;
}
