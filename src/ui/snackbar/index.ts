export { Snackbar } from './Snackbar.js';
export { cerrarSnackbar, mostrarSnackbar } from './snackbar.js';
