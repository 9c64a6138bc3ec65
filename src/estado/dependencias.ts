// The real dependencies of the chart's implementations: the API client, IndexedDB, wouter's
// navigation and the snackbar.
import { navigate } from 'wouter/use-browser-location';
import * as api from '../api/index.js';
import { mostrarSnackbar } from '../ui/snackbar/index.js';
import { almacenesDelNavegador } from './almacen.js';
import { recordarSolicitud } from './confirmacion.js';
import type { Dependencias } from './implementaciones.js';

export function dependenciasDelNavegador(): Dependencias {
  return {
    api,
    almacenes: almacenesDelNavegador(),
    navegar: (ruta) => navigate(ruta),
    mostrarSnackbar,
    recordarSolicitud,
  };
}
