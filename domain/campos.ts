// One registry of the application's fields: each field's label (producto §3), the lengths its rule
// and its input allow, whether an administrador may rectify it (producto §13), its column in the
// inbox's CSV export (producto §9) and its name on the receipt (producto §11) and one
// application's page and PDF summary. Step 1, "what is missing", the rules, the rectification
// dialog, the CSV, the receipt, the personal-data export and the back-office read it here, so a
// label or a length is written once. Plain data and two small functions, nothing else imported:
// the landing and the stepper pay only for the entries' text.

export interface DefinicionDeCampo {
  /** Its label (producto §3): the form's, and every other place's unless one below says otherwise. */
  readonly etiqueta: string;
  /** The longest value its rule accepts: characters, or digits for a number typed as text. */
  readonly largo?: number;
  /** The fewest digits its rule accepts (a number typed as text). */
  readonly corto?: number;
  /**
   * The form input's maxLength where it is not `largo`: room for what the form drops as it is
   * typed (dots in a DNI, the leading 0 of an area code), or for the rule's message to show.
   */
  readonly entrada?: number;
  /** Its place in the rectification dialog's list (producto §13), 1 first; absent: not rectifiable. */
  readonly rectificable?: number;
  /**
   * Its place among the inbox CSV's columns (producto §15: every field of producto §3, and the
   * application's own), 1 first, headed by its label; absent: not a column.
   */
  readonly csv?: number;
  /**
   * Its label on the receipt (producto §11) and the applicant's pages that name it (/completado,
   * /estado, /verificar), where they name it otherwise.
   */
  readonly comprobante?: string;
  /** Its label on one application's page and in the personal-data PDF, where not `etiqueta`. */
  readonly detalle?: string;
}

/** The application's own fields: the applicant does not type them. */
const CAMPOS_SOLICITUD = {
  numero: { etiqueta: 'Número', csv: 1, comprobante: 'Número de solicitud' },
  creadaEn: { etiqueta: 'Fecha', csv: 2, comprobante: 'Fecha y hora', detalle: 'Enviada' },
  estado: { etiqueta: 'Estado', csv: 6 },
} as const satisfies Record<string, DefinicionDeCampo>;

/**
 * Step 1's fields (DatosSocio, whose keys these are exactly: tests/unit/campos.test.ts), in the
 * form's order. The rectification dialog lists them as the back-office's page shows the record:
 * the name first, the card after the savings account.
 */
export const CAMPOS_SOCIO = {
  fechanac: { etiqueta: 'Fecha de nacimiento', rectificable: 2, csv: 7 },
  apellidoynombre: { etiqueta: 'Apellido y nombres', largo: 120, rectificable: 1, csv: 3 },
  dni: { etiqueta: 'DNI', corto: 7, largo: 8, entrada: 12, rectificable: 3, csv: 4 },
  matricula: { etiqueta: 'Matrícula', largo: 12, entrada: 20, rectificable: 4, csv: 5 },
  localidad: { etiqueta: 'Localidad', csv: 11 },
  calle: { etiqueta: 'Calle', largo: 100, csv: 12 },
  altura: { etiqueta: 'Altura', entrada: 6, rectificable: 6, csv: 13 },
  piso: { etiqueta: 'Piso', largo: 10, rectificable: 7, csv: 14 },
  dpto: { etiqueta: 'Dpto.', largo: 10, rectificable: 8, csv: 15 },
  otro: { etiqueta: 'Otro', largo: 100, rectificable: 9, csv: 16 },
  email: { etiqueta: 'Email', largo: 254, rectificable: 10, csv: 8 },
  codArea: { etiqueta: 'Código de área', corto: 2, largo: 4, entrada: 5, rectificable: 11, csv: 9 },
  telefono: { etiqueta: 'Teléfono', corto: 6, largo: 8, rectificable: 12, csv: 10 },
  condicionIVA: { etiqueta: 'Condición ante el IVA', rectificable: 13, csv: 17 },
  formaPago: { etiqueta: 'Forma de pago', rectificable: 14, csv: 18 },
  tipoTarjetaCredito: { etiqueta: 'Tarjeta', rectificable: 16, csv: 19 },
  nroCajaAhorro: { etiqueta: 'Número de caja de ahorro', largo: 22, rectificable: 15, csv: 20 },
  cobranzaHonorarios: { etiqueta: 'Cobranza de honorarios', rectificable: 17, csv: 21 },
} as const satisfies Record<string, DefinicionDeCampo>;

/** Several of step 1's fields rectified as one (domain/rectificacion.ts). */
const CAMPOS_COMPUESTOS = {
  domicilio: { etiqueta: 'Domicilio (localidad y calle)', rectificable: 5, detalle: 'Domicilio' },
} as const satisfies Record<string, DefinicionDeCampo>;

export const CAMPOS = { ...CAMPOS_SOLICITUD, ...CAMPOS_SOCIO, ...CAMPOS_COMPUESTOS };
export type ClaveCampo = keyof typeof CAMPOS;

/** The lists a field has a place in. */
type Lista = 'rectificable' | 'csv';
/** The fields that have a place in `L`. */
export type CampoDe<L extends Lista> = Extract<
  { [K in ClaveCampo]: (typeof CAMPOS)[K] extends Record<L, number> ? K : never }[ClaveCampo],
  string
>;

/** The fields of one list, in its order. */
export function enOrden<L extends Lista>(lista: L): CampoDe<L>[] {
  const lugar = (clave: ClaveCampo) => (CAMPOS[clave] as DefinicionDeCampo)[lista];
  return (Object.keys(CAMPOS) as ClaveCampo[])
    .filter((clave) => lugar(clave) !== undefined)
    .sort((a, b) => lugar(a)! - lugar(b)!) as CampoDe<L>[];
}

/** Whether `texto` is a DNI as the rules take it: only digits, `corto` to `largo` of them. */
export function esDni(texto: string): boolean {
  const { corto, largo } = CAMPOS_SOCIO.dni;
  return texto.length >= corto && texto.length <= largo && /^\d+$/.test(texto);
}

/** `{ clave: etiqueta }` of some fields, in their order. */
export const etiquetasDe = <T extends Readonly<Record<string, DefinicionDeCampo>>>(
  campos: T,
): { readonly [K in keyof T]: T[K]['etiqueta'] } =>
  Object.fromEntries(Object.entries(campos).map(([clave, campo]) => [clave, campo.etiqueta])) as {
    readonly [K in keyof T]: T[K]['etiqueta'];
  };
