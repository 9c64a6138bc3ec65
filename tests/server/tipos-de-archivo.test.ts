// What each part of archivos/adjuntar may be (decision 076): an accepted extension that agrees
// with the content, HEIF photos bounded like other images, .docx that cannot expand into a bomb
// (even when its central directory lies), and PDFs without active content.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { motivoRechazoArchivo } from '../../domain/index.js';
import { docxAcotado, LIMITES_DOCX, presupuestoDocx } from '../../server/archivos/docx.js';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  EscanerPdf,
  LIMITES_PDF,
  revisarPdf,
  revisionPdfAlPasar,
  type VeredictoPdf,
} from '../../server/archivos/pdf.js';
import { detectarTipo, EXTENSIONES_ADMITIDAS, extensionDelNombre } from '../../server/archivos/tipo.js';
import { CONTENIDO_EN_MEMORIA } from '../../server/storage/almacen.js';
import * as archivos from './ayuda/archivos.js';
import { conCadaBase, type Contexto } from './ayuda/contexto.js';

const MiB = 1024 * 1024;

async function filas(ctx: Contexto, clave: string) {
  return ctx.db
    .selectFrom('documentos')
    .select(['archivo', 'sha256', 'extension'])
    .where('clave', '=', clave)
    .orderBy('archivo')
    .execute();
}

conCadaBase('tipos de archivo en archivos/adjuntar', (ctx) => {
  describe('extensión y contenido', () => {
    it('acepta las extensiones en mayúsculas o minúsculas y sus alias, y nombra por el contenido', async () => {
      const nav = await ctx.navegador().abrir();
      const r = await nav.subir([
        { nombre: 'DniAnverso.JPG', contenido: archivos.jpeg() },
        { nombre: 'DniReverso.jpeg', contenido: archivos.jpeg() },
        { nombre: 'TituloMedico.Pdf', contenido: archivos.pdf() },
        { nombre: 'ReciboOCarnetArteDeCurar.HEIF', contenido: archivos.heif() },
        { nombre: 'ConstanciaInscripcionAFIP.heic', contenido: archivos.heic() },
        { nombre: 'ResolucionEspecialidad.Docx', contenido: archivos.docx() },
        { nombre: 'PolizaMalaPraxis.DOC', contenido: archivos.doc() },
        { nombre: 'HabilitacionConsultorioExtension.WebP', contenido: archivos.webp() },
      ]);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual(
        expect.arrayContaining([
          { nombre: 'DniAnverso.jpg' },
          { nombre: 'DniReverso.jpg' },
          { nombre: 'TituloMedico.pdf' },
          { nombre: 'ReciboOCarnetArteDeCurar.heic' },
          { nombre: 'ConstanciaInscripcionAFIP.heic' },
          { nombre: 'ResolucionEspecialidad.docx' },
          { nombre: 'PolizaMalaPraxis.doc' },
          { nombre: 'HabilitacionConsultorioExtension.webp' },
        ]),
      );
    });

    it('una parte sin extensión (el SPA la envía así para un archivo llamado ".pdf") se juzga por su contenido', async () => {
      const nav = await ctx.navegador().abrir();
      const r = await nav.subir([
        { nombre: 'TituloMedico', contenido: archivos.pdf() },
        { nombre: 'DniAnverso', contenido: archivos.png() },
      ]);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual(
        expect.arrayContaining([{ nombre: 'TituloMedico.pdf' }, { nombre: 'DniAnverso.png' }]),
      );
      // …but its content is judged as any other's.
      const mala = await nav.subir([{ nombre: 'DniReverso', contenido: archivos.exeMz() }]);
      expect(mala.statusCode).toBe(415);
    });

    it('TituloMedico.exe con bytes de PDF: 415 que nombra el archivo y las extensiones, y no reemplaza el guardado', async () => {
      const nav = await ctx.navegador().abrir();
      const primera = await nav.subir([{ nombre: 'TituloMedico.pdf', contenido: archivos.pdf() }]);
      expect(primera.statusCode).toBe(200);
      const antes = await filas(ctx, 'TituloMedico');

      const r = await nav.subir([{ nombre: 'TituloMedico.exe', contenido: archivos.pdfConTexto('otro') }]);
      expect(r.statusCode).toBe(415);
      expect(r.json().error).toBe('TIPO_NO_ACEPTADO');
      const mensaje: string = r.json().message;
      expect(mensaje).toContain('TituloMedico.exe');
      for (const e of ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.heic', '.heif', '.pdf', '.doc', '.docx'])
        expect(mensaje).toContain(e);

      expect(await filas(ctx, 'TituloMedico')).toEqual(antes);
      const listado = await nav.subir([{ nombre: 'DniAnverso.png', contenido: archivos.png() }]);
      expect(listado.json()).toEqual(
        expect.arrayContaining([{ nombre: 'TituloMedico.pdf' }, { nombre: 'DniAnverso.png' }]),
      );
    });

    it.each([
      ['TituloMedico.exe', archivos.exeMz()],
      ['TituloMedico.txt', archivos.pdf()],
      ['DniAnverso.jfif', archivos.jpeg()],
      ['DniAnverso.bmp', archivos.png()],
      ['TituloMedico.zip', archivos.docx()],
      ['TituloMedico.html', archivos.html()],
    ])('rechaza la extensión de %s con 415 sin guardar nada', async (nombre, contenido) => {
      const nav = await ctx.navegador().abrir();
      const r = await nav.subir([{ nombre, contenido }]);
      expect(r.statusCode).toBe(415);
      expect(r.json().message).toContain(nombre);
      expect(r.json().message).toContain('extensión');
      expect(r.cookies.find((c) => c.name === 'borrador')).toBeUndefined();
    });

    it.each([
      ['DniAnverso.png', archivos.jpeg(), 'jpg'],
      ['DniAnverso.jpg', archivos.png(), 'png'],
      ['DniAnverso.heic', archivos.jpeg(), 'jpg'],
      ['DniAnverso.gif', archivos.webp(), 'webp'],
      ['DniAnverso.webp', archivos.heic(), 'heic'],
      ['TituloMedico.pdf', archivos.docx(), 'docx'],
      ['TituloMedico.docx', archivos.doc(), 'doc'],
      ['TituloMedico.doc', archivos.docx(), 'docx'],
      ['TituloMedico.jpeg', archivos.pdf(), 'pdf'],
    ])(
      '%s con otro contenido: 415, el contenido no coincide con la extensión',
      async (nombre, contenido, real) => {
        const nav = await ctx.navegador().abrir();
        const r = await nav.subir([{ nombre, contenido }]);
        expect(r.statusCode).toBe(415);
        expect(r.json().error).toBe('TIPO_NO_ACEPTADO');
        expect(r.json().message).toContain(nombre);
        expect(r.json().message).toContain('no coincide con su extensión');
        expect(r.json().message).toContain(`.${real}`);
      },
    );
  });

  describe('HEIF', () => {
    // The pixel bound of HEIC files is proved by adjuntar.test.ts (a HEIC declaring
    // 100000×100000, and one without sizes); this is the same for a HEIF named .heif.
    it('rechaza un HEIF (.heif, marca mif1) que declara 40000×40000 píxeles', async () => {
      const nav = await ctx.navegador().abrir();
      const r = await nav.subir([
        { nombre: 'DniAnverso.heif', contenido: archivos.heif([[40_000, 40_000]]) },
      ]);
      expect(r.statusCode).toBe(415);
      expect(r.json().message).toContain('DniAnverso.heif');
      expect(r.json().message).toContain('píxeles');
    });
  });

  describe('.docx', () => {
    it('acepta un .docx legítimo', async () => {
      const nav = await ctx.navegador().abrir();
      const r = await nav.subir([{ nombre: 'TituloMedico.docx', contenido: archivos.docx() }]);
      expect(r.statusCode, r.body).toBe(200);
    });

    it.each([
      ['se expande a 95 MiB (1 MiB por entrada)', () => archivos.docxConRelleno(95)],
      ['se expande 20 MiB desde ~25 KB (más de 100 veces su tamaño)', () => archivos.docxConRelleno(20)],
      [
        'declara 1 KiB pero se infla a 8 MiB (el directorio central miente)',
        () => archivos.docxMentiroso(8 * MiB, 1024),
      ],
    ])('rechaza un .docx que %s', async (_caso, contenido) => {
      const nav = await ctx.navegador().abrir();
      const r = await nav.subir([{ nombre: 'TituloMedico.docx', contenido: contenido() }]);
      expect(r.statusCode).toBe(415);
      expect(r.json().error).toBe('TIPO_NO_ACEPTADO');
      expect(r.json().message).toContain('TituloMedico.docx');
      expect(r.json().message).toContain('50 MiB');
    });
  });

  describe('PDF', () => {
    it.each([
      ['con JavaScript en su texto y su título (flujo sin comprimir)', archivos.pdfConTexto()],
      ['con JavaScript en su texto (flujo comprimido)', archivos.pdfConTexto(undefined, true)],
      ['con una acción de ir a una página', archivos.pdfConAccion(archivos.ACCIONES_PDF.irAPagina)],
      [
        'con objetos comprimidos sin contenido activo',
        archivos.pdfConObjStm(archivos.ACCIONES_PDF.irAPagina),
      ],
    ])('acepta un PDF %s', async (_caso, contenido) => {
      const nav = await ctx.navegador().abrir();
      const r = await nav.subir([{ nombre: 'TituloMedico.pdf', contenido }]);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual([{ nombre: 'TituloMedico.pdf' }]);
    });

    it.each([
      ['una acción /JavaScript', archivos.pdfConAccion(archivos.ACCIONES_PDF.javaScript)],
      ['/J#61vaScript y /J#53 escritos con escapes', archivos.pdfConAccion(archivos.ACCIONES_PDF.escapada)],
      [
        'JavaScript dentro de un flujo de objetos comprimido',
        archivos.pdfConObjStm(archivos.ACCIONES_PDF.javaScript),
      ],
      ['una acción /Launch', archivos.pdfConAccion(archivos.ACCIONES_PDF.lanzamiento)],
      ['archivos incrustados (/EmbeddedFiles)', archivos.pdfConAdjunto()],
    ])('rechaza un PDF con %s, con 415 y un mensaje en castellano', async (_caso, contenido) => {
      const nav = await ctx.navegador().abrir();
      const r = await nav.subir([{ nombre: 'PolizaMalaPraxis.pdf', contenido }]);
      expect(r.statusCode).toBe(415);
      expect(r.json().error).toBe('TIPO_NO_ACEPTADO');
      expect(r.json().message).toContain('PolizaMalaPraxis.pdf');
      expect(r.json().message).toContain('contiene código, acciones automáticas o archivos adjuntos');
      expect(r.cookies.find((c) => c.name === 'borrador')).toBeUndefined();
    });

    it.each([
      [
        'que no se puede inflar',
        archivos.pdfConObjStm(archivos.ACCIONES_PDF.irAPagina, { datos: Buffer.from('no es deflate') }),
      ],
      [
        'en un PDF cifrado',
        archivos.pdfConObjStm(archivos.ACCIONES_PDF.irAPagina, { trailer: '/Encrypt 9 0 R' }),
      ],
    ])('rechaza como ilegible un PDF con un flujo de objetos %s', async (_caso, contenido) => {
      const nav = await ctx.navegador().abrir();
      const r = await nav.subir([{ nombre: 'PolizaMalaPraxis.pdf', contenido }]);
      expect(r.statusCode).toBe(415);
      expect(r.json().message).toContain('No pudimos revisar el PDF PolizaMalaPraxis.pdf');
    });
  });
});

describe('extensiones admitidas', () => {
  it('son las mismas que el SPA deja elegir (motivoRechazoArchivo)', () => {
    const candidatas = [
      ...EXTENSIONES_ADMITIDAS,
      ...[
        'jpe',
        'jfif',
        'avif',
        'bmp',
        'tif',
        'tiff',
        'svg',
        'dot',
        'docm',
        'rtf',
        'odt',
        'txt',
        'exe',
        'zip',
        'html',
      ],
    ];
    for (const e of candidatas) {
      expect(motivoRechazoArchivo(`archivo.${e}`, 1) === null, e).toBe(EXTENSIONES_ADMITIDAS.includes(e));
    }
  });

  it('la extensión de un nombre, en minúsculas; ninguna sin punto', () => {
    expect(extensionDelNombre('DniAnverso.JPeG')).toBe('jpeg');
    expect(extensionDelNombre('TituloMedico')).toBe('');
    expect(extensionDelNombre('.pdf')).toBe('');
  });
});

describe('límites de un .docx', () => {
  it('el presupuesto: 100 veces el archivo, al menos 5 MiB, nunca más de 50 MiB', () => {
    expect(presupuestoDocx(10_000)).toBe(LIMITES_DOCX.bytesSinProporcion);
    expect(presupuestoDocx(110_000)).toBe(11_000_000);
    expect(presupuestoDocx(10 * MiB)).toBe(LIMITES_DOCX.bytesDescomprimidos);
  });
});

describe('detectarTipo: de la memoria o del archivo, el mismo tipo', () => {
  let carpeta: string;
  beforeAll(async () => {
    carpeta = await mkdtemp(path.join(os.tmpdir(), 'alta-tipo-'));
  });
  afterAll(() => rm(carpeta, { recursive: true, force: true }));

  it.each([
    ['png', archivos.png(), 'png'],
    ['jpeg', archivos.jpeg(), 'jpg'],
    ['jpeg con metadatos', archivos.jpegConMetadatos(40_000), 'jpg'],
    ['gif', archivos.gif(), 'gif'],
    ['webp', archivos.webp(), 'webp'],
    ['heic', archivos.heic(), 'heic'],
    ['heif', archivos.heif(), 'heic'],
    ['pdf', archivos.pdf(), 'pdf'],
    ['doc', archivos.doc(), 'doc'],
    ['cfb sin WordDocument', archivos.doc(false), null],
    ['docx', archivos.docx(), 'docx'],
    ['zip común', archivos.zipComun(), null],
    ['elf', archivos.elf(), null],
    ['exe', archivos.exeMz(), null],
    ['html', archivos.html(), null],
    ['texto', Buffer.from('hola, esto no es un documento'), null],
  ] as const)('%s', async (_nombre, contenido, esperado) => {
    expect(contenido.length).toBeLessThanOrEqual(CONTENIDO_EN_MEMORIA);
    const rutaTemporal = path.join(carpeta, randomUUID());
    await writeFile(rutaTemporal, contenido);
    expect(await detectarTipo({ rutaTemporal })).toBe(esperado);
    // The docx check opens the zip by its path: the staged file is always there too.
    expect(await detectarTipo({ rutaTemporal, contenido })).toBe(esperado);
  });
});

describe('revisarPdf', () => {
  let carpeta: string;
  beforeAll(async () => {
    carpeta = await mkdtemp(path.join(os.tmpdir(), 'alta-pdf-'));
  });
  afterAll(() => rm(carpeta, { recursive: true, force: true }));

  let n = 0;
  /**
   * Read from the staged file, from memory (when the staging keeps it) and on the way in, cut as
   * a request's body arrives (revisionPdfAlPasar): all three must agree.
   */
  async function revisar(contenido: Buffer, limites = LIMITES_PDF): Promise<VeredictoPdf> {
    const rutaTemporal = path.join(carpeta, `documento-${n++}.pdf`);
    await writeFile(rutaTemporal, contenido);
    const delArchivo = await revisarPdf({ rutaTemporal }, limites);
    if (contenido.length <= CONTENIDO_EN_MEMORIA) {
      expect(await revisarPdf({ rutaTemporal: '/no/existe', contenido }, limites)).toBe(delArchivo);
    }
    expect(await alPasar(contenido, limites), 'al pasar').toBe(delArchivo);
    return delArchivo;
  }

  /** Uneven chunks, as a socket gives them: a short first one, then sizes that cross the 64 KiB reads. */
  function comoLlega(contenido: Buffer): Buffer[] {
    const trozos: Buffer[] = [];
    const largos = [5, 16_384, 1_000, 65_535, 7, 40_000];
    for (let i = 0, k = 0; i < contenido.length; k++) {
      const largo = largos[k % largos.length]!;
      trozos.push(contenido.subarray(i, i + largo));
      i += largo;
    }
    return trozos;
  }

  /** The verdict of the scan on the way in, and a check that every byte went through unchanged. */
  async function alPasar(contenido: Buffer, limites = LIMITES_PDF): Promise<VeredictoPdf | undefined> {
    const revision = revisionPdfAlPasar(limites);
    const salida: Buffer[] = [];
    await pipeline(
      Readable.from(comoLlega(contenido)),
      revision.paso,
      new Writable({
        write(trozo: Buffer, _c, listo) {
          salida.push(trozo);
          listo();
        },
      }),
    );
    expect(Buffer.concat(salida).equals(contenido)).toBe(true);
    return revision.veredicto();
  }

  describe('al pasar (revisionPdfAlPasar)', () => {
    it('no da veredicto para lo que no empieza como un PDF: lo revisa quien lo juzgue', async () => {
      expect(await alPasar(archivos.png())).toBeUndefined();
      expect(await alPasar(latin1(` %PDF-1.7\n`))).toBeUndefined();
    });

    it('ni cuando el primer trozo es más corto que la firma', async () => {
      const revision = revisionPdfAlPasar();
      await pipeline(
        Readable.from([latin1('%P'), latin1('DF-1.7\n')]),
        revision.paso,
        new Writable({ write: (_t, _c, listo) => listo() }),
      );
      expect(revision.veredicto()).toBeUndefined();
    });

    it('cortado a la mitad, suelta lo que tenía abierto y deja pasar el error', async () => {
      const revision = revisionPdfAlPasar();
      const pdf = archivos.pdfConObjStm(archivos.ACCIONES_PDF.irAPagina);
      const origen = new Readable({ read() {} });
      const hecho = pipeline(origen, revision.paso, new Writable({ write: (_t, _c, listo) => listo() }));
      origen.push(pdf.subarray(0, pdf.length / 2));
      origen.destroy(new Error('conexión cortada'));
      await expect(hecho).rejects.toThrow('conexión cortada');
      expect(revision.veredicto()).toBeUndefined();
    });
  });

  /** The same file given one byte at a time: every automaton's state crosses the chunks. */
  async function revisarDeAUnByte(contenido: Buffer): Promise<VeredictoPdf> {
    const escaner = new EscanerPdf();
    for (let i = 0; i < contenido.length && escaner.veredicto === 'limpio'; i++) {
      escaner.escribir(contenido.subarray(i, i + 1));
      await escaner.asentar();
    }
    try {
      return await escaner.terminar();
    } finally {
      escaner.soltar();
    }
  }

  const js = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';
  const latin1 = (texto: string) => Buffer.from(texto, 'latin1');
  const CASOS: [string, VeredictoPdf, Buffer][] = [
    ['mínimo', 'limpio', archivos.pdf()],
    ['con JavaScript en el texto', 'limpio', archivos.pdfConTexto()],
    ['con JavaScript en el texto comprimido', 'limpio', archivos.pdfConTexto(undefined, true)],
    ['con objetos comprimidos limpios', 'limpio', archivos.pdfConObjStm(archivos.ACCIONES_PDF.irAPagina)],
    ['con /JavaScript', 'activo', archivos.pdfConAccion(archivos.ACCIONES_PDF.javaScript)],
    ['con nombres escapados', 'activo', archivos.pdfConAccion(archivos.ACCIONES_PDF.escapada)],
    ['con /Launch', 'activo', archivos.pdfConAccion(archivos.ACCIONES_PDF.lanzamiento)],
    ['con /EmbeddedFiles', 'activo', archivos.pdfConAdjunto()],
    ['con /RichMedia', 'activo', archivos.pdfConAccion('<< /Type /Annot /Subtype /RichMedia >>')],
    ['con JavaScript en un ObjStm', 'activo', archivos.pdfConObjStm(archivos.ACCIONES_PDF.javaScript)],
    ['con JavaScript en un ObjStm sin filtro', 'activo', archivos.pdfConObjStm(js, { filtro: '' })],
    ['con JavaScript en un ObjStm, dentro de una cadena', 'activo', archivos.pdfConObjStm(`(${js})`)],
    [
      'con un ObjStm que no se infla',
      'ilegible',
      archivos.pdfConObjStm(archivos.ACCIONES_PDF.irAPagina, { datos: latin1('x'.repeat(40)) }),
    ],
    [
      'con un ObjStm en LZW',
      'ilegible',
      archivos.pdfConObjStm(archivos.ACCIONES_PDF.irAPagina, { filtro: '/LZWDecode' }),
    ],
    [
      'con un ObjStm con predictor',
      'ilegible',
      archivos.pdfConObjStm(archivos.ACCIONES_PDF.irAPagina, {
        diccionario: '/DecodeParms << /Predictor 12 >>',
      }),
    ],
    [
      'cifrado con un ObjStm',
      'ilegible',
      archivos.pdfConObjStm(archivos.ACCIONES_PDF.irAPagina, { trailer: '/Encrypt 9 0 R' }),
    ],
    [
      // Readers take a stream with /N and /First for an object stream even without its /Type.
      'con un flujo de objetos sin /Type',
      'activo',
      archivos.armarPdf([
        '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
        '<< /Type /Pages /Kids [] /Count 0 >>',
        archivos.flujoPdf('/N 1 /First 4 /Filter [/FlateDecode]', deflateSync(latin1(`4 0 ${js}`))),
      ]),
    ],
    // A reader finds an object by its offset in the xref table, wherever it is: inside what
    // looks like a stream's data, after an unclosed string or hex string, inside a comment.
    [
      'con un objeto escondido en los datos de un flujo',
      'activo',
      archivos.armarPdf([
        '<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R >>',
        archivos.flujoPdf('', latin1(`BT (Hola) Tj ET\n6 0 obj\n${js}\nendobj\n`)),
      ]),
    ],
    ['con un objeto tras una cadena abierta', 'activo', latin1(`%PDF-1.7\n(\n6 0 obj\n${js}\nendobj\n`)],
    ['con un objeto tras una cadena hex abierta', 'activo', latin1(`%PDF-1.7\n<\n6 0 obj ${js} endobj\n`)],
    ['con un objeto en un comentario', 'activo', latin1(`%PDF-1.7\n% 6 0 obj ${js} endobj\n`)],
    ['con un encabezado con comentarios', 'activo', latin1(`%PDF-1.7\n(\n6 %a\n0 %b\nobj ${js} endobj\n`)],
    [
      'con un trailer tras una cadena abierta',
      'activo',
      latin1(`%PDF-1.7\n(\ntrailer << /Root << /Type /Catalog /OpenAction ${js} >> >>\n%%EOF\n`),
    ],
  ];

  it.each(CASOS)('un PDF %s: leído entero o de a un byte → %s', async (_caso, esperado, contenido) => {
    expect(await revisar(contenido)).toBe(esperado);
    expect(await revisarDeAUnByte(contenido)).toBe(esperado);
  });

  it('lee 10 MiB hasta el final: un JavaScript tras 10 MiB de texto se encuentra', async () => {
    const relleno = latin1(`BT ${'(texto) Tj '.repeat(900_000)} ET`);
    const limpio = archivos.armarPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [] /Count 0 >>',
      archivos.flujoPdf('', relleno),
    ]);
    expect(limpio.length).toBeGreaterThan(9 * MiB);
    expect(await revisar(limpio)).toBe('limpio');
    const conAccion = Buffer.concat([limpio, latin1(`4 0 obj\n${js}\nendobj\n`)]);
    expect(await revisar(conAccion)).toBe('activo');
  });

  // The scan jumps to the next byte that matters with native searches (decision 092): what it
  // finds must not depend on where the 64 KiB reads of revisarPdf cut the file.
  describe('saltos hasta los bytes que importan', () => {
    /** Binary filler with no end of line, so no point resets the header automaton. */
    const relleno = (bytes: number) => Buffer.alloc(bytes, 0x41);
    const armar = (...partes: (string | Buffer)[]) =>
      Buffer.concat(partes.map((p) => (typeof p === 'string' ? latin1(p) : p)));

    it.each([65_536 - 4, 65_536 - 1, 65_536, 65_536 + 3])(
      'un endstream que cruza el corte de lectura (empieza en %i) cierra el flujo: lo que sigue se revisa',
      async (inicio) => {
        const cabecera = '%PDF-1.7\n1 0 obj\n<< /Length 0 >>\nstream\n';
        const pdf = armar(
          cabecera,
          relleno(inicio - cabecera.length),
          `endstream\nendobj\n<< /OpenAction ${js} >>\n`,
        );
        expect(pdf.indexOf('endstream')).toBe(inicio);
        expect(await revisar(pdf)).toBe('activo');
      },
    );

    it('un encabezado con un comentario de 100 KiB entre sus números, dentro de un flujo, se encuentra', async () => {
      const pdf = armar(
        '%PDF-1.7\n1 0 obj\n<< /Length 0 >>\nstream\n',
        relleno(30_000),
        ' 6 %',
        relleno(100_000),
        `\n0 obj ${js} endobj\n`,
      );
      expect(await revisar(pdf)).toBe('activo');
      // Without the comment's end of line there is no header: the data go on, and the name in
      // them is a page's text.
      const sinFinDeLinea = armar(
        '%PDF-1.7\n1 0 obj\n<< /Length 0 >>\nstream\n',
        relleno(30_000),
        ' 6 %',
        relleno(100_000),
        `0bj ${js}`,
      );
      expect(await revisar(sinFinDeLinea)).toBe('limpio');
    });

    it('una cadena y un comentario largos que cruzan cortes: el trailer que los sigue se revisa', async () => {
      const pdf = armar(
        '%PDF-1.7\n(',
        relleno(150_000),
        ' (anidada) \\) ',
        relleno(50_000),
        `\ntrailer << /Root << /OpenAction ${js} >> >>\n`,
      );
      expect(await revisar(pdf)).toBe('activo');
      const comentario = armar('%PDF-1.7\n%', relleno(150_000), `\n<< /OpenAction ${js} >>\n`);
      expect(await revisar(comentario)).toBe('activo');
    });

    it('cualquier corte da el mismo veredicto (archivos al azar con semilla fija)', async () => {
      let semilla = 15;
      const azar = () => (semilla = (semilla * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      const piezas = [
        '1 0 obj\n',
        '5 %c\n0 obj',
        'stream\n',
        'stream\r\n',
        'endstream',
        'trailer',
        '(',
        ')',
        '\\',
        '<',
        '>',
        '<<',
        '>>',
        '%',
        '\n',
        '\r',
        ' ',
        '/Name',
        'obj',
        '7',
        'x',
        `/N 1 /First 0`,
        '/JavaScript',
      ];
      for (let k = 0; k < 200; k++) {
        const partes: Buffer[] = [latin1('%PDF-1.7\n')];
        for (let p = 0; p < 120; p++) {
          const r = azar();
          if (r < 0.15)
            partes.push(
              Buffer.from(Array.from({ length: Math.floor(azar() * 300) }, () => Math.floor(azar() * 256))),
            );
          else {
            const pieza = piezas[Math.floor(azar() * piezas.length)]!;
            if (pieza !== '/JavaScript' || azar() < 0.1) partes.push(latin1(pieza));
          }
        }
        const contenido = Buffer.concat(partes);
        const escaner = new EscanerPdf();
        for (let i = 0; i < contenido.length && escaner.veredicto === 'limpio';) {
          const largo = 1 + Math.floor(azar() * (azar() < 0.5 ? 8 : 3_000));
          escaner.escribir(contenido.subarray(i, i + largo));
          await escaner.asentar();
          i += largo;
        }
        const enTrozos = await escaner.terminar().finally(() => escaner.soltar());
        expect([k, enTrozos]).toEqual([k, await revisarDeAUnByte(contenido)]);
      }
    }, 60_000);
  });

  it('deja de inflar un flujo de objetos al pasar el límite (una bomba de inflado)', async () => {
    const bomba = archivos.pdfConObjStm(`${archivos.ACCIONES_PDF.irAPagina}${' '.repeat(20 * MiB)}`);
    expect(bomba.length).toBeLessThan(100_000);
    expect(await revisar(bomba, { ...LIMITES_PDF, bytesInflados: 1 * MiB })).toBe('ilegible');
    expect(await revisar(bomba)).toBe('limpio');
  });
});

describe('docxAcotado', () => {
  let carpeta: string;
  beforeAll(async () => {
    carpeta = await mkdtemp(path.join(os.tmpdir(), 'alta-docx-'));
  });
  afterAll(() => rm(carpeta, { recursive: true, force: true }));

  async function acotado(contenido: Buffer) {
    const ruta = path.join(carpeta, `documento-${Math.random().toString(16).slice(2)}.docx`);
    await writeFile(ruta, contenido);
    return docxAcotado(ruta, contenido.length);
  }

  it('acepta el .docx legítimo y uno con 4 MiB de relleno; rechaza los abusivos y los que mienten', async () => {
    expect(await acotado(archivos.docx())).toBe(true);
    expect(await acotado(archivos.docxConRelleno(4))).toBe(true);
    expect(await acotado(archivos.docxConRelleno(6))).toBe(false);
    expect(await acotado(archivos.docxMentiroso(2 * MiB, 100))).toBe(false);
    // Fewer bytes than declared is a lie too.
    expect(await acotado(archivos.docxMentiroso(100, 2000))).toBe(false);
  });
});
