// The floor the catalogue routes are compared with: a bare node:http server answering, from
// memory, the same answers the real server gave (body and headers). Started as its own process
// (like the real server) by catalogos.ts: argv[2] is a JSON file {ruta: {cuerpo, cabeceras}}.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

type Respuesta = { cuerpo: string; cabeceras: Record<string, string> };
const respuestas = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, Respuesta>).map(
    ([ruta, { cuerpo, cabeceras }]) => {
      const bytes = Buffer.from(cuerpo);
      return [ruta, { bytes, cabeceras: { ...cabeceras, 'content-length': String(bytes.length) } }];
    },
  ),
);

const servidor = createServer((req, res) => {
  const respuesta = respuestas.get(req.url ?? '');
  if (!respuesta) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, respuesta.cabeceras);
  res.end(respuesta.bytes);
});
servidor.listen(0, '127.0.0.1', () => {
  const d = servidor.address();
  process.stdout.write(`${typeof d === 'object' && d ? d.port : 0}\n`);
});
