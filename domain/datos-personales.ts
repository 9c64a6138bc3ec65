// Personal data under Ley 25.326 (producto §13): what the back-office, the API and the command
// `npm run datos-personales` share — the marker that replaces deleted values, the fields an
// administrador may rectify, the retention default and the shapes of the answers.
import { CAMPOS, enOrden, type CampoDe } from './campos.js';
import type { Estado } from './estados.js';

/** What a deleted personal field reads afterwards (in the database, the inbox, exports, receipts). */
export const MARCA_SUPRIMIDO = '[suprimido]';

/** Months a rechazada (or an observada past its deadline) keeps its personal data (RETENTION_MONTHS). */
export const RETENCION_MESES_PREDETERMINADA = 24;

/**
 * The DatosSocio fields an administrador may rectify, with the form's labels (producto §3), in the
 * dialog's order (domain/campos.ts). Each new value is checked by the form's own rules
 * (datosSocioSchema) applied to the whole record. Domicilio (localidad + calle), condicionIVA and
 * formaPago set several keys at once (domain/rectificacion.ts).
 */
export const CAMPOS_RECTIFICABLES = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ enOrden('rectificable').map((campo) => [campo, CAMPOS[campo].etiqueta]),
) as { readonly [K in CampoDe<'rectificable'>]: (typeof CAMPOS)[K]['etiqueta'] };
export type CampoRectificable = keyof typeof CAMPOS_RECTIFICABLES;
export const esCampoRectificable = (valor: unknown): valor is CampoRectificable =>
  typeof valor === 'string' && Object.hasOwn(CAMPOS_RECTIFICABLES, valor);

export const LARGO_MAXIMO_MOTIVO_DATOS = 2_000;

export const TEXTOS_DATOS_PERSONALES = {
  sinDatos: 'No hay datos personales de ese DNI.',
  dniInvalido: `Ingresá un DNI de ${CAMPOS.dni.corto} u ${CAMPOS.dni.largo} dígitos, sin puntos.`,
  confirmacionDistinta: 'Para confirmar, escribí el mismo DNI.',
  motivoRequerido: 'Indicá el motivo del pedido.',
  yaSuprimida: 'Los datos personales de esta solicitud ya fueron suprimidos.',
  sinCambio: 'El valor nuevo es igual al actual.',
  campoInvalido: 'Ese dato no se puede rectificar.',
} as const;

/**
 * The `valor` of the fields that set several record keys at once, sent as JSON text: the server
 * takes the names (locality, street spelling, condition) from its catalogues.
 */
export interface ValorDomicilio {
  codigoLocalidad: number;
  nombreCalle: string;
}
export interface ValorCondicionIVA {
  codigoCondicionIVA: number;
}
export interface ValorFormaPago {
  formaPago: string;
  tipoTarjetaCredito: string | null;
  nroCajaAhorro: string | null;
}

/** PUT /api/gestion/solicitudes/:numero/datos — one field, its new value and why. */
export interface PedidoRectificacion {
  campo: CampoRectificable;
  /**
   * As the form would submit it (text; '' clears an optional field); for domicilio, condicionIVA
   * and formaPago, JSON of ValorDomicilio, ValorCondicionIVA or ValorFormaPago.
   */
  valor: string;
  motivo: string;
}
export interface RectificacionHecha {
  campo: CampoRectificable;
  anterior: string | null;
  nuevo: string | null;
}

/**
 * The historial row a deletion leaves (`campo`; `motivo` the request's reason, no values): the
 * detail page reads it as "Datos personales suprimidos".
 */
export const CAMPO_SUPRESION = 'datos_personales';

/**
 * POST /api/gestion/datos-personales/consulta. The DNI travels in bodies, never in a URL, where a
 * proxy's access log or the browser's history would keep it.
 */
export interface PedidoConsulta {
  dni: string;
}

/** One application in ResumenPersona: what deleting would remove. */
export interface SolicitudDePersona {
  numero: string;
  creadaEn: string;
  estado: Estado;
  /** Documents held (in the store), their bytes in all. */
  documentos: number;
  bytes: number;
  notas: number;
  /** Outbox messages (sent or not) about it, and their .eml copies. */
  correos: number;
}
/**
 * The answer of POST /api/gestion/datos-personales/consulta: what is held about one DNI (404 when
 * nothing, deleted applications excluded). Its access export is
 * GET /api/gestion/datos-personales/:numero/exportacion with any of these numbers: a ZIP of every
 * application with that application's DNI.
 */
export interface ResumenPersona {
  dni: string;
  apellidoynombre: string;
  solicitudes: SolicitudDePersona[];
}

/** POST /api/gestion/datos-personales/supresion — the DNI, typed again, and the request's reason. */
export interface PedidoSupresion {
  dni: string;
  confirmacion: string;
  motivo: string;
}
export interface SupresionHecha {
  /** The application numbers whose personal data were deleted. */
  solicitudes: string[];
  documentos: number;
}
