// POST /api/v2/archivos/adjuntar: real type detection, size limit, names, all-or-nothing,
// replacement, anti-forgery on multipart.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import * as archivos from './ayuda/archivos.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';
import { EXTENSIONES_ESPERADAS, partesRequeridas } from './ayuda/solicitud.js';

const DIEZ_MIB = 10 * 1024 * 1024;

/** Committed documents as the configured store lists them (disk, or PostgreSQL by default there); staging is always local. */
async function archivosGuardados(ctx: Contexto) {
  const raiz = path.join(ctx.entorno.config.dataDir, 'documentos');
  const definitivos = (await ctx.app.documentos.listar()).map((o) => o.nombre);
  const temporales = await readdir(path.join(raiz, '.tmp'));
  return { definitivos, temporales };
}

async function cantidadDeDocumentos(ctx: Contexto) {
  const fila = await ctx.db
    .selectFrom('documentos')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(fila?.n);
}

/** A refused upload leaves no row, no file, no temp file and no draft cookie behind. */
async function esperarNadaGuardado(
  ctx: Contexto,
  antes: { filas: number; definitivos: number },
  r: { cookies: { name: string }[] },
) {
  expect(await cantidadDeDocumentos(ctx)).toBe(antes.filas);
  const { definitivos, temporales } = await archivosGuardados(ctx);
  expect(definitivos).toHaveLength(antes.definitivos);
  expect(temporales).toEqual([]);
  expect(r.cookies.find((c) => c.name === 'borrador')).toBeUndefined();
}

async function estado(ctx: Contexto) {
  return {
    filas: await cantidadDeDocumentos(ctx),
    definitivos: (await archivosGuardados(ctx)).definitivos.length,
  };
}

conCadaBase('archivos/adjuntar', (ctx) => {
  it('guarda los ocho requeridos, nombra cada uno por su contenido y fija la cookie del borrador', async () => {
    const nav = await ctx.navegador().abrir();
    const r = await nav.subir(partesRequeridas());
    expect(r.statusCode).toBe(200);
    const esperados = Object.entries(EXTENSIONES_ESPERADAS).map(([k, ext]) => ({ nombre: `${k}.${ext}` }));
    expect(r.json()).toEqual(esperados);
    const cookie = r.cookies.find((c) => c.name === 'borrador');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { definitivos, temporales } = await archivosGuardados(ctx);
    expect(definitivos.length).toBeGreaterThanOrEqual(8);
    expect(temporales).toEqual([]);
  });

  it('acepta webp, heic, doc y docx por su contenido (con su extensión, en mayúsculas también) y guarda con permisos 0600', async () => {
    const nav = await ctx.navegador().abrir();
    const r = await nav.subir([
      { nombre: 'DniAnverso.WEBP', contenido: archivos.webpExtendida(4000, 3000) },
      { nombre: 'DniReverso.heic', contenido: archivos.heic() },
      { nombre: 'TituloMedico.docx', contenido: archivos.docx() },
      { nombre: 'RegistroNacionalPrestadores.doc', contenido: archivos.doc() },
    ]);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual([
      { nombre: 'DniAnverso.webp' },
      { nombre: 'DniReverso.heic' },
      { nombre: 'TituloMedico.docx' },
      { nombre: 'RegistroNacionalPrestadores.doc' },
    ]);
    const fila = await ctx.db
      .selectFrom('documentos')
      .select('archivo')
      .where('clave', '=', 'TituloMedico')
      .executeTakeFirstOrThrow();
    const { existsSync, statSync } = await import('node:fs');
    const enDisco = path.join(ctx.entorno.config.dataDir, 'documentos', fila.archivo);
    if (ctx.entorno.config.almacen.tipo === 'disco') {
      expect(statSync(enDisco).mode & 0o777).toBe(0o600);
    } else {
      // In the database store the bytes leave the local disk once committed.
      expect(existsSync(enDisco)).toBe(false);
      expect((await archivosGuardados(ctx)).definitivos).toContain(fila.archivo);
    }
  });

  it('volver a subir una clave la reemplaza y la respuesta lista todo el borrador', async () => {
    const nav = await ctx.navegador().abrir();
    await nav.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }]);
    const segunda = await nav.subir([
      { nombre: 'DniAnverso.png', contenido: archivos.png() },
      { nombre: 'TituloMedico.pdf', contenido: archivos.pdf() },
    ]);
    expect(segunda.statusCode).toBe(200);
    expect(segunda.json()).toEqual([{ nombre: 'DniAnverso.png' }, { nombre: 'TituloMedico.pdf' }]);
    const tercera = await nav.subir([{ nombre: 'DniReverso.png', contenido: archivos.png() }]);
    expect(tercera.json()).toEqual([
      { nombre: 'DniAnverso.png' },
      { nombre: 'DniReverso.png' },
      { nombre: 'TituloMedico.pdf' },
    ]);
    const filas = await ctx.db
      .selectFrom('documentos')
      .select(['archivo'])
      .where('clave', '=', 'DniAnverso')
      .execute();
    const todos = new Set(filas.map((f) => f.archivo));
    const { definitivos } = await archivosGuardados(ctx);
    // The replaced file is gone from disk: every stored file has its row.
    const conocidos = new Set(
      (await ctx.db.selectFrom('documentos').select('archivo').execute()).map((f) => f.archivo),
    );
    expect(definitivos.every((d) => conocidos.has(d))).toBe(true);
    expect(todos.size).toBe(filas.length);
  });

  it.each([
    ['un ejecutable ELF renombrado .pdf', 'PolizaMalaPraxis.pdf', archivos.elf(), 415],
    ['un ejecutable MZ renombrado .pdf', 'PolizaMalaPraxis.pdf', archivos.exeMz(), 415],
    ['HTML renombrado .png', 'DniAnverso.png', archivos.html(), 415],
    ['un zip que no es Word', 'TituloMedico.docx', archivos.zipComun(), 415],
    ['una bomba zip con forma de docx', 'TituloMedico.docx', archivos.bombaZip(), 415],
    ['un contenedor CFB que no es Word', 'TituloMedico.doc', archivos.doc(false), 415],
    ['un archivo vacío', 'DniAnverso.jpg', Buffer.alloc(0), 400],
    ['un PNG que declara 100000×100000 píxeles', 'DniAnverso.png', archivos.png(100_000, 100_000), 415],
    ['un JPEG que declara 65000×65000 píxeles', 'DniAnverso.jpg', archivos.jpeg(65_000, 65_000), 415],
    [
      'un WebP que declara 16000×16000 píxeles',
      'DniAnverso.webp',
      archivos.webpExtendida(16_000, 16_000),
      415,
    ],
    ['un GIF que declara 65535×65535 píxeles', 'DniAnverso.gif', archivos.gif(65_535, 65_535), 415],
    [
      'un HEIC que declara 100000×100000 píxeles',
      'DniAnverso.heic',
      archivos.heic([[100_000, 100_000]]),
      415,
    ],
    ['un HEIC sin el tamaño de sus imágenes', 'DniAnverso.heic', archivos.heic([]), 415],
    [
      'un JPEG cortado antes de su cabecera de imagen',
      'DniAnverso.jpg',
      archivos.jpeg().subarray(0, 30),
      415,
    ],
  ])('rechaza %s (%s) sin guardar nada', async (_caso, nombre, contenido, status) => {
    const antes = await estado(ctx);
    const nav = await ctx.navegador().abrir();
    const r = await nav.subir([{ nombre, contenido }]);
    expect(r.statusCode).toBe(status);
    expect(r.json().message).toContain(nombre);
    expect(r.json().error).toBe(status === 415 ? 'TIPO_NO_ACEPTADO' : 'ARCHIVO_INVALIDO');
    // producto §12: which document, and why in a sentence of its own without the part's name.
    const clave = nombre.split('.')[0]!;
    expect(Object.keys(r.json().fields)).toEqual([clave]);
    const motivo: string = r.json().fields[clave];
    expect(motivo).not.toContain(clave);
    expect(motivo).toMatch(/\.$/);
    await esperarNadaGuardado(ctx, antes, r);
  });

  it('el rechazo del contenido de una parte dice qué documento en fields, con el motivo sin el nombre', async () => {
    const nav = await ctx.navegador().abrir();
    const r = await nav.subir([
      { nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() },
      { nombre: 'TituloMedico.pdf', contenido: Buffer.from('esto es texto, no un PDF\n') },
    ]);
    expect(r.statusCode).toBe(415);
    expect(r.json()).toEqual({
      error: 'TIPO_NO_ACEPTADO',
      // The message stays as other clients read it.
      message: 'El archivo TituloMedico.pdf no es una imagen, un PDF ni un documento de Word (.doc o .docx).',
      fields: { TituloMedico: 'El archivo no es una imagen, un PDF ni un documento de Word (.doc o .docx).' },
    });
    const extension = await nav.subir([{ nombre: 'PolizaMalaPraxis.png', contenido: archivos.pdf() }]);
    expect(extension.json().fields).toEqual({
      PolizaMalaPraxis:
        'El contenido del archivo no coincide con su extensión: es un archivo .pdf. Revisá que sea el archivo correcto o elegí otro.',
    });
    // A refusal of the request, not of one part's content, names no document.
    const doble = await nav.subir([
      { nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() },
      { nombre: 'DniAnverso.png', contenido: archivos.png() },
    ]);
    expect(doble.statusCode).toBe(400);
    expect(doble.json().fields).toBeUndefined();
  });

  it('acepta exactamente 10 MiB y rechaza 10 MiB + 1 byte con 413 sin guardar nada', async () => {
    const justo = Buffer.concat([archivos.pdf(), Buffer.alloc(DIEZ_MIB - archivos.pdf().length, 0x20)]);
    const nav = await ctx.navegador().abrir();
    const ok = await nav.subir([{ nombre: 'PolizaMalaPraxis.pdf', contenido: justo }]);
    expect(ok.statusCode).toBe(200);

    const antes = await estado(ctx);
    const otro = await ctx.navegador().abrir();
    const grande = Buffer.concat([justo, Buffer.from(' ')]);
    const r = await otro.subir([
      { nombre: 'DniAnverso.png', contenido: archivos.png() },
      { nombre: 'PolizaMalaPraxis.pdf', contenido: grande },
    ]);
    expect(r.statusCode).toBe(413);
    expect(r.json()).toMatchObject({
      error: 'ARCHIVO_DEMASIADO_GRANDE',
      fields: { PolizaMalaPraxis: 'El archivo supera el máximo de 10 MiB.' },
    });
    expect(r.json().message).toContain('10 MiB');
    await esperarNadaGuardado(ctx, antes, r);
  });

  it('una parte mala entre partes buenas rechaza toda la solicitud', async () => {
    const antes = await estado(ctx);
    const nav = await ctx.navegador().abrir();
    const r = await nav.subir([
      { nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() },
      { nombre: 'DniReverso.png', contenido: archivos.html() },
      { nombre: 'TituloMedico.pdf', contenido: archivos.pdf() },
    ]);
    expect(r.statusCode).toBe(415);
    await esperarNadaGuardado(ctx, antes, r);
  });

  it('un rechazo no toca lo que el borrador ya tenía', async () => {
    const nav = await ctx.navegador().abrir();
    await nav.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }]);
    const r = await nav.subir([
      { nombre: 'DniAnverso.png', contenido: archivos.png() },
      { nombre: 'DniReverso.png', contenido: archivos.elf() },
    ]);
    expect(r.statusCode).toBe(415);
    const listado = await nav.subir([{ nombre: 'TituloMedico.pdf', contenido: archivos.pdf() }]);
    expect(listado.json()).toEqual([{ nombre: 'DniAnverso.jpg' }, { nombre: 'TituloMedico.pdf' }]);
  });

  it.each([
    [
      'un nombre con recorrido de rutas',
      { nombre: '../../etc/DniAnverso.jpg', contenido: archivos.jpeg() },
      'DniAnverso.jpg',
    ],
    [
      'un nombre con barra invertida',
      { nombre: '..\\DniAnverso.jpg', contenido: archivos.jpeg() },
      'DniAnverso.jpg',
    ],
    ['una clave desconocida', { nombre: 'Pasaporte.jpg', contenido: archivos.jpeg() }, 'Pasaporte'],
    ['una parte sin nombre de archivo', { nombre: null, contenido: archivos.jpeg() }, 'DniAnverso.jpg'],
    [
      'un campo que no se llama file',
      { nombre: 'DniAnverso.jpg', contenido: archivos.jpeg(), campo: 'archivo' },
      '"file"',
    ],
    ['un nombre vacío', { nombre: '', contenido: archivos.jpeg() }, 'DniAnverso.jpg'],
  ])('rechaza %s con 400 y un mensaje en castellano', async (_caso, parte, pista) => {
    const antes = await estado(ctx);
    const nav = await ctx.navegador().abrir();
    const r = await nav.subir([{ nombre: 'DniReverso.png', contenido: archivos.png() }, parte]);
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toBe('ARCHIVO_INVALIDO');
    expect(r.json().message).toContain(pista);
    await esperarNadaGuardado(ctx, antes, r);
  });

  it('rechaza la misma clave dos veces en una solicitud, y una solicitud sin archivos', async () => {
    const nav = await ctx.navegador().abrir();
    const doble = await nav.subir([
      { nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() },
      { nombre: 'DniAnverso.png', contenido: archivos.png() },
    ]);
    expect(doble.statusCode).toBe(400);
    expect(doble.json().message).toContain('más de una vez');
    const vacia = await nav.subir([]);
    expect(vacia.statusCode).toBe(400);
    expect(vacia.json().message).toBe('No se recibió ningún archivo.');
  });

  it('rechaza más archivos que documentos existen con 413', async () => {
    const nav = await ctx.navegador().abrir();
    const partes = Array.from({ length: 10 }, (_, i) => ({
      nombre: `DniAnverso${i}.jpg`,
      contenido: archivos.jpeg(),
    }));
    const r = await nav.subir(partes);
    expect([400, 413]).toContain(r.statusCode);
  });

  it('un multipart mal formado o cortado responde 400 en castellano y no guarda nada', async () => {
    const nav = await ctx.navegador().abrir();
    const antes = await estado(ctx);
    const cabecera = 'Content-Disposition: form-data; name="file"; filename="DniAnverso.pdf"\r\n';
    const casos: [string, Buffer | string][] = [
      ['zz', `--zz\r\n${cabecera}`], // cut in the middle of a part
      ['otro', '--calidadFuzzLimite--\r\n'], // the boundary is not in the body
      ['zz', `--zz\r\n${cabecera}\r\n%PDF-1.4 sin terminar`], // no closing boundary
      ['zz', '--zz\r\nesto no es una cabecera\r\n\r\nhola\r\n--zz--\r\n'],
      ['zz', Buffer.from([0x2d, 0x2d, 0x7a, 0x7a, 0x0d, 0x0a, 0xff, 0x00, 0x13, 0x37, 0x0d, 0x0a])],
    ];
    for (const [limite, cuerpo] of casos) {
      const r = await nav.enviarCrudo(
        '/api/v2/archivos/adjuntar',
        cuerpo,
        `multipart/form-data; boundary=${limite}`,
      );
      expect(r.statusCode, JSON.stringify(cuerpo.toString())).toBe(400);
      expect(r.json()).toMatchObject({ error: 'ARCHIVO_INVALIDO' });
      expect(r.json().message).toMatch(/incompleto o mal formado|Cada archivo|No se recibió/);
      await esperarNadaGuardado(ctx, antes, r);
    }
  });

  it('rechaza un cuerpo que no es multipart con 415', async () => {
    const nav = await ctx.navegador().abrir();
    const r = await nav.post('/api/v2/archivos/adjuntar', { file: 'x' });
    expect(r.statusCode).toBe(415);
    expect(r.json().message).toContain('multipart');
  });

  it('sin cabecera X-XSRF-TOKEN, o con otra, responde 403 JSON y no guarda nada', async () => {
    const antes = await estado(ctx);
    const nav = await ctx.navegador().abrir();
    nav.enviarXsrf = false;
    const sin = await nav.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }]);
    expect(sin.statusCode).toBe(403);
    expect(sin.json()).toMatchObject({ error: 'ANTIFALSIFICACION' });
    const otra = await nav.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }], {
      'x-xsrf-token': 'A'.repeat(43),
    });
    expect(otra.statusCode).toBe(403);
    const sinCookie = ctx.navegador();
    const r = await sinCookie.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }], {
      'x-xsrf-token': 'A'.repeat(43),
    });
    expect(r.statusCode).toBe(403);
    await esperarNadaGuardado(ctx, antes, r);
  });

  it('rechaza con 403 una petición de otro sitio aunque traiga el token', async () => {
    const nav = await ctx.navegador().abrir();
    const cruzada = await nav.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }], {
      'sec-fetch-site': 'cross-site',
    });
    expect(cruzada.statusCode).toBe(403);
    const origen = await nav.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }], {
      origin: 'https://malo.example',
    });
    expect(origen.statusCode).toBe(403);
    const mismo = await nav.subir([{ nombre: 'DniAnverso.jpg', contenido: archivos.jpeg() }], {
      'sec-fetch-site': 'same-origin',
      origin: 'http://localhost:80',
    });
    expect(mismo.statusCode).toBe(200);
  });
});
