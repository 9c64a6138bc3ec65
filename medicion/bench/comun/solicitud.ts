// One complete application as a browser sends it: a catalogue load (which sets XSRF-TOKEN), the
// eight required documents in one multipart request, then solicitud/crear — each application
// with its own cookie jar, so its own draft.
import { performance } from 'node:perf_hooks';
import { ejemploSolicitud } from '../../../server/solicitud/rutas/ejemplo.js';
import { PADRON_DEMO } from '../../../server/db/semillas.js';
import { documentosRequeridos, type Documento } from './archivos.js';
import { Cliente } from './cliente.js';

/** The body of producto §7 for the i-th applicant: a demo padrón pair, its own name and email. */
export function cuerpoSolicitud(adjuntos: { nombre: string }[], i = 0) {
  const socio = PADRON_DEMO[i % 2]!;
  const ejemplo = ejemploSolicitud();
  const datosSocio = {
    ...ejemplo.datosSocio,
    apellidoynombre: `${ejemplo.datosSocio.apellidoynombre} ${i}`,
    dni: socio.dni,
    matricula: socio.matricula,
    altura: 1000 + (i % 9000),
    email: `medico${i}@example.com`,
  };
  return { ...ejemplo, datosSocio, adjuntos };
}

export interface Envio {
  ok: boolean;
  /** Status of crear (201 new, 200 replay), or of the step that failed. */
  status: number;
  paso: 'catalogo' | 'subida' | 'crear' | 'red';
  numero?: string;
  documentos: Documento[];
  ms: number;
  detalle?: string;
}

export class ErrorDePaso extends Error {
  constructor(
    readonly paso: Envio['paso'],
    readonly status: number,
    detalle: string,
  ) {
    super(detalle);
  }
}

export interface Preparada {
  cliente: Cliente;
  documentos: Documento[];
  cuerpo: ReturnType<typeof cuerpoSolicitud>;
}

/** Catalogue + upload: a draft ready to be sent. Throws ErrorDePaso on a failed step. */
export async function prepararSolicitud(base: string, i: number, bytes = 2048): Promise<Preparada> {
  const cliente = new Cliente(base);
  const documentos = documentosRequeridos(bytes);
  const cat = await cliente.get('/api/v2/localidad/getAll');
  if (cat.status !== 200) throw new ErrorDePaso('catalogo', cat.status, cat.texto.slice(0, 200));
  const subida = await cliente.subir(documentos.map((d) => ({ nombre: d.nombre, contenido: d.contenido })));
  if (subida.status !== 200) throw new ErrorDePaso('subida', subida.status, subida.texto.slice(0, 200));
  const adjuntos = subida.json<{ nombre: string }[]>();
  return { cliente, documentos, cuerpo: cuerpoSolicitud(adjuntos, i) };
}

export async function enviar(p: Preparada) {
  return p.cliente.postJson('/api/v2/solicitud/crear', p.cuerpo);
}

/** The whole application, timed; never throws. */
export async function solicitudCompleta(base: string, i: number, bytes = 2048): Promise<Envio> {
  const inicio = performance.now();
  let documentos: Documento[] = [];
  try {
    const p = await prepararSolicitud(base, i, bytes);
    documentos = p.documentos;
    const r = await enviar(p);
    const ms = performance.now() - inicio;
    if (r.status !== 201 && r.status !== 200) {
      return { ok: false, status: r.status, paso: 'crear', documentos, ms, detalle: r.texto.slice(0, 200) };
    }
    return { ok: true, status: r.status, paso: 'crear', numero: r.json<{ numeroSolicitud: string }>().numeroSolicitud, documentos, ms };
  } catch (error) {
    const ms = performance.now() - inicio;
    if (error instanceof ErrorDePaso) return { ok: false, status: error.status, paso: error.paso, documentos, ms, detalle: error.message };
    return { ok: false, status: 0, paso: 'red', documentos, ms, detalle: error instanceof Error ? error.message : String(error) };
  }
}
