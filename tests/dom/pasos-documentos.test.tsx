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

  it('choosing a file sends ARCHIVO.ELEGIDO with the File, shows its name, turns SUBIR into Quitar and focuses the name', async () => {
    const { espias, actor } = montarPaso(<PasoDocumentos />, ELIGIENDO);
    const boton = screen.getByRole('button', { name: 'Subir Foto DNI (frente)' });
    const archivo = png('mi frente.png', 1234);
    // As in a browser: SUBIR keeps focus while the picker is open, then the input changes.
    boton.focus();
    fireEvent.change(entrada('DniAnverso'), { target: { files: [archivo] } });

    const doc = actor().getSnapshot().context.documentos.DniAnverso!;
    expect(doc.archivo).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      nombre: 'mi frente.png',
      tamanio: 1234,
      tipo: 'image/png',
    });
    expect(espias.guardarArchivo).toHaveBeenCalledWith({ id: doc.archivo!.id, contenido: archivo });
    // The same button, renamed; focus moves off it to the file's name (producto §12), so a second
    // Enter does not delete what was just chosen.
    expect(boton).toHaveAccessibleName('Quitar Foto DNI (frente)');
    expect(boton).not.toHaveTextContent('SUBIR');
    const nombre = within(fila('DniAnverso')).getByText('mi frente.png');
    expect(nombre).toHaveFocus();
    expect(nombre).toHaveAttribute('tabindex', '-1');
    expect(boton).not.toHaveFocus();
    expect(boton).toHaveAccessibleDescription(/mi frente\.png/);
  });

  it('a file refused before upload leaves focus where it was', async () => {
    montarPaso(<PasoDocumentos />, ELIGIENDO);
    const boton = screen.getByRole('button', { name: 'Subir Título de médico' });
    boton.focus();
    fireEvent.change(entrada('TituloMedico'), {
      target: { files: [new File([], 'vacio.pdf', { type: 'application/pdf' })] },
    });
    expect(boton).toHaveFocus();
  });

  it('row buttons are at least 44 × 44 CSS px whatever the theme', () => {
    montarPaso(<PasoDocumentos />, ELIGIENDO, {
      documentos: { DniAnverso: requeridosElegidos().DniAnverso! },
    });
    for (const nombre of ['Quitar Foto DNI (frente)', 'Subir Foto DNI (dorso)']) {
      const estilo = getComputedStyle(screen.getByRole('button', { name: nombre }));
      expect(estilo.minWidth).toMatch(/^(2\.75rem|44px|var\(--chakra-sizes-11\))$/);
      expect(estilo.minHeight).toMatch(/^(2\.75rem|44px|var\(--chakra-sizes-11\))$/);
    }
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
  it('SIGUIENTE with a required document missing opens the "Error" dialog listing them; Ok marks those rows', async () => {
    const { TituloMedico: _t, DniReverso: _d, ...casiTodos } = requeridosElegidos();
    const { user, enviar, actor } = montarPaso(<PasoDocumentos />, ELIGIENDO, { documentos: casiTodos });
    enviar({ type: 'SIGUIENTE' });
    const dialogo = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(dialogo).toHaveTextContent('Debés adjuntar todos los archivos requeridos.');
    const lista = within(dialogo).getByRole('list', { name: 'Faltan:' });
    expect(
      within(lista)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Foto DNI (dorso)', 'Título de médico']);
    const ok = within(dialogo).getByRole('button', { name: 'Ok' });
    await user.click(ok);
    expect(actor().getSnapshot().matches({ documentos: 'eligiendo' })).toBe(true);
    expect(actor().getSnapshot().context.faltantes).toEqual(['DniReverso', 'TituloMedico']);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    for (const key of ['DniReverso', 'TituloMedico'] as const) {
      expect(fila(key)).toHaveTextContent('Falta este documento.');
      expect(fila(key)).toHaveAttribute('data-marca', 'faltante');
    }
    const dorso = screen.getByRole('button', { name: 'Subir Foto DNI (dorso)' });
    expect(dorso).toHaveAttribute('aria-invalid', 'true');
    expect(dorso).toHaveAccessibleDescription(/Falta este documento\./);
    // Focus goes to the first marked row's SUBIR.
    await waitFor(() => expect(dorso).toHaveFocus());
    // The optional row is never marked.
    expect(fila('RegistroNacionalPrestadores')).not.toHaveAttribute('data-marca');
    // A file chosen for a marked row clears its mark, and only its.
    await user.upload(entrada('DniReverso'), png('dorso.png'));
    expect(fila('DniReverso')).not.toHaveTextContent('Falta este documento.');
    expect(screen.getByRole('button', { name: 'Quitar Foto DNI (dorso)' })).not.toHaveAttribute(
      'aria-invalid',
    );
    expect(fila('TituloMedico')).toHaveTextContent('Falta este documento.');
  });

  it('Escape closes the "Error" dialog too', async () => {
    const { user, enviar, actor } = montarPaso(<PasoDocumentos />, ELIGIENDO);
    enviar({ type: 'SIGUIENTE' });
    await screen.findByRole('alertdialog', { name: 'Error' });
    await user.keyboard('{Escape}');
    expect(actor().getSnapshot().matches({ documentos: 'eligiendo' })).toBe(true);
  });

  it('a step that goes while a dialog is still up takes its pending focus move with it', async () => {
    // Another dialog still up (as the next screen's upload overlay can be) keeps the move waiting.
    const otro = document.body.appendChild(document.createElement('div'));
    otro.setAttribute('role', 'alertdialog');
    try {
      const primera = montarPaso(<PasoDocumentos />, ELIGIENDO);
      primera.enviar({ type: 'SIGUIENTE' });
      await screen.findByRole('alertdialog', { name: 'Error' });
      await primera.user.keyboard('{Escape}');
      primera.unmount();
      montarPaso(<PasoDocumentos />, ELIGIENDO, { documentos: requeridosElegidos() });
    } finally {
      otro.remove();
    }
    // The first step's move would now land on the new page's first row.
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.getByRole('button', { name: 'Quitar Foto DNI (frente)' })).not.toHaveFocus();
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

  it('a failed upload that retrying can help keeps every file, says so (with the reason, ended) and retries', async () => {
    const { user, enviar, espias } = montarPaso(<PasoDocumentos />, ELIGIENDO, {
      documentos: requeridosElegidos(),
    });
    enviar({ type: 'SIGUIENTE' });
    enviar({ type: 'SUBIDA.PROGRESO', porcentaje: 60 });
    enviar({ type: 'SUBIDA.FALLO', reintentable: true, mensaje: 'Servicio no disponible' });
    // Waits of 3 s, not the default 1 s: the first run after a change (cold transforms, a loaded
    // machine) missed 1 s twice; what is awaited is the same.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 3_000 });

    const alerta = screen.getByRole('alert');
    expect(alerta).toHaveTextContent('No se pudieron subir los archivos. Intentá nuevamente.');
    // A server message without its period gets one: no sentence runs into the next.
    expect(alerta).toHaveTextContent(/Intentá nuevamente\.\s*Servicio no disponible\.$/);
    // Brought into sight and focused (by the state, not by a click).
    await waitFor(() => expect(document.getElementById('aviso-fallo-subida')).toHaveFocus(), {
      timeout: 3_000,
    });
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
    enviar({ type: 'SUBIDA.FALLO', reintentable: true });
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^No se pudieron subir los archivos\. Intentá nuevamente\.$/,
    );
  });

  it('a refused file is named by label and the chosen file, its row marked, no Reintentar; another file clears it', async () => {
    const documentos = requeridosElegidos();
    documentos.TituloMedico = {
      archivo: { id: 't', nombre: 'mi titulo.pdf', tamanio: 9, tipo: 'application/pdf' },
      subido: null,
    };
    const { user, enviar, actor } = montarPaso(<PasoDocumentos />, ELIGIENDO, { documentos });
    enviar({ type: 'SIGUIENTE' });
    enviar({
      type: 'SUBIDA.FALLO',
      reintentable: false,
      mensaje: 'El archivo TituloMedico.pdf no es una imagen, un PDF ni un documento de Word (.doc o .docx).',
      rechazados: {
        TituloMedico: 'El archivo no es una imagen, un PDF ni un documento de Word (.doc o .docx)',
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const caja = document.getElementById('aviso-fallo-subida')!;
    expect(caja).toHaveTextContent('No se pudieron subir los archivos.');
    expect(caja).toHaveTextContent(
      '«Título de médico» (mi titulo.pdf): El archivo no es una imagen, un PDF ni un documento de Word (.doc o .docx).',
    );
    expect(caja).toHaveTextContent('Elegí otro archivo para ese documento.');
    expect(caja).not.toHaveTextContent('TituloMedico');
    expect(caja).not.toHaveTextContent('Intentá nuevamente');
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    await waitFor(() => expect(caja).toHaveFocus());

    const quitar = screen.getByRole('button', { name: 'Quitar Título de médico' });
    expect(fila('TituloMedico')).toHaveAttribute('data-marca', 'rechazado');
    expect(quitar).toHaveAttribute('aria-invalid', 'true');
    expect(quitar).toHaveAccessibleDescription(
      /No se pudo subir mi titulo\.pdf\. El archivo no es una imagen.*Elegí otro archivo para reemplazarlo\./,
    );
    expect(fila('DniAnverso')).not.toHaveAttribute('data-marca');

    // Removing it keeps the mark; choosing another file clears it and the box.
    await user.click(quitar);
    expect(fila('TituloMedico')).toHaveAttribute('data-marca', 'rechazado');
    await user.upload(
      entrada('TituloMedico'),
      new File(['%PDF-1.4'], 'otro titulo.pdf', { type: 'application/pdf' }),
    );
    expect(fila('TituloMedico')).not.toHaveAttribute('data-marca');
    expect(document.getElementById('aviso-fallo-subida')).toBeNull();
    expect(
      actor()
        .getSnapshot()
        .matches({ documentos: { eligiendo: 'libre' } }),
    ).toBe(true);
  });

  it('the overlay says not to close the page, warns before leaving, and Cancelar goes back with every file', async () => {
    const { user, enviar, actor } = montarPaso(<PasoDocumentos />, ELIGIENDO, {
      documentos: requeridosElegidos(),
    });
    const sinSubir = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(sinSubir);
    expect(sinSubir.defaultPrevented).toBe(false);
    enviar({ type: 'SIGUIENTE' });
    const overlay = await screen.findByRole('dialog', { name: 'Subiendo archivos' });
    expect(overlay).toHaveTextContent('No cierres esta página hasta que termine.');
    const subiendo = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(subiendo);
    expect(subiendo.defaultPrevented).toBe(true);
    await user.click(within(overlay).getByRole('button', { name: 'Cancelar' }));
    expect(
      actor()
        .getSnapshot()
        .matches({ documentos: { eligiendo: 'libre' } }),
    ).toBe(true);
    expect(actor().getSnapshot().context.documentos).toEqual(requeridosElegidos());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const despues = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(despues);
    expect(despues.defaultPrevented).toBe(false);
    for (const key of DOCUMENTOS_REQUERIDOS)
      expect(within(fila(key)).getByText(`${key}.pdf`)).toBeInTheDocument();
  });
});
