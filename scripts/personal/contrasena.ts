// The password of `npm run personal -- alta`: the first line of standard input, without its end
// of line. From a terminal it is typed without echo.
import type { ReadStream } from 'node:tty';

export async function leerLinea(entrada: NodeJS.ReadStream): Promise<string> {
  const tty = entrada.isTTY ? (entrada as ReadStream) : null;
  tty?.setRawMode(true);
  let texto = '';
  try {
    for await (const trozo of entrada) {
      const parte = String(trozo);
      if (tty && parte.includes('\u0003')) throw new Error('Cancelado.');
      // Raw mode sends the erase key as DEL: honour it, as a terminal would.
      for (const c of parte) texto = c === '\u007f' || c === '\b' ? texto.slice(0, -1) : texto + c;
      const fin = texto.search(/\r|\n/);
      if (fin >= 0) return texto.slice(0, fin);
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
