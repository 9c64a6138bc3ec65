// A crash (SIGKILL) in the middle of an upload: what was answered survives, the half-received
// file never becomes a document, the database is intact, and the sweep removes the leftovers.
// (SIGKILL keeps the page cache, so this proves the ordering, not the fsyncs.)
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { iniciarServidor } from '../../medicion/servidor-hijo.js';
import { buildApp } from '../../server/app.js';
import { barrerBorradores } from '../../server/tareas/barrido.js';
import * as archivos from './ayuda/archivos.js';
import { crearEntorno, MOTORES } from './ayuda/bases.js';
import { multipart } from './ayuda/cliente.js';

for (const { motor, disponible } of MOTORES) {
  (disponible ? describe : describe.skip)(`caída durante una subida [${motor}]`, () => {
    it('lo respondido sobrevive y lo que estaba a medias no queda', async () => {
      const entorno = await crearEntorno(motor);
      const servidor = await iniciarServidor({ env: entorno.env, dataDir: entorno.config.dataDir });
      const base = servidor.url;
      try {
        const inicio = await fetch(`${base}/healthz`);
        const token = /XSRF-TOKEN=([^;]+)/.exec(inicio.headers.get('set-cookie') ?? '')![1]!;
        const { cuerpo, contentType } = multipart([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }]);
        const primera = await fetch(`${base}/api/v2/archivos/adjuntar`, {
          method: 'POST',
          body: new Uint8Array(cuerpo),
          headers: { 'content-type': contentType, cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
        });
        expect(primera.status).toBe(200);
        const borrador = /borrador=([^;]+)/.exec(primera.headers.get('set-cookie') ?? '')![1]!;

        // A second upload to the same draft, killed half-way through its file.
        const grande = Buffer.concat([archivos.pdf(), Buffer.alloc(4 * 1024 * 1024, 0x20)]);
        const otra = multipart([{ nombre: 'TituloMedico.pdf', contenido: grande }]);
        const peticion = http.request(`${base}/api/v2/archivos/adjuntar`, {
          method: 'POST',
          headers: {
            'content-type': otra.contentType,
            'content-length': otra.cuerpo.length,
            cookie: `XSRF-TOKEN=${token}; borrador=${borrador}`,
            'x-xsrf-token': token,
          },
        });
        peticion.on('error', () => {});
        peticion.write(otra.cuerpo.subarray(0, 2 * 1024 * 1024));
        await new Promise((listo) => setTimeout(listo, 500));
        await servidor.matar();
        peticion.destroy();

        const app = await buildApp(entorno.config);
        try {
          const documentos = await app.db.selectFrom('documentos').select(['clave']).execute();
          expect(documentos).toEqual([{ clave: 'DniAnverso' }]);
          if (motor === 'sqlite') {
            const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(app.db);
            expect(rows[0]?.integrity_check).toBe('ok');
          }
          const raiz = path.join(entorno.config.dataDir, 'documentos');
          // Committed documents as the configured store lists them (PostgreSQL's by default there).
          expect(await app.documentos.listar()).toHaveLength(1);
          // Two hours later the sweep removes the staged leftover, never the answered document.
          const despues = new Date(Date.now() + 2 * 3_600_000);
          await barrerBorradores(app.db, app.documentos, 72, despues);
          expect(await readdir(path.join(raiz, '.tmp'))).toEqual([]);
          expect(await app.documentos.listar()).toHaveLength(1);
        } finally {
          await app.close();
        }
      } finally {
        await servidor.matar();
        await entorno.limpiar();
      }
    });
  });
}
