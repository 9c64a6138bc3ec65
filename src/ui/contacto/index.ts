export { ContactoAsociacion, TITULO_CONTACTO } from './ContactoAsociacion.js';
