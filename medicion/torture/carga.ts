// Load: complete applications at 32 concurrent clients against the real server (SQLite) → no
// errors, none lost, every stored document byte-identical to what was sent.
import type { Opciones } from '../bench/comun/ejecucion.js';
import { enParalelo, percentil } from '../bench/comun/estadistica.js';
import { ms, type Informe } from '../bench/comun/informe.js';
import { iniciarServidor } from '../servidor-hijo.js';
import { solicitudCompleta } from '../bench/comun/solicitud.js';
import { comparar, muestra } from './verificacion.js';

export async function torturaCarga(informe: Informe, opciones: Opciones): Promise<void> {
  const total = opciones.corto ? 200 : 2000;
  const servidor = await iniciarServidor({ env: { LOG_LEVEL: 'warn' } });
  try {
    const inicio = Date.now();
    const envios = await enParalelo(total, 32, (i) => solicitudCompleta(servidor.url, i, 1024 + (i % 7) * 512));
    const segundos = (Date.now() - inicio) / 1000;
    const fallidos = envios.filter((e) => !e.ok);
    const confirmados = envios.filter((e) => e.ok);
    informe.dato(
      `Load: ${total} applications at 32 clients`,
      `${segundos.toFixed(0)} s, ${(confirmados.length / segundos).toFixed(1)}/s, p99 ${ms(percentil(envios.map((e) => e.ms), 99))}`,
    );
    informe.condicion(
      'Load: answers other than 2xx (5xx included) or network errors',
      fallidos.length === 0,
      muestra(fallidos.map((f) => `${f.paso} ${f.status} ${f.detalle ?? ''}`)),
      '0',
    );
    await servidor.detener();
    const c = await comparar({ DATA_DIR: servidor.dataDir }, confirmados);
    informe.condicion('Load: applications lost (2xx but not stored)', c.perdidas.length === 0, muestra(c.perdidas), '0');
    informe.condicion('Load: stored documents whose SHA-256 differs from what was sent', c.documentosDistintos.length === 0, muestra(c.documentosDistintos), '0');
    informe.condicion('Load: stored applications incomplete or with a file not matching its hash', c.incompletas.length === 0, muestra(c.incompletas), '0');
    const extra = c.almacenadas.length - confirmados.length;
    informe.condicion('Load: stored applications nobody was told about', extra === 0, String(extra), '0');
  } finally {
    await servidor.limpiar();
  }
}
