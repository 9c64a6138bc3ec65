// The reference catalogues of producto §7.
import type { Calle, CondicionIva, Localidad, TipoAparato } from '../../domain/index.js';
import { http } from './cliente.js';

export async function obtenerLocalidades(): Promise<Localidad[]> {
  return (await http.get<Localidad[]>('localidad/getAll')).data;
}

export async function obtenerCalles(codigoLocalidad: number): Promise<Calle[]> {
  return (await http.get<Calle[]>(`calle/getAll/${encodeURIComponent(codigoLocalidad)}`)).data;
}

export async function obtenerCondicionesIva(): Promise<CondicionIva[]> {
  return (await http.get<CondicionIva[]>('condicionesIva/getCondicionesValidas')).data;
}

export async function obtenerAparatos(): Promise<TipoAparato[]> {
  return (await http.get<TipoAparato[]>('aparatos/getAll')).data;
}
