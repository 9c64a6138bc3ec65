// Who has an application (producto §15) as the inbox and the detail read it: the holder's columns,
// joined with `leftJoin('personal as p', 'p.id', 's.responsable_id')`, and the account they name.
import type { CuentaNombrada } from '../../domain/index.js';

export const COLUMNAS_RESPONSABLE = [
  'p.usuario as responsable_usuario',
  'p.nombre as responsable_nombre',
] as const;

export const responsableDeFila = (f: {
  responsable_usuario: string | null;
  responsable_nombre: string | null;
}): CuentaNombrada | null =>
  f.responsable_usuario
    ? { usuario: f.responsable_usuario, nombre: f.responsable_nombre ?? f.responsable_usuario }
    : null;
