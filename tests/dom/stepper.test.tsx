// The stepper shell in a real actor: the four step headers, VOLVER and SIGUIENTE enabled by the
// chart, a completed step's header going back to it, a restored draft resuming on its step.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor as esperarActor } from 'xstate';
import type { DocumentoKey } from '../../domain/index.js';
import { contextoInicial, enrolmentMachine } from '../../machines/index.js';
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

describe('Stepper', () => {
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
});
