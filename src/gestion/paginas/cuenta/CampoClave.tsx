// Moved to src/gestion/componentes/CampoClave.tsx (a piece pages share). Kept only until
// src/gestion/paginas/personal/ imports it from there; then this file goes.
export { CampoClave } from '../../componentes/CampoClave.js';
