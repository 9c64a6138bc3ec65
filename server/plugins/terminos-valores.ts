// The terms page (public/terminos.html, producto §13) states the retention periods and the
// association's contact as configured. The file carries each value between markers
// <!--config:NAME-->default<!--/config:NAME--> whose default reads correctly by itself (the
// development server serves the file as is); at start-up the server replaces each marked span once,
// every value HTML-escaped.
import type { Config, Contacto } from '../config/index.js';
import { escapar } from '../correo/bloques.js';

export const MARCAS_TERMINOS = ['horas-borrador', 'meses-retencion', 'contacto'] as const;
export type MarcaTerminos = (typeof MARCAS_TERMINOS)[number];

const MARCADO = /<!--config:([a-z-]+)-->[\s\S]*?<!--\/config:\1-->/g;

const numero = new Intl.NumberFormat('es-AR');
const cantidad = (n: number, uno: string, varios: string) => `${numero.format(n)} ${n === 1 ? uno : varios}`;

/** As the client's tel: links (src/api/contacto.ts): digits, and the leading + if written. */
const enlaceTelefono = (telefono: string) =>
  `tel:${telefono.startsWith('+') ? '+' : ''}${telefono.replace(/\D/g, '')}`;
/** Each side of the @ percent-encoded: a ? or # in the address cannot become a mailto: header. */
const enlaceCorreo = (email: string) => `mailto:${email.split('@').map(encodeURIComponent).join('@')}`;

function htmlDeContacto(contacto: Contacto | null): string | null {
  if (!contacto) return null;
  const lineas = [
    contacto.telefono
      ? `<li>Teléfono: <a href="${escapar(enlaceTelefono(contacto.telefono))}">${escapar(contacto.telefono)}</a></li>`
      : null,
    contacto.email
      ? `<li>Correo electrónico: <a href="${escapar(enlaceCorreo(contacto.email))}">${escapar(contacto.email)}</a></li>`
      : null,
    contacto.direccion ? `<li>Dirección: ${escapar(contacto.direccion)}</li>` : null,
  ].filter((l): l is string => l !== null);
  return (
    '<p>Entregala en la mesa de entradas de la Asociación Médica de Rosario o enviala escaneada, desde el ' +
    'email que declaraste en la solicitud, a la Asociación. Sus datos de contacto:</p>' +
    `<ul class="contacto">${lineas.join('')}</ul>`
  );
}

/** The HTML of each marker from the configuration; null keeps the file's default. */
export function valoresDeTerminos(
  config: Pick<Config, 'draftMaxAgeHours' | 'retentionMonths' | 'contacto'>,
): Record<MarcaTerminos, string | null> {
  return {
    'horas-borrador': escapar(cantidad(config.draftMaxAgeHours, 'hora', 'horas')),
    'meses-retencion': escapar(cantidad(config.retentionMonths, 'mes', 'meses')),
    contacto: htmlDeContacto(config.contacto),
  };
}

/**
 * The page with its marked spans filled in. A marker this code does not know is an error: the
 * file and the server would disagree about what the page says.
 */
export function rellenarTerminos(plantilla: string, valores: Record<MarcaTerminos, string | null>): string {
  return plantilla.replace(MARCADO, (original, nombre: string) => {
    if (!(MARCAS_TERMINOS as readonly string[]).includes(nombre))
      throw new Error(`terminos.html: marca desconocida config:${nombre}`);
    return valores[nombre as MarcaTerminos] ?? original;
  });
}
