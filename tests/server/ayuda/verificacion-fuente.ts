// "Verificado en la fuente" (producto §17) as the back-office's dialog sends it: a multipart form
// with fuente, fecha and nota, and the evidence as a `file` part named `<clave>.<ext>`.
import type { LightMyRequestResponse } from 'fastify';
import type { DetalleSolicitud } from '../../../domain/index.js';
import { hoyArgentino } from '../../../domain/verificacion-fuente.js';
import * as archivos from './archivos.js';
import { multipart, type Navegador, type Parte } from './cliente.js';
import type { Contexto } from './contexto.js';
import { ingresarComo } from './personal.js';

export interface CamposVerificacion {
  fuente?: string;
  fecha?: string;
  nota?: string;
}

export const urlVerificacion = (numero: string, clave: string) =>
  `/api/gestion/solicitudes/${numero}/documentos/${clave}/verificacion`;

/** The form's parts: the fields given (absent ones not sent) and, when given, the evidence. */
export function partesVerificacion(campos: CamposVerificacion, evidencia?: Parte): Parte[] {
  const partes: Parte[] = Object.entries(campos)
    .filter(([, v]) => v !== undefined)
    .map(([campo, valor]) => ({
      nombre: null,
      campo,
      contenido: Buffer.from(String(valor), 'utf8'),
      tipo: 'text/plain',
    }));
  return evidencia ? [...partes, evidencia] : partes;
}

/** Records a verification as `nav`'s account; answers the server's response. */
export function verificar(
  nav: Navegador,
  numero: string,
  clave: string,
  campos: CamposVerificacion = { fuente: 'sisa', fecha: hoyArgentino() },
  evidencia?: Parte,
): Promise<LightMyRequestResponse> {
  const { cuerpo, contentType } = multipart(partesVerificacion(campos, evidencia));
  return nav.enviarCrudo(urlVerificacion(numero, clave), cuerpo, contentType);
}

/** Verifies each of `claves` (by default VERIFICACION_REQUERIDA's default) with no evidence; throws on a refusal. */
export async function verificarRequeridos(
  nav: Navegador,
  numero: string,
  claves: readonly string[] = ['TituloMedico', 'ResolucionEspecialidad'],
): Promise<void> {
  for (const clave of claves) {
    const r = await verificar(nav, numero, clave);
    if (r.statusCode !== 201) throw new Error(`La verificación de ${clave} falló: ${r.statusCode} ${r.body}`);
  }
}

/** A verification of `numero`'s TituloMedico with an evidence PDF, by a new administrador; answers its id. */
export async function verificacionConEvidencia(ctx: Contexto, numero: string): Promise<string> {
  const nav = await ingresarComo(ctx, 'verificadora', 'administrador');
  const r = await verificar(
    nav,
    numero,
    'TituloMedico',
    { fuente: 'sisa', fecha: hoyArgentino() },
    {
      nombre: 'TituloMedico.pdf',
      contenido: archivos.pdf(),
    },
  );
  if (r.statusCode !== 201) throw new Error(`La verificación falló: ${r.statusCode} ${r.body}`);
  return r.json<DetalleSolicitud>().documentos.find((d) => d.clave === 'TituloMedico')!.verificacion!.id;
}
