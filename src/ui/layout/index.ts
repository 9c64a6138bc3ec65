export { Layout } from './Layout.js';
export { Encabezado } from './Encabezado.js';
export { PiePagina } from './PiePagina.js';
