// A complete, valid application for the demo pair 30111222 / 12345, and the eight required
// documents as real files of different types.
import { DOCUMENTOS_REQUERIDOS } from '../../../domain/index.js';
import { ejemploSolicitud } from '../../../server/solicitud/rutas/ejemplo.js';
import * as archivos from './archivos.js';
import type { Navegador, Parte } from './cliente.js';

const CONTENIDOS: Record<string, () => Buffer> = {
  DniAnverso: archivos.jpeg,
  DniReverso: archivos.png,
  HabilitacionConsultorioExtension: archivos.pdf,
  ResolucionEspecialidad: archivos.docx,
  PolizaMalaPraxis: archivos.pdf,
  TituloMedico: () => archivos.doc(),
  ReciboOCarnetArteDeCurar: archivos.heic,
  ConstanciaInscripcionAFIP: archivos.gif,
};

export const EXTENSIONES_ESPERADAS: Record<string, string> = {
  DniAnverso: 'jpg',
  DniReverso: 'png',
  HabilitacionConsultorioExtension: 'pdf',
  ResolucionEspecialidad: 'docx',
  PolizaMalaPraxis: 'pdf',
  TituloMedico: 'doc',
  ReciboOCarnetArteDeCurar: 'heic',
  ConstanciaInscripcionAFIP: 'gif',
};

/** The parts the SPA would send: `<key>.<original extension>`, which must agree with the content. */
export const partesRequeridas = (): Parte[] =>
  DOCUMENTOS_REQUERIDOS.map((clave) => ({
    nombre: `${clave}.${EXTENSIONES_ESPERADAS[clave]}`,
    contenido: CONTENIDOS[clave]!(),
  }));

/** The body of producto §7 naming `adjuntos`, with `datos` changed in its datosSocio. */
export function cuerpoSolicitud(adjuntos: { nombre: string }[], datos: Record<string, unknown> = {}) {
  const ejemplo = ejemploSolicitud();
  return { ...ejemplo, datosSocio: { ...ejemplo.datosSocio, ...datos }, adjuntos };
}

/** Opens the site, uploads the eight required documents and returns what the server answered. */
export async function subirRequeridos(nav: Navegador): Promise<{ nombre: string }[]> {
  await nav.abrir();
  const r = await nav.subir(partesRequeridas());
  if (r.statusCode !== 200) throw new Error(`La subida falló: ${r.statusCode} ${r.body}`);
  return r.json();
}
