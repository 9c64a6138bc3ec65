// An SMTP server inside the test process (smtp-server) that parses what arrives (mailparser):
// the product's mail goes through real SMTP to it. Point SMTP_URL at `buzon.url`.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Recibido {
  /** The envelope's recipients (RCPT TO). */
  para: string[];
  mensaje: ParsedMail;
  crudo: Buffer;
}

export interface Buzon {
  url: string;
  recibidos: Recibido[];
  /** The first message that `cumple`, waiting for it to arrive. */
  esperar(cumple: (r: Recibido) => boolean, plazoMs?: number): Promise<Recibido>;
  /** Answer the next `n` messages with a temporary failure (451), as a busy server does. */
  rechazarProximos(n: number): void;
  cerrar(): Promise<void>;
}

export async function abrirBuzon(): Promise<Buzon> {
  const recibidos: Recibido[] = [];
  let rechazos = 0;
  const servidor = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 30 * 1024 * 1024,
    onData(stream, session, listo) {
      const trozos: Buffer[] = [];
      stream.on('data', (t: Buffer) => trozos.push(t));
      stream.on('end', () => {
        if (rechazos > 0) {
          rechazos--;
          const error = Object.assign(new Error('Servidor ocupado, probá más tarde'), { responseCode: 451 });
          listo(error);
          return;
        }
        const crudo = Buffer.concat(trozos);
        simpleParser(crudo).then(
          (mensaje) => {
            recibidos.push({ para: session.envelope.rcptTo.map((r) => r.address), mensaje, crudo });
            listo();
          },
          (error: Error) => listo(error),
        );
      });
    },
  });
  // A sender killed mid-conversation resets its connection: smtp-server reports it as an 'error'
  // event, which would otherwise end the test process.
  servidor.on('error', () => {});
  await new Promise<void>((listo) => servidor.listen(0, '127.0.0.1', listo));
  const { port } = servidor.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    recibidos,
    async esperar(cumple, plazoMs = 15_000) {
      const hasta = Date.now() + plazoMs;
      for (;;) {
        const hallado = recibidos.find(cumple);
        if (hallado) return hallado;
        if (Date.now() > hasta) {
          const asuntos = recibidos.map((r) => `${r.para.join(',')}: ${r.mensaje.subject ?? ''}`).join('\n');
          throw new Error(`No llegó el correo esperado en ${plazoMs} ms. Llegaron:\n${asuntos}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    rechazarProximos(n) {
      rechazos = n;
    },
    cerrar: () => new Promise<void>((listo) => servidor.close(() => listo())),
  };
}
