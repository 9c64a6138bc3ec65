// The system under test at machine level: a real actor of `enrolmentMachine` whose I/O actions
// only record what they were asked to do.
import { createActor, type Snapshot } from 'xstate';
import { enrolmentMachine, type EnrolmentEvent, type EnrolmentSnapshot } from '../../machines/index.js';
import { accionesDeEntradaSalida } from './cobertura.js';
import { concretar, type EventoModelo } from './eventos.js';

export interface Llamada {
  accion: string;
  params: unknown;
}

type Acciones = NonNullable<Parameters<typeof enrolmentMachine.provide>[0]['actions']>;

export class SutMaquina {
  readonly registro: Llamada[] = [];
  /** Index in `registro` where the last event's calls start. */
  private desde = 0;
  /** The snapshot before the last event. */
  antes: EnrolmentSnapshot;
  ultimoEvento: EventoModelo | null = null;
  readonly actor;

  constructor(snapshot?: Snapshot<unknown>) {
    const acciones = Object.fromEntries(
      accionesDeEntradaSalida(enrolmentMachine).map((accion) => [
        accion,
        (_: unknown, params: unknown) => {
          this.registro.push({ accion, params });
        },
      ]),
    ) as Acciones;
    this.actor = createActor(enrolmentMachine.provide({ actions: acciones }), {
      input: {},
      ...(snapshot ? { snapshot } : {}),
    });
    this.actor.start();
    this.antes = this.actor.getSnapshot();
  }

  get snapshot(): EnrolmentSnapshot {
    return this.actor.getSnapshot();
  }

  /** Sends the model's event, its payload rebuilt from this actor's own context. */
  enviar(evento: EventoModelo): EnrolmentEvent {
    return this.enviarTal(concretar(evento, this.snapshot.context));
  }

  /** Sends the event exactly as given. */
  enviarTal(concreto: EventoModelo): EnrolmentEvent {
    const { variante: _variante, ...sinVariante } = concreto;
    this.antes = this.snapshot;
    this.desde = this.registro.length;
    this.ultimoEvento = concreto;
    this.actor.send(sinVariante as EnrolmentEvent);
    return sinVariante as EnrolmentEvent;
  }

  /** Calls made while handling the last event. */
  get ultimas(): Llamada[] {
    return this.registro.slice(this.desde);
  }

  llamadas(accion: string, todas = false): unknown[] {
    return (todas ? this.registro : this.ultimas).filter((l) => l.accion === accion).map((l) => l.params);
  }

  detener() {
    this.actor.stop();
  }
}
