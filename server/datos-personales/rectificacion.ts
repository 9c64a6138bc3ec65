// Rectification of one field of a sent application by an administrador (producto §13, Ley 25.326
// art. 16). The new value passes the form's rules on the whole record (domain/rectificacion.ts)
// and, for DNI and matrícula, the padrón as when sending; Domicilio and Condición ante el IVA, the
// catalogues as when sending (referencias-socio.ts). The record, the columns that copy its
// fields (the inbox, the search key, the receipt and the status lookup read those), the history row
// with the old and new value and the audit row without them are one transaction. The update is
// conditional on the record read, so two rectifications at once never lose one another's change.
import {
  LARGO_MAXIMO_MOTIVO_DATOS,
  MENSAJES,
  TEXTOS_DATOS_PERSONALES,
  esCampoRectificable,
  type DatosSocio,
  type PedidoRectificacion,
  type RectificacionHecha,
} from '../../domain/index.js';
import {
  MENSAJES_RECTIFICACION,
  esCampoCompuesto,
  leerValorCompuesto,
  rectificarDatos,
  type CambiosCompuestos,
  type CampoCompuesto,
} from '../../domain/rectificacion.js';
import type { Db } from '../db/esquema.js';
import { CODIGOS, ErrorDeDominio, MENSAJES_HTTP } from '../errores.js';
import { asentar } from '../ciclo-de-vida/asentar.js';
import { claveDeBusqueda } from '../gestion/busqueda.js';
import { datosSuprimidos, solicitudInexistente } from '../gestion/expediente.js';
import { problemaDeTexto } from '../gestion/movimientos.js';
import { CIRCUNSCRIPCION_ROSARIO, estaEnPadron } from '../solicitud/padron.js';
import { comprobarDomicilio, condicionIvaDe } from '../solicitud/referencias-socio.js';
import type { LectorCatalogos } from '../catalogos/referencias.js';
import type { SesionActiva } from '../personal/sesiones.js';
import type { TipoCorreo } from '../correo/salida.js';

const MENSAJES_RECTIFICAR = {
  cambioSimultaneo: 'La solicitud cambió mientras la rectificabas. Recargá la página e intentá nuevamente.',
} as const;

/** The outbox's messages to the applicant (the others go to the staff address). */
const AL_SOLICITANTE: readonly TipoCorreo[] = [
  'enviada',
  'observada',
  'aprobada',
  'rechazada',
  'recordatorio',
  'confirmacion',
  'recordatorio_confirmacion',
];

/** Times the read-check-write is tried again when another change lands in between. */
const INTENTOS = 3;

const invalido = (campos: Record<string, string>) =>
  new ErrorDeDominio('invalido', CODIGOS.VALIDACION, MENSAJES_HTTP.validacion, campos);

/**
 * A compound field's JSON value as record changes, its names from the catalogues by the same rules
 * as sending; or why not (for fields[campo]). Also the provider's own changes (producto §17).
 */
export async function cambiosDe(
  catalogos: LectorCatalogos,
  campo: CampoCompuesto,
  valor: string,
): Promise<{ cambios: CambiosCompuestos } | { mensaje: string }> {
  const malformado = { mensaje: MENSAJES_RECTIFICACION.valorMalformado };
  if (campo === 'domicilio') {
    const leido = leerValorCompuesto(campo, valor);
    if (!leido) return malformado;
    const { localidad, calle, errores } = await comprobarDomicilio(
      catalogos,
      leido.codigoLocalidad,
      leido.nombreCalle,
    );
    const mensaje = errores.localidad ?? errores.calle;
    return mensaje || !localidad
      ? { mensaje: mensaje ?? MENSAJES.localidadDeLista }
      : { cambios: { localidad, calle } };
  }
  if (campo === 'condicionIVA') {
    const leido = leerValorCompuesto(campo, valor);
    if (!leido) return malformado;
    const condicionIVA = await condicionIvaDe(catalogos, leido.codigoCondicionIVA);
    return condicionIVA ? { cambios: { condicionIVA } } : { mensaje: MENSAJES.opcionInvalida };
  }
  const leido = leerValorCompuesto(campo, valor);
  return leido ? { cambios: leido } : malformado;
}

/** The record and the columns that copy its fields (the inbox, the search key, the receipt). */
export const columnasDelRegistro = (numero: string, datos: DatosSocio) => ({
  datos_socio: JSON.stringify(datos),
  dni: datos.dni,
  matricula: datos.matricula,
  apellidoynombre: datos.apellidoynombre,
  email: datos.email,
  busqueda: claveDeBusqueda({ numero, ...datos }),
});

/** A message to the applicant still waiting goes to the new address, not to the one replaced. */
export async function redirigirCorreos(
  trx: Db,
  solicitudId: string,
  anterior: string,
  nuevo: string,
): Promise<void> {
  await trx
    .updateTable('correos')
    .set({ para: nuevo })
    .where('solicitud_id', '=', solicitudId)
    .where('estado', '=', 'pendiente')
    .where('para', '=', anterior)
    .where('tipo', 'in', AL_SOLICITANTE)
    .execute();
}

export interface QuienRectifica {
  sesion: SesionActiva;
  ip: string;
}

export async function rectificar(
  db: Db,
  catalogos: LectorCatalogos,
  numero: string,
  pedido: PedidoRectificacion,
  { sesion, ip }: QuienRectifica,
  ahora: Date = new Date(),
): Promise<RectificacionHecha> {
  const { campo, valor } = pedido;
  if (!esCampoRectificable(campo)) throw invalido({ campo: TEXTOS_DATOS_PERSONALES.campoInvalido });
  const motivo = pedido.motivo.trim();
  const problemaMotivo = problemaDeTexto(
    motivo,
    LARGO_MAXIMO_MOTIVO_DATOS,
    TEXTOS_DATOS_PERSONALES.motivoRequerido,
  );

  for (let intento = 0; intento < INTENTOS; intento++) {
    const fila = await db
      .selectFrom('solicitudes')
      .select(['id', 'estado', 'datos_socio', 'suprimida_en'])
      .where('numero', '=', numero)
      .executeTakeFirst();
    if (!fila) throw solicitudInexistente();
    if (fila.suprimida_en) throw datosSuprimidos();

    const guardados = JSON.parse(fila.datos_socio) as DatosSocio;
    let nuevo: string | CambiosCompuestos = valor;
    if (esCampoCompuesto(campo)) {
      const leido = await cambiosDe(catalogos, campo, valor);
      if ('mensaje' in leido) {
        throw invalido(
          problemaMotivo ? { [campo]: leido.mensaje, motivo: problemaMotivo } : { [campo]: leido.mensaje },
        );
      }
      nuevo = leido.cambios;
    }
    const resultado = await rectificarDatos(guardados, campo, nuevo);
    const campos: Record<string, string> = {};
    if (!resultado.ok) campos[campo] = resultado.mensaje;
    if (problemaMotivo) campos.motivo = problemaMotivo;
    if (!resultado.ok || Object.keys(campos).length > 0) throw invalido(campos);

    const datos = resultado.datos;
    if (
      (campo === 'dni' || campo === 'matricula') &&
      !(await estaEnPadron(db, datos.dni, datos.matricula, CIRCUNSCRIPCION_ROSARIO))
    ) {
      throw invalido({ [campo]: MENSAJES.dniMatricula });
    }

    const hecha = await db.transaction().execute(async (trx) => {
      const cambio = await trx
        .updateTable('solicitudes')
        .set(columnasDelRegistro(numero, datos))
        .where('id', '=', fila.id)
        .where('datos_socio', '=', fila.datos_socio)
        .where('estado', '=', fila.estado)
        .where('suprimida_en', 'is', null)
        .executeTakeFirst();
      if (Number(cambio.numUpdatedRows) !== 1) return null;
      if (campo === 'email') await redirigirCorreos(trx, fila.id, guardados.email, datos.email);
      // An event of the record that is not a status change, written by its one writer.
      await asentar(trx, {
        solicitudId: fila.id,
        asiento: {
          tipo: 'dato',
          estado: fila.estado,
          campo,
          anterior: resultado.anterior,
          nuevo: resultado.nuevo,
          motivo,
        },
        personalId: sesion.personalId,
        auditoria: {
          usuario: sesion.usuario,
          ip,
          accion: 'rectificar_dato',
          objeto: numero,
          detalle: { campo },
        },
        ahora,
      });
      return { campo, anterior: resultado.anterior, nuevo: resultado.nuevo };
    });
    if (hecha) return hecha;
  }
  throw new ErrorDeDominio('conflicto', CODIGOS.CONFLICTO, MENSAJES_RECTIFICAR.cambioSimultaneo);
}
