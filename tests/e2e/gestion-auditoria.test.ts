// What the record says, in a real browser on both engines: a corrected document's "Reemplazado
// el …" and "Ver versión anterior" (producto §14), and the audit page (producto §9) — every action
// staff and the applicant took, page by page, and its filters, CSV, links, moves said "de
// <estado> a <estado>" and the applicant named "Solicitante" (producto §15) — with axe-core on each.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fechaDiaArgentina } from '../../domain/fecha-hora.js';
import type { DetalleSolicitud } from '../../domain/gestion.js';
import { Cliente } from '../../medicion/bench/comun/cliente.js';
import {
  abrirSolicitud,
  ADMIN,
  clienteDeGestion,
  crearCuentas,
  enviarSolicitud,
  erroresInesperados,
  esperarEstado,
  ingresar,
  labelDe,
  moverPorApi,
  REVISOR,
  sha256,
  titulo,
  type Enviada,
} from './ayuda-gestion.js';
import {
  axeCheck,
  baseDe,
  erroresDe,
  MOTORES_E2E,
  newPage,
  puedeCorrer,
  usarServidorYNavegador,
} from './harness.js';
import { pdf } from './pasos-ayuda.js';

/** One file as the correction page uploads it: a multipart body with one part. */
function unaParte(nombre: string, contenido: Buffer): { cuerpo: Uint8Array<ArrayBuffer>; tipo: string } {
  const limite = `----correccion${randomBytes(8).toString('hex')}`;
  const cuerpo = Buffer.concat([
    Buffer.from(
      `--${limite}\r\nContent-Disposition: form-data; name="file"; filename="${nombre}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    contenido,
    Buffer.from(`\r\n--${limite}--\r\n`),
  ]);
  return { cuerpo: new Uint8Array(cuerpo), tipo: `multipart/form-data; boundary=${limite}` };
}

for (const motor of MOTORES_E2E) {
  describe.skipIf(!puedeCorrer)(`gestión: correcciones y auditoría (navegador, ${motor})`, () => {
    const entorno = usarServidorYNavegador({ motor });
    let vista: Enviada;

    it('prepares accounts and an application', async () => {
      await crearCuentas(entorno.servidor, ADMIN, REVISOR);
      vista = await enviarSolicitud(entorno.servidor.url, { apellidoynombre: 'Peña, Lucía' });
    });

    it('a corrected document says when it replaced the earlier one and opens it; Historial names it', async () => {
      const base = entorno.servidor.url;
      const corregida = await enviarSolicitud(base, { apellidoynombre: 'Luna, Inés' });
      const admin = await clienteDeGestion(base, ADMIN);
      await moverPorApi(admin, corregida.numero, 'recibida', 'en_revision');
      await moverPorApi(admin, corregida.numero, 'en_revision', 'observada', {
        motivo: 'La póliza está vencida.',
        documentos: ['PolizaMalaPraxis'],
      });
      // The link's token as its e-mail would carry it (the outbox row, before it goes out).
      const db = baseDe(entorno.servidor);
      let token: string;
      try {
        const { datos } = await db
          .selectFrom('correos as c')
          .innerJoin('solicitudes as s', 's.id', 'c.solicitud_id')
          .select('c.datos')
          .where('s.numero', '=', corregida.numero)
          .where('c.tipo', '=', 'observada')
          .executeTakeFirstOrThrow();
        token = (JSON.parse(datos) as { token: string }).token;
      } finally {
        await db.destroy();
      }
      const aplicante = new Cliente(base);
      await aplicante.get('/api/v2/localidad/getAll');
      const { cuerpo, tipo } = unaParte('PolizaMalaPraxis.pdf', pdf('póliza renovada'));
      const subida = await aplicante.pedir('POST', `/api/v2/correcciones/${token}/archivos`, cuerpo, {
        'content-type': tipo,
      });
      expect(subida.status, subida.texto).toBe(200);
      const envio = await aplicante.postJson(`/api/v2/correcciones/${token}/enviar`, {});
      expect(envio.status, envio.texto).toBe(200);

      const page = await newPage(entorno.browser);
      await ingresar(page, base, REVISOR);
      await abrirSolicitud(page, base, corregida.numero);
      await esperarEstado(page, 'Corregida');
      const poliza = labelDe('PolizaMalaPraxis');
      const fila = page
        .locator('section[aria-labelledby="seccion-documentos"] li')
        .filter({ hasText: poliza });
      const texto = await fila.innerText();
      const detalle = (
        await admin.get(`/api/gestion/solicitudes/${corregida.numero}`)
      ).json<DetalleSolicitud>();
      const { en } = detalle.documentos.find((d) => d.clave === 'PolizaMalaPraxis')!.reemplazo!;
      expect(texto).toContain(`Reemplazado el ${fechaDiaArgentina(en)} (corrección)`);
      // Only the replaced document says so.
      expect(await page.getByText(/Reemplazado el/).count()).toBe(1);
      const anterior = fila.getByRole('link', { name: `Ver versión anterior de ${poliza}`, exact: true });
      expect(await anterior.getAttribute('target')).toBe('_blank');
      const [respuesta] = await Promise.all([
        page
          .context()
          .waitForEvent('response', (r) => r.url().endsWith('/documentos/PolizaMalaPraxis/anterior')),
        anterior.click(),
      ]);
      const cabeceras = await respuesta.allHeaders();
      expect(respuesta.status()).toBe(200);
      expect(cabeceras['content-security-policy']).toContain('sandbox');
      expect(cabeceras['x-content-type-options']).toBe('nosniff');
      expect(cabeceras['content-type']).toContain('application/pdf');
      expect(cabeceras['content-disposition']).toMatch(/^inline/);
      // The bytes through the same route (the browser's PDF viewer keeps the body it shows).
      const vieja = corregida.documentos.find((d) => d.clave === 'PolizaMalaPraxis')!;
      const bytes = await fetch(
        `${base}/api/gestion/solicitudes/${corregida.numero}/documentos/PolizaMalaPraxis/anterior`,
        {
          headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        },
      );
      expect(bytes.status).toBe(200);
      expect(sha256(Buffer.from(await bytes.arrayBuffer()))).toBe(vieja.sha256);
      for (const otra of page.context().pages()) if (otra !== page) await otra.close();

      const entradas = await page.locator('section[aria-labelledby="seccion-historial"] li').allInnerTexts();
      expect(entradas.at(-1)).toContain('Observada → Corregida');
      expect(entradas.at(-1)).toContain(`Reemplazó: ${poliza}`);
      expect(entradas.at(-2)).toContain(`Documentos observados: ${poliza}`);
      await axeCheck(page);
      expect(erroresInesperados(erroresDe(page))).toEqual([]);
      await page.context().close();
    });

    it('"Auditoría" (administrador) lists who did what, newest first, page by page', async () => {
      // What staff do with an application besides the correction above: see a document, download
      // it, download them all, write a note; then more than a page of rows.
      const admin = await clienteDeGestion(entorno.servidor.url, ADMIN);
      const ruta = `/api/gestion/solicitudes/${vista.numero}`;
      for (const pedido of [
        `${ruta}/documentos/DniAnverso/ver`,
        `${ruta}/documentos/DniAnverso/descargar`,
        `${ruta}/documentos.zip`,
      ])
        expect((await admin.get(pedido)).status, pedido).toBe(200);
      expect((await admin.postJson(`${ruta}/notas`, { texto: 'Revisar la habilitación.' })).status).toBe(201);
      for (let i = 0; i < 60; i++) await admin.get(ruta);
      const page = await newPage(entorno.browser);
      await ingresar(page, entorno.servidor.url, ADMIN);
      await page
        .getByRole('navigation', { name: 'Gestión' })
        .getByRole('link', { name: 'Auditoría' })
        .click();
      await titulo(page, 'Auditoría').waitFor();
      expect(await page.title()).toContain('Auditoría');
      await page.locator('table tbody tr').first().waitFor();
      expect(await page.locator('table thead th').allInnerTexts()).toEqual([
        'Fecha',
        'Usuario',
        'Dirección',
        'Acción',
        'Objeto',
      ]);
      const pagina1 = await page.locator('table tbody tr').allInnerTexts();
      // A page is what the server says it is (PaginaAuditoria.porPagina).
      const porPagina = pagina1.length;
      expect(porPagina).toBeGreaterThanOrEqual(25);
      // The newest: this sign-in.
      expect(pagina1[0]).toContain('Ingreso');
      expect(pagina1[0]).toContain(ADMIN.usuario);
      await axeCheck(page);

      // Every page, through "Siguiente"; the page goes into the address and survives a reload.
      const filas = [...pagina1];
      for (let n = 2; await page.getByRole('button', { name: 'Siguiente' }).isEnabled(); n++) {
        await page.getByRole('button', { name: 'Siguiente' }).click();
        await page.waitForURL((u) => u.searchParams.get('pagina') === String(n));
        await page.getByText(new RegExp(`^${(n - 1) * porPagina + 1}–`)).waitFor();
        filas.push(...(await page.locator('table tbody tr').allInnerTexts()));
      }
      expect(filas.length).toBeGreaterThan(porPagina);
      await page.reload();
      await page.getByText(/^\d+–\d+ de /).waitFor();
      expect(new URL(page.url()).searchParams.get('pagina')).not.toBeNull();
      const todo = filas.join('\n');
      for (const accion of [
        'Vio la solicitud',
        'Cambió el estado',
        'Vio un documento',
        'Descargó un documento',
        'Descargó todos los documentos (ZIP)',
        'Vio la versión anterior de un documento',
        'Agregó una nota',
        'Alta de cuenta',
        'Consola',
      ]) {
        expect(todo, accion).toContain(accion);
      }
      expect(todo).toContain(`${vista.numero}/DniAnverso`);

      // The filter (producto §15): the applicant's correction, said as a move, named "Solicitante",
      // its number a link to the application; in the address, so reload and back keep it.
      await page.getByLabel('Acción', { exact: true }).selectOption({ label: 'Recibió una corrección' });
      await page.getByLabel('Desde', { exact: true }).fill('2020-01-01');
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await page.waitForURL(
        (u) => u.searchParams.get('accion') === 'correccion' && !u.searchParams.has('pagina'),
      );
      const fila = page.locator('table tbody tr').filter({ hasText: 'Solicitante' }).first();
      await fila.waitFor();
      expect(await fila.innerText()).toContain('Recibió una corrección: de Observada a Corregida');
      const numero = fila.getByRole('link');
      expect(await numero.getAttribute('href')).toMatch(/^\/gestion\/solicitudes\/AMR-[0-9A-Z]{6}$/);
      expect(await page.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toBe(
        '/api/gestion/auditoria.csv?accion=correccion&desde=2020-01-01',
      );
      await axeCheck(page);
      await page.reload();
      await fila.waitFor();
      expect(await page.getByLabel('Desde', { exact: true }).inputValue()).toBe('2020-01-01');
      expect(await page.getByLabel('Acción', { exact: true }).inputValue()).toBe('correccion');
      // "Hasta" before "Desde" is said at the field, and the address stays.
      await page.getByLabel('Hasta', { exact: true }).fill('2019-01-01');
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await page.getByText('"Hasta" no puede ser anterior a "Desde".').waitFor();
      expect(new URL(page.url()).searchParams.has('hasta')).toBe(false);
      const enlazada = await numero.innerText();
      await numero.click();
      await titulo(page, `Solicitud ${enlazada}`).waitFor();
      await page.goBack();
      await page.waitForURL((u) => u.searchParams.get('accion') === 'correccion');
      await page.locator('table tbody tr').filter({ hasText: 'Solicitante' }).first().waitFor();
      await page.context().close();
    });
  });
}
