// Step 3 — Aparatos y equipos (producto §5): add, fill, validate, remove, the searchable catalogue
// and its failure.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anioActual, DOCUMENTOS_REQUERIDOS, type TipoAparato } from '../../domain/index.js';
import { contextoInicial, EQUIPO_VACIO, type EnrolmentContext } from '../../machines/index.js';
import { PasoEquipos } from '../../src/pasos/equipos/PasoEquipos.js';
import { BotonesPaso } from '../../src/stepper/BotonesPaso.js';
import { EQUIPO_VALIDO } from '../modelo/datos.js';
import { montarPaso } from './pasos-montar.js';

const APARATOS: TipoAparato[] = [
  { codigotipoaparato: 1, nombretipoaparato: 'ECOGRAFO' },
  { codigotipoaparato: 2, nombretipoaparato: 'ELECTROCARDIOGRAFO' },
  { codigotipoaparato: 3, nombretipoaparato: 'RAYOS X' },
  { codigotipoaparato: 4, nombretipoaparato: 'ECOCARDIOGRAFO DOPPLER' },
];

const conCatalogo = (extra: Partial<EnrolmentContext> = {}): Partial<EnrolmentContext> => ({
  catalogos: { ...contextoInicial().catalogos, aparatos: APARATOS },
  ...extra,
});

const tarjeta = (n: number) => screen.getByRole('group', { name: `Equipo ${n}` });

describe('Paso 3 — Aparatos y equipos', () => {
  it('says how to skip the step and starts with no cards', () => {
    const { actor } = montarPaso(<PasoEquipos />, 'equipos', conCatalogo());
    expect(
      screen.getByText('Si no cuenta con equipos o aparatos para declarar presione Siguiente'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(actor().getSnapshot().can({ type: 'SIGUIENTE' })).toBe(true);
  });

  it('AGREGAR EQUIPO adds a card with every field labelled as written, and focuses Tipo de equipo', async () => {
    const { user, actor } = montarPaso(<PasoEquipos />, 'equipos', conCatalogo());
    await user.click(screen.getByRole('button', { name: 'AGREGAR EQUIPO' }));
    const card = tarjeta(1);
    const tipo = within(card).getByRole('combobox', { name: 'Tipo de equipo' });
    expect(tipo).toHaveFocus();
    for (const nombre of ['Marca', 'Modelo', 'Origen'])
      expect(within(card).getByRole('textbox', { name: nombre })).toBeRequired();
    const anio = within(card).getByRole('spinbutton', { name: 'Año de fabricación' });
    expect(anio).toHaveAttribute('min', '1950');
    expect(anio).toHaveAttribute('max', String(anioActual()));
    expect(within(card).getByRole('textbox', { name: 'Observaciones' })).not.toBeRequired();
    expect(within(card).getByRole('button', { name: 'Quitar equipo' })).toHaveAccessibleDescription(
      'Equipo 1',
    );
    // An empty card keeps the step incomplete.
    expect(actor().getSnapshot().context.equipos).toEqual([{ id: 1, valores: EQUIPO_VACIO }]);
    expect(actor().getSnapshot().can({ type: 'SIGUIENTE' })).toBe(false);
  });

  it('Tipo de equipo filters case-insensitively by substring, shows title case and sends the catalogue object', async () => {
    const { user, actor } = montarPaso(<PasoEquipos />, 'equipos', conCatalogo());
    await user.click(screen.getByRole('button', { name: 'AGREGAR EQUIPO' }));
    const tipo = screen.getByRole('combobox', { name: 'Tipo de equipo' });
    await user.type(tipo, 'cArDiO');
    const opciones = within(screen.getByRole('listbox', { name: 'Tipo de equipo' })).getAllByRole('option');
    // Title case with the accents the catalogue lost (producto §12).
    expect(opciones.map((o) => o.textContent)).toEqual(['Electrocardiógrafo', 'Ecocardiografo Doppler']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(tipo).toHaveValue('Ecocardiografo Doppler');
    expect(actor().getSnapshot().context.equipos[0]!.valores.tipoAparato).toEqual(APARATOS[3]);
    // Typing again un-picks it.
    await user.type(tipo, 'x');
    expect(actor().getSnapshot().context.equipos[0]!.valores.tipoAparato).toBeNull();
  });

  it('a complete card sends EQUIPO.CAMBIO with the form and lets SIGUIENTE through', async () => {
    const { user, actor } = montarPaso(<PasoEquipos />, 'equipos', conCatalogo());
    await user.click(screen.getByRole('button', { name: 'AGREGAR EQUIPO' }));
    const card = tarjeta(1);
    await user.type(within(card).getByRole('combobox', { name: 'Tipo de equipo' }), 'ecog');
    await user.click(screen.getByRole('option', { name: 'Ecógrafo' }));
    await user.type(within(card).getByRole('textbox', { name: 'Marca' }), 'Mindray');
    await user.type(within(card).getByRole('textbox', { name: 'Modelo' }), 'DC-40');
    await user.type(within(card).getByRole('spinbutton', { name: 'Año de fabricación' }), '2019');
    await user.type(within(card).getByRole('textbox', { name: 'Origen' }), 'China');
    expect(actor().getSnapshot().context.equipos[0]!.valores).toEqual(EQUIPO_VALIDO);
    expect(actor().getSnapshot().can({ type: 'SIGUIENTE' })).toBe(true);
    expect(screen.queryByText('Campo requerido.')).not.toBeInTheDocument();
  });

  it("shows the shared rules' messages once a field is left", async () => {
    const { user } = montarPaso(<PasoEquipos />, 'equipos', conCatalogo());
    await user.click(screen.getByRole('button', { name: 'AGREGAR EQUIPO' }));
    const card = tarjeta(1);
    const marca = within(card).getByRole('textbox', { name: 'Marca' });
    expect(within(card).queryByText('Campo requerido.')).not.toBeInTheDocument();
    await user.click(marca);
    await user.tab();
    expect(marca).toHaveAccessibleDescription('Campo requerido.');
    expect(marca).toHaveAttribute('aria-invalid', 'true');

    const anio = within(card).getByRole('spinbutton', { name: 'Año de fabricación' });
    await user.type(anio, '1800');
    await user.tab();
    expect(anio).toHaveAccessibleDescription(`Ingresá un año entre 1950 y ${anioActual()}.`);
    await user.clear(anio);
    await user.type(anio, String(anioActual() + 1));
    expect(anio).toHaveAccessibleDescription(`Ingresá un año entre 1950 y ${anioActual()}.`);
    await user.clear(anio);
    await user.type(anio, '1950');
    expect(anio).not.toHaveAccessibleDescription();

    const tipo = within(card).getByRole('combobox', { name: 'Tipo de equipo' });
    await user.click(tipo);
    await user.tab();
    expect(tipo).toHaveAccessibleDescription('Campo requerido.');
    // Observaciones is optional: leaving it empty says nothing.
    const obs = within(card).getByRole('textbox', { name: 'Observaciones' });
    await user.click(obs);
    await user.tab();
    expect(obs).not.toHaveAccessibleDescription();
  });

  it('several cards are told apart, and Quitar equipo removes the right one and returns focus to AGREGAR', async () => {
    const { user, actor } = montarPaso(<PasoEquipos />, 'equipos', conCatalogo());
    const agregar = screen.getByRole('button', { name: 'AGREGAR EQUIPO' });
    await user.click(agregar);
    await user.type(within(tarjeta(1)).getByRole('textbox', { name: 'Marca' }), 'Primera');
    await user.click(agregar);
    await user.type(within(tarjeta(2)).getByRole('textbox', { name: 'Marca' }), 'Segunda');
    expect(screen.getAllByRole('textbox', { name: 'Marca' })).toHaveLength(2);

    await user.click(within(tarjeta(1)).getByRole('button', { name: 'Quitar equipo' }));
    expect(
      actor()
        .getSnapshot()
        .context.equipos.map((e) => e.valores.marca),
    ).toEqual(['Segunda']);
    expect(within(tarjeta(1)).getByRole('textbox', { name: 'Marca' })).toHaveValue('Segunda');
    expect(screen.queryByRole('group', { name: 'Equipo 2' })).not.toBeInTheDocument();
    expect(agregar).toHaveFocus();

    await user.click(within(tarjeta(1)).getByRole('button', { name: 'Quitar equipo' }));
    expect(actor().getSnapshot().context.equipos).toEqual([]);
    expect(actor().getSnapshot().can({ type: 'SIGUIENTE' })).toBe(true);
  });

  it('restored cards show their picked type in title case', () => {
    montarPaso(
      <PasoEquipos />,
      'equipos',
      conCatalogo({
        equipos: [{ id: 7, valores: { ...EQUIPO_VACIO, tipoAparato: APARATOS[2]!, marca: 'Philips' } }],
        siguienteIdEquipo: 8,
      }),
    );
    expect(screen.getByRole('combobox', { name: 'Tipo de equipo' })).toHaveValue('Rayos X');
    expect(screen.getByRole('textbox', { name: 'Marca' })).toHaveValue('Philips');
  });

  it('a failed catalogue says so and retries', async () => {
    const { user, espias, enviar } = montarPaso(<PasoEquipos />, 'equipos', {
      catalogos: { ...contextoInicial().catalogos, fallidos: ['aparatos'] },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudieron cargar los tipos de equipo.');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(espias.cargarCatalogos).toHaveBeenCalledWith({ catalogos: expect.arrayContaining(['aparatos']) });
    enviar({ type: 'CATALOGO.CARGADO', catalogo: 'aparatos', datos: APARATOS });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('entering the step asks for the catalogue', () => {
    const subidos = Object.fromEntries(
      DOCUMENTOS_REQUERIDOS.map((key) => [
        key,
        {
          archivo: { id: key, nombre: `${key}.pdf`, tamanio: 1, tipo: 'application/pdf' },
          subido: { nombre: `${key}.pdf`, archivoId: key },
        },
      ]),
    );
    const { espias, enviar, actor } = montarPaso(
      <PasoEquipos />,
      { documentos: { eligiendo: 'libre' } },
      { documentos: subidos },
    );
    enviar({ type: 'SIGUIENTE' });
    expect(actor().getSnapshot().value).toBe('equipos');
    expect(espias.cargarCatalogos).toHaveBeenCalledWith({ catalogos: ['aparatos'] });
    expect(
      screen.getByText('Si no cuenta con equipos o aparatos para declarar presione Siguiente'),
    ).toBeInTheDocument();
  });

  it('while SIGUIENTE is disabled, says which card and which field (producto §12)', async () => {
    const { user } = montarPaso(
      <>
        <PasoEquipos />
        <BotonesPaso />
      </>,
      'equipos',
      conCatalogo({ equipos: [{ id: 1, valores: EQUIPO_VALIDO }, { id: 2, valores: { ...EQUIPO_VALIDO, marca: '', anioFabricacion: '1800' } }], siguienteIdEquipo: 3 }),
    );
    const siguiente = screen.getByRole('button', { name: 'SIGUIENTE' });
    expect(siguiente).toBeDisabled();
    expect(siguiente).toHaveAccessibleDescription('Equipo 2 — Falta: Marca. Revisá: Año de fabricación.');
    await user.type(within(tarjeta(2)).getByRole('textbox', { name: 'Marca' }), 'Philips');
    expect(siguiente).toHaveAccessibleDescription('Equipo 2 — Revisá: Año de fabricación.');
    await user.clear(within(tarjeta(2)).getByRole('spinbutton', { name: 'Año de fabricación' }));
    await user.type(within(tarjeta(2)).getByRole('spinbutton', { name: 'Año de fabricación' }), '2020');
    expect(siguiente).toBeEnabled();
    expect(siguiente).not.toHaveAttribute('aria-describedby');
    expect(document.getElementById('resumen-faltantes')).toHaveTextContent('');
  });
});
