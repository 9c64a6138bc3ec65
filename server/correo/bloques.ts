// A message is written once, as a list of blocks, and rendered twice: plain text and HTML. The
// HTML escapes every interpolated value, uses inline styles only (mail clients drop <style> and
// external sheets), real headings, and links whose text says where they go.

export type Bloque =
  | { tipo: 'parrafo'; texto: string }
  /** Text typed by staff (a reason): its line breaks are kept. */
  | { tipo: 'cita'; texto: string }
  | { tipo: 'subtitulo'; texto: string }
  | { tipo: 'lista'; items: readonly string[] }
  /** `texto` says where the link goes; the address is shown too. */
  | { tipo: 'enlace'; texto: string; url: string };

/** Every message's signature. */
export const FIRMA = 'Asociación Médica de Rosario — Alta de Prestadores';

export const parrafo = (texto: string): Bloque => ({ tipo: 'parrafo', texto });
export const cita = (texto: string): Bloque => ({ tipo: 'cita', texto });
export const subtitulo = (texto: string): Bloque => ({ tipo: 'subtitulo', texto });
export const lista = (items: readonly string[]): Bloque => ({ tipo: 'lista', items });
export const enlace = (texto: string, url: string): Bloque => ({ tipo: 'enlace', texto, url });

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for HTML content and attribute values. */
export const escapar = (texto: string): string => texto.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const COLOR = '#1a202c';
const SECUNDARIO = '#4a5568';
const ENLACE = '#2b6cb0';
const CUERPO = `font-size:16px;line-height:1.5;color:${COLOR};`;

function bloqueHtml(b: Bloque): string {
  switch (b.tipo) {
    case 'parrafo':
      return `<p style="margin:0 0 16px 0;${CUERPO}">${escapar(b.texto)}</p>`;
    case 'cita':
      return (
        `<blockquote style="margin:0 0 16px 0;padding:8px 16px;border-left:4px solid ${ENLACE};` +
        `background:#f7fafc;${CUERPO}">${escapar(b.texto).replace(/\r?\n/g, '<br>')}</blockquote>`
      );
    case 'subtitulo':
      return `<h2 style="margin:24px 0 8px 0;font-size:18px;color:${COLOR};">${escapar(b.texto)}</h2>`;
    case 'lista':
      return (
        `<ul style="margin:0 0 16px 0;padding-left:24px;${CUERPO}">` +
        b.items.map((i) => `<li>${escapar(i)}</li>`).join('') +
        '</ul>'
      );
    case 'enlace':
      return (
        `<p style="margin:0 0 16px 0;${CUERPO}"><a href="${escapar(b.url)}" ` +
        `style="color:${ENLACE};font-weight:bold;">${escapar(b.texto)}</a><br>` +
        `<span style="font-size:14px;color:${SECUNDARIO};word-break:break-all;">${escapar(b.url)}</span></p>`
      );
  }
}

/** The HTML part: es-AR, the title as the one h1, the blocks, the signature. */
export function comoHtml(titulo: string, bloques: readonly Bloque[], firma: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="es-AR">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapar(titulo)}</title>`,
    '</head>',
    '<body style="margin:0;padding:0;background:#ffffff;">',
    '<div style="max-width:600px;margin:0 auto;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;">',
    `<h1 style="margin:0 0 16px 0;font-size:22px;color:${COLOR};">${escapar(titulo)}</h1>`,
    ...bloques.map(bloqueHtml),
    `<p style="margin:24px 0 0 0;font-size:14px;line-height:1.5;color:${SECUNDARIO};">${escapar(firma)}</p>`,
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function bloqueTexto(b: Bloque): string {
  switch (b.tipo) {
    case 'parrafo':
      return b.texto;
    case 'cita':
      return b.texto
        .split(/\r?\n/)
        .map((l) => `    ${l}`)
        .join('\n');
    case 'subtitulo':
      return `${b.texto}:`;
    case 'lista':
      return b.items.map((i) => `  - ${i}`).join('\n');
    case 'enlace':
      return `${b.texto}:\n${b.url}`;
  }
}

/** The plain-text part: the same blocks, one blank line apart (a heading sticks to what follows). */
export function comoTexto(titulo: string, bloques: readonly Bloque[], firma: string): string {
  let salida = `${titulo}\n\n`;
  bloques.forEach((b, i) => {
    salida += bloqueTexto(b);
    salida += b.tipo === 'subtitulo' || i === bloques.length - 1 ? '\n' : '\n\n';
  });
  return `${salida}\n-- \n${firma}\n`;
}
