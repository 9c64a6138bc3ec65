// The receipt of producto §11, drawn from fixed data and read back with pdfjs: every field, a
// Unicode name exactly, each document's label, size and SHA-256, every equipment item, the
// verification address and its QR code, the embedded DejaVu fonts, the metadata and page breaks.
import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { DOCUMENTOS, TEXTOS_SEGUIMIENTO, TEXTOS_VERSIONES } from '../../domain/index.js';
import type { DatosComprobante } from '../../server/comprobante/datos.js';
import { AUTOR_COMPROBANTE, dibujarComprobante, ROTULOS_COMPROBANTE, tramosDelQr } from '../../server/comprobante/dibujo.js';
import { fechaHoraArgentina } from '../../domain/fecha-hora.js';
import { tamanioConBytes, tamanioLegible } from '../../server/comprobante/formato.js';
import { fuentesIncrustadas, leerPdf } from '../server/ayuda/comprobante.js';

const NOMBRE = 'Łukasz Şahin Nguyễn';
const URL_VERIFICACION = 'https://prestadores.amr.org.ar/verificar/q1Zb7X-oW_3mKcT9aHsPzLr2VdYe8uNfJ4gQ6iB0tAx';

const datos = (cambios: Partial<DatosComprobante> = {}): DatosComprobante => ({
  numero: 'AMR-7K3Q9X',
  version: 1,
  emitidoEn: '2026-11-25T17:05:09.123Z',
  reemplazados: [],
  creadaEn: '2026-11-25T17:05:09.123Z',
  apellidoynombre: NOMBRE,
  dni: '30111222',
  matricula: 'MP 12.345',
  documentos: DOCUMENTOS.map((d, i) => ({
    clave: d.key,
    etiqueta: d.label,
    bytes: [845_312, 1_234_567, 10_485_760, 999, 52_000, 3_000_001, 7_777, 120_450, 9_999_999][i]!,
    sha256: createHash('sha256').update(d.key).digest('hex'),
  })),
  equipos: Array.from({ length: 10 }, (_, i) => ({
    tipo: i % 2 ? 'RESONADOR MAGNÉTICO' : 'ECÓGRAFO',
    marca: `Marca ${i}`,
    modelo: `Modelo-${i}X`,
    anio: 2010 + i,
    origen: i % 3 ? 'Alemania' : 'Japón',
    observaciones:
      i % 2
        ? `Equipo ${i}: con transductores lineal y convexo, mantenimiento anual al día y garantía extendida.`
        : null,
  })),
  urlVerificacion: URL_VERIFICACION,
  ...cambios,
});

describe('formato del comprobante', () => {
  it('escribe la fecha y hora de Argentina, cualquiera sea la zona del servidor', () => {
    expect(fechaHoraArgentina('2026-11-25T17:05:09.123Z')).toBe('25/11/2026 14:05');
    // 02:30 UTC of 1 March is still 28 February in Argentina (UTC−3).
    expect(fechaHoraArgentina('2026-03-01T02:30:00.000Z')).toBe('28/02/2026 23:30');
  });

  it('escribe los tamaños como en Argentina, con los bytes exactos', () => {
    expect(tamanioLegible(999)).toBe('999 B');
    expect(tamanioLegible(845_312)).toBe('845,3 kB');
    expect(tamanioLegible(1_234_567)).toBe('1,2 MB');
    expect(tamanioLegible(999_960)).toBe('1 MB');
    expect(tamanioConBytes(1_234_567)).toBe('1,2 MB (1.234.567 bytes)');
    expect(tamanioConBytes(1)).toBe('1 B (1 byte)');
  });
});

describe('comprobante en PDF', () => {
  it('tiene cada dato de producto §11, legible como texto', async () => {
    const d = datos();
    const pdf = await dibujarComprobante(d);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { texto } = await leerPdf(pdf);

    expect(texto).toContain(`${TEXTOS_VERSIONES.titulo(1)} ${TEXTOS_SEGUIMIENTO.tituloComprobante}`);
    expect(texto).toContain(`${ROTULOS_COMPROBANTE.version} 1, 25/11/2026 14:05`);
    // Version 1 replaced nothing: no such section.
    expect(texto).not.toContain(TEXTOS_VERSIONES.documentosReemplazados);
    expect(texto).toContain(`${ROTULOS_COMPROBANTE.numero} AMR-7K3Q9X`);
    expect(texto).toContain(`${ROTULOS_COMPROBANTE.fechaHora} 25/11/2026 14:05`);
    expect(texto).toContain(`${ROTULOS_COMPROBANTE.nombre} ${NOMBRE}`);
    expect(texto).toContain(`${ROTULOS_COMPROBANTE.dni} 30111222`);
    expect(texto).toContain(`${ROTULOS_COMPROBANTE.matricula} MP 12.345`);
    for (const documento of d.documentos) {
      expect(texto).toContain(`${documento.etiqueta} ${tamanioConBytes(documento.bytes)}`);
      expect(texto).toContain(`SHA-256 ${documento.sha256}`);
    }
    expect(texto).toContain('10,5 MB (10.485.760 bytes)');
    for (const e of d.equipos) {
      const fila = [e.tipo, e.marca, e.modelo, String(e.anio), e.origen, e.observaciones].filter(Boolean).join(' ');
      expect(texto).toContain(fila);
    }
    expect(texto).toContain(`${ROTULOS_COMPROBANTE.verificar} `);
    // On one line, whole: the address can be copied from the text.
    expect(texto).toContain(` ${URL_VERIFICACION} `);
  });

  it('una versión posterior dice su número y lista los documentos reemplazados con su huella anterior', async () => {
    const anterior = createHash('sha256').update('póliza vieja').digest('hex');
    const d = datos({
      version: 2,
      emitidoEn: '2026-12-02T13:00:00.000Z',
      reemplazados: [{ etiqueta: 'Póliza de mala praxis', sha256: anterior, en: '2026-12-02T13:00:00.000Z' }],
    });
    const pdf = await dibujarComprobante(d);
    const { texto, info } = await leerPdf(pdf);
    expect(texto).toContain(TEXTOS_VERSIONES.titulo(2));
    expect(texto).toContain(`${ROTULOS_COMPROBANTE.version} 2, 02/12/2026 10:00`);
    expect(texto).toContain(
      `${TEXTOS_VERSIONES.documentosReemplazados} Póliza de mala praxis 02/12/2026 10:00, ${TEXTOS_VERSIONES.porCorreccion} ${ROTULOS_COMPROBANTE.sha256Anterior} ${anterior}`,
    );
    expect(info.Title).toBe(`${TEXTOS_VERSIONES.titulo(2)} AMR-7K3Q9X`);
  });

  it('imprime exactamente un nombre con letras fuera de Latin-1, aunque llegue descompuesto', async () => {
    const { texto } = await leerPdf(await dibujarComprobante(datos({ apellidoynombre: NOMBRE.normalize('NFD') })));
    expect(texto).toContain(` ${NOMBRE} `);
  });

  it('incrusta las fuentes DejaVu completas (en subconjuntos) y ninguna de las 14 estándar', async () => {
    const pdf = await dibujarComprobante(datos());
    const { nombres, archivos } = fuentesIncrustadas(pdf);
    expect(nombres.map((n) => n.split('+')[1]).sort()).toEqual(['DejaVuSans', 'DejaVuSans-Bold', 'DejaVuSansMono']);
    expect(archivos).toBe(3);
    expect(pdf.toString('latin1')).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
  });

  it('dice quién lo emite, de qué es y en qué idioma', async () => {
    const { info } = await leerPdf(await dibujarComprobante(datos()));
    expect(info.Title).toBe(`${TEXTOS_VERSIONES.titulo(1)} AMR-7K3Q9X`);
    expect(info.Author).toBe(AUTOR_COMPROBANTE);
    expect(info.Language).toBe('es-AR');
  });

  it('dibuja el código QR de la dirección de verificación, módulo por módulo', async () => {
    const { qr } = await leerPdf(await dibujarComprobante(datos()));
    const { modules } = QRCode.create(URL_VERIFICACION, { errorCorrectionLevel: 'M' });
    const esperado = Array.from({ length: modules.size }, (_, f) =>
      Array.from({ length: modules.size }, (_, c) => (modules.get(f, c) ? 1 : 0)),
    );
    expect(qr).not.toBeNull();
    expect(qr!.length).toBe(modules.size);
    expect(qr).toEqual(esperado);
    // And another address draws another code.
    const otro = await leerPdf(await dibujarComprobante(datos({ urlVerificacion: `${URL_VERIFICACION.slice(0, -1)}y` })));
    expect(otro.qr).not.toEqual(esperado);
  });

  it('los tramos del QR cubren exactamente sus módulos oscuros', () => {
    const { tamanio, tramos } = tramosDelQr(URL_VERIFICACION);
    const { modules } = QRCode.create(URL_VERIFICACION, { errorCorrectionLevel: 'M' });
    expect(tamanio).toBe(modules.size);
    const oscuros = new Set<string>();
    for (const [fila, col, largo] of tramos) for (let k = 0; k < largo; k++) oscuros.add(`${fila},${col + k}`);
    let esperados = 0;
    for (let f = 0; f < modules.size; f++)
      for (let c = 0; c < modules.size; c++) {
        if (modules.get(f, c)) {
          esperados++;
          expect(oscuros.has(`${f},${c}`)).toBe(true);
        }
      }
    expect(oscuros.size).toBe(esperados);
  });

  it('pasa de página con 9 documentos y 10 equipos sin perder filas, y numera las páginas', async () => {
    const d = datos({
      equipos: datos().equipos.map((e) => ({ ...e, observaciones: `${'Observación larga del equipo. '.repeat(8)}Fin ${e.modelo}.` })),
    });
    const { paginas, texto } = await leerPdf(await dibujarComprobante(d));
    expect(paginas).toBeGreaterThanOrEqual(2);
    expect(texto).toContain(ROTULOS_COMPROBANTE.pagina(paginas, paginas));
    for (const e of d.equipos) expect(texto).toContain(`Fin ${e.modelo}.`);
    // The header row of the table is repeated on the new page.
    expect(texto.split(ROTULOS_COMPROBANTE.columnasEquipos.join(' ')).length - 1).toBeGreaterThanOrEqual(2);
    expect(texto).toContain(` ${URL_VERIFICACION} `);
  });

  it('sin equipos lo dice, y una dirección pública larga entra en una línea', async () => {
    const larga = `https://una-direccion-publica-bastante-larga.asociacion-medica-de-rosario.org.ar/prestadores/verificar/${'x'.repeat(43)}`;
    const { texto, paginas } = await leerPdf(await dibujarComprobante(datos({ equipos: [], urlVerificacion: larga })));
    expect(paginas).toBe(1);
    expect(texto).toContain(`${ROTULOS_COMPROBANTE.equipos} ${ROTULOS_COMPROBANTE.sinEquipos}`);
    expect(texto).toContain(` ${larga} `);
  });
});
