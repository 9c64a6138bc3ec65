export { Snackbar } from './Snackbar.js';
export { cerrarSnackbar, mostrarSnackbar, DURACION_SNACKBAR, type MensajeSnackbar } from './snackbar.js';
