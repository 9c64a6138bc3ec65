// One driver per event type of the chart, at machine level: send the model's event, its payload
// rebuilt from the actor's own context.
import type { EnrolmentEvent } from '../../machines/index.js';
import type { EventoModelo } from './eventos.js';
import type { SutMaquina } from './sut-maquina.js';

const TIPOS_DE_EVENTO = [
  'REANUDAR',
  'CATALOGO.CARGADO',
  'CATALOGO.FALLO',
  'CATALOGO.REINTENTAR',
  'DATOS.CAMBIO',
  'DNI.COMPROBAR',
  'DNI.RESULTADO',
  'DNI.FALLO',
  'SIGUIENTE',
  'VOLVER',
  'IR_A.DATOS',
  'IR_A.DOCUMENTOS',
  'IR_A.EQUIPOS',
  'ARCHIVO.ELEGIDO',
  'ARCHIVO.QUITADO',
  'ERROR.CERRAR',
  'SUBIDA.PROGRESO',
  'SUBIDA.EXITO',
  'SUBIDA.FALLO',
  'SUBIDA.CANCELAR',
  'REINTENTAR',
  'AVANZAR',
  'EQUIPO.AGREGAR',
  'EQUIPO.CAMBIO',
  'EQUIPO.QUITAR',
  'TERMINOS.CAMBIO',
  'ENVIAR',
  'ENVIO.EXITO',
  'ENVIO.FALLO',
] as const satisfies readonly EnrolmentEvent['type'][];

type Paso = { event: unknown };

export function driversMaquina(sut: () => SutMaquina, iniciar: () => void): Record<string, (paso: Paso) => void> {
  const enviar = (paso: Paso) => {
    sut().enviar(paso.event as EventoModelo);
  };
  return {
    'xstate.init': iniciar,
    ...Object.fromEntries(TIPOS_DE_EVENTO.map((tipo) => [tipo, enviar])),
  };
}
