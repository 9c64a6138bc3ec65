// "What is still missing" (producto §12): while SIGUIENTE (or ENVIAR) is disabled, a short summary
// near it says why, in the words of the labels. Derived from the snapshot with the same rules the
// chart's guards use (erroresDatos, padronVigente, erroresEquipo), so it names exactly what keeps
// the button disabled. Step 2 keeps SIGUIENTE enabled (its dialog says what is missing): no summary.
import { CAMPOS_SOCIO, etiquetasDe } from '../domain/campos.js';
import { MENSAJES } from '../domain/index.js';
import type { EnrolmentContext, FormDatosSocio, FormEquipo } from './contexto.js';
import { datosValidos, erroresDatos, padronVigente } from './datos-personales.js';
import { documentosCompletos } from './documentos.js';
import { equipoValido, erroresEquipo } from './solicitud.js';
import { PASOS, type EnrolmentSnapshot } from './vista.js';

/** The labels of step 1 (producto §3), in the order the form shows them (domain/campos.ts). */
export const ETIQUETAS_DATOS = /* @__PURE__ */ etiquetasDe(CAMPOS_SOCIO) satisfies Partial<
  Record<keyof FormDatosSocio, string>
>;

/** The labels of an equipment card (producto §5), in its order. */
const ETIQUETAS_EQUIPO = {
  tipoAparato: 'Tipo de equipo',
  marca: 'Marca',
  modelo: 'Modelo',
  anioFabricacion: 'Año de fabricación',
  origen: 'Origen',
  observaciones: 'Observaciones',
} as const satisfies Partial<Record<keyof FormEquipo, string>>;

/** At most this many labels are named in one list; the rest are counted ("y 3 más"). */
export const MAXIMO_NOMBRADOS = 4;

/** What keeps a form from being valid: fields left empty, fields to correct, and notes. */
export interface Faltantes {
  faltan: string[];
  revisar: string[];
  /** Whole sentences (the padrón check: under way, refused, failed). */
  avisos: string[];
}

const vacio = (valor: unknown) => valor === null || valor === undefined || (typeof valor === 'string' && valor.trim() === '');

/** Step 1: each field the shared rules refuse, as missing (empty) or to correct; then the padrón. */
export function faltantesDatos(context: Pick<EnrolmentContext, 'datos' | 'comprobacion'>): Faltantes {
  const { datos } = context;
  const errores = erroresDatos(datos);
  const faltan: string[] = [];
  const revisar: string[] = [];
  for (const [campo, etiqueta] of Object.entries(ETIQUETAS_DATOS) as [keyof typeof ETIQUETAS_DATOS, string][]) {
    if (!errores[campo]) continue;
    // A locality or street typed but not picked from the list is there, but wrong.
    const escrito = campo === 'localidad' ? datos.textoLocalidad : campo === 'calle' ? datos.textoCalle : datos[campo];
    (vacio(escrito) ? faltan : revisar).push(etiqueta);
  }
  const avisos: string[] = [];
  if (!errores.dni && !errores.matricula) {
    const padron = padronVigente(context);
    if (padron === 'pendiente') avisos.push(MENSAJES.comprobandoDni);
    else if (padron === 'invalido') avisos.push(MENSAJES.dniMatricula);
    else if (padron === 'error') avisos.push(MENSAJES.comprobacionFallida);
    else if (padron === null) avisos.push('Falta comprobar DNI y matrícula.');
  }
  return { faltan, revisar, avisos };
}

/** One equipment card: its fields the shared rules refuse. */
export function faltantesEquipo(valores: FormEquipo): Faltantes {
  const errores = erroresEquipo(valores);
  const faltan: string[] = [];
  const revisar: string[] = [];
  for (const [campo, etiqueta] of Object.entries(ETIQUETAS_EQUIPO) as [keyof typeof ETIQUETAS_EQUIPO, string][]) {
    if (!errores[campo]) continue;
    const escrito = campo === 'tipoAparato' ? valores.textoTipoAparato : valores[campo];
    (vacio(escrito) ? faltan : revisar).push(etiqueta);
  }
  return { faltan, revisar, avisos: [] };
}

/** "A, B, C, D y 2 más": the first labels, the rest counted. */
function lista(etiquetas: readonly string[]): string {
  if (etiquetas.length <= MAXIMO_NOMBRADOS) return etiquetas.join(', ');
  return `${etiquetas.slice(0, MAXIMO_NOMBRADOS).join(', ')} y ${etiquetas.length - MAXIMO_NOMBRADOS} más`;
}

/** "Falta: Tarjeta. Revisá: Email. Comprobando DNI y matrícula…" */
export function textoFaltantes({ faltan, revisar, avisos }: Faltantes): string {
  return [
    faltan.length > 0 ? `Falta: ${lista(faltan)}.` : null,
    revisar.length > 0 ? `Revisá: ${lista(revisar)}.` : null,
    ...avisos,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The summary shown near the disabled SIGUIENTE / ENVIAR, or null while the button may be
 * pressed (and on step 2, and while sending).
 */
export function resumenFaltantes(snapshot: EnrolmentSnapshot): string | null {
  const { context } = snapshot;
  if (snapshot.matches('datosPersonales')) {
    if (snapshot.can({ type: 'SIGUIENTE' })) return null;
    return textoFaltantes(faltantesDatos(context)) || null;
  }
  if (snapshot.matches('equipos')) {
    if (snapshot.can({ type: 'SIGUIENTE' })) return null;
    const partes = context.equipos.flatMap((equipo, i) => {
      const texto = textoFaltantes(faltantesEquipo(equipo.valores));
      return texto ? [`Equipo ${i + 1} — ${texto}`] : [];
    });
    return partes.join(' ') || null;
  }
  if (snapshot.matches({ terminos: 'editando' })) {
    if (snapshot.can({ type: 'ENVIAR' })) return null;
    const revisar = ([
      datosValidos(context.datos) ? null : PASOS[0].titulo,
      documentosCompletos(context.documentos) ? null : PASOS[1].titulo,
      context.equipos.every(equipoValido) ? null : PASOS[2].titulo,
    ] as (string | null)[]).filter((p): p is string => p !== null);
    const texto = [
      context.terminosAceptados ? null : 'Falta: aceptar los términos y condiciones.',
      revisar.length > 0 ? `Revisá: ${revisar.join(', ')}.` : null,
    ]
      .filter(Boolean)
      .join(' ');
    return texto || null;
  }
  return null;
}
