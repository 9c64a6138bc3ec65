// The password of `npm run personal -- alta`: the first line of standard input, without its end
// of line. From a terminal it is typed without echo (raw mode), so the keys a terminal would
// handle itself are handled here: erase, Ctrl-C (cancel) and Ctrl-D (end).
import type { ReadStream } from 'node:tty';

export async function leerLinea(entrada: NodeJS.ReadStream): Promise<string> {
  const tty = entrada.isTTY ? (entrada as ReadStream) : null;
  tty?.setRawMode(true);
  // Decoded by the stream: a character split across two chunks stays whole.
  entrada.setEncoding('utf8');
  let texto = '';
  try {
    for await (const trozo of entrada) {
      for (const c of trozo as string) {
        if (c === '\r' || c === '\n') return texto;
        if (tty && c === '\u0003') throw new Error('Cancelado.');
        if (tty && c === '\u0004') return texto;
        if (tty && (c === '\u007f' || c === '\b')) texto = [...texto].slice(0, -1).join('');
        else texto += c;
      }
    }
    return texto;
  } finally {
    if (tty) {
      tty.setRawMode(false);
      process.stderr.write('\n');
      entrada.pause();
    }
  }
}
