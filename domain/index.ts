export * from './catalogos.js';
export * from './documentos.js';
export * from './fecha.js';
export * from './mensajes.js';
export * from './reglas.js';
export * from './texto.js';
export * from './tipos.js';
