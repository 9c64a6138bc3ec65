// Behaviour of the chart outside the model's bounds (docs/decisions/020): a changed DNI pair,
// late answers, several cards, catalogues. Run on the same recording actor as the model.
import { describe, expect, it } from 'vitest';
import { DOCUMENTOS_REQUERIDOS, MAXIMO_EQUIPOS } from '../../domain/index.js';
import { archivosPendientes, documentosCompletos, equipoValido } from '../../machines/index.js';
import { DATOS_OTRO_PAR, DATOS_VALIDOS, EQUIPO_INVALIDO, EQUIPO_VALIDO, PAR_A, PAR_B, ROSARIO } from '../modelo/datos.js';
import { archivoPara, NUMERO_SOLICITUD, respuestaSubida, type EventoModelo } from '../modelo/eventos.js';
import { SutMaquina } from '../modelo/sut-maquina.js';

/** Step 1 valid and checked for `datos`. */
function pasoUnoListo(sut: SutMaquina, datos = DATOS_VALIDOS) {
  sut.enviarTal({ type: 'DATOS.CAMBIO', cambios: datos });
  sut.enviarTal({ type: 'DNI.COMPROBAR' });
  sut.enviarTal({ type: 'DNI.RESULTADO', dni: datos.dni, matricula: datos.matricula, valido: true });
}

/** Every required document chosen and SIGUIENTE pressed: the upload is under way. */
function subiendoDocumentos(sut: SutMaquina) {
  for (const key of DOCUMENTOS_REQUERIDOS)
    sut.enviarTal({ type: 'ARCHIVO.ELEGIDO', key, archivo: archivoPara(key, 1), contenido: null });
  sut.enviarTal({ type: 'SIGUIENTE' });
}

function documentosSubidos(sut: SutMaquina) {
  subiendoDocumentos(sut);
  sut.enviarTal({ type: 'SUBIDA.EXITO', adjuntos: respuestaSubida(sut.snapshot.context) });
  sut.enviarTal({ type: 'AVANZAR' });
}

describe('the DNI + matrícula check', () => {
  it('a changed pair must be checked again', () => {
    const sut = new SutMaquina();
    pasoUnoListo(sut);
    expect(sut.snapshot.can({ type: 'SIGUIENTE' })).toBe(true);
    sut.enviarTal({ type: 'DATOS.CAMBIO', cambios: DATOS_OTRO_PAR });
    expect(sut.snapshot.context.datosValidos).toBe(true);
    expect(sut.snapshot.can({ type: 'SIGUIENTE' })).toBe(false);
    sut.enviarTal({ type: 'DNI.COMPROBAR' });
    expect(sut.llamadas('comprobarDniMatricula')).toEqual([PAR_B]);
    sut.enviarTal({ type: 'DNI.RESULTADO', ...PAR_B, valido: true });
    expect(sut.snapshot.can({ type: 'SIGUIENTE' })).toBe(true);
    // Back to the first pair: its answer is no longer the last one, so it is asked again.
    sut.enviarTal({ type: 'DATOS.CAMBIO', cambios: DATOS_VALIDOS });
    expect(sut.snapshot.can({ type: 'SIGUIENTE' })).toBe(false);
    sut.enviarTal({ type: 'DNI.COMPROBAR' });
    expect(sut.llamadas('comprobarDniMatricula')).toEqual([PAR_A]);
  });

  it('an answer for a pair no longer typed is dropped', () => {
    const sut = new SutMaquina();
    sut.enviarTal({ type: 'DATOS.CAMBIO', cambios: DATOS_VALIDOS });
    sut.enviarTal({ type: 'DNI.COMPROBAR' });
    sut.enviarTal({ type: 'DATOS.CAMBIO', cambios: DATOS_OTRO_PAR });
    sut.enviarTal({ type: 'DNI.RESULTADO', ...PAR_A, valido: true });
    expect(sut.snapshot.context.comprobacion).toEqual({ ...PAR_A, estado: 'pendiente' });
    expect(sut.snapshot.can({ type: 'SIGUIENTE' })).toBe(false);
  });

  it('a failed check may be retried; a pending or answered one is not asked twice', () => {
    const sut = new SutMaquina();
    sut.enviarTal({ type: 'DATOS.CAMBIO', cambios: DATOS_VALIDOS });
    sut.enviarTal({ type: 'DNI.COMPROBAR' });
    sut.enviarTal({ type: 'DNI.COMPROBAR' });
    expect(sut.llamadas('comprobarDniMatricula')).toEqual([]);
    sut.enviarTal({ type: 'DNI.FALLO', ...PAR_A });
    sut.enviarTal({ type: 'DNI.COMPROBAR' });
    expect(sut.llamadas('comprobarDniMatricula')).toEqual([PAR_A]);
    sut.enviarTal({ type: 'DNI.RESULTADO', ...PAR_A, valido: false });
    sut.enviarTal({ type: 'DNI.COMPROBAR' });
    expect(sut.llamadas('comprobarDniMatricula')).toEqual([]);
  });

  it('a malformed pair is not asked', () => {
    const sut = new SutMaquina();
    for (const cambios of [{ dni: '123' }, { matricula: '' }, { matricula: '1234567890123' }]) {
      sut.enviarTal({ type: 'DATOS.CAMBIO', cambios: { ...DATOS_VALIDOS, ...cambios } });
      sut.enviarTal({ type: 'DNI.COMPROBAR' });
      expect(sut.llamadas('comprobarDniMatricula')).toEqual([]);
    }
  });
});

describe('catalogues', () => {
  it('a late street list for a locality no longer picked is dropped; picking another clears it', () => {
    const sut = new SutMaquina();
    sut.enviarTal({ type: 'DATOS.CAMBIO', cambios: DATOS_VALIDOS });
    sut.enviarTal({ type: 'CATALOGO.CARGADO', catalogo: 'calles', codigoLocalidad: 99, datos: [{ nombreCalle: 'X' }] });
    expect(sut.snapshot.context.catalogos.calles).toBeNull();
    sut.enviarTal({ type: 'CATALOGO.CARGADO', catalogo: 'calles', codigoLocalidad: ROSARIO.codigoLocalidad, datos: [] });
    expect(sut.snapshot.context.catalogos.calles).toEqual({ codigoLocalidad: 1, lista: [] });
    sut.enviarTal({ type: 'DATOS.CAMBIO', cambios: { ...DATOS_VALIDOS, localidad: { codigoLocalidad: 2, nombreLocalidad: 'Funes' } } });
    expect(sut.snapshot.context.catalogos.calles).toBeNull();
  });

  it('a failed load is marked, and a retry asks only for what is missing', () => {
    const sut = new SutMaquina();
    sut.enviarTal({ type: 'CATALOGO.CARGADO', catalogo: 'localidades', datos: [ROSARIO] });
    sut.enviarTal({ type: 'CATALOGO.FALLO', catalogo: 'condicionesIva' });
    expect(sut.snapshot.context.catalogos.fallidos).toEqual(['condicionesIva']);
    sut.enviarTal({ type: 'CATALOGO.REINTENTAR' });
    expect(sut.llamadas('cargarCatalogos')).toEqual([{ catalogos: ['condicionesIva', 'aparatos'] }]);
    sut.enviarTal({ type: 'CATALOGO.CARGADO', catalogo: 'condicionesIva', datos: [] });
    expect(sut.snapshot.context.catalogos.fallidos).toEqual([]);
  });

  it('picking a locality asks for its streets; picking it again or typing elsewhere does not', () => {
    const sut = new SutMaquina();
    sut.enviarTal({ type: 'DATOS.CAMBIO', cambios: { localidad: ROSARIO, textoLocalidad: 'Rosario' } });
    expect(sut.llamadas('cargarCalles')).toEqual([{ codigoLocalidad: 1 }]);
    sut.enviarTal({ type: 'DATOS.CAMBIO', cambios: { localidad: ROSARIO, textoLocalidad: 'Rosario' } });
    sut.enviarTal({ type: 'DATOS.CAMBIO', cambios: { email: 'a@b.c' } });
    expect(sut.llamadas('cargarCalles')).toEqual([]);
    sut.enviarTal({ type: 'DATOS.CAMBIO', cambios: { localidad: { codigoLocalidad: 7, nombreLocalidad: 'Funes' } } });
    expect(sut.llamadas('cargarCalles')).toEqual([{ codigoLocalidad: 7 }]);
  });

  it('a street typed where the locality has no street catalogue is the street', () => {
    const sut = new SutMaquina();
    const funes = { codigoLocalidad: 7, nombreLocalidad: 'Funes' };
    sut.enviarTal({ type: 'DATOS.CAMBIO', cambios: { localidad: funes, textoLocalidad: 'Funes' } });
    sut.enviarTal({ type: 'CATALOGO.CARGADO', catalogo: 'calles', codigoLocalidad: 7, datos: [] });
    sut.enviarTal({ type: 'DATOS.CAMBIO', cambios: { textoCalle: ' San Martín ' } });
    expect(sut.snapshot.context.datos.calle).toEqual({ nombreCalle: 'San Martín' });
  });

});

describe('documents', () => {
  it('a refused file leaves the row as it was; the next good choice clears the message', () => {
    const sut = new SutMaquina();
    pasoUnoListo(sut);
    sut.enviarTal({ type: 'SIGUIENTE' });
    sut.enviarTal({ type: 'ARCHIVO.ELEGIDO', key: 'TituloMedico', archivo: archivoPara('TituloMedico', 1), contenido: null });
    sut.enviarTal({ type: 'ARCHIVO.ELEGIDO', key: 'TituloMedico', archivo: { ...archivoPara('TituloMedico', 2), nombre: 'virus.exe' }, contenido: null });
    expect(sut.snapshot.context.rechazo?.motivo).toMatch(/Tipo de archivo no permitido/);
    expect(sut.snapshot.context.documentos.TituloMedico?.archivo?.id).toBe('TituloMedico@1');
    sut.enviarTal({ type: 'ARCHIVO.ELEGIDO', key: 'TituloMedico', archivo: archivoPara('TituloMedico', 3), contenido: null });
    expect(sut.snapshot.context.rechazo).toBeNull();
    expect(sut.llamadas('borrarArchivo')).toEqual([{ id: 'TituloMedico@1' }]);
  });

  // producto §12 (docs/decisions/088): refused vs retryable, the marks, cancelling.
  it('a refusal naming several documents keeps each row marked until its own file is replaced', () => {
    const sut = new SutMaquina();
    pasoUnoListo(sut);
    sut.enviarTal({ type: 'SIGUIENTE' });
    subiendoDocumentos(sut);
    const motivo = 'El archivo está vacío.';
    sut.enviarTal({
      type: 'SUBIDA.FALLO',
      reintentable: false,
      mensaje: 'El archivo TituloMedico.pdf está vacío.',
      // A document not in this request is not marked.
      rechazados: { TituloMedico: motivo, DniReverso: motivo, RegistroNacionalPrestadores: motivo },
    });
    const enRechazada = () => sut.snapshot.matches({ documentos: { eligiendo: 'rechazada' } });
    expect(enRechazada()).toBe(true);
    expect(sut.snapshot.can({ type: 'REINTENTAR' })).toBe(false);
    expect(sut.snapshot.context.falloSubida?.rechazados).toEqual({
      TituloMedico: { motivo, archivo: archivoPara('TituloMedico', 1).nombre },
      DniReverso: { motivo, archivo: archivoPara('DniReverso', 1).nombre },
    });
    // Removing a refused file keeps its mark: the row still needs another file.
    sut.enviarTal({ type: 'ARCHIVO.QUITADO', key: 'TituloMedico' });
    expect(enRechazada()).toBe(true);
    expect(Object.keys(sut.snapshot.context.falloSubida!.rechazados)).toEqual(['TituloMedico', 'DniReverso']);
    // Another row's file changes nothing of the marks.
    sut.enviarTal({ type: 'ARCHIVO.ELEGIDO', key: 'PolizaMalaPraxis', archivo: archivoPara('PolizaMalaPraxis', 2), contenido: null });
    expect(Object.keys(sut.snapshot.context.falloSubida!.rechazados)).toEqual(['TituloMedico', 'DniReverso']);
    sut.enviarTal({ type: 'ARCHIVO.ELEGIDO', key: 'TituloMedico', archivo: archivoPara('TituloMedico', 2), contenido: null });
    expect(enRechazada()).toBe(true);
    expect(Object.keys(sut.snapshot.context.falloSubida!.rechazados)).toEqual(['DniReverso']);
    sut.enviarTal({ type: 'ARCHIVO.ELEGIDO', key: 'DniReverso', archivo: archivoPara('DniReverso', 2), contenido: null });
    expect(sut.snapshot.matches({ documentos: { eligiendo: 'libre' } })).toBe(true);
    expect(sut.snapshot.context.falloSubida).toBeNull();
  });

  it('a refusal without documents named offers no retry and clears with the next file chosen', () => {
    const sut = new SutMaquina();
    pasoUnoListo(sut);
    sut.enviarTal({ type: 'SIGUIENTE' });
    subiendoDocumentos(sut);
    sut.enviarTal({ type: 'SUBIDA.FALLO', reintentable: false, mensaje: 'Esta solicitud ya recibió el máximo.' });
    expect(sut.snapshot.matches({ documentos: { eligiendo: 'rechazada' } })).toBe(true);
    expect(sut.snapshot.context.falloSubida).toEqual({ reintentable: false, mensaje: 'Esta solicitud ya recibió el máximo.', rechazados: {} });
    // SIGUIENTE still sends again (the server is the judge).
    sut.enviarTal({ type: 'SIGUIENTE' });
    expect(sut.snapshot.matches({ documentos: 'subiendo' })).toBe(true);
  });

  it('the missing rows are kept after the dialog, each cleared by a file chosen for it', () => {
    const sut = new SutMaquina();
    pasoUnoListo(sut);
    sut.enviarTal({ type: 'SIGUIENTE' });
    for (const key of DOCUMENTOS_REQUERIDOS.slice(2))
      sut.enviarTal({ type: 'ARCHIVO.ELEGIDO', key, archivo: archivoPara(key, 1), contenido: null });
    sut.enviarTal({ type: 'SIGUIENTE' });
    expect(sut.snapshot.context.faltantes).toEqual(['DniAnverso', 'DniReverso']);
    sut.enviarTal({ type: 'ERROR.CERRAR' });
    expect(sut.snapshot.context.faltantes).toEqual(['DniAnverso', 'DniReverso']);
    sut.enviarTal({ type: 'ARCHIVO.ELEGIDO', key: 'DniReverso', archivo: archivoPara('DniReverso', 1), contenido: null });
    expect(sut.snapshot.context.faltantes).toEqual(['DniAnverso']);
    // A file refused before upload is no file: the mark stays.
    sut.enviarTal({ type: 'ARCHIVO.ELEGIDO', key: 'DniAnverso', archivo: archivoPara('DniAnverso', 1, true), contenido: null });
    expect(sut.snapshot.context.faltantes).toEqual(['DniAnverso']);
  });

  it('cancelling aborts the upload, keeps every file, and a late answer changes nothing', () => {
    const sut = new SutMaquina();
    pasoUnoListo(sut);
    sut.enviarTal({ type: 'SIGUIENTE' });
    subiendoDocumentos(sut);
    const documentos = sut.snapshot.context.documentos;
    const respuesta = respuestaSubida(sut.snapshot.context);
    sut.enviarTal({ type: 'SUBIDA.PROGRESO', porcentaje: 30 });
    sut.enviarTal({ type: 'SUBIDA.CANCELAR' });
    expect(sut.llamadas('cancelarSubida')).toHaveLength(1);
    expect(sut.snapshot.matches({ documentos: { eligiendo: 'libre' } })).toBe(true);
    expect(sut.snapshot.context).toMatchObject({ documentos, enCurso: [], progreso: 0, falloSubida: null });
    for (const tardio of [
      { type: 'SUBIDA.EXITO', adjuntos: respuesta },
      { type: 'SUBIDA.FALLO', reintentable: true },
      { type: 'SUBIDA.PROGRESO', porcentaje: 80 },
    ] as EventoModelo[]) {
      sut.enviarTal(tardio);
      expect(sut.snapshot.matches({ documentos: { eligiendo: 'libre' } })).toBe(true);
      expect(sut.snapshot.context.documentos).toEqual(documentos);
      expect(sut.snapshot.context.progreso).toBe(0);
    }
    // SIGUIENTE uploads the same files again.
    sut.enviarTal({ type: 'SIGUIENTE' });
    expect(sut.llamadas('subirArchivos')).toEqual([{ archivos: archivosPendientes(documentos) }]);
  });

  it('progress is kept within 0–100', () => {
    const sut = new SutMaquina();
    pasoUnoListo(sut);
    sut.enviarTal({ type: 'SIGUIENTE' });
    subiendoDocumentos(sut);
    sut.enviarTal({ type: 'SUBIDA.PROGRESO', porcentaje: 140 });
    expect(sut.snapshot.context.progreso).toBe(100);
    sut.enviarTal({ type: 'SUBIDA.PROGRESO', porcentaje: -3 });
    expect(sut.snapshot.context.progreso).toBe(0);
  });

  // An upload whose answer lacks a file must not count as done, or the wizard would move on to a
  // step 3 from which ENVIAR can never be enabled.
  it('an answer that lacks a file sent does not move on', () => {
    const sut = new SutMaquina();
    pasoUnoListo(sut);
    sut.enviarTal({ type: 'SIGUIENTE' });
    subiendoDocumentos(sut);
    sut.enviarTal({ type: 'SUBIDA.EXITO', adjuntos: respuestaSubida(sut.snapshot.context).slice(1) });
    expect(documentosCompletos(sut.snapshot.context.documentos)).toBe(false);
    expect(sut.snapshot.matches({ documentos: 'subido' })).toBe(false);
  });
});

describe('equipment', () => {
  it('with several cards SIGUIENTE waits for all; removing one updates the list', () => {
    const sut = new SutMaquina();
    pasoUnoListo(sut);
    sut.enviarTal({ type: 'SIGUIENTE' });
    documentosSubidos(sut);
    expect(sut.snapshot.matches('equipos')).toBe(true);
    sut.enviarTal({ type: 'EQUIPO.AGREGAR' });
    sut.enviarTal({ type: 'EQUIPO.AGREGAR' });
    sut.enviarTal({ type: 'EQUIPO.AGREGAR' });
    const [a, b, c] = sut.snapshot.context.equipos.map((e) => e.id) as [number, number, number];
    expect(new Set([a, b, c]).size).toBe(3);
    sut.enviarTal({ type: 'EQUIPO.CAMBIO', id: a, valores: EQUIPO_VALIDO });
    sut.enviarTal({ type: 'EQUIPO.CAMBIO', id: c, valores: EQUIPO_VALIDO });
    expect(sut.snapshot.can({ type: 'SIGUIENTE' })).toBe(false);
    sut.enviarTal({ type: 'EQUIPO.QUITAR', id: b });
    expect(sut.snapshot.context.equipos.map((e) => e.id)).toEqual([a, c]);
    expect(sut.snapshot.can({ type: 'SIGUIENTE' })).toBe(true);
    sut.enviarTal({ type: 'EQUIPO.CAMBIO', id: c, valores: EQUIPO_INVALIDO });
    expect(sut.snapshot.context.equipos.map(equipoValido)).toEqual([true, false]);
    expect(sut.snapshot.can({ type: 'SIGUIENTE' })).toBe(false);
    // Ids are never reused, so a late change for a removed card touches nothing.
    sut.enviarTal({ type: 'EQUIPO.AGREGAR' });
    expect(sut.snapshot.context.equipos.map((e) => e.id)).not.toContain(b);
  });

  // A card past the server's maximum would make the whole application be refused.
  it(`no more than ${MAXIMO_EQUIPOS} cards can be added`, () => {
    const sut = new SutMaquina();
    pasoUnoListo(sut);
    sut.enviarTal({ type: 'SIGUIENTE' });
    documentosSubidos(sut);
    for (let i = 0; i <= MAXIMO_EQUIPOS; i++) sut.enviarTal({ type: 'EQUIPO.AGREGAR' });
    expect(sut.snapshot.context.equipos.length).toBeLessThanOrEqual(MAXIMO_EQUIPOS);
  });
});

describe('submission', () => {
  it('a failure keeps everything and ENVIAR may be pressed again', () => {
    const sut = new SutMaquina();
    pasoUnoListo(sut);
    sut.enviarTal({ type: 'SIGUIENTE' });
    documentosSubidos(sut);
    sut.enviarTal({ type: 'SIGUIENTE' });
    sut.enviarTal({ type: 'TERMINOS.CAMBIO', aceptados: true });
    sut.enviarTal({ type: 'ENVIAR' });
    const contexto = sut.snapshot.context;
    sut.enviarTal({ type: 'ENVIO.FALLO' });
    expect(sut.snapshot.matches({ terminos: { editando: 'fallido' } })).toBe(true);
    expect(sut.snapshot.context).toEqual(contexto);
    sut.enviarTal({ type: 'ENVIAR' });
    expect(sut.llamadas('enviarSolicitud')).toHaveLength(1);
    sut.enviarTal({ type: 'ENVIO.EXITO', solicitud: NUMERO_SOLICITUD } as EventoModelo);
    expect(sut.snapshot.status).toBe('done');
  });
});
