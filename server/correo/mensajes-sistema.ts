// Messages about no application (the audit chain's daily head): everything they say travels in
// the outbox event, written when it was queued.
import type { EventoDelSistema } from './salida.js';
import { comoHtml, comoTexto, FIRMA, lista, parrafo, subtitulo, type Bloque } from './bloques.js';
import { fechaEnPalabras } from './fechas.js';

export function redactarDelSistema(
  evento: EventoDelSistema,
  publicUrl: string,
): { asunto: string; texto: string; html: string } {
  const { fecha, cabeza, alteracion } = evento;
  const alterada = alteracion !== null;
  const titulo = alterada
    ? `Registro de auditoría ALTERADO — cabeza del ${fechaEnPalabras(fecha)}`
    : `Cabeza del registro de auditoría del ${fechaEnPalabras(fecha)}`;
  const bloques: Bloque[] = [
    parrafo(`Cabeza del registro de auditoría de ${publicUrl} al ${fechaEnPalabras(fecha)}:`),
    lista([cabeza]),
    alterada
      ? parrafo(`La verificación del registro encontró una alteración: ${alteracion}. Revisalo cuanto antes.`)
      : parrafo('La verificación del registro, justo antes de este envío, lo encontró íntegro.'),
    subtitulo('Qué hacer con este correo'),
    parrafo(
      'Guardalo fuera del servidor: es el testigo de que, hasta hoy, nadie quitó ni reescribió filas del registro. ' +
        'Para comprobarlo más adelante, en el servidor:',
    ),
    lista([`npm run auditoria -- verificar --cabeza ${cabeza}`]),
    parrafo(
      'Si esa cabeza ya no está en la cadena, el comando termina con error y dice desde qué fila cambió.',
    ),
  ];
  return { asunto: titulo, texto: comoTexto(titulo, bloques, FIRMA), html: comoHtml(titulo, bloques, FIRMA) };
}
