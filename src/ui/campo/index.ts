export { Campo, idAyuda, idError } from './Campo.js';
export { CampoTexto, type CampoTextoProps } from './CampoTexto.js';
