export { Campo, idAyuda, idError, type AriaDeCampo, type CampoProps } from './Campo.js';
export { CampoTexto, type CampoTextoProps } from './CampoTexto.js';
