// The padrón check of producto §3: is this DNI + matrícula a member? Circunscripción 1 (Rosario).
import { http } from './cliente.js';

export async function comprobarDniMatricula(dni: string, matricula: string): Promise<boolean> {
  const ruta = `solicitud/comprobarDniMatricula/${encodeURIComponent(dni)}/${encodeURIComponent(matricula)}/1`;
  return (await http.get<boolean>(ruta)).data === true;
}
