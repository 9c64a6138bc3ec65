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
        expect(screen.getByRole('alert')).toHaveTextContent('El archivo supera el máximo de 10 MB.');
    },
    '#enrolment.documentos.eligiendo.libre': () => {
      expect(screen.queryByText(MENSAJE_FALLO_SUBIDA)).toBeNull();
    },
    '#enrolment.documentos.eligiendo.fallida': () => {
      expect(screen.getAllByText(MENSAJE_FALLO_SUBIDA).length).toBeGreaterThan(0);
      expect(boton('Reintentar')).toBeEnabled();
    },
    '#enrolment.documentos.faltantes': () => {
      const dialogo = screen.getByRole('alertdialog', { name: 'Error' });
      expect(dialogo).toHaveTextContent(MENSAJES.adjuntosFaltantes);
      expect(within(dialogo).getByRole('button', { name: 'Ok' })).toBeInTheDocument();
    },
    '#enrolment.documentos.subiendo': () => {
      const overlay = screen.getByTestId('overlay-subida');
      expect(overlay).toHaveTextContent('Subiendo archivos…');
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
