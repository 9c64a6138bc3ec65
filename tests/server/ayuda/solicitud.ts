// A complete, valid application for the demo pair 30111222 / 12345, and the eight required
// documents as real files of different types.
import { DOCUMENTOS_REQUERIDOS } from '../../../domain/index.js';
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

/** The parts the SPA would send: `<key>.<original extension>` (the extension is only a hint). */
export const partesRequeridas = (): Parte[] =>
  DOCUMENTOS_REQUERIDOS.map((clave) => ({ nombre: `${clave}.archivo`, contenido: CONTENIDOS[clave]!() }));

export function cuerpoSolicitud(adjuntos: { nombre: string }[], datos: Record<string, unknown> = {}) {
  return {
    datosSocio: {
      fechanac: '1980-03-15',
      apellidoynombre: 'Pérez, Juan Carlos',
      dni: '30111222',
      matricula: '12345',
      localidad: { codigoLocalidad: 1, nombreLocalidad: 'Rosario' },
      calle: { nombreCalle: 'Bv. Oroño' },
      altura: 1234,
      piso: '3',
      dpto: 'B',
      otro: null,
      email: 'jperez@example.com',
      codArea: '341',
      telefono: '4123456',
      condicionIVA: { codigoCondicionIVA: 6, nombreCondicionIVA: 'Responsable Monotributo' },
      formaPago: 'TARJETACREDITO',
      tipoTarjetaCredito: 'VISA',
      nroCajaAhorro: null,
      cobranzaHonorarios: 'TRANSFERENCIA',
      ...datos,
    },
    adjuntos,
    equipos: [
      {
        tipoAparato: { codigotipoaparato: 1, nombretipoaparato: 'ECOGRAFO' },
        marca: 'Mindray',
        modelo: 'DC-40',
        anioFabricacion: 2019,
        origen: 'China',
        observaciones: null,
      },
    ],
    terminosAceptados: true,
  };
}

/** Opens the site, uploads the eight required documents and returns what the server answered. */
export async function subirRequeridos(nav: Navegador): Promise<{ nombre: string }[]> {
  await nav.abrir();
  const r = await nav.subir(partesRequeridas());
  if (r.statusCode !== 200) throw new Error(`La subida falló: ${r.statusCode} ${r.body}`);
  return r.json();
}
