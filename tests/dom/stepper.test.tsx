// The stepper shell in a real actor: the four step headers, VOLVER and SIGUIENTE enabled by the
// chart, a completed step's header going back to it, a restored draft resuming on its step; the
// compact indicator's line; the browser's history following the steps (producto §12): stamped
// entries, back and forward sending the chart's events only when it accepts them, each step
// starting at the top; after sending, a stamped entry without a draft goes back to /completado.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor as esperarActor } from 'xstate';
import type { DocumentoKey } from '../../domain/index.js';
import { contextoInicial, enrolmentMachine } from '../../machines/index.js';
import { olvidarSolicitud, recordarSolicitud } from '../../src/estado/confirmacion.js';
import { lineaCompacta } from '../../src/stepper/EncabezadoPasos.js';
import { debeVolverALaConfirmacion, eventosHacia, pasoDeLaEntrada, seguirPasos } from '../../src/stepper/historial.js';
import { Stepper } from '../../src/stepper/Stepper.js';
import { apiFalsa, DATOS_COMPLETOS, dependenciasFalsas, renderizarConActor } from './enrolment.js';

// Typing through a whole form in jsdom is slow on a shared, busy machine.
vi.setConfig({ testTimeout: 30_000 });

/** A persisted snapshot on step 2 with step 1 complete, built with the chart itself. */
async function snapshotEnDocumentos() {
  const actor = createActor(enrolmentMachine, {
    input: {
      ...contextoInicial(),
      datos: DATOS_COMPLETOS,
      datosValidos: true,
      comprobacion: { dni: DATOS_COMPLETOS.dni, matricula: DATOS_COMPLETOS.matricula, estado: 'valido' },
    },
  }).start();
  actor.send({ type: 'SIGUIENTE' });
  await esperarActor(actor, (s) => s.matches('documentos'));
  return actor.getPersistedSnapshot();
}

const pasoEnHistoria = () => pasoDeLaEntrada(window.history.state);
const titulo = () => screen.getByRole('heading', { level: 2 });

/** A fresh /stepper entry, as SIGUIENTE on /inicio leaves it (no stamp). */
function entradaNueva() {
  window.history.pushState(null, '', '/stepper');
}

describe('Stepper', () => {
  afterEach(() => {
    olvidarSolicitud();
    document.documentElement.scrollTop = 0;
  });

  it('shows the four steps, the current one marked, and SIGUIENTE disabled on an empty step 1', async () => {
    renderizarConActor(<Stepper />);
    const pasos = within(screen.getByRole('navigation', { name: 'Pasos de la solicitud' })).getAllByRole('listitem');
    expect(pasos.map((p) => p.textContent)).toEqual([
      expect.stringContaining('Datos personalesCompletar datos personales'),
      expect.stringContaining('Archivos adjuntosAdjuntar documentación'),
      expect.stringContaining('Aparatos y equiposDeclaración de equipos o aparatos'),
      expect.stringContaining('Términos y Condiciones'),
    ]);
    expect(pasos[0]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Solicitud de inscripción');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Datos personales');
    expect(screen.getByRole('button', { name: 'SIGUIENTE' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'VOLVER' })).toBeNull();
    expect(within(screen.getByRole('navigation')).queryAllByRole('button')).toHaveLength(0);
    await screen.findByRole('option', { name: 'Responsable Monotributo' });
  });

  it('a restored draft opens on its step; VOLVER and the completed header go back', async () => {
    const { user } = renderizarConActor(<Stepper />, { snapshot: await snapshotEnDocumentos() });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Archivos adjuntos');
    // Step 2's SIGUIENTE stays enabled, so a missing document can open the Error dialog.
    expect(screen.getByRole('button', { name: 'SIGUIENTE' })).toBeEnabled();
    const atras = within(screen.getByRole('navigation')).getByRole('button', { name: /Datos personales/ });
    await user.click(atras);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Datos personales');
    expect(screen.getByRole('heading', { level: 2 })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'DNI' })).toHaveValue('30111222');
    // Step 1 is valid and checked: SIGUIENTE goes forward again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'SIGUIENTE' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'SIGUIENTE' }));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Archivos adjuntos');
    await user.click(screen.getByRole('button', { name: 'VOLVER' }));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Datos personales');
  });

  it('a draft restored in the middle of an upload sends it again (REANUDAR), once', async () => {
    const actor = createActor(enrolmentMachine, { snapshot: (await snapshotEnDocumentos()) as never, input: undefined }).start();
    for (const key of ['DniAnverso', 'DniReverso', 'HabilitacionConsultorioExtension', 'ResolucionEspecialidad', 'PolizaMalaPraxis', 'TituloMedico', 'ReciboOCarnetArteDeCurar', 'ConstanciaInscripcionAFIP'] as DocumentoKey[])
      actor.send({ type: 'ARCHIVO.ELEGIDO', key, archivo: { id: key, nombre: `${key}.pdf`, tamanio: 10, tipo: 'application/pdf' }, contenido: null });
    actor.send({ type: 'SIGUIENTE' });
    expect(actor.getSnapshot().matches({ documentos: 'subiendo' })).toBe(true);
    const deps = dependenciasFalsas();
    for (const key of Object.keys(actor.getSnapshot().context.documentos)) await deps.almacenes.archivos.setItem(key, new Blob(['x']));
    const adjuntarArchivos = vi.fn(async (archivos: readonly { key: DocumentoKey }[]) => archivos.map((a) => ({ nombre: `${a.key}.pdf` })));
    deps.api = apiFalsa({ adjuntarArchivos });
    renderizarConActor(<Stepper />, { snapshot: actor.getPersistedSnapshot(), dependencias: deps });
    await screen.findByRole('heading', { level: 2, name: 'Aparatos y equipos' });
    expect(adjuntarArchivos).toHaveBeenCalledTimes(1);
    expect(deps.mostrarSnackbar).toHaveBeenCalledWith('Éxito. Se guardó el adjunto.', { boton: 'Ok' });
  });

  it('a new chart loads each catalogue once', async () => {
    const deps = dependenciasFalsas();
    renderizarConActor(<Stepper />, { dependencias: deps });
    await screen.findByRole('option', { name: 'Responsable Monotributo' });
    expect(deps.api.obtenerLocalidades).toHaveBeenCalledTimes(1);
    expect(deps.api.obtenerCondicionesIva).toHaveBeenCalledTimes(1);
  });

  it('on a phone the indicator says where one is in one line', () => {
    expect(lineaCompacta(0)).toBe('Paso 1 de 4 · Datos personales');
    expect(lineaCompacta(3)).toBe('Paso 4 de 4 · Términos y Condiciones');
    renderizarConActor(<Stepper />);
    const nav = screen.getByRole('navigation', { name: 'Pasos de la solicitud' });
    const linea = nav.querySelector('[data-paso-compacto]');
    expect(linea).toHaveTextContent('Paso 1 de 4 · Datos personales');
    // Read once: the list says it to screen readers.
    expect(linea).toHaveAttribute('aria-hidden', 'true');
  });

  it('the history follows the steps: back and forward move between them, each starting at the top', async () => {
    entradaNueva();
    const inicio = window.history.length;
    const { user } = renderizarConActor(<Stepper />, { snapshot: await snapshotEnDocumentos() });
    expect(titulo()).toHaveTextContent('Archivos adjuntos');
    // A restored draft on step 2 opened on a fresh entry: the entry of step 1 is rebuilt below it.
    expect(pasoEnHistoria()).toBe(1);
    expect(window.history.length).toBe(inicio + 1);

    document.documentElement.scrollTop = 400;
    act(() => window.history.back());
    await waitFor(() => expect(titulo()).toHaveTextContent('Datos personales'));
    expect(pasoEnHistoria()).toBe(0);
    expect(document.documentElement.scrollTop).toBe(0);
    expect(titulo()).toHaveFocus();

    act(() => window.history.forward());
    await waitFor(() => expect(titulo()).toHaveTextContent('Archivos adjuntos'));
    expect(pasoEnHistoria()).toBe(1);

    // VOLVER goes back in the history too, so forward goes to step 2 again.
    document.documentElement.scrollTop = 400;
    await user.click(screen.getByRole('button', { name: 'VOLVER' }));
    expect(titulo()).toHaveTextContent('Datos personales');
    expect(document.documentElement.scrollTop).toBe(0);
    await waitFor(() => expect(pasoEnHistoria()).toBe(0));
    expect(window.history.length).toBe(inicio + 1);

    // SIGUIENTE pushes the next step's entry (the forward one is replaced).
    await waitFor(() => expect(screen.getByRole('button', { name: 'SIGUIENTE' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'SIGUIENTE' }));
    expect(titulo()).toHaveTextContent('Archivos adjuntos');
    expect(pasoEnHistoria()).toBe(1);
    expect(window.history.length).toBe(inicio + 1);
  });

  it('a move the chart refuses is put back: the history stays where the chart is', async () => {
    entradaNueva();
    renderizarConActor(<Stepper />);
    expect(pasoEnHistoria()).toBe(0);
    // An entry of step 2 ahead of an empty step 1 (as a sent form's entries could be).
    window.history.pushState({ paso: 1 }, '', '/stepper');
    act(() => window.history.back());
    await waitFor(() => expect(pasoEnHistoria()).toBe(0));
    const ir = vi.spyOn(window.history, 'go');
    act(() => window.history.forward());
    // SIGUIENTE is refused on an empty step 1: back to the entry of step 1.
    await waitFor(() => expect(ir).toHaveBeenCalledWith(-1));
    await waitFor(() => expect(pasoEnHistoria()).toBe(0));
    expect(titulo()).toHaveTextContent('Datos personales');
  });

  it('the events for a history move: VOLVER or IR_A back, SIGUIENTE one forward, nothing further', () => {
    expect(eventosHacia(1, 0)).toEqual([{ type: 'VOLVER' }, { type: 'IR_A.DATOS' }]);
    expect(eventosHacia(3, 1)).toEqual([{ type: 'IR_A.DOCUMENTOS' }]);
    expect(eventosHacia(2, 3)).toEqual([{ type: 'SIGUIENTE' }]);
    expect(eventosHacia(0, 2)).toEqual([]);
    expect(pasoDeLaEntrada({ paso: 2 })).toBe(2);
    expect(pasoDeLaEntrada({ paso: 7 })).toBeNull();
    expect(pasoDeLaEntrada(null)).toBeNull();
  });

  it('while a file uploads the history waits for the chart', async () => {
    entradaNueva();
    const actor = createActor(enrolmentMachine, { snapshot: (await snapshotEnDocumentos()) as never, input: undefined }).start();
    const dejar = seguirPasos(actor);
    try {
      for (const key of ['DniAnverso', 'DniReverso', 'HabilitacionConsultorioExtension', 'ResolucionEspecialidad', 'PolizaMalaPraxis', 'TituloMedico', 'ReciboOCarnetArteDeCurar', 'ConstanciaInscripcionAFIP'] as DocumentoKey[])
        actor.send({ type: 'ARCHIVO.ELEGIDO', key, archivo: { id: key, nombre: `${key}.pdf`, tamanio: 10, tipo: 'application/pdf' }, contenido: null });
      actor.send({ type: 'SIGUIENTE' });
      expect(actor.getSnapshot().matches({ documentos: 'subiendo' })).toBe(true);
      expect(pasoEnHistoria()).toBe(1);
      // Back while uploading: the chart cannot leave, so the history is put back.
      const ir = vi.spyOn(window.history, 'go');
      act(() => window.history.back());
      await waitFor(() => expect(ir).toHaveBeenCalledWith(1));
      await waitFor(() => expect(pasoEnHistoria()).toBe(1));
      expect(actor.getSnapshot().matches({ documentos: 'subiendo' })).toBe(true);
    } finally {
      dejar();
      actor.stop();
    }
  });

  it('after sending, a stamped /stepper entry without a draft goes back to /completado; a new one does not', () => {
    expect(debeVolverALaConfirmacion(null, { paso: 3 })).toBe(false);
    recordarSolicitud({ numeroSolicitud: 'K7P2QX', creadaEn: '2026-11-22T12:00:00Z' }, 'jperez@example.com');
    expect(debeVolverALaConfirmacion(null, { paso: 3 })).toBe(true);
    expect(debeVolverALaConfirmacion(null, null)).toBe(false);
    expect(debeVolverALaConfirmacion({ value: 'datosPersonales' }, { paso: 0 })).toBe(false);
  });
});
