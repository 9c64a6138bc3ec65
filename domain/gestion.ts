// What the back-office's API and pages share: its texts (producto §9), the inbox's filters as
// they appear in the URL and the query string, and the shapes of its answers.
import type { DatosSocio, Equipo } from './reglas.js';
import { ESTADOS, type Estado } from './estados.js';
import type { Rol } from './personal.js';
import type { TipoAsignacion } from './ciclo-de-vida.js';
import type { CuentaNombrada } from './responsable.js';
import type { ControlDeDecision, Decision, PropuestaDetalle, TipoPropuesta } from './propuestas.js';
import type { DireccionOrden, OrdenBandeja } from './orden-bandeja.js';
import type { ParaHoy } from './para-hoy.js';
import type { VerificacionDetalle } from './verificacion-fuente.js';
import type { LecturaDocumento } from './lectura.js';
import { DIAS_VENCE_PRONTO } from './seguimiento.js';

export const TEXTOS_GESTION = {
  credencialesIncorrectas: 'Usuario o contraseña incorrectos.',
  demasiadosIntentos: 'Demasiados intentos. Probá de nuevo en 15 minutos.',
  codigoRequerido: 'Ingresá el código de 6 dígitos de tu aplicación de autenticación.',
  codigoIncorrecto: 'El código de verificación no es válido.',
  sinSesion: 'Tu sesión terminó. Ingresá de nuevo.',
  sinPermiso: 'Tu cuenta no tiene permiso para esta acción.',
  movimientoVencido:
    'La solicitud cambió de estado mientras la mirabas (otra persona la movió). Recargá la página para ver su estado actual.',
  motivoRequerido: 'Indicá el motivo.',
  documentosRequeridos: 'Elegí al menos un documento observado.',
  solicitudInexistente: 'No existe una solicitud con ese número.',
  documentoInexistente: 'La solicitud no tiene ese documento.',
  notaVacia: 'Escribí la nota.',
  sinVersionAnterior: 'Ese documento no reemplazó a otro.',
  sinDocumentos: 'La solicitud no tiene documentos.',
} as const;

/**
 * "DNI repetido" (producto §15): another application with the same DNI is open, or was sent within
 * this many days.
 */
export const DIAS_DNI_REPETIDO = 90;

export const TEXTOS_DNI_REPETIDO = {
  marca: 'DNI repetido',
  titulo: 'Otras solicitudes con este DNI',
} as const;

/** One of "Otras solicitudes con este DNI". */
export interface OtraConElMismoDni {
  numero: string;
  estado: Estado;
  creadaEn: string;
}

/** Rows per inbox page. */
export const FILAS_POR_PAGINA = 25;
/** The inbox counts matches up to this many; past it, it says "más de". */
export const CONTEO_MAXIMO = 10_000;
export const LARGO_MAXIMO_BUSQUEDA = 100;
export const LARGO_MAXIMO_MOTIVO = 2_000;
export const LARGO_MAXIMO_NOTA = 4_000;

export interface FiltroBandeja {
  /** Number, DNI, matrícula or part of the name; '' for all. */
  q: string;
  estado: Estado | '';
  /** 1-based. */
  pagina: number;
  /**
   * "Vence en 30 días" (producto §11): '30' keeps the applications with a document whose
   * "Vigencia hasta" is between today and 30 days from today (Argentine days). Absent or '': all.
   * The back-office now asks it as `hoy=vence30`; `vence=30` stays for the addresses saved before.
   */
  vence?: VenceFiltro;
  /** "Responsable" (producto §15): 'mias', 'ninguno' or an account's usuario. Absent or '': all. */
  responsable?: string;
  /** "Para hoy" (producto §15, domain/para-hoy.ts): one of its options. Absent or '': all. */
  hoy?: ParaHoy | '';
  /** "Con propuesta" (producto §15, four eyes): '1' keeps those with an open proposal. */
  propuesta?: '' | '1';
  /**
   * The column the inbox is sorted by and which way (producto §15, domain/orden-bandeja.ts);
   * absent: the default order (ordenDeLaBandeja).
   */
  orden?: OrdenBandeja;
  dir?: DireccionOrden;
}

/** The value of `?vence=` that turns the filter on (DIAS_VENCE_PRONTO). */
export const VENCE_PRONTO = `${DIAS_VENCE_PRONTO}` as const;
type VenceFiltro = '' | typeof VENCE_PRONTO;

export interface FilaBandeja {
  numero: string;
  creadaEn: string;
  apellidoynombre: string;
  dni: string;
  matricula: string;
  estado: Estado;
  /** Observada, and its newest correction link unused past its deadline ("Plazo vencido"). */
  plazoVencido: boolean;
  /** Who has it (producto §15); null: nobody. */
  responsable: CuentaNombrada | null;
  /** Another application with its DNI is open or recent ("DNI repetido", producto §15). */
  dniRepetido: boolean;
  /**
   * Its last change and since when it is in its status (ISO instants), and the working days from
   * each to now: "Último cambio" and "En este estado" (producto §15).
   */
  ultimoCambioEn: string;
  diasUltimoCambio: number;
  estadoDesde: string;
  diasEnEstado: number;
  /** Waiting on staff longer than PLAZO_REVISION_DIAS working days ("Demorada", producto §15). */
  demorada: boolean;
  /** Sent through a re-credentialing link: "Recredencialización" (producto §17). Absent: not. */
  recredencializacion?: true;
  /** Aprobada, its newest re-credentialing link unanswered past its last day (producto §17). Absent: not. */
  recredencializacionVencida?: true;
  /** Aprobada, its newest re-attestation link unanswered past its last day: "Sin confirmar" (producto §17). */
  sinConfirmar?: true;
}

export interface PaginaBandeja {
  filas: FilaBandeja[];
  pagina: number;
  porPagina: number;
  /** Matches, counted up to CONTEO_MAXIMO. */
  total: number;
  /** False when there are more than `total`. */
  totalExacto: boolean;
}

export interface CuentaPersonal {
  usuario: string;
  nombre: string;
  rol: Rol;
  segundoFactor: boolean;
}

export interface DocumentoDetalle {
  clave: string;
  label: string;
  /** The stored part name, e.g. "TituloMedico.pdf". */
  nombre: string;
  mime: string;
  bytes: number;
  sha256: string;
  /**
   * "Vigencia hasta" (YYYY-MM-DD) recorded by staff; null when not recorded. Only the documents
   * of DOCUMENTOS_CON_VIGENCIA (domain/seguimiento.ts) take one.
   */
  vigenteHasta: string | null;
  /**
   * The file this one replaced by a correction (producto §14): when, and the receipt version that
   * correction issued; "Ver versión anterior" opens it. Null (as the API sends it) or absent when
   * it replaced none.
   */
  reemplazo?: ReemplazoDeDocumento | null;
  /**
   * "Verificado en la fuente" (producto §17): the newest verification of this very file; null (as
   * the API sends it) or absent when it has none.
   */
  verificacion?: VerificacionDetalle | null;
  /**
   * The automatic reading of its end date (producto §17): pending, the proposal and its sentence,
   * none found, or not available; null (as the API sends it) or absent when it has none.
   */
  lectura?: LecturaDocumento | null;
}

export interface ReemplazoDeDocumento {
  /** ISO instant of the correction. */
  en: string;
  version: number;
}

/** PUT /api/gestion/solicitudes/:numero/documentos/:clave/vigencia — body and answer. */
export interface PedidoVigencia {
  /** YYYY-MM-DD, or null to clear it. */
  hasta: string | null;
}
export interface VigenciaRegistrada {
  clave: string;
  vigenteHasta: string | null;
}

export interface EntradaHistorial {
  desde: Estado | null;
  hacia: Estado;
  usuario: string | null;
  nombre: string | null;
  en: string;
  motivo: string | null;
  /** Document keys observed (a move to observada). */
  documentos: string[];
  /** A rectification (producto §13): `desde` = `hacia`, `motivo` why. Null on a status move. */
  cambio: { campo: string; anterior: string | null; nuevo: string | null } | null;
  /** A decision's row: it confirmed a proposal, or was taken with one administrador (producto §15). */
  control?: ControlDeDecision;
}

export interface Nota {
  id: string;
  texto: string;
  usuario: string;
  nombre: string;
  en: string;
}

export interface DetalleSolicitud {
  numero: string;
  creadaEn: string;
  estado: Estado;
  datosSocio: DatosSocio;
  documentos: DocumentoDetalle[];
  equipos: Equipo[];
  historial: EntradaHistorial[];
  notas: Nota[];
  /** Target statuses this account may move it to now (domain/ciclo-de-vida.ts); none once suprimida. */
  movimientos: Estado[];
  /** When its personal data were deleted (producto §13); null while they are held. */
  suprimidaEn: string | null;
  /** Who has it (producto §15); null: nobody. */
  responsable: CuentaNombrada | null;
  /** What this account may do about who has it now (the chart's Tomar, Asignar a…, Liberar). */
  asignaciones: TipoAsignacion[];
  /** "Otras solicitudes con este DNI" (producto §15), newest first; empty when none counts. */
  mismoDni: OtraConElMismoDni[];
  /** The open proposal (producto §15, four eyes); null: none. */
  propuesta: PropuestaDetalle | null;
  /** What this account may do about proposals now (the chart's Proponer, Confirmar, Descartar). */
  propuestas: TipoPropuesta[];
  /** The decisions that need another administrador's confirmation now (DOBLE_CONTROL). */
  dobleControl: Decision[];
  /**
   * The documents VERIFICACION_REQUERIDA names that it has and are not yet verified at the source
   * (producto §17): while any is left, approval is neither offered, proposed nor confirmed. The
   * API always sends it.
   */
  sinVerificar?: string[];
}

export interface PedidoMovimiento {
  /** The status the page showed: a different current status answers 409. */
  desde: Estado;
  hacia: Estado;
  motivo?: string;
  documentos?: string[];
}

export interface FilaAuditoria {
  n: number;
  en: string;
  usuario: string | null;
  ip: string;
  accion: string;
  objeto: string | null;
  /** A status move's from and to (mover_estado, correccion); null for any other row. */
  movimiento: { desde: Estado | null; hacia: Estado } | null;
}

export interface PaginaAuditoria {
  filas: FilaAuditoria[];
  pagina: number;
  porPagina: number;
  /** Matching rows, counted up to CONTEO_MAXIMO when filtered. */
  total: number;
  /** False when there are more than `total`. */
  totalExacto: boolean;
}

/** The audit page's filters (producto §15), as in the URL and the query string; '' for none. */
export interface FiltroAuditoria {
  usuario: string;
  /** An application number: the rows whose `objeto` is it. */
  numero: string;
  accion: AccionAuditoria | '';
  /** AAAA-MM-DD, Argentine days, both included. */
  desde: string;
  hasta: string;
}

export const FILTRO_AUDITORIA_VACIO: FiltroAuditoria = {
  usuario: '',
  numero: '',
  accion: '',
  desde: '',
  hasta: '',
};

/**
 * The actions only the applicant takes, with no account (producto §11, producto §14): their rows are
 * "Solicitante". Rows with no account from `npm run …` carry the address 'consola', the server's
 * own jobs 'sistema', and a failed sign-in with an unknown name the client's address.
 */
export const ACCIONES_DEL_SOLICITANTE: readonly AccionAuditoria[] = [
  'correccion',
  'reenvio_enlace',
  'confirmar_datos',
  'actualizar_datos',
];

/** A move as the audit page and its CSV say it: "de Observada a Corregida". */
export const textoDeMovimiento = (m: NonNullable<FilaAuditoria['movimiento']>): string =>
  `de ${m.desde ? ESTADOS[m.desde] : '—'} a ${ESTADOS[m.hacia]}`;

/** Who a row names in the Usuario column of the page and of its CSV. */
export function quienEnAuditoria(fila: Pick<FilaAuditoria, 'usuario' | 'ip' | 'accion'>): string {
  if (fila.usuario !== null) return fila.usuario;
  if (fila.ip === 'consola') return 'Consola';
  if (fila.ip === 'sistema') return 'Sistema';
  if ((ACCIONES_DEL_SOLICITANTE as readonly string[]).includes(fila.accion)) return 'Solicitante';
  return 'Desconocido';
}

/** The audit's actions and how the back-office names them. */
export const ACCIONES_AUDITORIA = {
  ingreso: 'Ingreso',
  ingreso_fallido: 'Ingreso fallido',
  ingreso_bloqueado: 'Ingreso bloqueado',
  salida: 'Salida',
  segundo_factor: 'Segundo factor activado',
  ver_solicitud: 'Vio la solicitud',
  ver_documento: 'Vio un documento',
  descargar_documento: 'Descargó un documento',
  /** "Descargar todo (ZIP)" (producto §15): one row, `detalle` the keys of the documents in it. */
  descargar_documentos: 'Descargó todos los documentos (ZIP)',
  /** The file a correction replaced (producto §14). */
  ver_version_anterior: 'Vio la versión anterior de un documento',
  mover_estado: 'Cambió el estado',
  /** Tomar, Asignar a… or Liberar (producto §15): `detalle` says which, from whom, to whom. */
  cambiar_responsable: 'Cambió el Responsable',
  /** Four eyes (producto §15): `detalle` the decision; a confirmation is a move, from and to. */
  proponer_decision: 'Propuso una decisión',
  confirmar_propuesta: 'Confirmó una propuesta',
  descartar_propuesta: 'Descartó una propuesta',
  nota: 'Agregó una nota',
  exportar: 'Exportó CSV',
  alta_personal: 'Alta de cuenta',
  baja_personal: 'Baja de cuenta',
  /** Accounts (producto §16): `objeto` the account; never a password, a token or a code. */
  reactivar_personal: 'Reactivó una cuenta',
  rol_personal: 'Cambió el rol de una cuenta',
  correo_personal: 'Cambió el correo de una cuenta',
  quitar_segundo_factor: 'Quitó el segundo factor',
  enlace_contrasena: 'Envió un enlace para elegir la contraseña',
  olvido_contrasena: 'Pidió restablecer la contraseña',
  /** `detalle.por`: 'enlace' (a link's) or 'cuenta' (Mi cuenta's "Cambiar contraseña"). */
  contrasena: 'Cambió la contraseña',
  codigos_recuperacion: 'Generó códigos de recuperación',
  codigo_recuperacion: 'Ingresó con un código de recuperación',
  resumen_diario: 'Cambió el resumen diario',
  /** The applicant sent a correction (producto §11): no account, `usuario` is null. */
  correccion: 'Recibió una corrección',
  /** The applicant asked /estado for a new correction link (producto §14): `usuario` is null. */
  reenvio_enlace: 'Reenvió el enlace de corrección',
  /** Re-attestation (producto §17): the system sent the year's link; `detalle.aniversario`. */
  abrir_confirmacion: 'Envió el enlace de confirmación anual',
  /** The provider answered "Mis datos siguen siendo correctos": `usuario` is null. */
  confirmar_datos: 'Confirmó sus datos',
  /** The provider sent changes ("Necesito cambiar algo"), a move from Aprobada to Corregida. */
  actualizar_datos: 'Envió cambios de sus datos',
  registrar_vigencia: 'Registró una vigencia',
  /** "Verificado en la fuente" (producto §17): `objeto` <numero>/<document key>; never the note. */
  verificar_documento: 'Verificó un documento en la fuente',
  descargar_evidencia: 'Descargó la evidencia de una verificación',
  /** Never with the values themselves (producto §13). */
  consultar_datos: 'Consultó datos personales',
  exportar_datos: 'Exportó datos personales',
  rectificar_dato: 'Rectificó un dato',
  suprimir_datos: 'Suprimió datos personales',
  /** The system sealed the chain with a new audit key (its id, never the key). */
  clave_de_auditoria: 'Firmó la auditoría con una clave nueva',
  /** The system sent the chain's head to CORREO_AUDITORIA. */
  publicar_cabeza: 'Envió la cabeza de la auditoría',
  /** The system opened a re-credentialing link (producto §17): `objeto` the approved application. */
  abrir_recredencializacion: 'Abrió una recredencialización',
} as const;
export type AccionAuditoria = keyof typeof ACCIONES_AUDITORIA;
