// A reload at any state loses nothing and sends nothing twice: at every state of the model, the
// real actor's persisted snapshot goes through JSON and the versioned envelope, a new actor is
// restored from it and the app's REANUDAR is sent.
import { describe, expect, it } from 'vitest';
import { armarSolicitud, desenvolver, envolver, type EnrolmentSnapshot } from '../../machines/index.js';
import { serializarEstado } from '../modelo/abstraccion.js';
import { caminosMasCortos, eventosDelCamino } from '../modelo/modelo.js';
import { SutMaquina } from '../modelo/sut-maquina.js';

/** Every abstract state once, with the persisted snapshot of a real actor in it. */
function estados(): [string, EnrolmentSnapshot, unknown][] {
  const vistos = new Map<string, [string, EnrolmentSnapshot, unknown]>();
  for (const camino of caminosMasCortos()) {
    const s = new SutMaquina();
    const anotar = () => {
      const clave = serializarEstado(s.snapshot);
      if (!vistos.has(clave)) vistos.set(clave, [clave, s.snapshot, s.actor.getPersistedSnapshot()]);
    };
    anotar();
    for (const evento of eventosDelCamino(camino)) {
      s.enviar(evento);
      anotar();
    }
    s.detener();
  }
  return [...vistos.values()];
}

describe('reload at every state of the model', () => {
  it.each(estados())('%s', (clave, antes, persistido) => {
    const guardado = desenvolver(JSON.parse(JSON.stringify(envolver(persistido))));
    if (antes.status === 'done') {
      // A sent application is never restored: the next visit starts anew.
      expect(guardado).toBeNull();
      return;
    }
    expect(guardado).not.toBeNull();
    const sut = new SutMaquina(guardado as never);
    // Restoring runs no entry action by itself.
    expect(sut.registro).toEqual([]);
    expect(serializarEstado(sut.snapshot)).toBe(clave);
    expect(sut.snapshot.context).toEqual(antes.context);

    sut.enviar({ type: 'REANUDAR' });
    const ahora = sut.snapshot;
    if (antes.matches({ documentos: 'subido' })) {
      // The pause after an upload is over: go on.
      expect(ahora.matches('equipos')).toBe(true);
    } else {
      expect(serializarEstado(ahora)).toBe(clave);
    }
    expect(sut.llamadas('subirArchivos')).toEqual(
      antes.matches({ documentos: 'subiendo' }) ? [{ archivos: antes.context.enCurso }] : [],
    );
    const envios = sut.llamadas('enviarSolicitud') as { solicitud: unknown }[];
    if (antes.matches({ terminos: 'enviando' })) {
      expect(envios).toHaveLength(1);
      expect(envios[0]!.solicitud).toEqual(armarSolicitud(antes.context));
    } else expect(envios).toEqual([]);
    // The model's runs load no catalogue: every one is asked for again, whatever the state.
    expectCatalogosPedidos(sut, antes);
    expect(sut.llamadas('borrarBorrador')).toEqual([]);
    sut.detener();
  });
});

/** States whose own REANUDAR (resume the effect) shadows the root's (load missing catalogues). */
const efectoEnCurso = (s: EnrolmentSnapshot) =>
  s.matches({ documentos: 'subiendo' }) || s.matches({ documentos: 'subido' }) || s.matches({ terminos: 'enviando' });

function expectCatalogosPedidos(sut: SutMaquina, antes: EnrolmentSnapshot) {
  expect(sut.llamadas('cargarCatalogos')).toContainEqual({ catalogos: ['localidades', 'condicionesIva', 'aparatos'] });
  expect(sut.llamadas('cargarCalles')).toEqual([
    { codigoLocalidad: antes.context.datos.localidad ? antes.context.datos.localidad.codigoLocalidad : null },
  ]);
}

// A reload mid-upload or mid-submit must also ask again for the catalogues the context lacks
// (the state's own REANUDAR shadows the root's), or step 1 finds no street catalogue.
describe('reload while an effect is under way', () => {
  const conEfecto = estados().filter(([, s]) => efectoEnCurso(s));
  it('the model reaches such states', () => {
    expect(conEfecto.length).toBeGreaterThan(3);
  });
  it.each(conEfecto)('asks for the missing catalogues too: %s', (_, antes, persistido) => {
    const sut = new SutMaquina(JSON.parse(JSON.stringify(persistido)));
    sut.enviar({ type: 'REANUDAR' });
    expectCatalogosPedidos(sut, antes);
    sut.detener();
  });
});

// docs/decisions/088: drafts of this version saved before the upload's failures were classified
// (with `errorSubida`, without `falloSubida` and `faltantes`) are restored, not dropped.
describe('a draft of the earlier shape', () => {
  const viejo = (value: unknown, errorSubida: string | null) => {
    const actor = new SutMaquina();
    const { falloSubida: _f, faltantes: _m, ...context } = actor.snapshot.context;
    actor.detener();
    return { version: 1, guardadoEn: '', snapshot: { status: 'active', value, context: { ...context, errorSubida }, children: {} } };
  };

  it('a failed upload comes back as one with a retry, its message kept', () => {
    const guardado = desenvolver(viejo({ documentos: { eligiendo: 'fallida' } }, 'Servicio no disponible.'));
    const sut = new SutMaquina(guardado as never);
    expect(sut.snapshot.matches({ documentos: { eligiendo: 'fallida' } })).toBe(true);
    expect(sut.snapshot.context.falloSubida).toEqual({ reintentable: true, mensaje: 'Servicio no disponible.', rechazados: {} });
    expect(sut.snapshot.context.faltantes).toEqual([]);
    expect('errorSubida' in sut.snapshot.context).toBe(false);
    expect(sut.snapshot.can({ type: 'REINTENTAR' })).toBe(true);
    sut.detener();
  });

  it('any other state comes back with no failure and no marks', () => {
    const guardado = desenvolver(viejo('datosPersonales', null)) as { context: Record<string, unknown> };
    expect(guardado.context).toMatchObject({ falloSubida: null, faltantes: [] });
  });
});
