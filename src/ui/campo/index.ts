export { Campo, idAyuda, idError, type AriaDeCampo, type CampoProps } from './Campo.js';
