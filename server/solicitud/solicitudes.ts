// Turning a validated body into a stored application. Everything the body points to is checked:
// the padrón in the database, the catalogues through their cache (catalogos/referencias.ts); the
// application's row with its first status and history row (ciclo-de-vida/asentar.ts), its
// e-mails, equipment and document links are written in one transaction; the draft can
// become one application only (a unique constraint), so a replay —
// or a concurrent duplicate — answers the stored application instead of making another.
import { randomUUID } from 'node:crypto';
import { DOCUMENTOS_REQUERIDOS, MENSAJES, VERSION_TERMINOS, type Solicitud } from '../../domain/index.js';
import { esViolacionDeClaveForanea, esViolacionDeUnicidad } from '../db/conexion.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio, MENSAJES_HTTP } from '../errores.js';
import type { Borrador } from './borradores.js';
import { asentar } from '../ciclo-de-vida/asentar.js';
import { claveDeBusqueda } from '../gestion/busqueda.js';
import { huella } from './canonico.js';
import { documentosDelBorrador, type DocumentoDelBorrador } from '../archivos/documentos.js';
import { nuevoNumeroSolicitud } from './numero.js';
import { lecturaAlLlegar } from '../lectura-tarea/cola.js';
import { CIRCUNSCRIPCION_ROSARIO, estaEnPadron } from './padron.js';
import { comprobarDomicilio, condicionIvaDe } from './referencias-socio.js';
import type { LectorCatalogos } from '../catalogos/referencias.js';
import { usarRecredencializacion } from '../recredencializacion/envio.js';

interface SolicitudCreada {
  numeroSolicitud: string;
  creadaEn: string;
}
export interface ResultadoCrear {
  estado: 200 | 201;
  cuerpo: SolicitudCreada;
}

type Referenciada = Awaited<ReturnType<typeof comprobarReferencias>>;

async function repeticion(db: Db, borradorId: string, firma: string): Promise<ResultadoCrear | null> {
  const fila = await db
    .selectFrom('solicitudes')
    .select(['numero', 'creada_en', 'huella'])
    .where('borrador_id', '=', borradorId)
    .executeTakeFirst();
  if (!fila) return null;
  if (fila.huella !== firma)
    throw new ErrorDeDominio('distinto', CODIGOS.SOLICITUD_DISTINTA, MENSAJES_HTTP.solicitudDistinta);
  return { estado: 200, cuerpo: { numeroSolicitud: fila.numero, creadaEn: fila.creada_en } };
}

function adjuntosReferenciados(
  solicitud: Solicitud,
  documentos: DocumentoDelBorrador[],
  campos: Record<string, string>,
) {
  const porNombre = new Map(documentos.map((d) => [d.nombre, d]));
  const elegidos: DocumentoDelBorrador[] = [];
  for (const { nombre } of solicitud.adjuntos) {
    const documento = porNombre.get(nombre);
    if (!documento) {
      campos.adjuntos ??= MENSAJES_HTTP.adjuntoAjeno(nombre);
    } else if (elegidos.some((d) => d.clave === documento.clave)) {
      campos.adjuntos ??= MENSAJES_HTTP.documentoRepetido(documento.clave);
    } else {
      elegidos.push(documento);
    }
  }
  if (DOCUMENTOS_REQUERIDOS.some((clave) => !elegidos.some((d) => d.clave === clave))) {
    campos.adjuntos ??= MENSAJES.adjuntosFaltantes;
  }
  return elegidos;
}

async function comprobarReferencias(
  db: Db,
  catalogos: LectorCatalogos,
  solicitud: Solicitud,
  adjuntos: DocumentoDelBorrador[],
) {
  const campos: Record<string, string> = {};
  const socio = solicitud.datosSocio;

  const domicilio = await comprobarDomicilio(catalogos, socio.localidad.codigoLocalidad, socio.calle.nombreCalle);
  if (domicilio.errores.localidad) campos['datosSocio.localidad'] = domicilio.errores.localidad;
  if (domicilio.errores.calle) campos['datosSocio.calle'] = domicilio.errores.calle;

  const condicion = await condicionIvaDe(catalogos, socio.condicionIVA.codigoCondicionIVA);
  if (!condicion) campos['datosSocio.condicionIVA'] = MENSAJES.opcionInvalida;

  if (!(await estaEnPadron(db, socio.dni, socio.matricula, CIRCUNSCRIPCION_ROSARIO))) {
    campos['datosSocio.dni'] = MENSAJES.dniMatricula;
    campos['datosSocio.matricula'] = MENSAJES.dniMatricula;
  }

  const nombreDeTipo = solicitud.equipos.length ? await catalogos.tiposDeAparato() : new Map<number, string>();
  solicitud.equipos.forEach((e, i) => {
    if (!nombreDeTipo.has(e.tipoAparato.codigotipoaparato))
      campos[`equipos[${i}].tipoAparato`] = MENSAJES.opcionInvalida;
  });

  if (Object.keys(campos).length > 0) {
    throw new ErrorDeDominio('invalido', CODIGOS.VALIDACION, MENSAJES_HTTP.validacion, campos);
  }
  return {
    datosSocio: {
      ...socio,
      localidad: domicilio.localidad!,
      calle: domicilio.calle,
      condicionIVA: condicion!,
    },
    equipos: solicitud.equipos.map((e) => ({
      ...e,
      tipoAparato: {
        codigotipoaparato: e.tipoAparato.codigotipoaparato,
        nombretipoaparato: nombreDeTipo.get(e.tipoAparato.codigotipoaparato)!,
      },
    })),
    adjuntos,
  };
}

export async function insertar(
  db: Db,
  borradorId: string,
  firma: string,
  datos: Referenciada,
  /** The staff address of producto §11 (CORREO_PERSONAL), or null for no notice. */
  personal: string | null = null,
): Promise<ResultadoCrear> {
  const id = randomUUID();
  const creadaEn = new Date().toISOString();
  const numero = nuevoNumeroSolicitud();
  const socio = datos.datosSocio;
  await db
    .transaction()
    .execute(async (trx) => {
      // The application's row with its status, first history row and e-mails: the lifecycle
      // chart's initial state, written by the record's one writer.
      await asentar(trx, {
        solicitudId: id,
        asiento: {
          tipo: 'recepcion',
          solicitud: {
            numero,
            borrador_id: borradorId,
            huella: firma,
            creada_en: creadaEn,
            dni: socio.dni,
            matricula: socio.matricula,
            apellidoynombre: socio.apellidoynombre,
            email: socio.email,
            datos_socio: JSON.stringify(socio),
            terminos_version: VERSION_TERMINOS,
            terminos_aceptados_en: creadaEn,
            busqueda: claveDeBusqueda({ numero, ...socio }),
          },
          documentos: datos.adjuntos.map((d) => ({
            clave: d.clave,
            documentoId: d.id,
            bytes: d.bytes,
            sha256: d.sha256,
          })),
        },
        personalId: null,
        auditoria: null,
        personal,
        ahora: new Date(creadaEn),
      });
      if (datos.equipos.length > 0) {
        await trx
          .insertInto('equipos')
          .values(
            datos.equipos.map((e, orden) => ({
              id: randomUUID(),
              solicitud_id: id,
              orden,
              codigo_tipo_aparato: e.tipoAparato.codigotipoaparato,
              nombre_tipo_aparato: e.tipoAparato.nombretipoaparato,
              marca: e.marca,
              modelo: e.modelo,
              anio_fabricacion: e.anioFabricacion,
              origen: e.origen,
              observaciones: e.observaciones ?? null,
            })),
          )
          .execute();
      }
      // A document that takes an end date is queued for its automatic reading (producto §17).
      await trx
        .insertInto('solicitud_documentos')
        .values(
          datos.adjuntos.map((d) => ({
            solicitud_id: id,
            documento_id: d.id,
            nombre: d.nombre,
            ...lecturaAlLlegar(d.clave),
          })),
        )
        .execute();
      // A draft a re-credentialing link made uses the link (producto §17), or nothing is stored.
      await usarRecredencializacion(trx, borradorId, id, new Date(creadaEn));
    })
    .catch((error: unknown) => {
      // A document replaced (or swept) between crearSolicitud's read and this insert.
      if (esViolacionDeClaveForanea(error)) {
        throw new ErrorDeDominio('conflicto', CODIGOS.CONFLICTO, MENSAJES_HTTP.archivosCambiaron);
      }
      throw error;
    });
  return { estado: 201, cuerpo: { numeroSolicitud: numero, creadaEn } };
}

/**
 * `consultarPadron` spends one look-up of the client's padrón budget (or refuses): it runs only
 * once the request has its draft and every required document, so the route cannot be used to ask
 * the padrón without them.
 */
export async function crearSolicitud(
  db: Db,
  catalogos: LectorCatalogos,
  borrador: Borrador | null,
  solicitud: Solicitud,
  consultarPadron: () => Promise<void>,
  personal: string | null,
): Promise<ResultadoCrear> {
  if (!borrador) {
    throw new ErrorDeDominio('invalido', CODIGOS.VALIDACION, MENSAJES_HTTP.validacion, {
      adjuntos: MENSAJES.adjuntosFaltantes,
    });
  }
  const firma = huella(solicitud);
  if (borrador.enviado) {
    const anterior = await repeticion(db, borrador.id, firma);
    if (anterior) return anterior;
  }
  const campos: Record<string, string> = {};
  const adjuntos = adjuntosReferenciados(solicitud, await documentosDelBorrador(db, borrador.id), campos);
  if (campos.adjuntos) throw new ErrorDeDominio('invalido', CODIGOS.VALIDACION, MENSAJES_HTTP.validacion, campos);
  await consultarPadron();
  const datos = await comprobarReferencias(db, catalogos, solicitud, adjuntos);
  for (let intento = 0; intento < 5; intento++) {
    try {
      return await insertar(db, borrador.id, firma, datos, personal);
    } catch (error) {
      if (!esViolacionDeUnicidad(error)) throw error;
      // Either this draft was sent concurrently (answer that application) or the number collided.
      const anterior = await repeticion(db, borrador.id, firma);
      if (anterior) return anterior;
    }
  }
  throw new Error('No se pudo asignar un número de solicitud único');
}
