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
