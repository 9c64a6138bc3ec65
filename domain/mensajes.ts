// Every validation message the applicant can read, in one place (es-AR, voseo as in the source).
// The lengths they name are the rules' own (domain/campos.ts).
import { CAMPOS } from './campos.js';

const { codArea, dni, matricula, telefono } = CAMPOS;
export const MENSAJES = {
  requerido: 'Campo requerido.',
  fechaFormato: 'Fecha inválida. Usá el formato DD/MM/AAAA.',
  fechaInexistente: 'Esa fecha no existe.',
  fechaFutura: 'La fecha no puede ser posterior a hoy.',
  fechaAnterior1900: 'La fecha no puede ser anterior al 01/01/1900.',
  dni: `El DNI debe tener ${dni.corto} u ${dni.largo} dígitos.`,
  matriculaLarga: `La matrícula tiene como máximo ${matricula.largo} caracteres.`,
  localidadDeLista: 'Por favor seleccione una localidad de la lista',
  calleDeLista: 'Por favor seleccione una calle de la lista',
  numero: 'Ingresá un número.',
  alturaRango: 'Ingresá una altura entre 1 y 99999.',
  email: 'Ingresá un email válido.',
  codArea: `Entre ${codArea.corto} y ${codArea.largo} dígitos, sin el 0.`,
  // The phone's messages start with the source's "Número inválido." and say how to fix it (producto §12).
  telefono: `Número inválido. Escribí entre ${telefono.corto} y ${telefono.largo} dígitos, sin el 15.`,
  telefonoTotal: 'Número inválido. Código de área y teléfono deben sumar entre 9 y 11 dígitos.',
  numeroInvalido: 'Número inválido.',
  soloDigitos: 'Solo números.',
  tarjeta: 'Elegí una tarjeta.',
  opcionInvalida: 'Elegí una opción de la lista.',
  demasiadoLargo: (max: number) => `Como máximo ${max} caracteres.`,
  caracteresInvalidos: 'Tiene caracteres invisibles o de control que no se aceptan. Volvé a escribir el texto.',
  anioFabricacion: (min: number, max: number) => `Ingresá un año entre ${min} y ${max}.`,
  terminos: 'Debés aceptar los términos y condiciones.',
  dniMatricula: 'DNI o matrícula inválido.',
  comprobandoDni: 'Comprobando DNI y matrícula…',
  comprobacionFallida: 'No se pudo comprobar el DNI y la matrícula.',
  adjuntosFaltantes: 'Debés adjuntar todos los archivos requeridos.',
} as const;
