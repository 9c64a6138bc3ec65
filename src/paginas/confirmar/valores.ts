// The change form's values (producto §17) and what they become: the request the server takes (a
// rectification's `valor` per field: text, or JSON for Domicilio, Condición ante el IVA and Forma
// de pago) and the changes the shared rule judges first (domain/actualizacion-de-datos.ts — the
// same the server runs again), so a message shows before anything is sent.
import { actualizarDatos, type ValorActualizado } from '../../../domain/actualizacion-de-datos.js';
import {
  TEXTOS_CONFIRMACION,
  type CampoActualizable,
  type ConfirmacionPendiente,
  type PedidoCambios,
} from '../../../domain/confirmacion.js';
import type { ValorDomicilio, ValorFormaPago } from '../../../domain/datos-personales.js';
import { MENSAJES, type CondicionIva, type DocumentoKey, type Localidad } from '../../../domain/index.js';
import { esCampoCompuesto } from '../../../domain/rectificacion.js';

/** What the form holds: the chosen fields and documents, and every control's text. */
export interface ValoresCambios {
  elegidos: CampoActualizable[];
  documentos: DocumentoKey[];
  /** By field (the simple ones) and by part of a compound one (PARTES). */
  texto: Record<string, string>;
}

/** The controls of Domicilio, Condición ante el IVA and Forma de pago. */
export type Parte =
  | 'codigoLocalidad'
  | 'textoCalle'
  | 'codigoCondicionIVA'
  | 'formaPago'
  | 'tipoTarjetaCredito'
  | 'nroCajaAhorro';

/** The messages of the form, flat: by field, by document key, and `general`. */
export type Errores = Record<string, string>;

export interface Catalogos {
  localidades: readonly Localidad[] | undefined;
  condiciones: readonly CondicionIva[] | undefined;
}

const leer = <T>(json: string): Partial<T> => {
  try {
    return JSON.parse(json) as Partial<T>;
  } catch {
    return {};
  }
};

/** Every control starts at the field's current value. */
export function valoresIniciales(p: ConfirmacionPendiente): ValoresCambios {
  const texto: Record<string, string> = {};
  for (const { campo, valor } of p.campos) {
    if (campo === 'domicilio') {
      const d = leer<ValorDomicilio>(valor);
      texto.codigoLocalidad = d.codigoLocalidad === undefined ? '' : String(d.codigoLocalidad);
      texto.textoCalle = d.nombreCalle ?? '';
    } else if (campo === 'condicionIVA') {
      const c = leer<{ codigoCondicionIVA: number }>(valor);
      texto.codigoCondicionIVA = c.codigoCondicionIVA === undefined ? '' : String(c.codigoCondicionIVA);
    } else if (campo === 'formaPago') {
      const f = leer<ValorFormaPago>(valor);
      texto.formaPago = f.formaPago ?? '';
      texto.tipoTarjetaCredito ??= f.tipoTarjetaCredito ?? '';
      texto.nroCajaAhorro ??= f.nroCajaAhorro ?? '';
    } else {
      texto[campo] = valor;
    }
  }
  return { elegidos: [], documentos: [], texto };
}

/** The Forma de pago's own fields: chosen with it, Forma de pago sets them. */
export const SE_ELIGEN_CON_FORMA_DE_PAGO: readonly CampoActualizable[] = [
  'tipoTarjetaCredito',
  'nroCajaAhorro',
];

/** A compound field's request value and its record changes, or its message. */
function compuesto(
  campo: 'domicilio' | 'condicionIVA' | 'formaPago',
  t: Record<string, string>,
  catalogos: Catalogos,
): { valor: string; cambio: ValorActualizado } | { mensaje: string } {
  if (campo === 'domicilio') {
    const localidad = catalogos.localidades?.find((l) => String(l.codigoLocalidad) === t.codigoLocalidad);
    if (!localidad) return { mensaje: MENSAJES.localidadDeLista };
    const nombreCalle = t.textoCalle ?? '';
    const valor: ValorDomicilio = { codigoLocalidad: localidad.codigoLocalidad, nombreCalle };
    return { valor: JSON.stringify(valor), cambio: { localidad, calle: { nombreCalle } } };
  }
  if (campo === 'condicionIVA') {
    const condicionIVA = catalogos.condiciones?.find(
      (c) => String(c.codigoCondicionIVA) === t.codigoCondicionIVA,
    );
    if (!condicionIVA) return { mensaje: MENSAJES.opcionInvalida };
    return {
      valor: JSON.stringify({ codigoCondicionIVA: condicionIVA.codigoCondicionIVA }),
      cambio: { condicionIVA },
    };
  }
  const forma = t.formaPago ?? '';
  const valor: ValorFormaPago = {
    formaPago: forma,
    tipoTarjetaCredito: forma === 'TARJETACREDITO' && t.tipoTarjetaCredito ? t.tipoTarjetaCredito : null,
    nroCajaAhorro: forma === 'CAJAAHORRO' && t.nroCajaAhorro ? t.nroCajaAhorro : null,
  };
  return { valor: JSON.stringify(valor), cambio: valor };
}

/**
 * The request, or the messages by field when the shared rule refuses a value, nothing is chosen or
 * a chosen document has no file yet.
 */
export async function pedidoDe(
  v: ValoresCambios,
  pendiente: ConfirmacionPendiente,
  catalogos: Catalogos,
): Promise<{ pedido: PedidoCambios } | { errores: Errores }> {
  const errores: Errores = {};
  if (v.elegidos.length === 0 && v.documentos.length === 0) errores.general = TEXTOS_CONFIRMACION.nadaElegido;
  for (const clave of v.documentos) {
    const d = pendiente.documentos.find((x) => x.clave === clave);
    if (d && !d.reemplazo) errores[clave] = TEXTOS_CONFIRMACION.faltaArchivo(d.etiqueta);
  }
  const campos: PedidoCambios['campos'] = {};
  const cambios: Partial<Record<CampoActualizable, ValorActualizado>> = {};
  for (const campo of v.elegidos) {
    if (esCampoCompuesto(campo)) {
      const r = compuesto(campo, v.texto, catalogos);
      if ('mensaje' in r) errores[campo] = r.mensaje;
      else {
        campos[campo] = r.valor;
        cambios[campo] = r.cambio;
      }
    } else {
      campos[campo] = v.texto[campo] ?? '';
      cambios[campo] = v.texto[campo] ?? '';
    }
  }
  const juicio = await actualizarDatos(pendiente.registro, cambios);
  if (!juicio.ok) Object.assign(errores, juicio.errores);
  return Object.keys(errores).length > 0
    ? { errores }
    : { pedido: { campos, documentos: [...v.documentos] } };
}
