// resumen.pdf of the access export (producto §13): what datos.json holds, for a person to read —
// each application's data with the form's labels, documents with size and SHA-256 (those a
// correction replaced too), the receipt's versions, equipment and history. pdfkit with the receipt's embedded DejaVu fonts (any name prints); the text flows
// and pdfkit breaks pages itself. Returned as pdfkit's own stream, to be piped into the ZIP.
import { CAMPOS, CAMPOS_SOCIO, etiquetasDe } from '../../domain/campos.js';
import { CAMPOS_RECTIFICABLES } from '../../domain/datos-personales.js';
import { ESTADOS, esEstado } from '../../domain/estados.js';
import { fechaHoraArgentina } from '../../domain/fecha-hora.js';
import { CAMPO_RESPONSABLE } from '../../domain/responsable.js';
import { pasoDePropuesta } from '../../domain/propuestas.js';
import { DOCUMENTOS, type DatosSocio } from '../../domain/index.js';
import { AUTOR_COMPROBANTE } from '../comprobante/dibujo.js';
import { tamanioConBytes } from '../comprobante/formato.js';
import { nuevoPdf } from '../comprobante/fuentes.js';
import type { DatosExportados, SolicitudExportada } from './datos-exportados.js';
import { valorDelSocio } from './valores-del-socio.js';

const TITULO_RESUMEN = 'Datos personales — Ley 25.326';
const ROTULO_DOCUMENTO = new Map<string, string>(DOCUMENTOS.map((d) => [d.key, d.label]));

/** Every field of the form's step 1 with its label (producto §3), in the form's order. */
export const ROTULOS_DATOS_SOCIO: Readonly<Record<keyof DatosSocio, string>> = etiquetasDe(CAMPOS_SOCIO);

const TEXTOS_RESUMEN = {
  subtitulo: `${AUTOR_COMPROBANTE} — Alta de Prestadores`,
  generado: (en: string) => `Generado el ${fechaHoraArgentina(en)} (hora de Argentina).`,
  explicacion:
    'Este resumen acompaña a datos.json (los mismos datos, completos, en formato JSON) y a las carpetas ' +
    '"documentos" y "documentos-reemplazados" de este archivo ZIP, que tienen cada documento tal como se ' +
    'recibió (su huella SHA-256 es la que figura abajo), y "comprobantes", con cada versión del comprobante.',
  plazo:
    'Ley 25.326, art. 14: el pedido de acceso a los datos personales debe responderse dentro de los ' +
    '10 días corridos de recibido.',
  solicitud: (numero: string) => `Solicitud ${numero}`,
  sinDocumentos: 'No tiene documentos.',
  sinEquipos: 'No declaró equipos ni aparatos.',
  reemplazados: 'Documentos reemplazados por una corrección (también se conservan)',
  reemplazado: (en: string, version: number) =>
    `reemplazado el ${fechaHoraArgentina(en)} por corrección (versión ${version} del comprobante)`,
  noVigentes: 'Documentos reemplazados o de una corrección no enviada (también se conservan)',
  comprobantes: 'Versiones del comprobante',
  version: (version: number, en: string, documentos: number, reemplazados: number) =>
    `Versión ${version}, emitida el ${fechaHoraArgentina(en)}: ${documentos} ` +
    `${documentos === 1 ? 'documento' : 'documentos'}` +
    (reemplazados > 0 ? `, ${reemplazados} ${reemplazados === 1 ? 'reemplazado' : 'reemplazados'}` : ''),
  pagina: (n: number, de: number) => `Página ${n} de ${de}`,
} as const;

const MARGEN = 50;
const GRIS = '#555555';

type Doc = PDFKit.PDFDocument;

const nfc = (texto: string) => texto.normalize('NFC');

const estadoLegible = (estado: string | null) =>
  estado && esEstado(estado) ? ESTADOS[estado] : (estado ?? '');

/** A new page unless `alto` more points fit on this one: a heading never ends a page alone. */
function espacio(doc: Doc, alto: number): void {
  if (doc.y + alto > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function titulo(doc: Doc, texto: string, tamanio = 12): void {
  espacio(doc, 70);
  doc.moveDown(0.6).font('negrita').fontSize(tamanio).fillColor('black').text(texto);
  doc.moveDown(0.2);
}

/** "Rótulo: valor" with the label in bold; an empty value reads "—". */
function fila(doc: Doc, rotulo: string, valor: string): void {
  doc.font('negrita').fontSize(10).fillColor(GRIS).text(`${rotulo}: `, { continued: true });
  doc
    .font('sans')
    .fillColor('black')
    .text(nfc(valor) || '—');
}

function parrafo(doc: Doc, texto: string, color = 'black', tamanio = 10): void {
  doc.font('sans').fontSize(tamanio).fillColor(color).text(nfc(texto));
}

function solicitud(doc: Doc, s: SolicitudExportada): void {
  doc.moveDown(1.5);
  espacio(doc, 160);
  doc.font('negrita').fontSize(14).fillColor('black').text(TEXTOS_RESUMEN.solicitud(s.numero));
  doc.moveDown(0.3);
  fila(doc, CAMPOS.creadaEn.detalle, `${fechaHoraArgentina(s.creadaEn)} (hora de Argentina)`);
  fila(doc, CAMPOS.estado.etiqueta, estadoLegible(s.estado));
  fila(
    doc,
    'Términos y condiciones',
    `versión ${s.terminos.version}, aceptados el ${fechaHoraArgentina(s.terminos.aceptadosEn)}`,
  );

  titulo(doc, 'Datos personales');
  for (const campo of Object.keys(ROTULOS_DATOS_SOCIO) as (keyof DatosSocio)[]) {
    fila(doc, ROTULOS_DATOS_SOCIO[campo], valorDelSocio(campo, s.datosSocio));
  }

  titulo(doc, 'Documentos');
  if (s.documentos.length === 0) parrafo(doc, TEXTOS_RESUMEN.sinDocumentos, GRIS);
  for (const d of s.documentos) documento(doc, d.label, d.nombre, d.bytes, d.sha256);
  if (s.documentosReemplazados.length > 0) {
    titulo(doc, TEXTOS_RESUMEN.reemplazados, 11);
    for (const d of s.documentosReemplazados) {
      documento(doc, d.label, `${d.nombre}, ${TEXTOS_RESUMEN.reemplazado(d.reemplazadoEn, d.version)}`, d.bytes, d.sha256);
    }
  }
  if (s.documentosNoVigentes.length > 0) {
    titulo(doc, TEXTOS_RESUMEN.noVigentes, 11);
    for (const d of s.documentosNoVigentes) {
      documento(doc, d.label, `${d.nombre}, subido el ${fechaHoraArgentina(d.subidoEn)}`, d.bytes, d.sha256);
    }
  }

  if (s.comprobantes.length > 0) {
    titulo(doc, TEXTOS_RESUMEN.comprobantes);
    for (const c of s.comprobantes) {
      parrafo(doc, TEXTOS_RESUMEN.version(c.version, c.emitidoEn, c.documentos.length, c.reemplazados.length));
    }
  }

  titulo(doc, 'Equipos');
  if (s.equipos.length === 0) parrafo(doc, TEXTOS_RESUMEN.sinEquipos, GRIS);
  s.equipos.forEach((e, i) => {
    const partes = [
      e.tipoAparato?.nombretipoaparato ?? '',
      `marca ${e.marca}`,
      `modelo ${e.modelo}`,
      `año ${e.anioFabricacion}`,
      `origen ${e.origen}`,
      e.observaciones ? `observaciones: ${e.observaciones}` : '',
    ].filter(Boolean);
    parrafo(doc, `${i + 1}. ${partes.join(' · ')}`);
  });

  titulo(doc, 'Historial');
  // Who among the staff has it (producto §15) is the association's own work, not the person's data.
  // Nor its proposals of four eyes, nor their discards (the decision itself is a move, and stays).
  const interna = (campo: string | undefined) =>
    campo === CAMPO_RESPONSABLE || pasoDePropuesta(campo) !== null;
  for (const h of s.historial.filter((e) => !interna(e.cambio?.campo))) {
    const quien = h.usuario ? ` — ${h.nombre ?? h.usuario}` : '';
    let que: string;
    if (h.cambio) {
      const rotulo = (CAMPOS_RECTIFICABLES as Record<string, string>)[h.cambio.campo] ?? h.cambio.campo;
      que = `Rectificación de ${rotulo}: "${h.cambio.anterior ?? ''}" → "${h.cambio.nuevo ?? ''}"`;
    } else {
      que = h.desde ? `${estadoLegible(h.desde)} → ${estadoLegible(h.hacia)}` : estadoLegible(h.hacia);
      if (h.documentos.length > 0) {
        const rotulos = h.documentos.map((c) => ROTULO_DOCUMENTO.get(c) ?? c).join(', ');
        que += h.hacia === 'corregida' ? `. Reemplazó: ${rotulos}` : `. Documentos observados: ${rotulos}`;
      }
    }
    parrafo(doc, `${fechaHoraArgentina(h.en)}${quien}: ${que}${h.motivo ? `. Motivo: ${h.motivo}` : ''}`);
  }

  titulo(doc, 'Otros registros (su detalle está en datos.json)');
  fila(doc, 'Notas internas del personal', String(s.notas.length));
  fila(doc, 'Verificaciones en la fuente', String(s.verificaciones.length));
  fila(doc, 'Enlaces de corrección', String(s.correcciones.length));
  fila(doc, 'Enlaces de recredencialización', String(s.recredencializaciones.length));
  fila(doc, 'Correos electrónicos', String(s.correos.length));
  fila(doc, 'Registros de auditoría', String(s.auditoria.length));
}

function documento(doc: Doc, rotulo: string, nombre: string, bytes: number, sha256: string): void {
  doc.font('negrita').fontSize(10).fillColor('black').text(rotulo, { continued: true });
  doc
    .font('sans')
    .fillColor(GRIS)
    .text(` — ${nfc(nombre)}, ${tamanioConBytes(bytes)}`);
  doc.font('sans').fontSize(8).fillColor(GRIS).text('SHA-256 ', { continued: true });
  doc.font('mono').fillColor('black').text(sha256);
  doc.moveDown(0.3);
}

function pies(doc: Doc): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin: without this pdfkit would start a new page for the footer.
    doc.page.margins.bottom = 0;
    doc.font('sans').fontSize(8).fillColor(GRIS);
    doc.text(TEXTOS_RESUMEN.pagina(i - start + 1, count), MARGEN, doc.page.height - MARGEN + 10, {
      width: doc.page.width - 2 * MARGEN,
      align: 'right',
      lineBreak: false,
    });
  }
}

/** The summary as pdfkit's readable stream, already ended (its bytes wait for a reader). */
export async function resumenPdf(datos: DatosExportados): Promise<Doc> {
  const doc = await nuevoPdf(MARGEN, { Title: TITULO_RESUMEN, Author: AUTOR_COMPROBANTE });

  doc.font('negrita').fontSize(16).fillColor('black').text(TITULO_RESUMEN);
  parrafo(doc, TEXTOS_RESUMEN.subtitulo, GRIS);
  doc.moveDown(0.5);
  parrafo(doc, TEXTOS_RESUMEN.generado(datos.generadoEn));
  doc.moveDown(0.5);
  fila(doc, CAMPOS.dni.etiqueta, datos.dni);
  fila(doc, CAMPOS.apellidoynombre.etiqueta, datos.apellidoynombre);
  fila(doc, 'Solicitudes', datos.solicitudes.map((s) => s.numero).join(', '));
  doc.moveDown(0.5);
  parrafo(doc, TEXTOS_RESUMEN.explicacion);
  doc.moveDown(0.5);
  parrafo(doc, TEXTOS_RESUMEN.plazo);

  for (const s of datos.solicitudes) solicitud(doc, s);
  pies(doc);
  doc.end();
  return doc;
}
