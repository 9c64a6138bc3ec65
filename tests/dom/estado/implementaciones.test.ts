// The chart's provided implementations, run in a real actor against fakes: catalogues, the
// streets of a picked locality, the DNI check, Blobs in storage, upload, submission, clearing the draft.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { DOCUMENTOS, type DocumentoKey } from '../../../domain/index.js';
import { almacenesEnMemoria } from '../../../src/estado/almacen.js';
import { CLAVE_BORRADOR, cargarBorrador, persistirBorrador } from '../../../src/estado/borrador.js';
import {
  MENSAJE_ARCHIVO_PERDIDO,
  MENSAJE_FALLO_ENVIO,
  MENSAJE_SUBIDA_EXITOSA,
  maquinaConImplementaciones,
  type Dependencias,
} from '../../../src/estado/implementaciones.js';
import { apiFalsa, CALLES_ROSARIO, DATOS_COMPLETOS, dependenciasFalsas, LOCALIDADES } from '../enrolment.js';


const arrancar = (deps: Dependencias, snapshot?: unknown) => {
  const actor = createActor(maquinaConImplementaciones(deps), snapshot ? { snapshot: snapshot as never, input: undefined } : { input: undefined });
  actor.start();
  return actor;
};

type Actor = ReturnType<typeof arrancar>;

async function completarPaso1(actor: Actor) {
  actor.send({ type: 'DATOS.CAMBIO', cambios: DATOS_COMPLETOS });
  actor.send({ type: 'DNI.COMPROBAR' });
  await waitFor(actor, (s) => s.can({ type: 'SIGUIENTE' }), { timeout: 1000 });
  actor.send({ type: 'SIGUIENTE' });
}

function elegir(actor: Actor, key: DocumentoKey, nombre = `${key}.pdf`) {
  const contenido = new Blob([`%PDF-1.4 ${key}`], { type: 'application/pdf' });
  actor.send({
    type: 'ARCHIVO.ELEGIDO',
    key,
    archivo: { id: `id-${key}-${nombre}`, nombre, tamanio: contenido.size, tipo: contenido.type },
    contenido,
  });
}

const elegirRequeridos = (actor: Actor) => DOCUMENTOS.filter((d) => d.requerido).forEach((d) => elegir(actor, d.key));

describe('maquinaConImplementaciones', () => {
  afterEach(() => vi.useRealTimers());

  it('loads the step 1 catalogues on start, and the streets of a picked locality', async () => {
    const deps = dependenciasFalsas();
    const actor = arrancar(deps);
    await waitFor(actor, (s) => !!s.context.catalogos.localidades && !!s.context.catalogos.condicionesIva);
    expect(actor.getSnapshot().context.catalogos.localidades).toEqual(LOCALIDADES);
    actor.send({ type: 'DATOS.CAMBIO', cambios: { localidad: LOCALIDADES[0]!, textoLocalidad: 'Rosario' } });
    await waitFor(actor, (s) => s.context.catalogos.calles?.codigoLocalidad === 1);
    expect(actor.getSnapshot().context.catalogos.calles?.lista).toEqual(CALLES_ROSARIO);
  });

  it('reports a failed catalogue and retries it', async () => {
    const obtenerLocalidades = vi.fn().mockRejectedValueOnce(new Error('red')).mockResolvedValue(LOCALIDADES);
    const actor = arrancar(dependenciasFalsas({ api: apiFalsa({ obtenerLocalidades }) }));
    await waitFor(actor, (s) => s.context.catalogos.fallidos.includes('localidades'));
    actor.send({ type: 'CATALOGO.REINTENTAR' });
    await waitFor(actor, (s) => !!s.context.catalogos.localidades && s.context.catalogos.fallidos.length === 0);
    expect(obtenerLocalidades).toHaveBeenCalledTimes(2);
  });

  it('judges step 1 with each change, with no timer', () => {
    const actor = arrancar(dependenciasFalsas());
    actor.send({ type: 'DATOS.CAMBIO', cambios: { ...DATOS_COMPLETOS, apellidoynombre: '' } });
    expect(actor.getSnapshot().context.datosValidos).toBe(false);
    actor.send({ type: 'DATOS.CAMBIO', cambios: { apellidoynombre: 'Pérez, Juan' } });
    expect(actor.getSnapshot().context.datosValidos).toBe(true);
  });

  it('asks the padrón and keeps the answer for the pair', async () => {
    const deps = dependenciasFalsas();
    const actor = arrancar(deps);
    actor.send({ type: 'DATOS.CAMBIO', cambios: { ...DATOS_COMPLETOS, matricula: '99999' } });
    actor.send({ type: 'DNI.COMPROBAR' });
    await waitFor(actor, (s) => s.context.comprobacion?.estado === 'invalido');
    expect(deps.api.comprobarDniMatricula).toHaveBeenCalledWith('30111222', '99999');
    const comprobarDniMatricula = vi.fn().mockRejectedValue(new Error('red'));
    const otro = arrancar(dependenciasFalsas({ api: apiFalsa({ comprobarDniMatricula }) }));
    otro.send({ type: 'DATOS.CAMBIO', cambios: DATOS_COMPLETOS });
    otro.send({ type: 'DNI.COMPROBAR' });
    await waitFor(otro, (s) => s.context.comprobacion?.estado === 'error');
  });

  it('keeps chosen files as Blobs, uploads them with progress, says so and moves on', async () => {
    const deps = dependenciasFalsas();
    const adjuntarArchivos = vi.fn(async (archivos: readonly { key: DocumentoKey }[], alProgresar: (p: number) => void) => {
      alProgresar(50);
      return archivos.map((a) => ({ nombre: `${a.key}.pdf` }));
    });
    deps.api = apiFalsa({ adjuntarArchivos });
    const actor = arrancar(deps);
    await completarPaso1(actor);
    elegirRequeridos(actor);
    // A replaced file: its older Blob is dropped.
    elegir(actor, 'DniAnverso', 'frente.jpg');
    actor.send({ type: 'SIGUIENTE' });
    await waitFor(actor, (s) => s.matches('equipos'), { timeout: 1000 });
    const [archivos] = adjuntarArchivos.mock.calls[0]!;
    expect(archivos).toHaveLength(8);
    const frente = archivos.find((a) => a.key === 'DniAnverso') as unknown as { nombre: string; contenido: Blob };
    expect(frente.nombre).toBe('frente.jpg');
    expect(await frente.contenido.text()).toBe('%PDF-1.4 DniAnverso');
    expect(await deps.almacenes.archivos.getItem('id-DniAnverso-DniAnverso.pdf')).toBeNull();
    expect(deps.mostrarSnackbar).toHaveBeenCalledWith(MENSAJE_SUBIDA_EXITOSA, { boton: 'Ok' });
  });

  it('an upload refused by the server keeps the files and the server message', async () => {
    const error = new Error('415');
    const deps = dependenciasFalsas();
    deps.api = apiFalsa({
      adjuntarArchivos: vi.fn().mockRejectedValue(error),
      mensajeDelServidor: (e) => (e === error ? 'El archivo no es de un tipo aceptado.' : undefined),
    });
    const actor = arrancar(deps);
    await completarPaso1(actor);
    elegirRequeridos(actor);
    actor.send({ type: 'SIGUIENTE' });
    await waitFor(actor, (s) => s.matches({ documentos: { eligiendo: 'fallida' } }));
    expect(actor.getSnapshot().context.errorSubida).toBe('El archivo no es de un tipo aceptado.');
    expect(Object.keys(actor.getSnapshot().context.documentos)).toHaveLength(8);
  });

  it('a chosen file missing from storage fails the upload with a clear reason', async () => {
    const deps = dependenciasFalsas();
    const actor = arrancar(deps);
    await completarPaso1(actor);
    elegirRequeridos(actor);
    await deps.almacenes.encolar(() => deps.almacenes.archivos.clear());
    actor.send({ type: 'SIGUIENTE' });
    await waitFor(actor, (s) => s.matches({ documentos: { eligiendo: 'fallida' } }));
    expect(actor.getSnapshot().context.errorSubida).toBe(MENSAJE_ARCHIVO_PERDIDO);
    expect(deps.api.adjuntarArchivos).not.toHaveBeenCalled();
  });

  async function hastaTerminos(deps: Dependencias) {
    deps.api = apiFalsa({
      ...deps.api,
      adjuntarArchivos: vi.fn(async (archivos: readonly { key: DocumentoKey }[]) => archivos.map((a) => ({ nombre: `${a.key}.pdf` }))),
    });
    const actor = arrancar(deps);
    await completarPaso1(actor);
    elegirRequeridos(actor);
    actor.send({ type: 'SIGUIENTE' });
    await waitFor(actor, (s) => s.matches('equipos'), { timeout: 1000 });
    actor.send({ type: 'SIGUIENTE' });
    actor.send({ type: 'TERMINOS.CAMBIO', aceptados: true });
    return actor;
  }

  it('sends the application, clears the draft and its files, and shows the confirmation', async () => {
    const deps = dependenciasFalsas();
    const actor = await hastaTerminos(deps);
    const dejar = persistirBorrador(actor, deps.almacenes);
    actor.send({ type: 'ENVIAR' });
    await waitFor(actor, (s) => s.status === 'done');
    await deps.almacenes.encolar(async () => {});
    expect(deps.api.crearSolicitud).toHaveBeenCalledTimes(1);
    expect(deps.recordarSolicitud).toHaveBeenCalledWith(
      { numeroSolicitud: 'ABC123', creadaEn: '2026-11-22T12:00:00Z' },
      DATOS_COMPLETOS.email,
    );
    expect(deps.navegar).toHaveBeenCalledWith('/completado');
    expect(await deps.almacenes.borrador.getItem(CLAVE_BORRADOR)).toBeNull();
    expect(await deps.almacenes.archivos.getItem('id-TituloMedico-TituloMedico.pdf')).toBeNull();
    dejar();
  });

  it('a failed submission says "Falló la solicitud" with Ok and keeps everything', async () => {
    const deps = dependenciasFalsas();
    deps.api = apiFalsa({ crearSolicitud: vi.fn().mockRejectedValue(new Error('500')) });
    const actor = await hastaTerminos(deps);
    actor.send({ type: 'ENVIAR' });
    await waitFor(actor, (s) => s.matches({ terminos: { editando: 'fallido' } }));
    expect(deps.mostrarSnackbar).toHaveBeenCalledWith(MENSAJE_FALLO_ENVIO, { boton: 'Ok' });
    expect(actor.getSnapshot().context.datos).toEqual(DATOS_COMPLETOS);
  });
});

describe('the persisted draft', () => {
  it('is saved on every change and restored, the step included', async () => {
    const deps = dependenciasFalsas();
    const actor = arrancar(deps);
    const dejar = persistirBorrador(actor, deps.almacenes);
    await completarPaso1(actor);
    await deps.almacenes.encolar(async () => {});
    dejar();
    const snapshot = await cargarBorrador(deps.almacenes);
    const restaurado = arrancar(dependenciasFalsas(), snapshot);
    expect(restaurado.getSnapshot().matches('documentos')).toBe(true);
    expect(restaurado.getSnapshot().context.datos).toEqual(DATOS_COMPLETOS);
  });

  it('a reload during an upload sends the same files again on REANUDAR', async () => {
    const deps = dependenciasFalsas();
    deps.api = apiFalsa({ adjuntarArchivos: vi.fn(() => new Promise<never>(() => {})) });
    const actor = arrancar(deps);
    const dejar = persistirBorrador(actor, deps.almacenes);
    await completarPaso1(actor);
    elegirRequeridos(actor);
    actor.send({ type: 'SIGUIENTE' });
    await waitFor(actor, (s) => s.matches({ documentos: 'subiendo' }));
    await deps.almacenes.encolar(async () => {});
    dejar();
    actor.stop();

    const snapshot = await cargarBorrador(deps.almacenes);
    const adjuntarArchivos = vi.fn(async (archivos: readonly { key: DocumentoKey }[]) => archivos.map((a) => ({ nombre: `${a.key}.pdf` })));
    const otra = dependenciasFalsas({ almacenes: deps.almacenes, api: apiFalsa({ adjuntarArchivos }) });
    const restaurado = arrancar(otra, snapshot);
    restaurado.send({ type: 'REANUDAR' });
    await waitFor(restaurado, (s) => s.matches('equipos'), { timeout: 1000 });
    expect(adjuntarArchivos).toHaveBeenCalledTimes(1);
    expect(adjuntarArchivos.mock.calls[0]![0]).toHaveLength(8);
  });

  it('drops an envelope of another version, or one that no longer fits the chart', async () => {
    const almacenes = almacenesEnMemoria();
    await almacenes.borrador.setItem(CLAVE_BORRADOR, { version: 999, guardadoEn: '', snapshot: {} });
    expect(await cargarBorrador(almacenes)).toBeNull();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await almacenes.borrador.setItem(CLAVE_BORRADOR, {
      version: 1,
      guardadoEn: '',
      snapshot: { status: 'active', value: 'estadoQueNoExiste', context: {} },
    });
    expect(await cargarBorrador(almacenes)).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});
