// The application of producto §7, written once: the OpenAPI document shows it as the body of
// solicitud/crear, the tests check what the form and the chart build against it, and the bench
// and torture scripts send variations of it. Functions, so every caller gets its own copy to
// change.
import type { DatosSocio, Equipo, Solicitud } from '../../../domain/index.js';

/** Step 1 of a physician of the demo padrón (DNI 30111222, matrícula 12345), as sent. */
export const ejemploDatosSocio = (): DatosSocio => ({
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
});

/** One equipment card, as sent. */
export const ejemploEquipo = (): Equipo => ({
  tipoAparato: { codigotipoaparato: 1, nombretipoaparato: 'ECOGRAFO' },
  marca: 'Mindray',
  modelo: 'DC-40',
  anioFabricacion: 2019,
  origen: 'China',
  observaciones: null,
});

/** The whole body of solicitud/crear of producto §7. */
export const ejemploSolicitud = (): Solicitud => ({
  datosSocio: ejemploDatosSocio(),
  adjuntos: [{ nombre: 'DniAnverso.jpg' }, { nombre: 'TituloMedico.pdf' }],
  equipos: [ejemploEquipo()],
  terminosAceptados: true,
});
