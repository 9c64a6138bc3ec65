// What the screen must show in each state of the chart, for the jsdom replay: one assertion per
// state node id, reading only the page (headings, buttons, dialogs, the overlay) and what the app
// handed to navigation and the snackbar.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { DOCUMENTOS, MENSAJES } from '../../domain/index.js';
import { PASOS, type EnrolmentSnapshot } from '../../machines/index.js';
import { hechos } from './abstraccion.js';
import { NUMERO_SOLICITUD } from './eventos.js';
import type { SutDom } from './sut-dom.js';

const boton = (nombre: string | RegExp) => screen.queryByRole('button', { name: nombre });
// By id: under the upload overlay and the Error dialog the page behind is aria-hidden.
const titulo = () => document.getElementById('titulo-paso')?.textContent;
const MENSAJE_FALLO_SUBIDA = 'No se pudieron subir los archivos. Intentá nuevamente.';
const TITULO_RECHAZO = 'No se pudieron subir los archivos.';
const aviso = () => document.getElementById('aviso-fallo-subida');
const marcadas = (marca: string) => [...document.querySelectorAll(`[data-documento][data-marca="${marca}"]`)];

export function asercionesDom(sut: () => SutDom): Record<string, (m: EnrolmentSnapshot) => void> {
  return {
    '#enrolment': (m) => {
      // The app's own actor is where the model says (the screen is checked below).
      expect(sut().snapshot.value).toEqual(m.value);
    },
    '#enrolment.datosPersonales': (m) => {
      const h = hechos(m);
      expect(titulo()).toBe(PASOS[0].titulo);
      expect(boton('VOLVER')).toBeNull();
      const siguiente = boton('SIGUIENTE')!;
      if (h.revisados && h.comprobacion === 'A:valido') expect(siguiente).toBeEnabled();
      else expect(siguiente).toBeDisabled();
      const dni = screen.getByRole('textbox', { name: 'DNI' });
      if (h.comprobacion === 'A:invalido') expect(dni).toHaveAccessibleDescription(expect.stringContaining(MENSAJES.dniMatricula));
    },
    '#enrolment.documentos': () => {
      expect(titulo()).toBe(PASOS[1].titulo);
      expect(screen.getByRole('list', { name: 'Documentos', hidden: true })).toBeInTheDocument();
    },
    // Only facts of the abstract state (hechos) or of the event just driven are read: the model's
    // snapshot at a step may come from another path to the same abstract state.
    '#enrolment.documentos.eligiendo': (m) => {
      expect(boton('SIGUIENTE')).toBeEnabled();
      expect(boton('VOLVER')).toBeEnabled();
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(screen.queryByTestId('overlay-subida')).toBeNull();
      // Quitar on every row with a document, Subir on the others (by aria-label: role queries are
      // slow in jsdom).
      const h = hechos(m);
      const con = DOCUMENTOS.length - 1 - h.faltan + (h.opcional === 'no' ? 0 : 1);
      const quitar = DOCUMENTOS.filter(({ label }) => document.querySelector(`button[aria-label="Quitar ${label}"]`));
      const subir = DOCUMENTOS.filter(({ label }) => document.querySelector(`button[aria-label="Subir ${label}"]`));
      expect([quitar.length, subir.length]).toEqual([con, DOCUMENTOS.length - con]);
      const e = sut().ultimoEvento;
      if (e?.type === 'ARCHIVO.ELEGIDO' && e.variante === 'grande')
        expect(screen.getAllByRole('alert').some((a) => a.textContent === 'El archivo supera el máximo de 10 MB.')).toBe(true);
      // Rows the dialog found missing are marked, the button invalid and described by the mark.
      if (e?.type === 'ERROR.CERRAR') {
        const faltan = DOCUMENTOS.filter((d) => d.requerido && document.querySelector(`button[aria-label="Subir ${d.label}"]`));
        expect(marcadas('faltante').map((f) => f.getAttribute('data-documento'))).toEqual(faltan.map((d) => d.key));
        for (const { label } of faltan) {
          const b = boton(`Subir ${label}`)!;
          expect(b).toHaveAttribute('aria-invalid', 'true');
          expect(b).toHaveAccessibleDescription(expect.stringContaining('Falta este documento.'));
        }
      }
      if (e?.type === 'SUBIDA.CANCELAR') expect(boton('Cancelar')).toBeNull();
    },
    '#enrolment.documentos.eligiendo.libre': () => {
      expect(screen.queryByText(MENSAJE_FALLO_SUBIDA)).toBeNull();
      expect(aviso()).toBeNull();
      expect(marcadas('rechazado')).toEqual([]);
    },
    '#enrolment.documentos.eligiendo.fallida': () => {
      expect(aviso()).toHaveTextContent(MENSAJE_FALLO_SUBIDA);
      expect(boton('Reintentar')).toBeEnabled();
      expect(marcadas('rechazado')).toEqual([]);
    },
    '#enrolment.documentos.eligiendo.rechazada': () => {
      // Named by label and the applicant's file, never by the part's name; no retry.
      const caja = aviso()!;
      expect(caja).toHaveTextContent(TITULO_RECHAZO);
      expect(caja).not.toHaveTextContent(MENSAJE_FALLO_SUBIDA);
      expect(boton('Reintentar')).toBeNull();
      const filas = marcadas('rechazado');
      expect(filas.length).toBeGreaterThan(0);
      for (const fila of filas) {
        const doc = DOCUMENTOS.find((d) => d.key === fila.getAttribute('data-documento'))!;
        const archivo = sut().snapshot.context.falloSubida!.rechazados[doc.key]!.archivo;
        expect(caja).toHaveTextContent(`«${doc.label}» (${archivo}):`);
        expect(caja.textContent).not.toContain(`${doc.key}.`);
        const b = fila.querySelector('button')!;
        expect(b).toHaveAttribute('aria-invalid', 'true');
        expect(b).toHaveAccessibleDescription(expect.stringContaining('Elegí otro archivo para reemplazarlo.'));
      }
      if (sut().ultimoEvento?.type === 'SUBIDA.FALLO') expect(caja).toHaveFocus();
    },
    '#enrolment.documentos.faltantes': () => {
      const dialogo = screen.getByRole('alertdialog', { name: 'Error' });
      expect(dialogo).toHaveTextContent(MENSAJES.adjuntosFaltantes);
      expect(within(dialogo).getByRole('button', { name: 'Ok' })).toBeInTheDocument();
      // It lists the labels missing.
      const lista = within(dialogo).getByRole('list', { name: 'Faltan:' });
      const faltan = DOCUMENTOS.filter((d) => d.requerido && document.querySelector(`button[aria-label="Subir ${d.label}"]`));
      expect(within(lista).getAllByRole('listitem').map((li) => li.textContent)).toEqual(faltan.map((d) => d.label));
    },
    '#enrolment.documentos.subiendo': () => {
      const overlay = screen.getByTestId('overlay-subida');
      expect(overlay).toHaveTextContent('Subiendo archivos…');
      expect(overlay).toHaveTextContent('No cierres esta página hasta que termine.');
      expect(within(overlay).getByRole('button', { name: 'Cancelar' })).toBeEnabled();
      const e = sut().ultimoEvento;
      expect(overlay).toHaveTextContent(e?.type === 'SUBIDA.PROGRESO' ? `${e.porcentaje} %` : '0 %');
    },
    '#enrolment.documentos.subido': () => {
      expect(screen.queryByTestId('overlay-subida')).toBeNull();
      expect(sut().mostrarSnackbar).toHaveBeenCalledWith('Éxito. Se guardó el adjunto.', { boton: 'Ok' });
    },
    '#enrolment.equipos': (m) => {
      expect(titulo()).toBe(PASOS[2].titulo);
      expect(screen.getByText('Si no cuenta con equipos o aparatos para declarar presione Siguiente')).toBeInTheDocument();
      const h = hechos(m);
      expect(screen.queryAllByRole('button', { name: 'Quitar equipo' })).toHaveLength(h.equipos === 'ninguno' ? 0 : 1);
      if (h.equipos === 'invalidos') expect(boton('SIGUIENTE')).toBeDisabled();
      else expect(boton('SIGUIENTE')).toBeEnabled();
      expect(boton('VOLVER')).toBeEnabled();
    },
    '#enrolment.terminos': () => {
      expect(titulo()).toBe(PASOS[3].titulo);
      expect(boton('SIGUIENTE')).toBeNull();
    },
    '#enrolment.terminos.editando': (m) => {
      const casilla = screen.getByRole('checkbox', { name: /Acepto los términos y condiciones/ });
      if (hechos(m).terminos) {
        expect(casilla).toBeChecked();
        expect(boton('ENVIAR')).toBeEnabled();
      } else {
        expect(casilla).not.toBeChecked();
        expect(boton('ENVIAR')).toBeDisabled();
      }
    },
    '#enrolment.terminos.editando.listo': () => {
      expect(sut().mostrarSnackbar).not.toHaveBeenCalledWith('Falló la solicitud', expect.anything());
    },
    '#enrolment.terminos.editando.fallido': () => {
      expect(sut().mostrarSnackbar).toHaveBeenCalledWith('Falló la solicitud', { boton: 'Ok' });
    },
    '#enrolment.terminos.enviando': () => {
      // ENVIAR cannot be pressed twice.
      expect(screen.getByRole('button', { name: /Enviando|ENVIAR/ })).toBeDisabled();
      expect(sut().navegar).not.toHaveBeenCalled();
    },
    '#enrolment.enviada': () => {
      expect(sut().recordarSolicitud).toHaveBeenCalledWith(NUMERO_SOLICITUD, sut().snapshot.context.datos.email.trim());
      expect(sut().navegar).toHaveBeenCalledWith('/completado');
    },
  };
}
