// The model replayed in a real browser against the real server (docs/decisions/020): drivers
// that act like an applicant with Playwright, and — for the answers the model chooses (a refused
// DNI, a failed upload or submission) — requests held at the network (page.route) and then let
// through to the real server or answered there. The ~100 ms timers run by themselves.
import type { Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { DOCUMENTOS, MENSAJES, type DocumentoKey } from '../../domain/index.js';
import { PASOS, type EnrolmentSnapshot } from '../../machines/index.js';
import { hechos } from './abstraccion.js';
import { EQUIPO_INVALIDO, EQUIPO_VALIDO } from './datos.js';
import {
  MENSAJE_REINTENTABLE,
  MOTIVO_RECHAZO,
  mensajeRechazo,
  primerFaltante,
  primerSubido,
  ultimoPresente,
  OPCIONAL,
  type EventoModelo,
} from './eventos.js';

const RETENIDAS = { dni: /comprobarDniMatricula/, adjuntar: /archivos\/adjuntar$/, crear: /solicitud\/crear$/ } as const;
type Retenida = keyof typeof RETENIDAS;

/** A small valid file the server accepts by its bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export class SutNavegador {
  private readonly colas: Record<Retenida, Route[]> = { dni: [], adjuntar: [], crear: [] };
  ultimoEvento: EventoModelo | null = null;
  private versiones = 0;
  /** Chosen files the server does not hold yet (as machines/documentos.ts archivosPendientes). */
  readonly pendientes = new Set<DocumentoKey>();

  constructor(
    readonly page: Page,
    readonly url: string,
  ) {}

  async iniciar() {
    // A reload while uploading meets the page's "leave this page?" prompt: the applicant leaves.
    this.page.on('dialog', (d) => void (d.type() === 'beforeunload' ? d.accept() : d.dismiss()));
    for (const [nombre, ruta] of Object.entries(RETENIDAS) as [Retenida, RegExp][])
      await this.page.route(ruta, (route) => {
        this.colas[nombre].push(route);
      });
    await this.page.goto(`${this.url}/stepper`);
    await this.page.locator('#titulo-paso').waitFor();
  }

  /** Waits for the held request of that kind and takes it. */
  async retenida(nombre: Retenida): Promise<Route> {
    const limite = Date.now() + 10_000;
    while (this.colas[nombre].length === 0) {
      if (Date.now() > limite) throw new Error(`Ningún pedido retenido de ${nombre}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return this.colas[nombre].shift()!;
  }

  /** A new number for each file chosen, so every file has its own bytes. */
  nuevaVersion() {
    return ++this.versiones;
  }
}

const campo = (page: Page, nombre: string) => page.getByRole('textbox', { name: nombre, exact: true });
const boton = (page: Page, nombre: string | RegExp) => page.getByRole('button', { name: nombre, exact: typeof nombre === 'string' });
const label = (key: DocumentoKey) => DOCUMENTOS.find((d) => d.key === key)!.label;

async function completarPasoUno(page: Page, email: string) {
  await campo(page, 'Fecha de nacimiento').fill('15/03/1980');
  await campo(page, 'Apellido y nombres').fill('Pérez, Juan Carlos');
  const localidad = page.getByRole('combobox', { name: 'Localidad', exact: true });
  await localidad.fill('Rosario');
  await page.getByRole('option', { name: 'Rosario', exact: true }).click();
  const calle = page.getByRole('combobox', { name: 'Calle', exact: true });
  await calle.fill('Bv. Oroño');
  await page.getByRole('option', { name: 'Bv. Oroño', exact: true }).click();
  await campo(page, 'Altura').fill('1234');
  await campo(page, 'Piso').fill('3');
  await campo(page, 'Dpto.').fill('B');
  await campo(page, 'Email').fill(email);
  await campo(page, 'Código de área').fill('341');
  await campo(page, 'Teléfono').fill('4123456');
  await page.getByRole('combobox', { name: 'Condición ante el IVA', exact: true }).selectOption({ label: 'Responsable Monotributo' });
  await page.getByRole('combobox', { name: 'Forma de pago', exact: true }).selectOption('TARJETACREDITO');
  await page.getByRole('radio', { name: 'Visa' }).check();
  await page.getByRole('combobox', { name: 'Cobranza de honorarios', exact: true }).selectOption('TRANSFERENCIA');
  // DNI and Matrícula last, focus left there: leaving them is DNI.COMPROBAR's driver.
  await campo(page, 'DNI').fill('30111222');
  await campo(page, 'Matrícula').fill('12345');
}

/** The documents whose rows carry that mark (without waiting for one to appear). */
const marcadas = (page: Page, marca: 'rechazado' | 'faltante') =>
  page
    .locator(`[data-documento][data-marca="${marca}"]`)
    .evaluateAll((filas) => filas.map((f) => f.getAttribute('data-documento') as DocumentoKey));

/** Which document the variant means, read from the page's own rows. */
async function documentosEnPantalla(page: Page) {
  const presentes = new Set<DocumentoKey>();
  for (const { key, label: l } of DOCUMENTOS)
    if (await boton(page, `Quitar ${l}`).count()) presentes.add(key);
  return presentes;
}

type Driver = (sut: SutNavegador, e: EventoModelo) => Promise<void>;
const ninguno = async () => {};

export const driversNavegador: Record<string, Driver> = {
  'xstate.init': (sut) => sut.iniciar(),
  REANUDAR: async (sut) => {
    await sut.page.reload();
    await sut.page.locator('#titulo-paso').waitFor();
  },
  'DATOS.CAMBIO': async (sut, e) => {
    if (e.type !== 'DATOS.CAMBIO') return;
    const email = e.cambios.email ?? '';
    const dni = await campo(sut.page, 'DNI').inputValue();
    if (!dni) await completarPasoUno(sut.page, email);
    else await campo(sut.page, 'Email').fill(email);
  },
  'DNI.COMPROBAR': async (sut) => {
    await campo(sut.page, 'Matrícula').focus();
    await campo(sut.page, 'Matrícula').blur();
  },
  'DNI.RESULTADO': async (sut, e) => {
    if (e.type !== 'DNI.RESULTADO') return;
    const route = await sut.retenida('dni');
    // The demo padrón holds the pair: a "yes" is the real server's; a "no" is answered here.
    if (e.valido) await route.continue();
    else await route.fulfill({ status: 200, contentType: 'application/json', body: 'false' });
  },
  'DNI.FALLO': async (sut) => {
    const route = await sut.retenida('dni');
    await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'x', message: 'Padrón no disponible.' }) });
  },
  SIGUIENTE: (sut) => boton(sut.page, 'SIGUIENTE').click(),
  VOLVER: (sut) => boton(sut.page, 'VOLVER').click(),
  'IR_A.DATOS': (sut) => boton(sut.page, /^Datos personales/).click(),
  'IR_A.DOCUMENTOS': (sut) => boton(sut.page, /^Archivos adjuntos/).click(),
  'IR_A.EQUIPOS': (sut) => boton(sut.page, /^Aparatos y equipos/).click(),
  'ARCHIVO.ELEGIDO': async (sut, e) => {
    const presentes = await documentosEnPantalla(sut.page);
    const docs = Object.fromEntries([...presentes].map((k) => [k, { archivo: { id: k, nombre: '', tamanio: 1, tipo: '' }, subido: null }]));
    const c = { documentos: docs } as never;
    const rechazado = e.variante === 'rechazado' ? (await marcadas(sut.page, 'rechazado'))[0] : undefined;
    const key =
      e.variante === 'requerido'
        ? primerFaltante(c)
        : e.variante === 'reemplazo'
          ? (primerSubido(c) ?? 'DniAnverso')
          : e.variante === 'opcional'
            ? OPCIONAL
            : e.variante === 'rechazado'
              ? rechazado
              : 'DniAnverso';
    if (!key) throw new Error('Ningún documento para elegir');
    const grande = e.variante === 'grande';
    const v = sut.nuevaVersion();
    const archivo = {
      name: grande ? 'escaneo-enorme.pdf' : `${key}-${v}.pdf`,
      mimeType: 'application/pdf',
      buffer: grande ? Buffer.alloc(10 * 1024 * 1024 + 1, 0x25) : Buffer.concat([PDF, Buffer.from(`%${key}-${v}\n`)]),
    };
    await sut.page.locator(`[data-documento="${key}"] input[type=file]`).setInputFiles(archivo);
    if (!grande) sut.pendientes.add(key);
  },
  'ARCHIVO.QUITADO': async (sut, e) => {
    const presentes = await documentosEnPantalla(sut.page);
    const key = e.variante === 'opcional' ? OPCIONAL : ultimoPresente({ documentos: Object.fromEntries([...presentes].map((k) => [k, { archivo: {}, subido: null }])) } as never);
    await boton(sut.page, `Quitar ${label(key!)}`).click();
    sut.pendientes.delete(key!);
  },
  'ERROR.CERRAR': (sut) => sut.page.getByRole('alertdialog', { name: 'Error' }).getByRole('button', { name: 'Ok' }).click(),
  // The browser reports progress by itself while the request goes.
  'SUBIDA.PROGRESO': ninguno,
  'SUBIDA.EXITO': async (sut) => {
    await (await sut.retenida('adjuntar')).continue();
    sut.pendientes.clear();
  },
  'SUBIDA.FALLO': async (sut, e) => {
    const route = await sut.retenida('adjuntar');
    if (e.variante !== 'rechazo') {
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'NO_DISPONIBLE', message: MENSAJE_REINTENTABLE }) });
      return;
    }
    // As the server refuses the first bad part: the first document of the request, named in `fields`.
    const primero = DOCUMENTOS.map((d) => d.key).find((k) => sut.pendientes.has(k))!;
    await route.fulfill({
      status: 415,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'TIPO_NO_ACEPTADO', message: mensajeRechazo(`${primero}.pdf`), fields: { [primero]: MOTIVO_RECHAZO } }),
    });
  },
  'SUBIDA.CANCELAR': async (sut) => {
    // The request is under way (held here) when the applicant cancels; the browser drops it.
    const route = await sut.retenida('adjuntar');
    await boton(sut.page, 'Cancelar').click();
    await route.abort().catch(() => {});
  },
  REINTENTAR: (sut) => boton(sut.page, 'Reintentar').click(),
  // The app's own ~100 ms timer sends it.
  AVANZAR: async (sut) => {
    await sut.page.waitForTimeout(250);
  },
  'EQUIPO.AGREGAR': (sut) => boton(sut.page, 'AGREGAR EQUIPO').click(),
  'EQUIPO.CAMBIO': async (sut, e) => {
    const valores = e.variante === 'invalido' ? EQUIPO_INVALIDO : EQUIPO_VALIDO;
    const tarjeta = sut.page.getByRole('group', { name: 'Equipo 1' });
    const tipo = tarjeta.getByRole('combobox', { name: 'Tipo de equipo' });
    if (!(await tipo.inputValue())) {
      await tipo.fill('ecog');
      await sut.page.getByRole('option', { name: /^Ecógrafo/ }).first().click();
    }
    await tarjeta.getByRole('textbox', { name: 'Marca', exact: true }).fill(valores.marca);
    await tarjeta.getByRole('textbox', { name: 'Modelo', exact: true }).fill(valores.modelo);
    await tarjeta.getByRole('spinbutton', { name: 'Año de fabricación' }).fill(valores.anioFabricacion);
    await tarjeta.getByRole('textbox', { name: 'Origen', exact: true }).fill(valores.origen);
  },
  'EQUIPO.QUITAR': (sut) => boton(sut.page, 'Quitar equipo').click(),
  'TERMINOS.CAMBIO': async (sut, e) => {
    if (e.type !== 'TERMINOS.CAMBIO') return;
    const casilla = sut.page.getByRole('checkbox', { name: /Acepto los términos y condiciones/ });
    // By keyboard: the native input is visually hidden under its Chakra control.
    if ((await casilla.isChecked()) !== e.aceptados) {
      await casilla.focus();
      await sut.page.keyboard.press('Space');
    }
  },
  ENVIAR: (sut) => boton(sut.page, 'ENVIAR').click(),
  'ENVIO.EXITO': async (sut) => {
    await (await sut.retenida('crear')).continue();
  },
  'ENVIO.FALLO': async (sut) => {
    await (await sut.retenida('crear')).fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'x', message: 'Error interno.' }) });
  },
};

/** Retries an assertion until it holds or 5 s pass (the page updates asynchronously). */
export async function hastaQue(afirmar: () => Promise<void>, plazoMs = 5_000) {
  const limite = Date.now() + plazoMs;
  for (;;) {
    try {
      await afirmar();
      return;
    } catch (error) {
      if (Date.now() > limite) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const tituloPaso = (page: Page) => page.locator('#titulo-paso').textContent();

/** The element is focused and wholly inside the viewport (producto §12: where the applicant looks). */
async function enSuVistaYEnfocado(page: Page, selector: string) {
  const el = page.locator(selector);
  expect(await el.evaluate((n) => n === document.activeElement)).toBe(true);
  const caja = (await el.boundingBox())!;
  expect(caja.y).toBeGreaterThanOrEqual(0);
  expect(caja.y + caja.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

export function asercionesNavegador(sut: () => SutNavegador): Record<string, (m: EnrolmentSnapshot) => Promise<void>> {
  const p = () => sut().page;
  return {
    '#enrolment': async () => {},
    '#enrolment.datosPersonales': async (m) => {
      const h = hechos(m);
      expect(await tituloPaso(p())).toBe(PASOS[0].titulo);
      expect(await boton(p(), 'VOLVER').count()).toBe(0);
      expect(await boton(p(), 'SIGUIENTE').isEnabled()).toBe(h.revisados && h.comprobacion === 'A:valido');
      if (h.comprobacion === 'A:invalido') expect(await p().getByText(MENSAJES.dniMatricula).count()).toBeGreaterThan(0);
    },
    '#enrolment.documentos': async () => {
      expect(await tituloPaso(p())).toBe(PASOS[1].titulo);
    },
    '#enrolment.documentos.eligiendo': async (m) => {
      expect(await boton(p(), 'SIGUIENTE').isEnabled()).toBe(true);
      expect(await boton(p(), 'VOLVER').isEnabled()).toBe(true);
      expect(await p().getByRole('alertdialog').count()).toBe(0);
      const h = hechos(m);
      expect((await documentosEnPantalla(p())).size).toBe(DOCUMENTOS.length - 1 - h.faltan + (h.opcional === 'no' ? 0 : 1));
      const e = sut().ultimoEvento;
      if (e?.type === 'ARCHIVO.ELEGIDO' && e.variante === 'grande')
        expect(await p().getByText('El archivo supera el máximo de 10 MB.').count()).toBe(1);
      if (e?.type === 'ARCHIVO.ELEGIDO' && e.variante !== 'grande') {
        // Focus is off the row's button, which is now Quitar (producto §12).
        expect(await p().evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).not.toMatch(/^Quitar /);
      }
      if (e?.type === 'ERROR.CERRAR') {
        // The missing rows are marked, and focus is on the first one's SUBIR, in sight.
        const marcadas = p().locator('[data-documento][data-marca="faltante"]');
        expect(await marcadas.count()).toBe(h.faltan);
        const primera = marcadas.first().locator('button[data-accion-fila]');
        expect(await primera.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await primera.getAttribute('aria-label')).toMatch(/^Subir /);
        const caja = (await primera.boundingBox())!;
        const alto = p().viewportSize()!.height;
        expect(caja.y).toBeGreaterThanOrEqual(0);
        expect(caja.y + caja.height).toBeLessThanOrEqual(alto);
      }
      if (e?.type === 'SUBIDA.CANCELAR') expect(await p().getByTestId('overlay-subida').count()).toBe(0);
    },
    '#enrolment.documentos.eligiendo.libre': async () => {
      expect(await p().locator('#aviso-fallo-subida').count()).toBe(0);
    },
    '#enrolment.documentos.eligiendo.fallida': async () => {
      const aviso = p().locator('#aviso-fallo-subida');
      expect(await aviso.textContent()).toContain('No se pudieron subir los archivos. Intentá nuevamente.');
      expect(await boton(p(), 'Reintentar').isEnabled()).toBe(true);
      if (sut().ultimoEvento?.type === 'SUBIDA.FALLO') await enSuVistaYEnfocado(p(), '#aviso-fallo-subida');
    },
    '#enrolment.documentos.eligiendo.rechazada': async () => {
      const aviso = p().locator('#aviso-fallo-subida');
      const texto = (await aviso.textContent()) ?? '';
      expect(texto).toContain('No se pudieron subir los archivos.');
      expect(texto).not.toContain('Intentá nuevamente');
      expect(await boton(p(), 'Reintentar').count()).toBe(0);
      const [key] = await marcadas(p(), 'rechazado');
      expect(key).toBeDefined();
      const marcada = p().locator(`[data-documento="${key}"]`);
      // By label and by the file the applicant chose, never by the part's name.
      expect(texto).toContain(`«${label(key!)}» (`);
      expect(texto).not.toContain(`${key!}.pdf`);
      expect(await marcada.locator('button[data-accion-fila]').getAttribute('aria-invalid')).toBe('true');
      if (sut().ultimoEvento?.type === 'SUBIDA.FALLO') await enSuVistaYEnfocado(p(), '#aviso-fallo-subida');
    },
    '#enrolment.documentos.faltantes': async (m) => {
      const dialogo = p().getByRole('alertdialog', { name: 'Error' });
      expect(await dialogo.textContent()).toContain(MENSAJES.adjuntosFaltantes);
      expect(await dialogo.getByRole('listitem').count()).toBe(hechos(m).faltan);
    },
    '#enrolment.documentos.subiendo': async () => {
      const overlay = p().getByTestId('overlay-subida');
      expect(await overlay.isVisible()).toBe(true);
      expect(await p().getByText('Subiendo archivos…').isVisible()).toBe(true);
      expect(await overlay.getByText('No cierres esta página hasta que termine.').isVisible()).toBe(true);
      expect(await overlay.getByRole('button', { name: 'Cancelar' }).isEnabled()).toBe(true);
    },
    '#enrolment.documentos.subido': async () => {
      expect(await p().getByTestId('overlay-subida').count()).toBe(0);
      expect(await p().getByText('Éxito. Se guardó el adjunto.').count()).toBeGreaterThan(0);
    },
    '#enrolment.equipos': async (m) => {
      expect(await tituloPaso(p())).toBe(PASOS[2].titulo);
      const h = hechos(m);
      expect(await boton(p(), 'Quitar equipo').count()).toBe(h.equipos === 'ninguno' ? 0 : 1);
      expect(await boton(p(), 'SIGUIENTE').isEnabled()).toBe(h.equipos !== 'invalidos');
    },
    '#enrolment.terminos': async () => {
      expect(await tituloPaso(p())).toBe(PASOS[3].titulo);
    },
    '#enrolment.terminos.editando': async (m) => {
      const h = hechos(m);
      expect(await p().getByRole('checkbox', { name: /Acepto los términos y condiciones/ }).isChecked()).toBe(h.terminos);
      expect(await boton(p(), 'ENVIAR').isEnabled()).toBe(h.terminos);
    },
    '#enrolment.terminos.editando.listo': async () => {},
    '#enrolment.terminos.editando.fallido': async () => {
      expect(await p().getByText('Falló la solicitud').count()).toBeGreaterThan(0);
    },
    '#enrolment.terminos.enviando': async () => {
      expect(await p().getByRole('button', { name: /Enviando|ENVIAR/ }).isDisabled()).toBe(true);
    },
    '#enrolment.enviada': async () => {
      await p().waitForURL('**/completado');
      expect(await p().getByText('Solicitud de inscripción enviada.').count()).toBeGreaterThan(0);
    },
  };
}
