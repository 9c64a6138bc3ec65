export * from './contexto.js';
export * from './datos-personales.js';
export * from './documentos.js';
export * from './enrolment.js';
export * from './errores.js';
export * from './solicitud.js';
export * from './persistencia.js';
export * from './vista.js';
