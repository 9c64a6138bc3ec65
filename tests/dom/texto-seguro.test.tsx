// Stored text in the form: a bidi override or a zero-width character typed (or pasted) into a
// field shows the shared rules' message once the field is left, and keeps the step incomplete;
// Observaciones, a textarea, keeps its line breaks.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MENSAJES } from '../../domain/index.js';
import { contextoInicial } from '../../machines/index.js';
import { PasoDatosPersonales } from '../../src/pasos/datos-personales/PasoDatosPersonales.js';
import { PasoEquipos } from '../../src/pasos/equipos/PasoEquipos.js';
import { EQUIPO_VALIDO } from '../modelo/datos.js';
import { dependenciasFalsas, EspiaActor, renderizarConActor } from './enrolment.js';
import { montarPaso } from './pasos-montar.js';

// Typing in jsdom is slow on a shared, busy machine.
vi.setConfig({ testTimeout: 30_000 });

const mensajeDe = (el: HTMLElement) => document.getElementById(`${el.id}-error`)?.textContent ?? '';

describe('control and format characters in the form', () => {
  it('step 1: Apellido y nombres with a bidi override or a zero-width space says so', async () => {
    const espia: Parameters<typeof EspiaActor>[0]['en'] = {};
    const { user } = renderizarConActor(
      <>
        <EspiaActor en={espia} />
        <PasoDatosPersonales />
      </>,
      { dependencias: dependenciasFalsas() },
    );
    await screen.findByRole('option', { name: 'Responsable Monotributo' });
    const nombre = screen.getByRole('textbox', { name: 'Apellido y nombres' });
    const probar = async (texto: string, esperado: string) => {
      await user.clear(nombre);
      await user.type(nombre, texto);
      await user.tab();
      await waitFor(() => expect(mensajeDe(nombre)).toBe(esperado));
      if (esperado) expect(nombre).toHaveAttribute('aria-invalid', 'true');
    };

    await probar('Pérez\u202e, Juan', MENSAJES.caracteresInvalidos);
    expect(espia.actor!.getSnapshot().context.datos.apellidoynombre).toBe('Pérez\u202e, Juan');
    expect(espia.actor!.getSnapshot().context.datosValidos).toBe(false);
    await probar('Pérez,\u200bJuan', MENSAJES.caracteresInvalidos);
    // Pasted, as such characters usually arrive.
    await user.clear(nombre);
    await user.click(nombre);
    await user.paste('\u2066Gómez\u2069, Ana');
    await user.tab();
    await waitFor(() => expect(mensajeDe(nombre)).toBe(MENSAJES.caracteresInvalidos));
    await probar('Łukasz Şahin Nguyễn', '');
    await probar("D'Alessandro, María José", '');
  });

  it('step 3: Marca with a zero-width space says so; Observaciones keeps its line breaks', async () => {
    const { user, actor } = montarPaso(<PasoEquipos />, 'equipos', {
      equipos: [{ id: 1, valores: EQUIPO_VALIDO }],
      siguienteIdEquipo: 2,
      catalogos: { ...contextoInicial().catalogos, aparatos: [EQUIPO_VALIDO.tipoAparato!] },
    });
    const card = screen.getByRole('group', { name: 'Equipo 1' });
    const observaciones = within(card).getByRole('textbox', { name: 'Observaciones' });
    expect(observaciones.tagName).toBe('TEXTAREA');
    await user.type(observaciones, 'Transductor lineal.{Enter}Con carro.');
    await user.tab();
    expect(actor().getSnapshot().context.equipos[0]!.valores.observaciones).toBe('Transductor lineal.\nCon carro.');
    expect(mensajeDe(observaciones)).toBe('');
    expect(actor().getSnapshot().can({ type: 'SIGUIENTE' })).toBe(true);

    const marca = within(card).getByRole('textbox', { name: 'Marca' });
    await user.type(marca, '\u200b');
    await user.tab();
    await waitFor(() => expect(mensajeDe(marca)).toBe(MENSAJES.caracteresInvalidos));
    expect(actor().getSnapshot().can({ type: 'SIGUIENTE' })).toBe(false);
  });
});
