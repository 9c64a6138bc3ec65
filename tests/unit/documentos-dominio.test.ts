// producto §4: the nine documents, part names and the checks made before an upload.
import { describe, expect, it } from 'vitest';
import {
  DOCUMENTOS,
  DOCUMENTOS_REQUERIDOS,
  TAMANIO_MAXIMO_ARCHIVO,
  keyDeNombre,
  motivoRechazoArchivo,
  nombreDeParte,
} from '../../domain/index.js';

describe('the documents of producto §4', () => {
  it('are nine, eight of them required', () => {
    expect(DOCUMENTOS).toHaveLength(9);
    expect(DOCUMENTOS_REQUERIDOS).toHaveLength(8);
    expect(DOCUMENTOS.find((d) => !d.requerido)?.key).toBe('RegistroNacionalPrestadores');
  });
});

describe('nombreDeParte / keyDeNombre', () => {
  it('names each part <key>.<original extension>', () => {
    expect(nombreDeParte('DniAnverso', 'foto del dni.JPG')).toBe('DniAnverso.jpg');
    expect(nombreDeParte('TituloMedico', 'titulo.final.pdf')).toBe('TituloMedico.pdf');
    expect(nombreDeParte('TituloMedico', 'sin-extension')).toBe('TituloMedico');
    expect(nombreDeParte('TituloMedico', '.pdf')).toBe('TituloMedico');
  });

  it('reads the key back from the name the server answers', () => {
    for (const { key } of DOCUMENTOS) expect(keyDeNombre(`${key}.pdf`)).toBe(key);
    expect(keyDeNombre('Otro.pdf')).toBeNull();
    expect(keyDeNombre('')).toBeNull();
  });
});

describe('motivoRechazoArchivo', () => {
  it.each(['a.jpg', 'a.JPEG', 'a.png', 'a.gif', 'a.webp', 'a.heic', 'a.heif', 'a.pdf', 'a.doc', 'a.docx'])(
    'accepts %s',
    (nombre) => {
      expect(motivoRechazoArchivo(nombre, 1000)).toBeNull();
    },
  );

  it('refuses other types, empty files and files over 10 MiB', () => {
    expect(motivoRechazoArchivo('a.exe', 1000)).toMatch(/Tipo de archivo no permitido/);
    expect(motivoRechazoArchivo('pdf', 1000)).toMatch(/Tipo de archivo no permitido/);
    expect(motivoRechazoArchivo('a.pdf', 0)).toBe('El archivo está vacío.');
    expect(motivoRechazoArchivo('a.pdf', TAMANIO_MAXIMO_ARCHIVO)).toBeNull();
    expect(motivoRechazoArchivo('a.pdf', TAMANIO_MAXIMO_ARCHIVO + 1)).toBe('El archivo supera el máximo de 10 MB.');
  });
});
