// Idempotency under real concurrency: the real server process, each draft sent five times at
// once over HTTP. Exactly one application per draft (one 201, four 200 with the same number),
// never a 5xx, and the staff's listing (`npm run solicitudes`) holds exactly those applications.
// Was `npm run torture`'s `idempotencia` (decision 052).
import { describe, expect, it } from 'vitest';
import { leerAlmacenadas } from '../../bench/comun/almacenadas.js';
import { enParalelo } from '../../bench/comun/estadistica.js';
import { enviar, prepararSolicitud } from '../../bench/comun/solicitud.js';
import { iniciarServidor } from '../../servidor-hijo.js';
import { crearEntorno, MOTORES } from '../../../tests/server/ayuda/bases.js';

const BORRADORES = 40;
const ENVIOS = 5;

for (const { motor, disponible } of MOTORES) {
  describe.skipIf(!disponible)(`tortura: idempotencia con el servidor real [${motor}]`, () => {
    it(`${BORRADORES} borradores × ${ENVIOS} envíos simultáneos → ${BORRADORES} solicitudes, un número cada una`, async () => {
      const entorno = await crearEntorno(motor);
      const env = { LOG_LEVEL: 'warn', DATABASE_URL: entorno.env.DATABASE_URL ?? '' };
      const servidor = await iniciarServidor({ dataDir: entorno.config.dataDir, env });
      try {
        const problemas: string[] = [];
        const numeros = new Set<string>();
        await enParalelo(BORRADORES, 8, async (i) => {
          const p = await prepararSolicitud(servidor.url, i);
          const respuestas = await Promise.all(Array.from({ length: ENVIOS }, () => enviar(p)));
          const estados = respuestas.map((r) => r.status).sort();
          const delBorrador = new Set(
            respuestas.filter((r) => r.status === 200 || r.status === 201).map((r) => r.json<{ numeroSolicitud: string }>().numeroSolicitud),
          );
          if (estados.join() !== '200,200,200,200,201' || delBorrador.size !== 1) {
            const primera = respuestas.find((r) => r.status >= 300);
            problemas.push(`draft ${i}: ${estados.join()} → ${delBorrador.size} numbers${primera ? ` (${primera.texto.slice(0, 120)})` : ''}`);
          }
          for (const n of delBorrador) numeros.add(n);
        });
        expect(problemas).toEqual([]);

        await servidor.detener();
        const almacenadas = await leerAlmacenadas({ DATA_DIR: entorno.config.dataDir, DATABASE_URL: env.DATABASE_URL });
        expect(almacenadas.map((a) => a.numeroSolicitud).sort()).toEqual([...numeros].sort());
        expect(almacenadas).toHaveLength(BORRADORES);
      } finally {
        await servidor.limpiar();
        await entorno.limpiar();
      }
    }, 120_000);
  });
}
