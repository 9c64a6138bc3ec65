export { ContactoAsociacion, TITULO_CONTACTO, type ContactoAsociacionProps } from './ContactoAsociacion.js';
