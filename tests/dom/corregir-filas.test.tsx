// The rows of /corregir/<token> (producto §14) in jsdom, with the real chart and a fake API: each
// observed document has step 2's row — "Subir <label>" opening a hidden picker (image types first
// for a photo document, so a phone offers the camera), the name of the file the applicant chose,
// "Quitar <label>" that removes the replacement from the server too, and "Ver el documento
// observado" pointing at the applicant's own earlier file. A reload shows the chosen name again.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEXTOS_SEGUIMIENTO, type CorreccionPendiente, type DocumentoKey } from '../../domain/index.js';
import type { PendienteGuardado, SubidoGuardado } from '../../machines/correccion.js';
import { clasificarFallo } from '../../src/api/correccion.js';
import Corregir from '../../src/paginas/corregir/Corregir.js';
import type { GuardadoCorreccion } from '../../src/paginas/corregir/guardado.js';
import type { ApiCorreccion } from '../../src/paginas/corregir/implementaciones.js';
import { renderizar } from './render.js';

const TOKEN = 'T'.repeat(43);

/** A server of one correction: DniAnverso and PolizaMalaPraxis observed. */
function servidor() {
  const reemplazos = new Map<DocumentoKey, { nombre: string; bytes: number }>();
  const estado = (): CorreccionPendiente => ({
    numeroSolicitud: 'AMR-AB12CD',
    motivo: 'El DNI no se lee.',
    plazo: '2030-12-09',
    documentos: [
      {
        clave: 'DniAnverso',
        etiqueta: 'Foto DNI (frente)',
        reemplazo: reemplazos.get('DniAnverso') ?? null,
        observado: { nombre: 'DniAnverso.jpg', bytes: 1000 },
      },
      {
        clave: 'PolizaMalaPraxis',
        etiqueta: 'Póliza de mala praxis',
        reemplazo: reemplazos.get('PolizaMalaPraxis') ?? null,
        observado: null,
      },
    ],
  });
  const api = {
    obtenerCorreccion: vi.fn(async () => estado()),
    subirReemplazo: vi.fn(async (_t: string, clave: DocumentoKey, archivo: { nombre: string; contenido: Blob }) => {
      const extension = archivo.nombre.split('.').pop();
      reemplazos.set(clave, { nombre: `${clave}.${extension}`, bytes: archivo.contenido.size });
      return estado();
    }),
    quitarReemplazo: vi.fn(async (_t: string, clave: DocumentoKey) => {
      reemplazos.delete(clave);
      return estado();
    }),
    enviarCorreccion: vi.fn(async () => {}),
    clasificarFallo,
  } satisfies ApiCorreccion;
  return { api, reemplazos };
}

/** What a browser keeps, in memory: it outlives an unmount like IndexedDB outlives a reload. */
function guardadoEnMemoria(): GuardadoCorreccion {
  let pendientes: PendienteGuardado[] = [];
  let subidos: SubidoGuardado[] = [];
  const contenidos = new Map<string, Blob>();
  return {
    restaurar: async () => ({ enviada: false, pendientes: [...pendientes], subidos: [...subidos], contenidos: new Map(contenidos) }),
    guardarPendiente: async (p, c) => {
      pendientes = [...pendientes.filter((x) => x.clave !== p.clave), p];
      contenidos.set(p.archivo.id, c);
    },
    borrarPendiente: async (clave) => {
      pendientes = pendientes.filter((x) => x.clave !== clave);
    },
    recordarSubido: async (s) => {
      subidos = [...subidos.filter((x) => x.clave !== s.clave), s];
    },
    olvidarSubido: async (clave) => {
      subidos = subidos.filter((x) => x.clave !== clave);
    },
    marcarEnviada: async () => {},
    olvidar: async () => {},
  };
}

const fila = (clave: string) => document.querySelector<HTMLElement>(`[data-documento="${clave}"]`)!;
const nombreEn = (clave: string) => within(fila(clave)).getByText((_, e) => e?.hasAttribute('data-nombre-archivo') ?? false);
const selector = (clave: string) => screen.getByTestId<HTMLInputElement>(`archivo-${clave}`);

describe('/corregir: las filas de los documentos observados', () => {
  it('cada fila es la del paso 2: Subir, el nombre elegido, Quitar y el documento observado', async () => {
    const { api, reemplazos } = servidor();
    const { user } = renderizar(<Corregir token={TOKEN} apiCorreccion={api} guardado={guardadoEnMemoria()} />);

    const subirDni = await screen.findByRole('button', { name: 'Subir Foto DNI (frente)' });
    expect(screen.getByRole('button', { name: 'Subir Póliza de mala praxis' })).toHaveTextContent('SUBIR');
    expect(nombreEn('DniAnverso')).toHaveTextContent(TEXTOS_SEGUIMIENTO.ningunArchivoElegido);
    // The native picker is hidden (no "No file chosen"); a photo document leads with image/*.
    expect(selector('DniAnverso')).not.toBeVisible();
    expect(selector('DniAnverso').accept.startsWith('image/*')).toBe(true);
    expect(selector('PolizaMalaPraxis').accept.startsWith('image/*')).toBe(false);

    // The link to the applicant's own earlier file, only where the application has one.
    const ver = within(fila('DniAnverso')).getByRole('link', { name: /^Ver el documento observado/ });
    expect(ver).toHaveAttribute('href', `/api/v2/correcciones/${TOKEN}/documentos/DniAnverso`);
    expect(ver).toHaveAttribute('target', '_blank');
    expect(ver).toHaveAccessibleName('Ver el documento observado (Foto DNI (frente), se abre en otra pestaña)');
    expect(within(fila('PolizaMalaPraxis')).queryByRole('link')).toBeNull();

    // SUBIR opens the hidden picker.
    const abrir = vi.spyOn(selector('DniAnverso'), 'click');
    await user.click(subirDni);
    expect(abrir).toHaveBeenCalledOnce();

    // Choosing: the row shows the name the file had, and Quitar takes the button's place.
    // The picker's `change` alone, as a browser fires it (focus stays where it was).
    fireEvent.change(selector('DniAnverso'), {
      target: { files: [new File(['x'.repeat(500)], 'mi dni nuevo.png', { type: 'image/png' })] },
    });
    const quitar = await screen.findByRole('button', { name: 'Quitar Foto DNI (frente)' });
    await waitFor(() => expect(fila('DniAnverso')).toHaveAttribute('data-fase', 'subido'));
    expect(nombreEn('DniAnverso')).toHaveTextContent('mi dni nuevo.png');
    expect(fila('DniAnverso')).not.toHaveTextContent('DniAnverso.png');
    expect(fila('DniAnverso')).not.toHaveTextContent('Reemplazo subido');
    expect(api.subirReemplazo).toHaveBeenCalledWith(TOKEN, 'DniAnverso', expect.objectContaining({ nombre: 'mi dni nuevo.png' }), expect.anything());
    // Focus on the name, not on the delete icon now under it (producto §12).
    expect(nombreEn('DniAnverso')).toHaveFocus();
    expect(reemplazos.get('DniAnverso')).toEqual({ nombre: 'DniAnverso.png', bytes: 500 });

    // Quitar: the replacement leaves the server, the row is empty and offers SUBIR again.
    await user.click(quitar);
    expect(api.quitarReemplazo).toHaveBeenCalledWith(TOKEN, 'DniAnverso');
    await screen.findByRole('button', { name: 'Subir Foto DNI (frente)' });
    expect(nombreEn('DniAnverso')).toHaveTextContent(TEXTOS_SEGUIMIENTO.ningunArchivoElegido);
    expect(fila('DniAnverso')).toHaveAttribute('data-fase', 'vacio');
    expect(reemplazos.has('DniAnverso')).toBe(false);
    expect(screen.getByRole('button', { name: 'Enviar corrección' })).toBeDisabled();
  });

  it('a reload shows the name the applicant chose, not the server’s part name', async () => {
    const { api } = servidor();
    const guardado = guardadoEnMemoria();
    const primera = renderizar(<Corregir token={TOKEN} apiCorreccion={api} guardado={guardado} />);
    await primera.findByRole('button', { name: 'Subir Póliza de mala praxis' });
    await primera.user.upload(
      selector('PolizaMalaPraxis'),
      new File(['%PDF-1.4'], 'póliza 2027.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(fila('PolizaMalaPraxis')).toHaveAttribute('data-fase', 'subido'));
    primera.unmount();

    renderizar(<Corregir token={TOKEN} apiCorreccion={api} guardado={guardado} />);
    await screen.findByRole('button', { name: 'Quitar Póliza de mala praxis' });
    expect(nombreEn('PolizaMalaPraxis')).toHaveTextContent('póliza 2027.pdf');
  });

  it('a failed Quitar puts the file back and says so', async () => {
    const { api } = servidor();
    const { user } = renderizar(<Corregir token={TOKEN} apiCorreccion={api} guardado={guardadoEnMemoria()} />);
    await screen.findByRole('button', { name: 'Subir Foto DNI (frente)' });
    await user.upload(selector('DniAnverso'), new File(['abc'], 'frente.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(fila('DniAnverso')).toHaveAttribute('data-fase', 'subido'));
    api.quitarReemplazo.mockRejectedValueOnce(new Error('sin red'));
    await user.click(screen.getByRole('button', { name: 'Quitar Foto DNI (frente)' }));
    const alerta = await within(fila('DniAnverso')).findByRole('alert');
    expect(alerta).toHaveTextContent('No se pudo quitar «frente.jpg» de Foto DNI (frente).');
    expect(nombreEn('DniAnverso')).toHaveTextContent('frente.jpg');
    expect(screen.getByRole('button', { name: 'Quitar Foto DNI (frente)' })).toBeEnabled();
  });
});
