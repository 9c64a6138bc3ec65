// The chart's provided implementations, run in a real actor against fakes: catalogues, the
// streets of a picked locality, the DNI check, Blobs in storage, upload, submission, clearing the draft.
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { DOCUMENTOS, type DocumentoKey } from '../../../domain/index.js';
import { almacenesEnMemoria } from '../almacenes.js';
import { CLAVE_BORRADOR, cargarBorrador, persistirBorrador } from '../../../src/estado/borrador.js';
import {
  MENSAJE_ARCHIVO_PERDIDO,
  MOTIVO_ARCHIVO_PERDIDO,
  MENSAJE_FALLO_ENVIO,
  MENSAJE_SUBIDA_EXITOSA,
  maquinaConImplementaciones,
  type Dependencias,
} from '../../../src/estado/implementaciones.js';
import { apiFalsa, CALLES_ROSARIO, DATOS_COMPLETOS, dependenciasFalsas, LOCALIDADES } from '../enrolment.js';


/** An axios error with the server's answer, as the API client rethrows it. */
function respuestaDeError(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, {
    status,
    statusText: String(status),
    data,
    headers: {},
    config,
  });
}

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

  it('an upload refused by the server (a part named in fields) keeps the files and marks that row, with no retry', async () => {
    const error = respuestaDeError(415, {
      error: 'TIPO_NO_ACEPTADO',
      message: 'El archivo TituloMedico.pdf no es de un tipo aceptado.',
      fields: { TituloMedico: 'El archivo no es de un tipo aceptado', Inventado: 'x' },
    });
    const deps = dependenciasFalsas();
    deps.api = apiFalsa({ adjuntarArchivos: vi.fn().mockRejectedValue(error) });
    const actor = arrancar(deps);
    await completarPaso1(actor);
    elegirRequeridos(actor);
    actor.send({ type: 'SIGUIENTE' });
    await waitFor(actor, (s) => s.matches({ documentos: { eligiendo: 'rechazada' } }));
    expect(actor.getSnapshot().context.falloSubida).toEqual({
      reintentable: false,
      mensaje: 'El archivo TituloMedico.pdf no es de un tipo aceptado.',
      rechazados: { TituloMedico: { motivo: 'El archivo no es de un tipo aceptado.', archivo: 'TituloMedico.pdf' } },
    });
    expect(actor.getSnapshot().can({ type: 'REINTENTAR' })).toBe(false);
    expect(Object.keys(actor.getSnapshot().context.documentos)).toHaveLength(8);
  });

  it.each([
    ['no answer (the network dropped)', new AxiosError('Network Error', 'ERR_NETWORK'), 'No pudimos comunicarnos con el servidor. Revisá tu conexión e intentá nuevamente.'],
    ['503 busy', respuestaDeError(503, { error: 'NO_DISPONIBLE', message: 'Servicio no disponible' }), 'Servicio no disponible.'],
    ['429 too many', respuestaDeError(429, { error: 'CUOTA_EXCEDIDA', message: 'Esperá un rato.' }), 'Esperá un rato.'],
  ])('an upload failing with %s can be retried', async (_caso, error, mensaje) => {
    const deps = dependenciasFalsas();
    deps.api = apiFalsa({ adjuntarArchivos: vi.fn().mockRejectedValue(error) });
    const actor = arrancar(deps);
    await completarPaso1(actor);
    elegirRequeridos(actor);
    actor.send({ type: 'SIGUIENTE' });
    await waitFor(actor, (s) => s.matches({ documentos: { eligiendo: 'fallida' } }));
    expect(actor.getSnapshot().context.falloSubida).toEqual({ reintentable: true, mensaje, rechazados: {} });
  });

  it('a refusal naming no document (a quota) offers no retry and marks no row', async () => {
    const error = respuestaDeError(413, { error: 'CUOTA_EXCEDIDA', message: 'Esta solicitud ya recibió el máximo' });
    const deps = dependenciasFalsas();
    deps.api = apiFalsa({ adjuntarArchivos: vi.fn().mockRejectedValue(error) });
    const actor = arrancar(deps);
    await completarPaso1(actor);
    elegirRequeridos(actor);
    actor.send({ type: 'SIGUIENTE' });
    await waitFor(actor, (s) => s.matches({ documentos: { eligiendo: 'rechazada' } }));
    expect(actor.getSnapshot().context.falloSubida).toEqual({
      reintentable: false,
      mensaje: 'Esta solicitud ya recibió el máximo.',
      rechazados: {},
    });
  });

  it('Cancelar aborts the request and nothing it answers later reaches the chart', async () => {
    const deps = dependenciasFalsas();
    let senal: AbortSignal | undefined;
    let responder!: (adjuntos: { nombre: string }[]) => void;
    const adjuntarArchivos = vi.fn(
      (_a: unknown, alProgresar: (p: number) => void, s?: AbortSignal) =>
        new Promise<{ nombre: string }[]>((resolve) => {
          senal = s;
          alProgresar(10);
          responder = (adjuntos) => {
            alProgresar(90);
            resolve(adjuntos);
          };
        }),
    );
    deps.api = apiFalsa({ adjuntarArchivos });
    const actor = arrancar(deps);
    await completarPaso1(actor);
    elegirRequeridos(actor);
    actor.send({ type: 'SIGUIENTE' });
    await waitFor(actor, (s) => s.context.progreso === 10);
    expect(senal?.aborted).toBe(false);
    actor.send({ type: 'SUBIDA.CANCELAR' });
    expect(senal?.aborted).toBe(true);
    const antes = actor.getSnapshot().context;
    // The late answer is dropped by the app (and the chart would not take it either).
    const eventos: string[] = [];
    actor.subscribe({ next: () => eventos.push('cambio') });
    responder(DOCUMENTOS.filter((d) => d.requerido).map((d) => ({ nombre: `${d.key}.pdf` })));
    await new Promise((r) => setTimeout(r, 20));
    expect(actor.getSnapshot().matches({ documentos: { eligiendo: 'libre' } })).toBe(true);
    expect(actor.getSnapshot().context).toEqual(antes);
    expect(eventos).toEqual([]);
    // SIGUIENTE sends the same files again, with a fresh signal.
    actor.send({ type: 'SIGUIENTE' });
    await vi.waitFor(() => expect(adjuntarArchivos).toHaveBeenCalledTimes(2));
    await waitFor(actor, (s) => s.context.progreso === 10);
    expect(senal?.aborted).toBe(false);
  });

  it('a chosen file missing from storage fails the upload with a clear reason', async () => {
    const deps = dependenciasFalsas();
    const actor = arrancar(deps);
    await completarPaso1(actor);
    elegirRequeridos(actor);
    await deps.almacenes.encolar(() => deps.almacenes.archivos.clear());
    actor.send({ type: 'SIGUIENTE' });
    // Only choosing the file again helps: a refusal of that row, not a retry.
    await waitFor(actor, (s) => s.matches({ documentos: { eligiendo: 'rechazada' } }));
    expect(actor.getSnapshot().context.falloSubida).toEqual({
      reintentable: false,
      mensaje: MENSAJE_ARCHIVO_PERDIDO,
      rechazados: { DniAnverso: { motivo: MOTIVO_ARCHIVO_PERDIDO, archivo: 'DniAnverso.pdf' } },
    });
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
