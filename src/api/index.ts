export { http, mensajeDelServidor } from './cliente.js';
export { BASE_API } from './configuracion.js';
export { obtenerAparatos, obtenerCalles, obtenerCondicionesIva, obtenerLocalidades } from './catalogos.js';
export { comprobarDniMatricula } from './dniMatricula.js';
export { adjuntarArchivos, type ArchivoAEnviar } from './adjuntar.js';
export { crearSolicitud } from './solicitud.js';
