// The wizard started from an approved application (producto §17). The server's answer becomes the
// enrolment chart's `input` (machines/enrolment.ts: the context's starting values) — step 1's
// values as the form holds them, the equipment cards, the copied documents as already on the
// server (uploaded, no file chosen in this browser), the padrón's answer for that pair — and the
// chart's own initial snapshot from that input is stored as the wizard's draft, in its envelope
// (machines/persistencia.ts). The /stepper route then restores it as any reloaded draft: the
// chart, its rules and its effects are the same; nothing here decides a step.
import { createActor } from 'xstate';
import { DOCUMENTOS } from '../../../domain/documentos.js';
import type { DatosSocio, Equipo } from '../../../domain/reglas.js';
import type { BorradorDeRecredencializacion } from '../../../domain/recredencializacion.js';
import {
  DATOS_VACIOS,
  datosValidos,
  enrolmentMachine,
  envolver,
  parDni,
  type Documentos,
  type EnrolmentContext,
  type EquipoBorrador,
  type FormDatosSocio,
} from '../../../machines/index.js';
import type { Almacenes } from '../../estado/almacen.js';
import { CLAVE_BORRADOR, borrarTodo, cargarBorrador } from '../../estado/borrador.js';

/** The stored DatosSocio as step 1 holds it (texts typed, picks made). */
export function datosDelFormulario(datos: DatosSocio): FormDatosSocio {
  const texto = (valor: string | number | null | undefined) =>
    valor === null || valor === undefined ? '' : String(valor);
  return {
    ...DATOS_VACIOS,
    fechanac: texto(datos.fechanac),
    apellidoynombre: texto(datos.apellidoynombre),
    dni: texto(datos.dni),
    matricula: texto(datos.matricula),
    localidad: datos.localidad ?? null,
    textoLocalidad: datos.localidad?.nombreLocalidad ?? '',
    calle: datos.calle ?? null,
    textoCalle: datos.calle?.nombreCalle ?? '',
    altura: texto(datos.altura),
    piso: texto(datos.piso),
    dpto: texto(datos.dpto),
    otro: texto(datos.otro),
    email: texto(datos.email),
    codArea: texto(datos.codArea),
    telefono: texto(datos.telefono),
    condicionIVA: datos.condicionIVA ?? null,
    formaPago: texto(datos.formaPago),
    tipoTarjetaCredito: datos.tipoTarjetaCredito ?? null,
    nroCajaAhorro: texto(datos.nroCajaAhorro),
    cobranzaHonorarios: texto(datos.cobranzaHonorarios),
  };
}

/** The equipment as step 3's cards. */
export function equiposDelFormulario(equipos: readonly Equipo[]): EquipoBorrador[] {
  return equipos.map((e, i) => ({
    id: i + 1,
    valores: {
      tipoAparato: e.tipoAparato,
      textoTipoAparato: e.tipoAparato?.nombretipoaparato ?? '',
      marca: e.marca,
      modelo: e.modelo,
      anioFabricacion: String(e.anioFabricacion),
      origen: e.origen,
      observaciones: e.observaciones ?? '',
    },
  }));
}

/** The chart's input: what the approved application gives the new one to start from. */
export function entradaDelAsistente(b: BorradorDeRecredencializacion): Partial<EnrolmentContext> {
  const datos = datosDelFormulario(b.datosSocio);
  const documentos: Documentos = {};
  for (const { clave, nombre } of b.adjuntos) {
    if (!DOCUMENTOS.some((d) => d.key === clave)) continue;
    // On the server already, chosen in no browser: the row shows the server's name, SUBIR replaces it.
    documentos[clave] = { archivo: null, subido: { nombre, archivoId: `recredencializacion-${clave}` } };
  }
  const equipos = equiposDelFormulario(b.equipos);
  return {
    datos,
    datosValidos: datosValidos(datos),
    // The padrón asked now by the server for this pair: a pair changed in step 1 is asked again.
    comprobacion: { ...parDni(datos), estado: b.enPadron ? 'valido' : 'invalido' },
    documentos,
    adjuntos: b.adjuntos.map(({ nombre }) => ({ nombre })),
    equipos,
    siguienteIdEquipo: equipos.length + 1,
  };
}

/** Where the browser remembers which link its draft came from (cleared with the draft on sending). */
const CLAVE_ENLACE = 'recredencializacion';

/**
 * Makes the wizard's draft in this browser the link's: the pre-filled chart, unless the browser
 * already holds this link's draft and the server kept its draft too (`reanudado`) — then what
 * was typed since is kept. Anything else the browser held (another form, its files) is dropped,
 * as the server's draft cookie now names the link's draft.
 */
export async function prepararAsistente(
  almacenes: Almacenes,
  token: string,
  borrador: BorradorDeRecredencializacion,
): Promise<void> {
  if (borrador.reanudado) {
    const enlace = await almacenes.encolar(() => almacenes.borrador.getItem<string>(CLAVE_ENLACE));
    if (enlace === token && (await cargarBorrador(almacenes)) !== null) return;
  }
  const snapshot = createActor(enrolmentMachine, {
    input: entradaDelAsistente(borrador),
  }).getPersistedSnapshot();
  await borrarTodo(almacenes);
  await almacenes.encolar(async () => {
    await almacenes.borrador.setItem(CLAVE_BORRADOR, envolver(snapshot));
    await almacenes.borrador.setItem(CLAVE_ENLACE, token);
  });
}
