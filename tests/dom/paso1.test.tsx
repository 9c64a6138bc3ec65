// Step 1 rendered in a real enrolment actor with a fake API: labels, hints, every message of
// producto §3, the conditionals, the autocompletes by keyboard, the date typed and picked, the
// padrón check on blur, the catalogue failure with retry, a new form quiet until a field is
// left while a restored draft shows its messages at once.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { MENSAJES } from '../../domain/index.js';
import { contextoInicial, DATOS_VACIOS, enrolmentMachine } from '../../machines/index.js';
import { olvidarContacto } from '../../src/api/contacto.js';
import { PasoDatosPersonales } from '../../src/pasos/datos-personales/PasoDatosPersonales.js';
import { BotonesPaso } from '../../src/stepper/BotonesPaso.js';
import { TITULO_CONTACTO } from '../../src/ui/contacto/index.js';
import { apiFalsa, DATOS_COMPLETOS, dependenciasFalsas, EspiaActor, PAR_VALIDO, renderizarConActor } from './enrolment.js';

// Typing through a whole form in jsdom is slow on a shared, busy machine.
vi.setConfig({ testTimeout: 30_000 });

const caja = (nombre: string) => screen.getByRole('textbox', { name: nombre });
const combo = (nombre: string) => screen.getByRole('combobox', { name: nombre });
const select = (nombre: string) => screen.getByRole('combobox', { name: nombre }) as HTMLSelectElement;
const mensajeDe = (el: HTMLElement) => document.getElementById(`${el.id}-error`)?.textContent ?? '';

async function montar(deps = dependenciasFalsas()) {
  const espia: Parameters<typeof EspiaActor>[0]['en'] = {};
  const r = renderizarConActor(
    <>
      <EspiaActor en={espia} />
      <PasoDatosPersonales />
    </>,
    { dependencias: deps },
  );
  // The catalogues arrive.
  await screen.findByRole('option', { name: 'Responsable Monotributo' });
  return { ...r, espia };
}

describe('Paso 1 — Datos personales', () => {
  // The calendar is a lazy chunk; transforming it the first time takes a while in Vitest.
  beforeAll(() => import('../../src/pasos/datos-personales/Calendario.js'), 30_000);

  it('labels every field as producto §3 says, with its hints', async () => {
    await montar();
    for (const etiqueta of ['Fecha de nacimiento', 'Apellido y nombres', 'DNI', 'Matrícula', 'Altura', 'Piso', 'Dpto.', 'Otro', 'Email', 'Código de área', 'Teléfono'])
      expect(caja(etiqueta)).toBeInTheDocument();
    for (const etiqueta of ['Localidad', 'Calle']) expect(combo(etiqueta)).toHaveAttribute('aria-autocomplete', 'list');
    for (const etiqueta of ['Condición ante el IVA', 'Forma de pago', 'Cobranza de honorarios']) expect(select(etiqueta).tagName).toBe('SELECT');
    expect(caja('Código de área')).toHaveAccessibleDescription('sin 0');
    expect(caja('Teléfono')).toHaveAccessibleDescription('sin 15');
    expect(caja('Fecha de nacimiento')).toHaveAccessibleDescription(/DD\/MM\/AAAA.*15031980/);
    expect(caja('Email')).toHaveAccessibleDescription(/recibir información/);
    expect(combo('Calle')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Elegir la fecha de nacimiento en un calendario' })).toBeInTheDocument();
    expect(Array.from(select('Forma de pago').options).map((o) => o.text)).toEqual([
      'Elegí una opción',
      'Débito de mis honorarios profesionales',
      'Débito de honorarios de un centro médico',
      'Débito de caja de ahorro de la Mutual',
      'Pago personal en la oficina de Servicios Sociales',
      'Tarjeta de crédito',
    ]);
    expect(Array.from(select('Cobranza de honorarios').options).map((o) => o.value)).toEqual(['', 'CAJAMUTUAL', 'CHEQUE', 'TRANSFERENCIA']);
  });

  it('a new form shows no message until a field is left; a restored draft shows its fields\' at once', async () => {
    await montar();
    for (const etiqueta of ['Apellido y nombres', 'DNI', 'Email', 'Teléfono']) {
      expect(mensajeDe(await screen.findByRole('textbox', { name: etiqueta }))).toBe('');
    }
    cleanup();
    // A draft saved with a wrong email and nothing else: its email's message shows without a touch,
    // the fields it never had stay quiet.
    const snapshot = createActor(enrolmentMachine, {
      input: { ...contextoInicial(), datos: { ...DATOS_VACIOS, email: 'no-es-un-email' } },
    })
      .start()
      .getPersistedSnapshot();
    renderizarConActor(<PasoDatosPersonales />, { dependencias: dependenciasFalsas(), snapshot });
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(mensajeDe(email)).toBe(MENSAJES.email));
    expect(mensajeDe(caja('Apellido y nombres'))).toBe('');
    expect(mensajeDe(caja('Teléfono'))).toBe('');
  });

  it('shows every message of the text fields', { timeout: 30_000 }, async () => {
    const { user } = await montar();
    const probar = async (etiqueta: string, texto: string, esperado: string) => {
      const el = caja(etiqueta);
      await user.clear(el);
      if (texto) await user.type(el, texto);
      await user.tab();
      await waitFor(() => expect(mensajeDe(el)).toBe(esperado));
      if (esperado) expect(el).toHaveAttribute('aria-invalid', 'true');
    };
    await probar('Fecha de nacimiento', '', MENSAJES.requerido);
    await probar('Fecha de nacimiento', '30/02/1980', MENSAJES.fechaInexistente);
    await probar('Fecha de nacimiento', '29/02/2023', MENSAJES.fechaInexistente);
    await probar('Fecha de nacimiento', '30/02', MENSAJES.fechaFormato);
    // The 8 digits alone (a phone's numeric keypad has no "/"), shown as a date once left.
    await probar('Fecha de nacimiento', '15031980', '');
    expect(caja('Fecha de nacimiento')).toHaveValue('15/03/1980');
    await probar('Fecha de nacimiento', '01/01/2999', MENSAJES.fechaFutura);
    await probar('Fecha de nacimiento', '31.12.1899', MENSAJES.fechaAnterior1900);
    await probar('Fecha de nacimiento', '15-3-80', '');
    expect(caja('Fecha de nacimiento')).toHaveValue('15/03/1980');
    await probar('Apellido y nombres', '', MENSAJES.requerido);
    await probar('DNI', '', MENSAJES.requerido);
    await probar('DNI', '123456', MENSAJES.dni);
    await probar('DNI', '123456789', MENSAJES.dni);
    await probar('DNI', '30.111.222', '');
    expect(caja('DNI')).toHaveValue('30111222');
    await probar('Matrícula', '', MENSAJES.requerido);
    await probar('Matrícula', '1234567890123', MENSAJES.matriculaLarga);
    await probar('Altura', '', MENSAJES.requerido);
    await probar('Altura', 'doce', MENSAJES.numero);
    await probar('Altura', '0', MENSAJES.alturaRango);
    await probar('Altura', '1234', '');
    await probar('Email', '', MENSAJES.requerido);
    await probar('Email', 'juan@', MENSAJES.email);
    await probar('Código de área', '', MENSAJES.requerido);
    // The 0 the hint leaves out is dropped as typed, like the dots of a DNI.
    await probar('Código de área', '0341', '');
    expect(caja('Código de área')).toHaveValue('341');
    await probar('Código de área', '03', MENSAJES.codArea);
    await probar('Código de área', '3', MENSAJES.codArea);
    await probar('Código de área', '341', '');
    await probar('Teléfono', '', MENSAJES.requerido);
    await probar('Teléfono', '12345', MENSAJES.telefono);
    expect(mensajeDe(caja('Teléfono'))).toMatch(/^Número inválido\. /);
    await probar('Teléfono', '15-412-345', '');
    expect(caja('Teléfono')).toHaveValue('15412345');
    await probar('Código de área', '3464', '');
    await waitFor(() => expect(mensajeDe(caja('Teléfono'))).toBe(MENSAJES.telefonoTotal));
    expect(mensajeDe(caja('Teléfono'))).toMatch(/^Número inválido\. /);
    await probar('Piso', '', '');
  });

  it('shows the messages of the selects when left unchosen', async () => {
    const { user } = await montar();
    for (const etiqueta of ['Condición ante el IVA', 'Forma de pago', 'Cobranza de honorarios']) {
      await user.click(select(etiqueta));
      await user.tab();
      await waitFor(() => expect(mensajeDe(select(etiqueta))).toBe(MENSAJES.requerido));
    }
    await user.selectOptions(select('Condición ante el IVA'), 'Responsable Monotributo');
    await waitFor(() => expect(mensajeDe(select('Condición ante el IVA'))).toBe(''));
  });

  it('shows Tarjeta (with logos) and Número de caja de ahorro only for their forma de pago, and clears them', { timeout: 20_000 }, async () => {
    const { user, espia } = await montar();
    expect(screen.queryByRole('group', { name: /Tarjeta/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Número de caja de ahorro' })).toBeNull();

    await user.selectOptions(select('Forma de pago'), 'TARJETACREDITO');
    const grupo = screen.getByRole('group', { name: /Tarjeta/ });
    expect(within(grupo).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['VISA', 'MASTERCARD', 'MUTUAL']);
    expect(within(grupo).getByRole('radio', { name: 'Visa' })).toBeInTheDocument();
    expect(grupo.querySelectorAll('img[src="/tarjetas/visa.svg"], img[src="/tarjetas/mastercard.svg"], img[src="/tarjetas/mutual.svg"]')).toHaveLength(3);
    await user.click(within(grupo).getByRole('radio', { name: 'Mastercard' }));
    await user.tab();
    await waitFor(() => expect(espia.actor!.getSnapshot().context.datos.tipoTarjetaCredito).toBe('MASTERCARD'));

    await user.selectOptions(select('Forma de pago'), 'CAJAAHORRO');
    expect(screen.queryByRole('radio')).toBeNull();
    const nro = caja('Número de caja de ahorro');
    await user.click(nro);
    await user.tab();
    await waitFor(() => expect(mensajeDe(nro)).toBe(MENSAJES.requerido));
    await user.type(nro, '12a34');
    expect(nro).toHaveValue('1234');
    await waitFor(() => expect(espia.actor!.getSnapshot().context.datos.tipoTarjetaCredito).toBeNull());

    await user.selectOptions(select('Forma de pago'), 'TARJETACREDITO');
    expect(screen.getByRole('radio', { name: 'Mastercard' })).not.toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Visa' }));
    await user.selectOptions(select('Forma de pago'), 'CTMPROF');
    await user.selectOptions(select('Forma de pago'), 'TARJETACREDITO');
    expect(screen.getByRole('radio', { name: 'Visa' })).not.toBeChecked();
    await waitFor(() => expect(espia.actor!.getSnapshot().context.datos.nroCajaAhorro).toBe(''));
    // Leaving the cards unchosen says so.
    screen.getByRole('radio', { name: 'Visa' }).focus();
    await user.tab();
    await waitFor(() => expect(document.getElementById('datos-tipoTarjetaCredito-error')).toHaveTextContent(MENSAJES.tarjeta));
  });

  it('Localidad and Calle: keyboard picking, must-pick messages, Calle cleared and disabled by typing', async () => {
    const { user, dependencias, espia } = await montar();
    const localidad = combo('Localidad');
    await user.type(localidad, 'xyz');
    await user.tab();
    await waitFor(() => expect(mensajeDe(localidad)).toBe(MENSAJES.localidadDeLista));

    await user.clear(localidad);
    await user.type(localidad, 'ROSA');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(localidad).toHaveValue('Rosario');
    await waitFor(() => expect(combo('Calle')).toBeEnabled());
    expect(dependencias.api.obtenerCalles).toHaveBeenCalledWith(1);

    const calle = combo('Calle');
    await user.type(calle, 'orono');
    await screen.findByRole('option', { name: 'Bv. Oroño' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(calle).toHaveValue('Bv. Oroño');
    await waitFor(() => expect(espia.actor!.getSnapshot().context.datos.calle).toEqual({ nombreCalle: 'Bv. Oroño' }));

    await user.type(calle, 'x');
    await user.tab();
    await waitFor(() => expect(mensajeDe(calle)).toBe(MENSAJES.calleDeLista));

    // Typing in Localidad clears and disables Calle.
    await user.type(localidad, 'z');
    expect(combo('Calle')).toBeDisabled();
    expect(combo('Calle')).toHaveValue('');
    await waitFor(() => expect(espia.actor!.getSnapshot().context.datos.localidad).toBeNull());
  });

  it('a locality without street catalogue accepts the typed street', async () => {
    const { user, espia } = await montar();
    await user.type(combo('Localidad'), 'acebal');
    await user.keyboard('{ArrowDown}{Enter}');
    const calle = await screen.findByRole('textbox', { name: 'Calle' });
    expect(calle).toHaveAccessibleDescription(/no tiene calles cargadas/);
    await user.type(calle, 'San Martín');
    await waitFor(() => expect(espia.actor!.getSnapshot().context.datos.calle).toEqual({ nombreCalle: 'San Martín' }));
  });

  it('asks the padrón when DNI and Matrícula are both filled, and marks both when refused', async () => {
    const { user, dependencias } = await montar();
    await user.type(caja('DNI'), '30111222');
    await user.tab();
    expect(dependencias.api.comprobarDniMatricula).not.toHaveBeenCalled();
    await user.type(caja('Matrícula'), '99999');
    await user.tab();
    await waitFor(() => expect(mensajeDe(caja('DNI'))).toBe(MENSAJES.dniMatricula));
    expect(mensajeDe(caja('Matrícula'))).toBe(MENSAJES.dniMatricula);
    expect(dependencias.api.comprobarDniMatricula).toHaveBeenCalledWith('30111222', '99999');

    await user.clear(caja('Matrícula'));
    await user.type(caja('Matrícula'), '12345');
    expect(mensajeDe(caja('DNI'))).toBe('');
    await user.tab();
    await waitFor(() => expect(dependencias.api.comprobarDniMatricula).toHaveBeenCalledWith('30111222', '12345'));
    expect(mensajeDe(caja('DNI'))).toBe('');
  });

  it('picks the date in the calendar: years around 2000, then months, then days', { timeout: 20_000 }, async () => {
    const { user, espia } = await montar();
    await user.click(screen.getByRole('button', { name: 'Elegir la fecha de nacimiento en un calendario' }));
    const calendario = await screen.findByRole('dialog', { name: 'Calendario de fecha de nacimiento' });
    // The focus goes into the calendar, on the year 2000.
    await waitFor(() => expect(document.activeElement).toHaveClass('react-datepicker__year-text'));
    expect(document.activeElement).toHaveTextContent('2000');
    const anios = Array.from(calendario.querySelectorAll('.react-datepicker__year-text')).map((e) => e.textContent);
    expect(anios).toContain('2000');
    await user.click(within(calendario).getByText('1999'));
    await user.click(calendario.querySelector<HTMLElement>('.react-datepicker__month-2')!);
    await user.click(calendario.querySelector<HTMLElement>('.react-datepicker__day--015:not(.react-datepicker__day--outside-month)')!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(caja('Fecha de nacimiento')).toHaveValue('15/03/1999');
    await waitFor(() => expect(espia.actor!.getSnapshot().context.datos.fechanac).toBe('1999-03-15'));
    // Escape closes it and gives the focus back to its button.
    await user.click(screen.getByRole('button', { name: 'Elegir la fecha de nacimiento en un calendario' }));
    await waitFor(() => expect(document.activeElement).toHaveClass('react-datepicker__year-text'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Elegir la fecha de nacimiento en un calendario' })).toHaveFocus();
  });

  it('sends every change to the chart, which judges the step at once', async () => {
    const { user, espia } = await montar();
    await user.type(caja('Apellido y nombres'), 'Pérez');
    await waitFor(() => expect(espia.actor!.getSnapshot().context.datos.apellidoynombre).toBe('Pérez'));
    expect(espia.actor!.getSnapshot().context.datosValidos).toBe(false);
  });

  it('says when a catalogue failed and retries it', async () => {
    const obtenerLocalidades = vi.fn().mockRejectedValueOnce(new Error('red')).mockResolvedValue([{ codigoLocalidad: 1, nombreLocalidad: 'Rosario' }]);
    const deps = dependenciasFalsas({ api: apiFalsa({ obtenerLocalidades }) });
    const { user } = renderizarConActor(<PasoDatosPersonales />, { dependencias: deps });
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent('No se pudieron cargar las localidades');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(obtenerLocalidades).toHaveBeenCalledTimes(2);
  });

  it('the calendar speaks Spanish: its arrows carry no hidden English', { timeout: 20_000 }, async () => {
    const { user } = await montar();
    await user.click(screen.getByRole('button', { name: 'Elegir la fecha de nacimiento en un calendario' }));
    const calendario = await screen.findByRole('dialog', { name: 'Calendario de fecha de nacimiento' });
    const ingles = /Previous|Next|Choose|Month|Year|Not available/i;
    const nombres = () =>
      Array.from(calendario.querySelectorAll('button, [aria-label]')).map((e) => `${e.getAttribute('aria-label') ?? ''}|${e.textContent ?? ''}`);
    await waitFor(() => expect(calendario.querySelector('.react-datepicker__navigation--previous')).not.toBeNull());
    expect(within(calendario).getByRole('button', { name: 'Años anteriores' })).toHaveTextContent('Años anteriores');
    expect(within(calendario).getByRole('button', { name: 'Años siguientes' })).toBeInTheDocument();
    for (const n of nombres()) expect(n).not.toMatch(ingles);
    await user.click(within(calendario).getByText('1999'));
    expect(within(calendario).getByRole('button', { name: 'Año anterior' })).toHaveTextContent('Año anterior');
    for (const n of nombres()) expect(n).not.toMatch(ingles);
    await user.click(calendario.querySelector<HTMLElement>('.react-datepicker__month-2')!);
    expect(within(calendario).getByRole('button', { name: 'Mes anterior' })).toHaveTextContent('Mes anterior');
    expect(within(calendario).getByRole('button', { name: 'Mes siguiente' })).toHaveTextContent('Mes siguiente');
    for (const n of nombres()) expect(n).not.toMatch(ingles);
  });
});

describe('Paso 1 — what is still missing, near SIGUIENTE (producto §12)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    olvidarContacto();
  });

  /** Step 1 and its buttons, restored from a draft with these values and this padrón answer. */
  function montarConBotones(datos = DATOS_COMPLETOS, deps = dependenciasFalsas(), valido = true) {
    const snapshot = createActor(enrolmentMachine, {
      input: { ...contextoInicial(), datos, comprobacion: valido ? { ...PAR_VALIDO, estado: 'valido' } : null },
    })
      .start()
      .getPersistedSnapshot();
    return renderizarConActor(
      <>
        <PasoDatosPersonales />
        <BotonesPaso />
      </>,
      { dependencias: deps, snapshot },
    );
  }

  const siguiente = () => screen.getByRole('button', { name: 'SIGUIENTE' });
  const resumen = () => document.getElementById('resumen-faltantes')!;

  it('names the card while Tarjeta de crédito has none; SIGUIENTE is described by it, then enabled', async () => {
    const { user } = montarConBotones({ ...DATOS_COMPLETOS, formaPago: 'TARJETACREDITO', tipoTarjetaCredito: null });
    await screen.findByRole('option', { name: 'Responsable Monotributo' });
    expect(siguiente()).toBeDisabled();
    expect(resumen()).toHaveTextContent('Falta: Tarjeta.');
    expect(resumen()).toHaveAttribute('aria-live', 'polite');
    expect(siguiente()).toHaveAccessibleDescription('Falta: Tarjeta.');
    await user.click(screen.getByRole('radio', { name: 'Visa' }));
    await waitFor(() => expect(siguiente()).toBeEnabled());
    expect(resumen()).toHaveTextContent('');
    expect(siguiente()).not.toHaveAttribute('aria-describedby');
  });

  it('names what is missing and what to correct, and follows the changes', async () => {
    const { user } = montarConBotones({ ...DATOS_COMPLETOS, fechanac: '', email: 'x@' });
    await screen.findByRole('option', { name: 'Responsable Monotributo' });
    expect(siguiente()).toHaveAccessibleDescription('Falta: Fecha de nacimiento. Revisá: Email.');
    await user.type(caja('Fecha de nacimiento'), '15031980');
    await waitFor(() => expect(resumen()).toHaveTextContent(/^Revisá: Email\.$/));
  });

  it('says "Comprobando DNI y matrícula…" while the padrón answers, then its answer with the association\'s contact', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ telefono: '0341 420-0000', email: 'socios@amr.org.ar', direccion: null }), { status: 200 })),
    );
    let responder: (valido: boolean) => void = () => {};
    const comprobarDniMatricula = vi.fn(() => new Promise<boolean>((r) => (responder = r)));
    const deps = dependenciasFalsas({ api: apiFalsa({ comprobarDniMatricula }) });
    const { user } = montarConBotones({ ...DATOS_COMPLETOS, matricula: '' }, deps, false);
    await screen.findByRole('option', { name: 'Responsable Monotributo' });
    await user.type(caja('Matrícula'), '99999');
    await user.tab();
    await waitFor(() => expect(mensajeDe(caja('Matrícula'))).toBe(MENSAJES.comprobandoDni));
    expect(caja('Matrícula')).not.toHaveAttribute('aria-invalid');
    expect(caja('Matrícula')).toHaveAccessibleDescription(MENSAJES.comprobandoDni);
    expect(resumen()).toHaveTextContent(MENSAJES.comprobandoDni);
    expect(screen.queryByText(TITULO_CONTACTO)).toBeNull();

    responder(false);
    await waitFor(() => expect(mensajeDe(caja('Matrícula'))).toBe(MENSAJES.dniMatricula));
    expect(mensajeDe(caja('DNI'))).toBe(MENSAJES.dniMatricula);
    expect(resumen()).toHaveTextContent(MENSAJES.dniMatricula);
    // Whom to ask, right under the message.
    expect(await screen.findByText(TITULO_CONTACTO)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'socios@amr.org.ar' })).toHaveAttribute('href', 'mailto:socios@amr.org.ar');
  });
});
