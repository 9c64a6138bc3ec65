// The one actor of the correction page, shared through React context.
import { createActorContext } from '@xstate/react';
import { correccionMachine } from '../../../machines/correccion.js';

export const Correccion = createActorContext(correccionMachine);
