// Step 4 — Términos y Condiciones (producto §6): the checkbox, the link to the terms document and the
// sending state; and the terms document itself (public/terminos.html).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { DOCUMENTOS_REQUERIDOS, VERSION_TERMINOS } from '../../domain/index.js';
import { armarSolicitud, type Documentos, type EnrolmentContext } from '../../machines/index.js';
import { PasoTerminos } from '../../src/pasos/terminos/PasoTerminos.js';
import { BotonesPaso } from '../../src/stepper/BotonesPaso.js';
import { DATOS_VALIDOS } from '../modelo/datos.js';
import { montarPaso } from './pasos-montar.js';

const EDITANDO = { terminos: { editando: 'listo' } };
const ETIQUETA = 'Acepto los términos y condiciones establecidos por la Asociación Médica de Rosario';

/** Everything the earlier steps need for ENVIAR to be possible. */
function listo(): Partial<EnrolmentContext> {
  const documentos: Documentos = Object.fromEntries(
    DOCUMENTOS_REQUERIDOS.map((key) => [
      key,
      {
        archivo: { id: key, nombre: `${key}.pdf`, tamanio: 1, tipo: 'application/pdf' },
        subido: { nombre: `${key}.pdf`, archivoId: key },
      },
    ]),
  );
  return { datos: DATOS_VALIDOS, datosValidos: true, documentos };
}

describe('Paso 4 — Términos y Condiciones', () => {
  it('the checkbox, labelled as written, sends TERMINOS.CAMBIO and enables ENVIAR', async () => {
    const { user, actor } = montarPaso(<PasoTerminos />, EDITANDO, listo());
    const casilla = screen.getByRole('checkbox', { name: ETIQUETA });
    expect(casilla).not.toBeChecked();
    expect(actor().getSnapshot().can({ type: 'ENVIAR' })).toBe(false);
    await user.click(casilla);
    expect(casilla).toBeChecked();
    expect(actor().getSnapshot().context.terminosAceptados).toBe(true);
    expect(actor().getSnapshot().can({ type: 'ENVIAR' })).toBe(true);
    await user.keyboard(' ');
    expect(actor().getSnapshot().context.terminosAceptados).toBe(false);
  });

  it('links to the terms document in a new tab, and says so to screen readers', () => {
    montarPaso(<PasoTerminos />, EDITANDO);
    const enlace = screen.getByRole('link', {
      name: 'Leer los términos y condiciones (se abre en una pestaña nueva)',
    });
    expect(enlace).toHaveAttribute('href', '/terminos.html');
    expect(enlace).toHaveAttribute('target', '_blank');
    expect(enlace.getAttribute('rel')).toContain('noopener');
  });

  it('while sending shows an indicator and freezes the checkbox; a failure keeps everything', async () => {
    const ctx = { ...listo(), terminosAceptados: true };
    const { enviar, espias, actor } = montarPaso(<PasoTerminos />, EDITANDO, ctx);
    enviar({ type: 'ENVIAR' });
    expect(espias.enviarSolicitud).toHaveBeenCalledTimes(1);
    expect(espias.enviarSolicitud).toHaveBeenCalledWith({
      solicitud: armarSolicitud(actor().getSnapshot().context),
    });
    expect(screen.getByText('Enviando la solicitud…')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: ETIQUETA })).toBeDisabled();
    // ENVIAR cannot be pressed twice (the shell reads this).
    expect(actor().getSnapshot().can({ type: 'ENVIAR' })).toBe(false);

    enviar({ type: 'ENVIO.FALLO' });
    expect(espias.notificarFalloEnvio).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Enviando la solicitud…')).not.toBeInTheDocument();
    expect(screen.getByText(/Tus datos siguen guardados/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: ETIQUETA })).toBeChecked();
    expect(actor().getSnapshot().context.datos).toEqual(DATOS_VALIDOS);
    expect(actor().getSnapshot().can({ type: 'ENVIAR' })).toBe(true);

    // A failure the server explained is said in its words; pressing ENVIAR again clears it.
    const mensaje = 'El servicio no está disponible en este momento. Intentá nuevamente en unos minutos.';
    enviar({ type: 'ENVIAR' });
    enviar({ type: 'ENVIO.FALLO', mensaje });
    expect(screen.getByText(new RegExp(mensaje))).toBeInTheDocument();
    enviar({ type: 'ENVIAR' });
    expect(screen.queryByText(new RegExp(mensaje))).not.toBeInTheDocument();

    // A message that came without its period gets one: it never runs into the next sentence.
    enviar({ type: 'ENVIO.FALLO', mensaje: 'El servicio no está disponible' });
    expect(
      screen.getByText(
        'No se pudo enviar la solicitud. El servicio no está disponible. Tus datos siguen guardados: podés volver a presionar ENVIAR.',
      ),
    ).toBeInTheDocument();
  });

  it('while ENVIAR is disabled, says that the terms are missing (producto §12)', async () => {
    const { user } = montarPaso(
      <>
        <PasoTerminos />
        <BotonesPaso />
      </>,
      EDITANDO,
      listo(),
    );
    const enviar = screen.getByRole('button', { name: 'ENVIAR' });
    expect(enviar).toBeDisabled();
    expect(enviar).toHaveAccessibleDescription('Falta: aceptar los términos y condiciones.');
    await user.click(screen.getByRole('checkbox', { name: ETIQUETA }));
    expect(enviar).toBeEnabled();
    expect(enviar).not.toHaveAttribute('aria-describedby');
  });
});

describe('El documento de términos (public/terminos.html)', () => {
  const html = readFileSync(resolve(process.cwd(), 'public/terminos.html'), 'utf8');
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const texto = doc.body.textContent!.replace(/\s+/g, ' ');

  it('prints the version of the terms the application records', () => {
    expect(doc.getElementById('version-terminos')?.textContent).toBe(VERSION_TERMINOS);
    expect(texto).toContain(`Versión de estos términos: ${VERSION_TERMINOS}.`);
  });

  it('carries the notice of Ley 25.326 art. 6 and the AAIP legend', () => {
    for (const frase of [
      'Ley 25.326',
      'Para qué se usan (finalidad)',
      'Quién los recibe',
      'Asociación Médica de Rosario',
      'Mutual de la Asociación Médica de Rosario',
      'servicio de gestión de prestaciones',
      'Qué datos son obligatorios y qué pasa si no los das',
      'Si no das un dato obligatorio, la solicitud no puede enviarse',
      'Acceso:',
      'Rectificación y actualización:',
      'Supresión:',
      'Cómo ejercerlos',
      'Quién es responsable de tus datos',
      'Cuánto tiempo se guardan tus datos',
      'diez (10) días corridos',
      'cinco (5) días hábiles',
      'AGENCIA DE ACCESO A LA INFORMACIÓN PÚBLICA',
      'Resolución AAIP 14/2018',
    ])
      expect(texto).toContain(frase);
  });

  it('is self-contained: no script, no inline style, nothing from another origin', () => {
    expect(doc.querySelectorAll('script')).toHaveLength(0);
    expect(doc.querySelectorAll('[style], style')).toHaveLength(0);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    for (const el of doc.querySelectorAll('[src], [href]')) {
      const url = el.getAttribute('src') ?? el.getAttribute('href')!;
      expect(url).toMatch(/^(\/[^/]|#)/);
    }
    expect(doc.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe('/terminos.css');
  });

  it('is accessible: Spanish, one h1, headings in order, landmarks, no axe violation', async () => {
    expect(doc.documentElement.lang).toBe('es-AR');
    expect(doc.querySelector('meta[name="viewport"]')?.getAttribute('content')).toBe(
      'width=device-width, initial-scale=1',
    );
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    const niveles = [...doc.querySelectorAll('h1, h2, h3')].map((h) => Number(h.tagName[1]));
    niveles.forEach((n, i) => expect(n - (niveles[i - 1] ?? 0)).toBeLessThanOrEqual(1));
    expect(doc.querySelector('main')).not.toBeNull();
    // Render it in this jsdom document and let axe judge (colour contrast needs a browser: e2e).
    document.documentElement.lang = 'es-AR';
    document.title = doc.title;
    document.body.innerHTML = doc.body.innerHTML;
    const resultado = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(resultado.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    document.body.innerHTML = '';
  });
});
