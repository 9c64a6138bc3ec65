// Idempotency: each draft sent 5 times at once must make exactly one application, and every
// successful answer for a draft must carry the same number. On SQLite and PostgreSQL.
import type { Opciones } from '../bench/comun/ejecucion.js';
import { enParalelo } from '../bench/comun/estadistica.js';
import type { Informe } from '../bench/comun/informe.js';
import { basePgNueva } from '../bench/comun/postgres.js';
import { iniciarServidor } from '../servidor-hijo.js';
import { enviar, prepararSolicitud } from '../bench/comun/solicitud.js';
import { leerAlmacenadas } from '../bench/comun/almacenadas.js';
import { muestra } from './verificacion.js';

async function probar(informe: Informe, motor: string, borradores: number, env: Record<string, string>) {
  const servidor = await iniciarServidor({ env: { LOG_LEVEL: 'warn', ...env } });
  try {
    const estados = new Map<number, number>();
    const problemas: string[] = [];
    await enParalelo(borradores, 8, async (i) => {
      const p = await prepararSolicitud(servidor.url, i);
      const respuestas = await Promise.all(Array.from({ length: 5 }, () => enviar(p)));
      const numeros = new Set<string>();
      for (const r of respuestas) {
        estados.set(r.status, (estados.get(r.status) ?? 0) + 1);
        if (r.status === 200 || r.status === 201) numeros.add(r.json<{ numeroSolicitud: string }>().numeroSolicitud);
        else if (r.status >= 500) problemas.push(`draft ${i}: ${r.status} ${r.texto.slice(0, 120)}`);
      }
      if (numeros.size !== 1) problemas.push(`draft ${i}: ${numeros.size} different numbers`);
    });
    await servidor.detener();
    const almacenadas = await leerAlmacenadas({ DATA_DIR: servidor.dataDir, ...env });
    const resumen = [...estados].sort().map(([s, n]) => `${n}×${s}`).join(', ');
    informe.condicion(
      `Idempotency (${motor}): ${borradores} drafts × 5 concurrent sends → applications stored`,
      almacenadas.length === borradores,
      `${almacenadas.length} (answers ${resumen})`,
      String(borradores),
    );
    informe.condicion(`Idempotency (${motor}): drafts with a 5xx or more than one number`, problemas.length === 0, muestra(problemas), '0');
  } finally {
    await servidor.limpiar();
  }
}

export async function torturaIdempotencia(informe: Informe, opciones: Opciones): Promise<void> {
  const borradores = opciones.corto ? 40 : 200;
  await probar(informe, 'SQLite', borradores, {});
  const base = await basePgNueva('alta_torture');
  try {
    await probar(informe, 'PostgreSQL', borradores, { DATABASE_URL: base.url });
  } finally {
    await base.borrar();
  }
}
