// Renders views inside a real enrolment actor whose I/O goes to fakes: the API answers from
// small fixtures, storage is in memory, navigation and snackbars are recorded.
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { DATOS_VACIOS, type FormDatosSocio } from '../../machines/index.js';
import type { Calle, CondicionIva, Localidad, TipoAparato } from '../../domain/index.js';
import { almacenesEnMemoria } from './almacenes.js';
import type { Api, Dependencias } from '../../src/estado/implementaciones.js';
import { Enrolment } from '../../src/estado/enrolment-actor.js';
import { ProveedorEnrolment } from '../../src/estado/ProveedorEnrolment.js';
import { renderizar } from './render.js';

export const LOCALIDADES: Localidad[] = [
  { codigoLocalidad: 1, nombreLocalidad: 'Rosario' },
  { codigoLocalidad: 2, nombreLocalidad: 'Acebal' },
  { codigoLocalidad: 3, nombreLocalidad: 'Álvarez' },
];
export const CALLES_ROSARIO: Calle[] = [{ nombreCalle: 'Bv. Oroño' }, { nombreCalle: 'Córdoba' }, { nombreCalle: 'Corrientes' }];
const CONDICIONES: CondicionIva[] = [
  { codigoCondicionIVA: 1, nombreCondicionIVA: 'IVA Responsable Inscripto' },
  { codigoCondicionIVA: 6, nombreCondicionIVA: 'Responsable Monotributo' },
];
const APARATOS: TipoAparato[] = [{ codigotipoaparato: 1, nombretipoaparato: 'ECOGRAFO' }];

/** A valid step 1 with the demo padrón pair. */
export const DATOS_COMPLETOS: FormDatosSocio = {
  ...DATOS_VACIOS,
  fechanac: '1980-03-15',
  apellidoynombre: 'Pérez, Juan Carlos',
  dni: '30111222',
  matricula: '12345',
  localidad: LOCALIDADES[0]!,
  textoLocalidad: 'Rosario',
  calle: CALLES_ROSARIO[0]!,
  textoCalle: 'Bv. Oroño',
  altura: '1234',
  email: 'jperez@example.com',
  codArea: '341',
  telefono: '4123456',
  condicionIVA: CONDICIONES[1]!,
  formaPago: 'CTMPROF',
  cobranzaHonorarios: 'TRANSFERENCIA',
};

/** The demo padrón pair of producto §10. */
export const PAR_VALIDO = { dni: '30111222', matricula: '12345' };

export function apiFalsa(cambios: Partial<Api> = {}): Api {
  return {
    obtenerLocalidades: vi.fn(async () => LOCALIDADES),
    obtenerCondicionesIva: vi.fn(async () => CONDICIONES),
    obtenerAparatos: vi.fn(async () => APARATOS),
    obtenerCalles: vi.fn(async (codigo: number) => (codigo === 1 ? CALLES_ROSARIO : [])),
    comprobarDniMatricula: vi.fn(async (dni: string, matricula: string) => dni === PAR_VALIDO.dni && matricula === PAR_VALIDO.matricula),
    adjuntarArchivos: vi.fn(async () => []),
    crearSolicitud: vi.fn(async () => ({ numeroSolicitud: 'ABC123', creadaEn: '2026-11-22T12:00:00Z' })),
    mensajeDelServidor: () => undefined,
    ...cambios,
  };
}

export function dependenciasFalsas(cambios: Partial<Dependencias> = {}): Dependencias {
  return {
    api: apiFalsa(),
    almacenes: almacenesEnMemoria(),
    navegar: vi.fn(),
    mostrarSnackbar: vi.fn(),
    recordarSolicitud: vi.fn(),
    pausaMs: 10,
    ...cambios,
  };
}

export function renderizarConActor(ui: ReactElement, opciones: { dependencias?: Dependencias; snapshot?: unknown } = {}) {
  const dependencias = opciones.dependencias ?? dependenciasFalsas();
  const resultado = renderizar(
    <ProveedorEnrolment dependencias={dependencias} snapshot={opciones.snapshot ?? null}>
      {ui}
    </ProveedorEnrolment>,
  );
  return { ...resultado, dependencias };
}

/** Gives the test the running actor, to read its snapshot. */
export function EspiaActor({ en }: { en: { actor?: ReturnType<typeof Enrolment.useActorRef> } }) {
  en.actor = Enrolment.useActorRef();
  return null;
}
