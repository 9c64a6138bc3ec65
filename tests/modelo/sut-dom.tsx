// The system under test in jsdom: the stepper page with its real components, the real chart
// with the app's own implementations and API client; only the network (./servidor-falso.ts),
// the browser's IndexedDB (in memory, same queue) and navigation/snackbar (recorded) are stand-ins.
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { EnrolmentSnapshot } from '../../machines/index.js';
import * as api from '../../src/api/index.js';
import { http } from '../../src/api/cliente.js';
import { Proveedores } from '../../src/app/Proveedores.js';
import type { Almacenes } from '../../src/estado/almacen.js';
import { almacenesEnMemoria } from '../dom/almacenes.js';
import { cargarBorrador } from '../../src/estado/borrador.js';
import { Enrolment } from '../../src/estado/enrolment-actor.js';
import type { Dependencias } from '../../src/estado/implementaciones.js';
import { ProveedorEnrolment } from '../../src/estado/ProveedorEnrolment.js';
import { Stepper } from '../../src/stepper/Stepper.js';
import type { EventoModelo } from './eventos.js';
import { ServidorFalso } from './servidor-falso.js';

type ActorApp = ReturnType<typeof Enrolment.useActorRef>;

/** The timers' pause: long enough never to fire in a test; their drivers play their part. */
const PAUSA_NUNCA = 3_600_000;

export class SutDom {
  readonly servidor = new ServidorFalso();
  readonly almacenes: Almacenes = almacenesEnMemoria();
  readonly user = userEvent.setup({ delay: null });
  readonly navegar = vi.fn<(ruta: string) => void>();
  readonly mostrarSnackbar = vi.fn<(mensaje: string, opciones?: { boton?: string }) => void>();
  readonly recordarSolicitud = vi.fn();
  private actorActual: ActorApp | null = null;
  /** The model's event driven last (assertions on transient things read it). */
  ultimoEvento: EventoModelo | null = null;
  private desmontar: (() => void) | null = null;
  private readonly adapterAnterior = http.defaults.adapter;

  constructor() {
    http.defaults.adapter = this.servidor.adapter;
  }

  private dependencias(): Dependencias {
    return {
      api,
      almacenes: this.almacenes,
      navegar: this.navegar,
      mostrarSnackbar: this.mostrarSnackbar,
      recordarSolicitud: this.recordarSolicitud,
      pausaMs: PAUSA_NUNCA,
    };
  }

  /** Renders the stepper page; with `snapshot`, as after a reload. */
  montar(snapshot: unknown = null) {
    const Espia = () => {
      this.actorActual = Enrolment.useActorRef();
      return null;
    };
    const vista = render(
      <Proveedores>
        <ProveedorEnrolment dependencias={this.dependencias()} snapshot={snapshot}>
          <Espia />
          <Stepper />
        </ProveedorEnrolment>
      </Proveedores>,
    );
    this.desmontar = vista.unmount;
  }

  /** A reload: the page goes away, the stored draft is read back, the page comes again. */
  async recargar() {
    await act(async () => {
      this.desmontar?.();
    });
    this.servidor.olvidarPendientes();
    // cargarBorrador reads through the stores' queue, after the last write.
    const snapshot = await cargarBorrador(this.almacenes);
    this.montar(snapshot);
  }

  get actor(): ActorApp {
    if (!this.actorActual) throw new Error('La página no está montada');
    return this.actorActual;
  }

  get snapshot(): EnrolmentSnapshot {
    return this.actor.getSnapshot();
  }

  /** Lets promises (answers, Formik's validation) and React settle. */
  async asentar() {
    for (let i = 0; i < 3; i++)
      await act(async () => {
        await new Promise((r) => setTimeout(r, 0));
      });
  }

  detener() {
    this.desmontar?.();
    http.defaults.adapter = this.adapterAnterior;
  }
}
