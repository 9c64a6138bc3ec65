// One application in the back-office, in a real browser against the real server (producto §9):
// its sections, each document's "Ver" (inline, sandboxed, its stored type) and "Descargar" (the
// exact bytes, named <numero>-<clave>.<ext>), "Descargar todo (ZIP)" from the keyboard
// (producto §15), every status move through the buttons and dialogs (En revisión → Observar →
// Rechazar; En revisión → Aprobar), what the revisor may not do, a stale move's 409, a note,
// a corrected document's "Reemplazado el …" and "Ver versión anterior" (producto §14), the audit
// page, and axe-core on each.
import { createHash } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fromBufferPromise } from 'yauzl';
import { DOCUMENTOS } from '../../domain/documentos.js';
import { fechaDiaArgentina } from '../../domain/fecha-hora.js';
import { TEXTOS_GESTION, type DetalleSolicitud } from '../../domain/gestion.js';
import {
  ADMIN,
  campo,
  clienteDeGestion,
  crearCuentas,
  enviarSolicitud,
  erroresInesperados,
  esperarAlerta,
  ingresar,
  moverPorApi,
  REVISOR,
  titulo,
  type Enviada,
} from './ayuda-gestion.js';
import { Cliente } from '../../medicion/bench/comun/cliente.js';
import { axeCheck, baseDe, erroresDe, newPage, puedeCorrer, usarServidorYNavegador } from './harness.js';
import { pdf } from './pasos-ayuda.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const labelDe = (clave: string) => DOCUMENTOS.find((d) => d.key === clave)!.label;
const MIME: Record<string, string> = { jpg: 'image/jpeg', pdf: 'application/pdf', gif: 'image/gif' };

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

async function abrirSolicitud(page: Page, base: string, numero: string): Promise<void> {
  await page.goto(`${base}/gestion/solicitudes/${numero}`);
  await titulo(page, `Solicitud ${numero}`).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Notas internas' }).waitFor();
}

const estadoMostrado = (page: Page) =>
  page
    .getByText(/^Estado: /)
    .first()
    .innerText();
const botonesDeMovimiento = (page: Page) =>
  page.getByRole('group', { name: 'Cambiar el estado' }).getByRole('button').allInnerTexts();

async function esperarEstado(page: Page, etiqueta: string): Promise<void> {
  await page.getByText(`Estado: ${etiqueta}`, { exact: true }).waitFor({ timeout: 10_000 });
}

describe.skipIf(!puedeCorrer)('gestión: una solicitud (navegador)', () => {
  const entorno = usarServidorYNavegador();
  let primera: Enviada;
  let segunda: Enviada;
  let tercera: Enviada;

  it('prepares accounts and three real applications', async () => {
    await crearCuentas(entorno.servidor, ADMIN, REVISOR);
    primera = await enviarSolicitud(entorno.servidor.url, { apellidoynombre: 'Peña, Lucía' });
    segunda = await enviarSolicitud(entorno.servidor.url, { apellidoynombre: 'Ibáñez, Martín' });
    tercera = await enviarSolicitud(entorno.servidor.url, { apellidoynombre: 'Ortiz, Sofía' });
  });

  it('shows the sections, and each document opens sandboxed with its type and downloads with its exact bytes', async () => {
    const page = await newPage(entorno.browser);
    await ingresar(page, entorno.servidor.url, ADMIN);
    await abrirSolicitud(page, entorno.servidor.url, primera.numero);
    expect(await page.title()).toContain(`Solicitud ${primera.numero}`);
    // The suite's applications share the example's DNI: each one lists the others (producto §15).
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      'Datos personales',
      'Documentos',
      'Otras solicitudes con este DNI',
      'Equipos',
      'Historial',
      'Notas internas',
    ]);
    expect(await estadoMostrado(page)).toBe('Estado: Recibida');
    await page.getByText('Peña, Lucía').first().waitFor();
    await page.getByText('Mindray DC-40', { exact: false }).waitFor();
    await axeCheck(page);

    for (const doc of primera.documentos) {
      const label = labelDe(doc.clave);
      const ver = page.getByRole('link', { name: `Ver ${label}`, exact: true });
      expect(await ver.getAttribute('target')).toBe('_blank');
      expect(await ver.getAttribute('rel')).toContain('noopener');
      const [respuesta] = await Promise.all([
        page.context().waitForEvent('response', (r) => r.url().endsWith(`/documentos/${doc.clave}/ver`)),
        ver.click(),
      ]);
      const cabeceras = await respuesta.allHeaders();
      expect(respuesta.status()).toBe(200);
      expect(cabeceras['content-security-policy']).toContain('sandbox');
      expect(cabeceras['x-content-type-options']).toBe('nosniff');
      expect(cabeceras['content-type']).toContain(MIME[doc.nombre.split('.').pop()!]!);
      expect(cabeceras['content-disposition']).toMatch(/^inline/);
      for (const otra of page.context().pages()) if (otra !== page) await otra.close();

      const [descarga] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: `Descargar ${label}`, exact: true }).click(),
      ]);
      const bytes = await readFile((await descarga.path())!);
      expect(sha256(bytes), label).toBe(doc.sha256);
      expect(descarga.suggestedFilename()).toBe(`${primera.numero}-${doc.nombre}`);
    }
    expect(erroresInesperados(erroresDe(page))).toEqual([]);
    await page.context().close();
  });

  it('"Descargar todo (ZIP)", reached and pressed from the keyboard, gives <numero>-documentos.zip with every document', async () => {
    const page = await newPage(entorno.browser);
    await ingresar(page, entorno.servidor.url, REVISOR);
    await abrirSolicitud(page, entorno.servidor.url, primera.numero);
    const enlace = page
      .getByRole('region', { name: 'Documentos' })
      .getByRole('link', { name: 'Descargar todo (ZIP)', exact: true });
    await enlace.waitFor();
    await axeCheck(page);
    let enFoco = false;
    for (let i = 0; i < 80 && !enFoco; i++) {
      await page.keyboard.press('Tab');
      enFoco = await enlace.evaluate((e) => e === document.activeElement);
    }
    expect(enFoco, 'Tab never reaches the link').toBe(true);
    const [descarga] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(descarga.suggestedFilename()).toBe(`${primera.numero}-documentos.zip`);
    const zip = await fromBufferPromise(await readFile((await descarga.path())!), { lazyEntries: true });
    const entradas = new Map<string, string>();
    for await (const entrada of zip.eachEntry()) {
      const partes: Buffer[] = [];
      for await (const parte of await zip.openReadStreamPromise(entrada)) partes.push(parte as Buffer);
      entradas.set(entrada.fileName, sha256(Buffer.concat(partes)));
    }
    // In the order of producto §4, each with the exact bytes sent.
    expect([...entradas]).toEqual(primera.documentos.map((d) => [`${primera.numero}-${d.nombre}`, d.sha256]));
    expect(erroresInesperados(erroresDe(page))).toEqual([]);
    await page.context().close();
  });

  it('moves En revisión → Observar (motivo and documents) → Rechazar, each kept in Historial', async () => {
    const page = await newPage(entorno.browser);
    await ingresar(page, entorno.servidor.url, ADMIN);
    await abrirSolicitud(page, entorno.servidor.url, primera.numero);
    expect(await botonesDeMovimiento(page)).toEqual(['En revisión', 'Observar']);

    await page.getByRole('button', { name: 'En revisión', exact: true }).click();
    await esperarEstado(page, 'En revisión');
    expect(await botonesDeMovimiento(page)).toEqual(['Observar', 'Aprobar', 'Rechazar']);

    // Observar: the dialog asks for Motivo and at least one document.
    await page.getByRole('button', { name: 'Observar', exact: true }).click();
    const dialogo = page.getByRole('dialog');
    await dialogo.waitFor();
    await axeCheck(page);
    await dialogo.getByRole('button', { name: 'Confirmar' }).click();
    await dialogo.getByText(TEXTOS_GESTION.motivoRequerido).waitFor();
    await dialogo.getByText(TEXTOS_GESTION.documentosRequeridos).waitFor();
    // The focus stays inside the dialog.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await dialogo.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await dialogo.getByLabel('Motivo').fill('La póliza está vencida.');
    await dialogo.getByRole('checkbox', { name: labelDe('PolizaMalaPraxis') }).check({ force: true });
    await dialogo.getByRole('checkbox', { name: labelDe('TituloMedico') }).check({ force: true });
    await dialogo.getByRole('button', { name: 'Confirmar' }).click();
    await esperarEstado(page, 'Observada');
    await dialogo.waitFor({ state: 'detached' });
    expect(await botonesDeMovimiento(page)).toEqual(['Rechazar']);

    await page.getByRole('button', { name: 'Rechazar', exact: true }).click();
    await dialogo.waitFor();
    expect(await dialogo.getByRole('checkbox').count()).toBe(0);
    await dialogo.getByLabel('Motivo').fill('No corresponde al padrón.');
    await dialogo.getByRole('button', { name: 'Confirmar' }).click();
    await esperarEstado(page, 'Rechazada');
    expect(await page.getByRole('group', { name: 'Cambiar el estado' }).count()).toBe(0);

    const historial = page.locator('section[aria-labelledby="seccion-historial"] li');
    const entradas = await historial.allInnerTexts();
    expect(entradas).toHaveLength(4);
    expect(entradas[1]).toContain('Recibida → En revisión');
    expect(entradas[1]).toContain(ADMIN.nombre);
    expect(entradas[2]).toContain('En revisión → Observada');
    expect(entradas[2]).toContain('Motivo: La póliza está vencida.');
    expect(entradas[2]).toContain(labelDe('PolizaMalaPraxis'));
    expect(entradas[2]).toContain(labelDe('TituloMedico'));
    expect(entradas[3]).toContain('Observada → Rechazada');
    expect(entradas[3]).toContain('Motivo: No corresponde al padrón.');
    await axeCheck(page);

    // The inbox shows the new status.
    await page
      .getByRole('navigation', { name: 'Gestión' })
      .getByRole('link', { name: 'Solicitudes' })
      .click();
    await page
      .getByRole('row', { name: new RegExp(primera.numero) })
      .getByText('Rechazada')
      .waitFor();
    expect(erroresInesperados(erroresDe(page))).toEqual([]);
    await page.context().close();
  });

  it('another application: En revisión → Aprobar', async () => {
    const page = await newPage(entorno.browser);
    await ingresar(page, entorno.servidor.url, ADMIN);
    await abrirSolicitud(page, entorno.servidor.url, segunda.numero);
    await page.getByRole('button', { name: 'En revisión', exact: true }).click();
    await esperarEstado(page, 'En revisión');
    await page.getByRole('button', { name: 'Aprobar', exact: true }).click();
    // It cannot be undone: a dialog asks first, and Cancelar leaves it as it was.
    const dialogo = page.getByRole('dialog', { name: 'Aprobar la solicitud' });
    await dialogo.waitFor();
    await dialogo.getByText(`La solicitud ${segunda.numero} quedará Aprobada.`, { exact: false }).waitFor();
    expect(await dialogo.getByLabel('Motivo').count()).toBe(0);
    await axeCheck(page);
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await dialogo.waitFor({ state: 'hidden' });
    expect(await estadoMostrado(page)).toBe('Estado: En revisión');
    await page.getByRole('button', { name: 'Aprobar', exact: true }).click();
    await dialogo.getByRole('button', { name: 'Confirmar' }).click();
    await esperarEstado(page, 'Aprobada');
    expect(await page.getByRole('group', { name: 'Cambiar el estado' }).count()).toBe(0);
    await page.context().close();
  });

  it('the revisor is offered no Aprobar or Rechazar', async () => {
    const admin = await clienteDeGestion(entorno.servidor.url, ADMIN);
    await moverPorApi(admin, tercera.numero, 'recibida', 'en_revision');
    const page = await newPage(entorno.browser);
    await ingresar(page, entorno.servidor.url, REVISOR);
    await abrirSolicitud(page, entorno.servidor.url, tercera.numero);
    expect(await estadoMostrado(page)).toBe('Estado: En revisión');
    expect(await botonesDeMovimiento(page)).toEqual(['Observar']);
    await axeCheck(page);
    await page.context().close();
  });

  it('a move made stale by someone else shows the 409 message and the current status', async () => {
    const otra = await enviarSolicitud(entorno.servidor.url, { apellidoynombre: 'Vega, Tomás' });
    const page = await newPage(entorno.browser);
    await ingresar(page, entorno.servidor.url, REVISOR);
    await abrirSolicitud(page, entorno.servidor.url, otra.numero);
    expect(await botonesDeMovimiento(page)).toEqual(['En revisión', 'Observar']);
    // Someone else moves it first.
    const admin = await clienteDeGestion(entorno.servidor.url, ADMIN);
    await moverPorApi(admin, otra.numero, 'recibida', 'en_revision');
    await page.getByRole('button', { name: 'En revisión', exact: true }).click();
    await esperarAlerta(page, TEXTOS_GESTION.movimientoVencido);
    await esperarEstado(page, 'En revisión');
    expect(await botonesDeMovimiento(page)).toEqual(['Observar']);
    // Nothing changed beyond the other person's move.
    const entradas = await page.locator('section[aria-labelledby="seccion-historial"] li').allInnerTexts();
    expect(entradas).toHaveLength(2);
    expect(entradas[1]).toContain(ADMIN.nombre);
    await page.context().close();
  });

  it('a typed Motivo survives a 409: the dialog stays, says the status now, and confirms with the same text', async () => {
    const otra = await enviarSolicitud(entorno.servidor.url, { apellidoynombre: 'Ibarra, Sol' });
    const admin = await clienteDeGestion(entorno.servidor.url, ADMIN);
    await moverPorApi(admin, otra.numero, 'recibida', 'en_revision');
    const page = await newPage(entorno.browser);
    await ingresar(page, entorno.servidor.url, ADMIN);
    await abrirSolicitud(page, entorno.servidor.url, otra.numero);
    await page.getByRole('button', { name: 'Rechazar', exact: true }).click();
    const motivo = 'No es prestador de la circunscripción: tiene domicilio en otra provincia.';
    await campo(page, 'Motivo').fill(motivo);
    // Meanwhile a revisor observes it.
    const revisor = await clienteDeGestion(entorno.servidor.url, REVISOR);
    await moverPorApi(revisor, otra.numero, 'en_revision', 'observada', {
      motivo: 'Falta el dorso.',
      documentos: ['DniReverso'],
    });
    await page.getByRole('button', { name: 'Confirmar' }).click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByText('La solicitud ahora está Observada.').waitFor();
    await dialogo.getByText(TEXTOS_GESTION.movimientoVencido).waitFor();
    await dialogo.getByText('Podés confirmar «Rechazar» con el mismo texto.').waitFor();
    expect(await campo(page, 'Motivo').inputValue()).toBe(motivo);
    await axeCheck(page);
    await dialogo.getByRole('button', { name: 'Confirmar' }).click();
    await dialogo.waitFor({ state: 'hidden' });
    await esperarEstado(page, 'Rechazada');
    const entradas = await page.locator('section[aria-labelledby="seccion-historial"] li').allInnerTexts();
    expect(entradas.at(-1)).toContain(motivo);

    // Observar no longer applies once someone else observed it: the move it allows now takes the text.
    const tercera = await enviarSolicitud(entorno.servidor.url, { apellidoynombre: 'Ibarra, Luz' });
    await abrirSolicitud(page, entorno.servidor.url, tercera.numero);
    await page.getByRole('button', { name: 'Observar', exact: true }).click();
    const otroMotivo = 'Ya se presentó otra solicitud con este DNI.';
    await campo(page, 'Motivo').fill(otroMotivo);
    await dialogo.getByText(labelDe('DniAnverso'), { exact: true }).click();
    await moverPorApi(revisor, tercera.numero, 'recibida', 'observada', {
      motivo: 'Foto borrosa.',
      documentos: ['DniAnverso'],
    });
    await dialogo.getByRole('button', { name: 'Confirmar' }).click();
    await dialogo.getByText('«Observar» ya no se puede hacer desde ese estado.').waitFor();
    expect(await dialogo.getByRole('button', { name: 'Confirmar' }).isDisabled()).toBe(true);
    await dialogo.getByRole('button', { name: 'Rechazar con este motivo' }).click();
    expect(await campo(page, 'Motivo').inputValue()).toBe(otroMotivo);
    await dialogo.getByRole('button', { name: 'Confirmar' }).click();
    await esperarEstado(page, 'Rechazada');
    await page.context().close();
  });

  it('adds a note, kept with author and time', async () => {
    const page = await newPage(entorno.browser);
    await ingresar(page, entorno.servidor.url, REVISOR);
    await abrirSolicitud(page, entorno.servidor.url, tercera.numero);
    await page.getByText('Todavía no hay notas.').waitFor();
    await page.getByRole('button', { name: 'Agregar nota' }).click();
    await page.getByText(TEXTOS_GESTION.notaVacia).waitFor();
    await campo(page, 'Nueva nota').fill('Llamar al consultorio por la habilitación.\n<b>no es HTML</b>');
    await page.getByRole('button', { name: 'Agregar nota' }).click();
    const notas = page.locator('section[aria-labelledby="seccion-notas"] li');
    await notas.first().waitFor();
    const texto = await notas.first().innerText();
    expect(texto).toContain('Llamar al consultorio por la habilitación.');
    expect(texto).toContain('<b>no es HTML</b>');
    expect(texto).toContain(REVISOR.nombre);
    expect(await campo(page, 'Nueva nota').inputValue()).toBe('');
    // It is stored: a reload shows it.
    await page.reload();
    await page.locator('section[aria-labelledby="seccion-notas"] li').first().waitFor();
    expect(await page.locator('section[aria-labelledby="seccion-notas"] li').count()).toBe(1);
    await axeCheck(page);
    expect(erroresInesperados(erroresDe(page))).toEqual([]);
    await page.context().close();
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
    const fila = page.locator('section[aria-labelledby="seccion-documentos"] li').filter({ hasText: poliza });
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
    // More than a page of rows, whatever the tests before did.
    const admin = await clienteDeGestion(entorno.servidor.url, ADMIN);
    for (let i = 0; i < 60; i++) await admin.get(`/api/gestion/solicitudes/${tercera.numero}`);
    const page = await newPage(entorno.browser);
    await ingresar(page, entorno.servidor.url, ADMIN);
    await page.getByRole('navigation', { name: 'Gestión' }).getByRole('link', { name: 'Auditoría' }).click();
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
    expect(todo).toContain(`${primera.numero}/DniAnverso`);

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
