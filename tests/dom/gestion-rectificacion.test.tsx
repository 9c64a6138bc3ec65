// "Rectificar un dato" (producto §13) in jsdom: the dialog's labels, the form's own rules on the
// whole record before anything is sent (Teléfono with Código de área, a card from its list), the
// server's field message in the same place, and Historial's reading of a rectification and of a
// deletion.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MENSAJES,
  TEXTOS_DATOS_PERSONALES,
  type DetalleSolicitud,
  type PedidoRectificacion,
  type RectificacionHecha,
} from '../../domain/index.js';
import { esquemaMotivoDatos } from '../../domain/formularios.js';
import { ejemploDatosSocio } from '../../server/solicitud/rutas/ejemplo.js';
import { renderizar } from './render.js';

const rectificarDato = vi.fn<(numero: string, pedido: PedidoRectificacion) => Promise<RectificacionHecha>>();
vi.mock('../../src/gestion/paginas/solicitud/rectificacion-api.js', () => ({
  rectificarDato: (numero: string, pedido: PedidoRectificacion) => rectificarDato(numero, pedido),
}));

// The catalogues, as the server gives them: Rosario with streets, Acebal without.
vi.mock('../../src/api/catalogos.js', () => ({
  obtenerLocalidades: () =>
    Promise.resolve([
      { codigoLocalidad: 1, nombreLocalidad: 'Rosario' },
      { codigoLocalidad: 2, nombreLocalidad: 'Acebal' },
    ]),
  obtenerCalles: (codigo: number) =>
    Promise.resolve(codigo === 1 ? [{ nombreCalle: 'Bv. Oroño' }, { nombreCalle: 'Virasoro' }] : []),
  obtenerCondicionesIva: () =>
    Promise.resolve([
      { codigoCondicionIVA: 1, nombreCondicionIVA: 'IVA Responsable Inscripto' },
      { codigoCondicionIVA: 6, nombreCondicionIVA: 'Responsable Monotributo' },
    ]),
}));

const { Rectificar } = await import('../../src/gestion/paginas/solicitud/Rectificar.js');
const { AvisoSupresion, Historial } = await import('../../src/gestion/paginas/solicitud/Secciones.js');

const detalle = (): DetalleSolicitud => ({
  numero: 'AMR-ABC123',
  creadaEn: '2026-03-01T12:00:00.000Z',
  estado: 'en_revision',
  // 341 + 8 digits: a 4-digit area code would make 12.
  datosSocio: { ...ejemploDatosSocio(), telefono: '41234567' },
  documentos: [],
  equipos: [],
  historial: [],
  notas: [],
  movimientos: [],
  suprimidaEn: null,
  responsable: null,
  asignaciones: [],
  mismoDni: [],
  propuesta: null,
  propuestas: [],
  dobleControl: [],
});

function montar(d = detalle()) {
  const onAviso = vi.fn();
  const cliente = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const r = renderizar(
    <QueryClientProvider client={cliente}>
      <Rectificar detalle={d} onAviso={onAviso} />
    </QueryClientProvider>,
  );
  return { ...r, onAviso };
}

async function abrir(user: ReturnType<typeof montar>['user']) {
  await user.click(screen.getByRole('button', { name: 'Rectificar un dato' }));
  return screen.findByRole('dialog', { name: 'Rectificar un dato' });
}

describe('Rectificar un dato', () => {
  beforeEach(() => {
    rectificarDato.mockReset();
  });

  it('sin dato ni motivo no envía nada: dice qué falta', async () => {
    const { user } = montar();
    const dialogo = await abrir(user);
    await user.click(within(dialogo).getByRole('button', { name: 'Rectificar' }));
    expect(within(dialogo).getByRole('combobox', { name: 'Dato' })).toHaveAccessibleDescription(
      'Elegí el dato a rectificar.',
    );
    expect(within(dialogo).getByRole('textbox', { name: 'Motivo' })).toHaveAccessibleDescription(
      TEXTOS_DATOS_PERSONALES.motivoRequerido,
    );
    expect(rectificarDato).not.toHaveBeenCalled();
  });

  it('el motivo, con la regla del servidor (esquemaMotivoDatos): con caracteres invisibles no se envía', async () => {
    const regla = vi.spyOn(esquemaMotivoDatos, 'validateSync');
    const { user } = montar();
    const dialogo = await abrir(user);
    await user.selectOptions(within(dialogo).getByRole('combobox', { name: 'Dato' }), 'Email');
    const valor = within(dialogo).getByRole('textbox', { name: 'Valor nuevo' });
    await user.clear(valor);
    await user.type(valor, 'otro@example.com');
    const motivo = within(dialogo).getByRole('textbox', { name: 'Motivo' });
    // A right-to-left override: the server refuses it with the same words.
    fireEvent.change(motivo, { target: { value: 'Pedido\u202E del titular' } });
    await user.click(within(dialogo).getByRole('button', { name: 'Rectificar' }));
    await waitFor(() => expect(motivo).toHaveAccessibleDescription(MENSAJES.caracteresInvalidos));
    expect(motivo).toHaveFocus();
    expect(regla).toHaveBeenCalled();
    expect(rectificarDato).not.toHaveBeenCalled();
    regla.mockRestore();
  });

  it('muestra el valor actual y aplica las reglas del formulario al registro entero antes de enviar', async () => {
    const { user } = montar();
    const dialogo = await abrir(user);
    const dato = within(dialogo).getByRole('combobox', { name: 'Dato' });
    // Only the card of this Forma de pago: no "Número de caja de ahorro".
    expect(within(dato).queryByRole('option', { name: 'Número de caja de ahorro' })).toBeNull();

    await user.selectOptions(dato, 'Email');
    expect(within(dialogo).getByText('Valor actual: jperez@example.com')).toBeInTheDocument();
    const valor = within(dialogo).getByRole('textbox', { name: 'Valor nuevo' });
    expect(valor).toHaveValue('jperez@example.com');
    await user.clear(valor);
    await user.type(valor, 'no-es-un-email');
    await user.type(within(dialogo).getByRole('textbox', { name: 'Motivo' }), 'Lo pidió el titular.');
    await user.click(within(dialogo).getByRole('button', { name: 'Rectificar' }));
    await waitFor(() => expect(valor).toHaveAccessibleDescription(MENSAJES.email));
    expect(valor).toHaveFocus();

    await user.selectOptions(dato, 'Código de área');
    const codArea = within(dialogo).getByRole('textbox', { name: 'Valor nuevo' });
    await user.clear(codArea);
    await user.type(codArea, '3414');
    await user.click(within(dialogo).getByRole('button', { name: 'Rectificar' }));
    await waitFor(() => expect(codArea).toHaveAccessibleDescription(MENSAJES.telefonoTotal));

    await user.selectOptions(dato, 'Fecha de nacimiento');
    expect(within(dialogo).getByText('Valor actual: 15/03/1980')).toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'Rectificar' }));
    await waitFor(() =>
      expect(within(dialogo).getByRole('textbox', { name: 'Valor nuevo' })).toHaveAccessibleDescription(
        `DD/MM/AAAA ${TEXTOS_DATOS_PERSONALES.sinCambio}`,
      ),
    );
    expect(rectificarDato).not.toHaveBeenCalled();
  });

  it('una tarjeta se elige de la lista; lo válido se envía y se anuncia', async () => {
    rectificarDato.mockResolvedValue({ campo: 'tipoTarjetaCredito', anterior: 'VISA', nuevo: 'MASTERCARD' });
    const { user, onAviso } = montar();
    const dialogo = await abrir(user);
    await user.selectOptions(within(dialogo).getByRole('combobox', { name: 'Dato' }), 'Tarjeta');
    expect(within(dialogo).getByText('Valor actual: Visa')).toBeInTheDocument();
    const tarjeta = within(dialogo).getByRole('combobox', { name: 'Valor nuevo' });
    expect(
      within(tarjeta)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Elegí una opción', 'Visa', 'Mastercard', 'Tarjeta Mutual']);
    await user.selectOptions(tarjeta, 'Mastercard');
    await user.type(within(dialogo).getByRole('textbox', { name: 'Motivo' }), '  Cambió de tarjeta.  ');
    await user.click(within(dialogo).getByRole('button', { name: 'Rectificar' }));
    await waitFor(() =>
      expect(onAviso).toHaveBeenCalledWith({ tipo: 'exito', texto: 'Se rectificó Tarjeta.' }),
    );
    expect(rectificarDato).toHaveBeenCalledWith('AMR-ABC123', {
      campo: 'tipoTarjetaCredito',
      valor: 'MASTERCARD',
      motivo: 'Cambió de tarjeta.',
    });
  });

  it('el mensaje de campo del servidor vuelve al campo; cualquier otro rechazo va a la página', async () => {
    const rechazo = (status: number, data: unknown) =>
      new AxiosError('rechazo', String(status), undefined, undefined, { status, data } as AxiosResponse);
    rectificarDato.mockRejectedValueOnce(
      rechazo(400, {
        error: 'VALIDACION',
        message: 'Hay datos inválidos en la solicitud. Revisá los campos marcados.',
        fields: { dni: MENSAJES.dniMatricula },
      }),
    );
    const { user, onAviso } = montar();
    const dialogo = await abrir(user);
    await user.selectOptions(within(dialogo).getByRole('combobox', { name: 'Dato' }), 'DNI');
    const dni = within(dialogo).getByRole('textbox', { name: 'Valor nuevo' });
    expect(dni).toHaveAttribute('inputmode', 'numeric');
    await user.clear(dni);
    await user.type(dni, '30111223');
    await user.type(within(dialogo).getByRole('textbox', { name: 'Motivo' }), 'Un dígito mal.');
    await user.click(within(dialogo).getByRole('button', { name: 'Rectificar' }));
    await waitFor(() => expect(dni).toHaveAccessibleDescription(MENSAJES.dniMatricula));
    expect(onAviso).not.toHaveBeenCalled();

    rectificarDato.mockRejectedValueOnce(
      rechazo(409, { error: 'CONFLICTO', message: TEXTOS_DATOS_PERSONALES.yaSuprimida }),
    );
    await user.click(within(dialogo).getByRole('button', { name: 'Rectificar' }));
    await waitFor(() =>
      expect(onAviso).toHaveBeenCalledWith({ tipo: 'error', texto: TEXTOS_DATOS_PERSONALES.yaSuprimida }),
    );
  });

  it('domicilio: Localidad y Calle de los catálogos; lo que se envía es JSON', async () => {
    rectificarDato.mockResolvedValue({
      campo: 'domicilio',
      anterior: 'Rosario, Bv. Oroño',
      nuevo: 'Acebal, San Martín',
    });
    const { user, onAviso } = montar();
    const dialogo = await abrir(user);
    await user.selectOptions(
      within(dialogo).getByRole('combobox', { name: 'Dato' }),
      'Domicilio (localidad y calle)',
    );
    expect(within(dialogo).getByText('Valor actual: Rosario, Bv. Oroño')).toBeInTheDocument();
    const grupo = within(dialogo).getByRole('group', { name: 'Valor nuevo' });
    const localidad = within(grupo).getByRole('combobox', { name: 'Localidad' });
    await waitFor(() => expect(localidad).toHaveValue('1'));
    // Rosario has streets: Calle is the form's autocomplete.
    expect(await within(grupo).findByRole('combobox', { name: 'Calle' })).toHaveValue('Bv. Oroño');

    await user.selectOptions(localidad, 'Acebal');
    // Acebal has none: the street is typed, and required.
    const calle = await within(grupo).findByRole('textbox', { name: 'Calle' });
    expect(calle).toHaveValue('');
    await user.type(within(dialogo).getByRole('textbox', { name: 'Motivo' }), 'Se mudó.');
    await user.click(within(dialogo).getByRole('button', { name: 'Rectificar' }));
    await waitFor(() =>
      expect(calle).toHaveAccessibleDescription(expect.stringContaining(MENSAJES.calleDeLista)),
    );
    expect(calle).toHaveFocus();

    await user.type(calle, 'San Martín');
    await user.click(within(dialogo).getByRole('button', { name: 'Rectificar' }));
    await waitFor(() =>
      expect(onAviso).toHaveBeenCalledWith({
        tipo: 'exito',
        texto: 'Se rectificó Domicilio (localidad y calle).',
      }),
    );
    expect(rectificarDato).toHaveBeenCalledWith('AMR-ABC123', {
      campo: 'domicilio',
      valor: JSON.stringify({ codigoLocalidad: 2, nombreCalle: 'San Martín' }),
      motivo: 'Se mudó.',
    });
  });

  it('forma de pago: Tarjeta o Número de caja de ahorro según la forma, con la regla del formulario', async () => {
    rectificarDato.mockResolvedValue({ campo: 'formaPago', anterior: 'x', nuevo: 'y' });
    const { user } = montar();
    const dialogo = await abrir(user);
    const dato = within(dialogo).getByRole('combobox', { name: 'Dato' });
    await user.selectOptions(dato, 'Forma de pago');
    expect(within(dialogo).getByText('Valor actual: Tarjeta de crédito (Visa)')).toBeInTheDocument();
    const forma = within(dialogo).getByRole('combobox', { name: 'Forma de pago' });
    await user.selectOptions(forma, 'Débito de caja de ahorro de la Mutual');
    expect(within(dialogo).queryByRole('combobox', { name: 'Tarjeta' })).toBeNull();
    const caja = within(dialogo).getByRole('textbox', { name: 'Número de caja de ahorro' });
    await user.type(within(dialogo).getByRole('textbox', { name: 'Motivo' }), 'Cambió la forma de pago.');
    await user.click(within(dialogo).getByRole('button', { name: 'Rectificar' }));
    await waitFor(() => expect(caja).toHaveAccessibleDescription(MENSAJES.requerido));
    expect(caja).toHaveFocus();

    await user.selectOptions(forma, 'Tarjeta de crédito');
    const tarjeta = within(dialogo).getByRole('combobox', { name: 'Tarjeta' });
    await user.selectOptions(tarjeta, 'Elegí una opción');
    await user.click(within(dialogo).getByRole('button', { name: 'Rectificar' }));
    await waitFor(() => expect(tarjeta).toHaveAccessibleDescription(MENSAJES.tarjeta));
    await user.selectOptions(tarjeta, 'Tarjeta Mutual');
    await user.click(within(dialogo).getByRole('button', { name: 'Rectificar' }));
    await waitFor(() => expect(rectificarDato).toHaveBeenCalledTimes(1));
    expect(rectificarDato).toHaveBeenCalledWith('AMR-ABC123', {
      campo: 'formaPago',
      valor: JSON.stringify({
        formaPago: 'TARJETACREDITO',
        tipoTarjetaCredito: 'MUTUAL',
        nroCajaAhorro: null,
      }),
      motivo: 'Cambió la forma de pago.',
    });
  });

  it('condición ante el IVA: se elige del catálogo', async () => {
    rectificarDato.mockResolvedValue({ campo: 'condicionIVA', anterior: 'x', nuevo: 'y' });
    const { user } = montar();
    const dialogo = await abrir(user);
    await user.selectOptions(
      within(dialogo).getByRole('combobox', { name: 'Dato' }),
      'Condición ante el IVA',
    );
    expect(within(dialogo).getByText('Valor actual: Responsable Monotributo')).toBeInTheDocument();
    const condicion = within(dialogo).getByRole('combobox', { name: 'Condición ante el IVA' });
    await within(condicion).findByRole('option', { name: 'IVA Responsable Inscripto' });
    await user.selectOptions(condicion, 'IVA Responsable Inscripto');
    await user.type(within(dialogo).getByRole('textbox', { name: 'Motivo' }), 'Se inscribió.');
    await user.click(within(dialogo).getByRole('button', { name: 'Rectificar' }));
    await waitFor(() =>
      expect(rectificarDato).toHaveBeenCalledWith('AMR-ABC123', {
        campo: 'condicionIVA',
        valor: JSON.stringify({ codigoCondicionIVA: 1 }),
        motivo: 'Se inscribió.',
      }),
    );
  });

  it('Cancelar cierra sin enviar', async () => {
    const { user } = montar();
    const dialogo = await abrir(user);
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rectificarDato).not.toHaveBeenCalled();
  });
});

describe('Historial de una solicitud rectificada o suprimida', () => {
  it('lee una rectificación con quién, el valor anterior y el nuevo, y el motivo; y una supresión', () => {
    const d = detalle();
    d.historial = [
      {
        desde: 'en_revision',
        hacia: 'en_revision',
        usuario: 'administradora',
        nombre: 'Ana Gómez',
        en: '2026-03-02T12:00:00.000Z',
        motivo: 'Lo pidió el titular.',
        documentos: [],
        cambio: { campo: 'fechanac', anterior: '1980-03-15', nuevo: '1980-03-16' },
      },
      {
        desde: 'en_revision',
        hacia: 'en_revision',
        usuario: 'administradora',
        nombre: 'Ana Gómez',
        en: '2026-03-03T12:00:00.000Z',
        motivo: 'Sin piso.',
        documentos: [],
        cambio: { campo: 'piso', anterior: '3', nuevo: null },
      },
      {
        desde: 'en_revision',
        hacia: 'en_revision',
        usuario: 'administradora',
        nombre: 'Ana Gómez',
        en: '2026-03-03T13:00:00.000Z',
        motivo: 'Se mudó.',
        documentos: [],
        cambio: { campo: 'domicilio', anterior: 'Rosario, Bv. Oroño', nuevo: 'Acebal, San Martín' },
      },
      {
        desde: 'en_revision',
        hacia: 'en_revision',
        usuario: null,
        nombre: null,
        en: '2026-03-04T12:00:00.000Z',
        motivo: 'Pedido de supresión del titular.',
        documentos: [],
        cambio: { campo: 'datos_personales', anterior: null, nuevo: null },
      },
    ];
    renderizar(<Historial detalle={d} />);
    const entradas = screen.getAllByRole('listitem');
    expect(entradas[0]).toHaveTextContent(
      'Ana Gómez rectificó Fecha de nacimiento: «15/03/1980» → «16/03/1980».',
    );
    expect(entradas[0]).toHaveTextContent('Motivo: Lo pidió el titular.');
    expect(entradas[1]).toHaveTextContent('Ana Gómez rectificó Piso: «3» → vacío.');
    expect(entradas[2]).toHaveTextContent(
      'Ana Gómez rectificó Domicilio (localidad y calle): «Rosario, Bv. Oroño» → «Acebal, San Martín».',
    );
    expect(entradas[3]).toHaveTextContent('Datos personales suprimidos.');
    expect(entradas[3]).toHaveTextContent('Motivo: Pedido de supresión del titular.');
  });

  it('el aviso de supresión dice la fecha y la ley', () => {
    renderizar(<AvisoSupresion suprimidaEn="2026-03-04T15:00:00.000Z" />);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Los datos personales de esta solicitud fueron suprimidos el 04/03/2026 (Ley 25.326).',
    );
  });
});
