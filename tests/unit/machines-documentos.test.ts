// machines/documentos.ts: which files are pending, when the step is complete, what an upload's
// answer marks as uploaded.
import { describe, expect, it } from 'vitest';
import { DOCUMENTOS_REQUERIDOS, type DocumentoKey } from '../../domain/index.js';
import {
  adjuntosDeSolicitud,
  aplicarSubida,
  archivosPendientes,
  documentosCompletos,
  faltanRequeridos,
  tieneDocumento,
  type ArchivoElegido,
  type Documentos,
} from '../../machines/index.js';

const archivo = (id: string, nombre = `${id}.pdf`): ArchivoElegido => ({ id, nombre, tamanio: 1000, tipo: 'application/pdf' });
const elegido = (key: DocumentoKey, id: string = key) => ({ archivo: archivo(id), subido: null });
const subido = (key: DocumentoKey, id: string = key) => ({ archivo: archivo(id), subido: { nombre: `${key}.pdf`, archivoId: id } });

const todos = (f: (k: DocumentoKey) => Documentos[DocumentoKey]): Documentos =>
  Object.fromEntries(DOCUMENTOS_REQUERIDOS.map((k) => [k, f(k)]));

describe('faltanRequeridos / tieneDocumento', () => {
  it('a document counts once chosen or held by the server', () => {
    expect(faltanRequeridos({})).toBe(true);
    expect(faltanRequeridos(todos((k) => elegido(k)))).toBe(false);
    expect(faltanRequeridos(todos((k) => subido(k)))).toBe(false);
    const { TituloMedico: _t, ...sinTitulo } = todos((k) => elegido(k));
    expect(faltanRequeridos(sinTitulo)).toBe(true);
    // The server still holds it although the chosen file was dropped.
    expect(tieneDocumento({ TituloMedico: { archivo: null, subido: { nombre: 'TituloMedico.pdf', archivoId: 'x' } } }, 'TituloMedico')).toBe(true);
  });

  it('the optional document is never missing', () => {
    expect(faltanRequeridos({ ...todos((k) => elegido(k)) })).toBe(false);
    expect(tieneDocumento({}, 'RegistroNacionalPrestadores')).toBe(false);
  });
});

describe('archivosPendientes', () => {
  it('lists new files and replaced ones, in display order, never uploaded ones', () => {
    const docs: Documentos = {
      TituloMedico: elegido('TituloMedico'),
      DniAnverso: subido('DniAnverso'),
      DniReverso: { archivo: archivo('nuevo'), subido: { nombre: 'DniReverso.jpg', archivoId: 'viejo' } },
      RegistroNacionalPrestadores: elegido('RegistroNacionalPrestadores'),
    };
    expect(archivosPendientes(docs).map((p) => [p.key, p.archivo.id])).toEqual([
      ['DniReverso', 'nuevo'],
      ['TituloMedico', 'TituloMedico'],
      ['RegistroNacionalPrestadores', 'RegistroNacionalPrestadores'],
    ]);
  });
});

describe('documentosCompletos', () => {
  it('needs every required document uploaded and nothing pending', () => {
    expect(documentosCompletos({})).toBe(false);
    expect(documentosCompletos(todos((k) => elegido(k)))).toBe(false);
    expect(documentosCompletos(todos((k) => subido(k)))).toBe(true);
    expect(documentosCompletos({ ...todos((k) => subido(k)), RegistroNacionalPrestadores: elegido('RegistroNacionalPrestadores') })).toBe(false);
    expect(documentosCompletos({ ...todos((k) => subido(k)), TituloMedico: { archivo: archivo('otro'), subido: { nombre: 'TituloMedico.pdf', archivoId: 'TituloMedico' } } })).toBe(false);
  });
});

describe('aplicarSubida', () => {
  it('marks what was sent with the name the server answered', () => {
    const docs = todos((k) => elegido(k));
    const enviados = archivosPendientes(docs);
    const respuesta = DOCUMENTOS_REQUERIDOS.map((k) => ({ nombre: `${k}.pdf` }));
    const resultado = aplicarSubida(docs, enviados, respuesta);
    expect(documentosCompletos(resultado)).toBe(true);
    expect(resultado.TituloMedico).toEqual({ archivo: archivo('TituloMedico'), subido: { nombre: 'TituloMedico.pdf', archivoId: 'TituloMedico' } });
  });

  it('leaves pending a file the answer does not list', () => {
    const docs = { TituloMedico: elegido('TituloMedico'), DniAnverso: elegido('DniAnverso') };
    const resultado = aplicarSubida(docs, archivosPendientes(docs), [{ nombre: 'DniAnverso.png' }]);
    expect(resultado.DniAnverso?.subido?.nombre).toBe('DniAnverso.png');
    expect(resultado.TituloMedico?.subido).toBeNull();
  });

  it('does not mark a file replaced while the upload was under way', () => {
    const antes = { TituloMedico: elegido('TituloMedico', 'v1') };
    const enviados = archivosPendientes(antes);
    const despues = { TituloMedico: elegido('TituloMedico', 'v2') };
    const resultado = aplicarSubida(despues, enviados, [{ nombre: 'TituloMedico.pdf' }]);
    expect(resultado.TituloMedico).toEqual(elegido('TituloMedico', 'v2'));
    expect(archivosPendientes(resultado)).toHaveLength(1);
  });

  it('ignores answered names that are not documents or were not sent', () => {
    const docs = { TituloMedico: elegido('TituloMedico') };
    const resultado = aplicarSubida(docs, [], [{ nombre: 'TituloMedico.pdf' }, { nombre: 'Otro.pdf' }]);
    expect(resultado).toEqual(docs);
  });
});

describe('adjuntosDeSolicitud', () => {
  it('lists what the server holds for the documents kept, in display order', () => {
    const docs: Documentos = {
      TituloMedico: subido('TituloMedico'),
      DniAnverso: subido('DniAnverso'),
      DniReverso: elegido('DniReverso'),
    };
    expect(adjuntosDeSolicitud(docs)).toEqual([{ nombre: 'DniAnverso.pdf' }, { nombre: 'TituloMedico.pdf' }]);
  });
});
