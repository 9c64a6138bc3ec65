// The floor the catalogue routes are compared with: a bare node:http server answering, from
// memory, the same JSON bodies the real server gave. Started as its own process (like the real
// server) by catalogos.ts: argv[2] is a JSON file {ruta: cuerpo}.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const cuerpos = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, string>).map(([r, c]) => [r, Buffer.from(c)]),
);

const servidor = createServer((req, res) => {
  const cuerpo = cuerpos.get(req.url ?? '');
  if (!cuerpo) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': cuerpo.length });
  res.end(cuerpo);
});
servidor.listen(0, '127.0.0.1', () => {
  const d = servidor.address();
  process.stdout.write(`${typeof d === 'object' && d ? d.port : 0}\n`);
});
