// One complete application (catalogue for the XSRF cookie, the eight documents, crear) from its
// own simulated client address, sent through the proxy, recording which process answered each
// step (`x-backend`). With `reintentar`, a step cut by a crash (network error, 5xx, the proxy's
// 502) is sent again the SPA's way — same cookie jar, so same draft, so crear's replay answers
// the same application (the draft is the idempotency key) — for up to 60 s.
import { performance } from 'node:perf_hooks';
import { documentosRequeridos, type Documento } from '../../bench/comun/archivos.js';
import { Cliente, type Respuesta } from '../../bench/comun/cliente.js';
import { esperar } from '../../bench/comun/estadistica.js';
import { cuerpoSolicitud, type Envio } from '../../bench/comun/solicitud.js';

/** A client whose every request carries its own address in X-Forwarded-For. */
export class ClienteConDireccion extends Cliente {
  constructor(
    base: string,
    readonly direccion: string,
  ) {
    super(base);
  }

  override pedir(metodo: string, ruta: string, cuerpo?: BodyInit, extra: Record<string, string> = {}) {
    return super.pedir(metodo, ruta, cuerpo, { 'x-forwarded-for': this.direccion, ...extra });
  }
}

/** 10.a.b.c from an index: every application its own client. */
const direccionDe = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

export interface EnvioProcesos extends Envio {
  /** The process that answered each successful step, in order. */
  procesos: number[];
  /** Attempts that failed and were sent again. */
  reintentos: number;
}

class Fallo extends Error {
  constructor(
    readonly paso: Envio['paso'],
    readonly status: number,
    detalle: string,
  ) {
    super(detalle);
  }
}

export async function aplicacion(
  base: string,
  i: number,
  reintentar: boolean,
  bytes = 2048,
): Promise<EnvioProcesos> {
  const inicio = performance.now();
  const cliente = new ClienteConDireccion(base, direccionDe(i));
  const documentos: Documento[] = documentosRequeridos(bytes);
  const procesos: number[] = [];
  let reintentos = 0;
  const paso = async (
    nombre: Envio['paso'],
    hacer: () => Promise<Respuesta>,
    esperado: number[],
  ): Promise<Respuesta> => {
    const limite = Date.now() + 60_000;
    for (;;) {
      let r: Respuesta | null = null;
      let detalle: string;
      try {
        r = await hacer();
        if (esperado.includes(r.status)) {
          procesos.push(Number(r.headers.get('x-backend') ?? -1));
          return r;
        }
        detalle = r.texto.slice(0, 200);
      } catch (error) {
        detalle = error instanceof Error ? error.message : String(error);
      }
      const status = r?.status ?? 0;
      const deRed = status === 0 || status >= 500;
      if (!reintentar || !deRed || Date.now() > limite) throw new Fallo(nombre, status, detalle);
      reintentos++;
      await esperar(100);
    }
  };
  const resultado = (
    ok: boolean,
    status: number,
    p: Envio['paso'],
    extra: Partial<Envio> = {},
  ): EnvioProcesos => ({
    ok,
    status,
    paso: p,
    documentos,
    ms: performance.now() - inicio,
    procesos,
    reintentos,
    ...extra,
  });
  try {
    await paso('catalogo', () => cliente.get('/api/v2/localidad/getAll'), [200]);
    const subida = await paso(
      'subida',
      () => cliente.subir(documentos.map((d) => ({ nombre: d.nombre, contenido: d.contenido }))),
      [200],
    );
    const cuerpo = cuerpoSolicitud(subida.json<{ nombre: string }[]>(), i);
    const r = await paso('crear', () => cliente.postJson('/api/v2/solicitud/crear', cuerpo), [200, 201]);
    return resultado(true, r.status, 'crear', {
      numero: r.json<{ numeroSolicitud: string }>().numeroSolicitud,
    });
  } catch (error) {
    if (error instanceof Fallo) return resultado(false, error.status, error.paso, { detalle: error.message });
    return resultado(false, 0, 'red', { detalle: String(error) });
  }
}
