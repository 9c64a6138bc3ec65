// Step 2 — Archivos adjuntos (producto §4): rows, Subir/Quitar, refusals, the Error dialog, the upload
// overlay with its progress, and the failure with its retry.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENTOS,
  DOCUMENTOS_REQUERIDOS,
  TAMANIO_MAXIMO_ARCHIVO,
  type DocumentoKey,
} from '../../domain/index.js';
import type { Documentos } from '../../machines/index.js';
import { PasoDocumentos } from '../../src/pasos/documentos/PasoDocumentos.js';
import { montarPaso } from './pasos-montar.js';

const ELIGIENDO = { documentos: { eligiendo: 'libre' } };
const png = (nombre = 'frente.png', bytes = 8) =>
  new File([new Uint8Array(bytes)], nombre, { type: 'image/png' });
const fila = (key: DocumentoKey) => document.querySelector<HTMLElement>(`[data-documento="${key}"]`)!;
const entrada = (key: DocumentoKey) => screen.getByTestId<HTMLInputElement>(`archivo-${key}`);

/** Every required document chosen (not yet uploaded). */
function requeridosElegidos(): Documentos {
  return Object.fromEntries(
    DOCUMENTOS_REQUERIDOS.map((key, i) => [
      key,
      {
        archivo: { id: `id-${i}`, nombre: `${key}.pdf`, tamanio: 100, tipo: 'application/pdf' },
        subido: null,
      },
    ]),
  );
}

describe('Paso 2 — Archivos adjuntos', () => {
  it('shows the note and the nine rows, required ones marked for eyes and screen readers', () => {
    montarPaso(<PasoDocumentos />, ELIGIENDO);
    expect(screen.getByText(/Tipos de archivo permitidos: imágenes, pdf, doc y docx/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Documentos' })).getAllByRole('listitem')).toHaveLength(9);
    for (const { key, label, requerido } of DOCUMENTOS) {
      const boton = screen.getByRole('button', { name: `Subir ${label}` });
      expect(boton).toHaveTextContent('SUBIR');
      expect(fila(key)).toHaveTextContent(requerido ? `${label} *` : label);
      if (requerido) expect(boton).toHaveAccessibleDescription(/obligatorio/);
      else expect(boton).not.toHaveAccessibleDescription(/obligatorio/);
    }
  });

  it('offers the camera (image/*) for image documents and pdf/doc/docx everywhere', () => {
    montarPaso(<PasoDocumentos />, ELIGIENDO);
    for (const { key, imagen } of DOCUMENTOS) {
      const accept = entrada(key).accept;
      expect(accept).toContain('.pdf');
      expect(accept).toContain('.doc');
      expect(accept).toContain('.docx');
      expect(accept.includes('image/*')).toBe(imagen);
      expect(accept).toMatch(/\.jpe?g|image\//);
    }
  });

  it('SUBIR opens the hidden picker, which no one can tab to', async () => {
    const { user } = montarPaso(<PasoDocumentos />, ELIGIENDO);
    const input = entrada('TituloMedico');
    expect(input).not.toBeVisible();
    expect(input.tabIndex).toBe(-1);
    let abierto = false;
    input.addEventListener('click', () => (abierto = true));
    await user.click(screen.getByRole('button', { name: 'Subir Título de médico' }));
    expect(abierto).toBe(true);
  });

  it('choosing a file sends ARCHIVO.ELEGIDO with the File, shows its name and turns SUBIR into Quitar', async () => {
    const { user, espias, actor } = montarPaso(<PasoDocumentos />, ELIGIENDO);
    const boton = screen.getByRole('button', { name: 'Subir Foto DNI (frente)' });
    const archivo = png('mi frente.png', 1234);
    await user.upload(entrada('DniAnverso'), archivo);

    const doc = actor().getSnapshot().context.documentos.DniAnverso!;
    expect(doc.archivo).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      nombre: 'mi frente.png',
      tamanio: 1234,
      tipo: 'image/png',
    });
    expect(espias.guardarArchivo).toHaveBeenCalledWith({ id: doc.archivo!.id, contenido: archivo });
    // The same button, renamed: focus does not get lost.
    expect(boton).toHaveAccessibleName('Quitar Foto DNI (frente)');
    expect(boton).not.toHaveTextContent('SUBIR');
    expect(within(fila('DniAnverso')).getByText('mi frente.png')).toBeInTheDocument();
    expect(boton).toHaveAccessibleDescription(/mi frente\.png/);
  });

  it('Quitar sends ARCHIVO.QUITADO, clears the name and keeps focus on the button', async () => {
    const { user, espias, actor } = montarPaso(<PasoDocumentos />, ELIGIENDO, {
      documentos: {
        DniReverso: {
          archivo: { id: 'a1', nombre: 'dorso.jpg', tamanio: 9, tipo: 'image/jpeg' },
          subido: null,
        },
      },
    });
    const quitar = screen.getByRole('button', { name: 'Quitar Foto DNI (dorso)' });
    expect(within(fila('DniReverso')).getByText('dorso.jpg')).toBeInTheDocument();
    await user.click(quitar);
    expect(actor().getSnapshot().context.documentos.DniReverso).toBeUndefined();
    expect(espias.borrarArchivo).toHaveBeenCalledWith({ id: 'a1' });
    expect(quitar).toHaveAccessibleName('Subir Foto DNI (dorso)');
    expect(quitar).toHaveFocus();
    expect(within(fila('DniReverso')).queryByText('dorso.jpg')).not.toBeInTheDocument();
  });

  it("shows the server's name when the document is only uploaded, and the chosen name otherwise", () => {
    montarPaso(<PasoDocumentos />, ELIGIENDO, {
      documentos: {
        PolizaMalaPraxis: { archivo: null, subido: { nombre: 'PolizaMalaPraxis.pdf', archivoId: 'x' } },
        TituloMedico: {
          archivo: { id: 'n', nombre: 'titulo-nuevo.pdf', tamanio: 5, tipo: 'application/pdf' },
          subido: { nombre: 'TituloMedico.pdf', archivoId: 'viejo' },
        },
      },
    });
    expect(within(fila('PolizaMalaPraxis')).getByText('PolizaMalaPraxis.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quitar Póliza de mala praxis' })).toBeInTheDocument();
    expect(within(fila('TituloMedico')).getByText('titulo-nuevo.pdf')).toBeInTheDocument();
  });

  it.each([
    ['an empty file', () => new File([], 'vacio.pdf', { type: 'application/pdf' }), 'El archivo está vacío.'],
    [
      'a file over 10 MiB',
      () => {
        const f = png('enorme.png');
        Object.defineProperty(f, 'size', { value: TAMANIO_MAXIMO_ARCHIVO + 1 });
        return f;
      },
      'El archivo supera el máximo de 10 MB.',
    ],
    [
      'a foreign type',
      () => new File(['MZ'], 'programa.exe', { type: 'application/octet-stream' }),
      'Tipo de archivo no permitido. Adjuntá una imagen, un PDF o un documento de Word.',
    ],
  ])('refuses %s with the reason next to its row', (_caso, crear, motivo) => {
    const { actor, espias } = montarPaso(<PasoDocumentos />, ELIGIENDO);
    fireEvent.change(entrada('ResolucionEspecialidad'), { target: { files: [crear()] } });
    const alerta = within(fila('ResolucionEspecialidad')).getByRole('alert');
    expect(alerta).toHaveTextContent(motivo);
    expect(
      screen.getByRole('button', { name: 'Subir Resolución de especialidad' }),
    ).toHaveAccessibleDescription(new RegExp(motivo.replace(/[.()]/g, '\\$&')));
    expect(actor().getSnapshot().context.documentos.ResolucionEspecialidad).toBeUndefined();
    expect(espias.guardarArchivo).not.toHaveBeenCalled();
    // A good file afterwards clears the message.
    fireEvent.change(entrada('ResolucionEspecialidad'), { target: { files: [png('bien.png')] } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  // Where focus lands needs layout (zag checks visibility), so the browser tests assert it.
  it('SIGUIENTE with a required document missing opens the "Error" dialog; Ok closes it', async () => {
    const { user, enviar, actor } = montarPaso(<PasoDocumentos />, ELIGIENDO);
    enviar({ type: 'SIGUIENTE' });
    const dialogo = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(dialogo).toHaveTextContent('Debés adjuntar todos los archivos requeridos.');
    const ok = within(dialogo).getByRole('button', { name: 'Ok' });
    await user.click(ok);
    expect(actor().getSnapshot().matches({ documentos: 'eligiendo' })).toBe(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('Escape closes the "Error" dialog too', async () => {
    const { user, enviar, actor } = montarPaso(<PasoDocumentos />, ELIGIENDO);
    enviar({ type: 'SIGUIENTE' });
    await screen.findByRole('alertdialog', { name: 'Error' });
    await user.keyboard('{Escape}');
    expect(actor().getSnapshot().matches({ documentos: 'eligiendo' })).toBe(true);
  });

  it('uploading shows a modal overlay with a labelled, determinate progress bar', async () => {
    const { enviar, espias } = montarPaso(<PasoDocumentos />, ELIGIENDO, {
      documentos: requeridosElegidos(),
    });
    enviar({ type: 'SIGUIENTE' });
    expect(espias.subirArchivos).toHaveBeenCalledTimes(1);
    expect((espias.subirArchivos.mock.calls[0]![0] as { archivos: unknown[] }).archivos).toHaveLength(8);

    const overlay = await screen.findByRole('dialog', { name: 'Subiendo archivos' });
    expect(overlay).toHaveAttribute('aria-modal', 'true');
    const barra = within(overlay).getByRole('progressbar', { name: 'Subiendo archivos…' });
    expect(barra).toHaveAttribute('aria-valuenow', '0');
    expect(barra).toHaveAttribute('aria-valuemin', '0');
    expect(barra).toHaveAttribute('aria-valuemax', '100');

    enviar({ type: 'SUBIDA.PROGRESO', porcentaje: 42.4 });
    expect(barra).toHaveAttribute('aria-valuenow', '42');
    expect(barra).toHaveAttribute('aria-valuetext', '42 %');
    expect(overlay).toHaveTextContent('42 %');

    enviar({
      type: 'SUBIDA.EXITO',
      adjuntos: DOCUMENTOS_REQUERIDOS.map((key) => ({ nombre: `${key}.pdf` })),
    });
    expect(espias.notificarSubida).toHaveBeenCalledTimes(1);
    expect(espias.programarAvance).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Subiendo archivos' })).not.toBeInTheDocument(),
    );
  });

  it('a failed upload keeps every file, says so (with the reason) and retries', async () => {
    const { user, enviar, espias } = montarPaso(<PasoDocumentos />, ELIGIENDO, {
      documentos: requeridosElegidos(),
    });
    enviar({ type: 'SIGUIENTE' });
    enviar({ type: 'SUBIDA.PROGRESO', porcentaje: 60 });
    enviar({ type: 'SUBIDA.FALLO', mensaje: 'El archivo de Foto DNI (frente) no es de un tipo aceptado.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const alerta = screen.getByRole('alert');
    expect(alerta).toHaveTextContent('No se pudieron subir los archivos. Intentá nuevamente.');
    expect(alerta).toHaveTextContent('El archivo de Foto DNI (frente) no es de un tipo aceptado.');
    for (const key of DOCUMENTOS_REQUERIDOS)
      expect(within(fila(key)).getByText(`${key}.pdf`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(espias.subirArchivos).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('dialog', { name: 'Subiendo archivos' })).toBeInTheDocument();
    expect(
      screen.queryByText('No se pudieron subir los archivos. Intentá nuevamente.'),
    ).not.toBeInTheDocument();
  });

  it('a failure without a reason shows only the message', () => {
    const { enviar } = montarPaso(<PasoDocumentos />, ELIGIENDO, { documentos: requeridosElegidos() });
    enviar({ type: 'SIGUIENTE' });
    enviar({ type: 'SUBIDA.FALLO' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^No se pudieron subir los archivos\. Intentá nuevamente\.$/,
    );
  });
});
