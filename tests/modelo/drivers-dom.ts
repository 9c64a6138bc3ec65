// One driver per event type for the jsdom replay: what the applicant does (type, pick, click,
// choose a file), what the server answers (through the fake network) or what the app's timers
// do. Payload variants are rebuilt from the app's own state, as at machine level.
import { act, screen, within } from '@testing-library/react';
import { DOCUMENTOS, type DocumentoKey } from '../../domain/index.js';
import type { FormDatosSocio, FormEquipo } from '../../machines/index.js';
import { esperarConsoleError } from '../dom/consola.js';
import { EQUIPO_INVALIDO, EQUIPO_VALIDO } from './datos.js';
import { concretar, NUMERO_SOLICITUD, respuestaSubida, type EventoModelo } from './eventos.js';
import { RUTA_ADJUNTAR, RUTA_CREAR, RUTA_DNI } from './servidor-falso.js';
import type { SutDom } from './sut-dom.js';

// By label, not by role: role queries compute every accessible name and are slow in jsdom.
// The label's text may carry a required mark after the name.
const etiqueta = (nombre: string) => new RegExp(`^${nombre.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|\\s|\\*)`);
const caja = (nombre: string) => screen.getByLabelText(etiqueta(nombre), { selector: 'input' });
const boton = (nombre: string | RegExp) => screen.getByRole('button', { name: nombre });
const label = (key: DocumentoKey) => DOCUMENTOS.find((d) => d.key === key)!.label;

/** Replaces a field's text by pasting it (one change instead of one per keystroke: faster in jsdom). */
async function reescribir(sut: SutDom, el: HTMLElement, valor: string) {
  await sut.user.clear(el);
  if (valor) await sut.user.paste(valor);
}

/** Types the whole of step 1 as an applicant would; DNI and Matrícula last, focus left there. */
async function completarPasoUno(sut: SutDom, datos: FormDatosSocio) {
  const { user } = sut;
  await reescribir(sut, caja('Fecha de nacimiento'), '15/03/1980');
  await reescribir(sut, caja('Apellido y nombres'), datos.apellidoynombre);
  const localidad = caja('Localidad');
  await user.type(localidad, 'rosa');
  await user.keyboard('{ArrowDown}{Enter}');
  const calle = caja('Calle');
  await sut.asentar();
  await user.type(calle, 'orono');
  await screen.findByRole('option', { name: 'Bv. Oroño' });
  await user.keyboard('{ArrowDown}{Enter}');
  await reescribir(sut, caja('Altura'), datos.altura);
  await reescribir(sut, caja('Piso'), datos.piso);
  await reescribir(sut, caja('Dpto.'), datos.dpto);
  await reescribir(sut, caja('Email'), datos.email);
  await reescribir(sut, caja('Código de área'), datos.codArea);
  await reescribir(sut, caja('Teléfono'), datos.telefono);
  await user.selectOptions(screen.getByLabelText(etiqueta('Condición ante el IVA'), { selector: 'select' }), datos.condicionIVA!.nombreCondicionIVA);
  await user.selectOptions(screen.getByLabelText(etiqueta('Forma de pago'), { selector: 'select' }), datos.formaPago);
  await user.click(screen.getByLabelText('Visa'));
  await user.selectOptions(screen.getByLabelText(etiqueta('Cobranza de honorarios'), { selector: 'select' }), datos.cobranzaHonorarios);
  await reescribir(sut, caja('DNI'), datos.dni);
  await reescribir(sut, caja('Matrícula'), datos.matricula);
}

async function cambiarEquipo(sut: SutDom, valores: FormEquipo) {
  const tarjeta = screen.getByRole('group', { name: 'Equipo 1' });
  const tipo = within(tarjeta).getByRole('combobox', { name: 'Tipo de equipo' });
  if (!(tipo as HTMLInputElement).value) {
    await sut.user.type(tipo, 'ecog');
    await sut.user.click(await screen.findByRole('option', { name: 'Ecógrafo' }));
  }
  const campos: [string, string, string][] = [
    ['textbox', 'Marca', valores.marca],
    ['textbox', 'Modelo', valores.modelo],
    ['spinbutton', 'Año de fabricación', valores.anioFabricacion],
    ['textbox', 'Origen', valores.origen],
  ];
  for (const [rol, nombre, valor] of campos) {
    const el = within(tarjeta).getByRole(rol, { name: nombre }) as HTMLInputElement;
    if (el.value !== valor) await reescribir(sut, el, valor);
  }
}

/** Plays the app's ~100 ms timer: the event it would send when due. */
const temporizador = (sut: SutDom, evento: EventoModelo) =>
  act(async () => {
    sut.actor.send(evento as never);
    await new Promise((r) => setTimeout(r, 0));
  });

type Driver = (sut: SutDom, evento: EventoModelo) => Promise<void>;

export const driversDom: Record<string, Driver> = {
  'xstate.init': async (sut) => {
    sut.montar();
    await screen.findByRole('option', { name: 'Responsable Monotributo' });
  },
  REANUDAR: (sut) => sut.recargar(),
  'DATOS.CAMBIO': async (sut, e) => {
    if (e.type !== 'DATOS.CAMBIO') return;
    const actual = sut.snapshot.context.datos;
    const { email = '' } = e.cambios;
    if (actual.dni === '') await completarPasoUno(sut, e.cambios as FormDatosSocio);
    else if (actual.email !== email) await reescribir(sut, caja('Email'), email);
  },
  'DNI.COMPROBAR': async (sut) => {
    await sut.user.click(caja('Matrícula'));
    await sut.user.tab();
  },
  'DNI.RESULTADO': async (sut, e) => {
    if (e.type !== 'DNI.RESULTADO') return;
    await act(async () => sut.servidor.responder(RUTA_DNI, 200, e.valido));
  },
  'DNI.FALLO': async (sut) => {
    esperarConsoleError();
    await act(async () => sut.servidor.responder(RUTA_DNI, 503, { error: 'x', message: 'Padrón no disponible.' }));
  },
  SIGUIENTE: (sut) => sut.user.click(boton('SIGUIENTE')),
  VOLVER: (sut) => sut.user.click(boton('VOLVER')),
  'IR_A.DATOS': (sut) => sut.user.click(boton(/^Datos personales/)),
  'IR_A.DOCUMENTOS': (sut) => sut.user.click(boton(/^Archivos adjuntos/)),
  'IR_A.EQUIPOS': (sut) => sut.user.click(boton(/^Aparatos y equipos/)),
  'ARCHIVO.ELEGIDO': async (sut, e) => {
    const c = concretar(e, sut.snapshot.context);
    if (c.type !== 'ARCHIVO.ELEGIDO') return;
    const contenido = new Uint8Array(c.archivo.tamanio);
    const archivo = new File([contenido], c.archivo.nombre, { type: c.archivo.tipo });
    // The row's picker (SUBIR opens it; a chosen document is replaced through it too).
    await sut.user.upload(screen.getByTestId(`archivo-${c.key}`), archivo);
  },
  'ARCHIVO.QUITADO': async (sut, e) => {
    const c = concretar(e, sut.snapshot.context);
    if (c.type !== 'ARCHIVO.QUITADO') return;
    await sut.user.click(boton(`Quitar ${label(c.key)}`));
  },
  'ERROR.CERRAR': (sut) => sut.user.click(within(screen.getByRole('alertdialog', { name: 'Error' })).getByRole('button', { name: 'Ok' })),
  'SUBIDA.PROGRESO': async (sut, e) => {
    if (e.type !== 'SUBIDA.PROGRESO') return;
    const { config } = sut.servidor.pendiente(RUTA_ADJUNTAR);
    await act(async () => config.onUploadProgress?.({ loaded: e.porcentaje, total: 100, bytes: e.porcentaje, lengthComputable: true }));
  },
  'SUBIDA.EXITO': async (sut) => {
    const adjuntos = respuestaSubida(sut.snapshot.context);
    await act(async () => sut.servidor.responder(RUTA_ADJUNTAR, 200, adjuntos));
  },
  'SUBIDA.FALLO': async (sut, e) => {
    const c = concretar(e, sut.snapshot.context);
    if (c.type !== 'SUBIDA.FALLO') return;
    esperarConsoleError();
    // Busy (503): retrying can help. Refused (415 naming the document in `fields`): replace it.
    await act(async () =>
      c.reintentable
        ? sut.servidor.responder(RUTA_ADJUNTAR, 503, { error: 'NO_DISPONIBLE', message: c.mensaje })
        : sut.servidor.responder(RUTA_ADJUNTAR, 415, { error: 'TIPO_NO_ACEPTADO', message: c.mensaje, fields: c.rechazados }),
    );
  },
  'SUBIDA.CANCELAR': (sut) => sut.user.click(boton('Cancelar')),
  REINTENTAR: (sut) => sut.user.click(boton('Reintentar')),
  AVANZAR: (sut, e) => temporizador(sut, e),
  'EQUIPO.AGREGAR': (sut) => sut.user.click(boton('AGREGAR EQUIPO')),
  'EQUIPO.CAMBIO': async (sut, e) => {
    await cambiarEquipo(sut, e.variante === 'invalido' ? EQUIPO_INVALIDO : EQUIPO_VALIDO);
  },
  'EQUIPO.QUITAR': (sut) => sut.user.click(boton('Quitar equipo')),
  'TERMINOS.CAMBIO': async (sut, e) => {
    if (e.type !== 'TERMINOS.CAMBIO') return;
    const casilla = screen.getByRole('checkbox', { name: /Acepto los términos y condiciones/ }) as HTMLInputElement;
    if (casilla.checked !== e.aceptados) await sut.user.click(casilla);
  },
  ENVIAR: (sut) => sut.user.click(boton('ENVIAR')),
  'ENVIO.EXITO': async (sut) => {
    await act(async () => sut.servidor.responder(RUTA_CREAR, 201, NUMERO_SOLICITUD));
  },
  'ENVIO.FALLO': async (sut) => {
    esperarConsoleError();
    await act(async () => sut.servidor.responder(RUTA_CREAR, 500, { error: 'Internal', message: 'Error interno.' }));
  },
};

export { SOLO_EN_MAQUINA } from './eventos.js';
