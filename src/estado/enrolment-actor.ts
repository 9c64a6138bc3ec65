// The one actor of the wizard, shared through React context. Views read it with
// `Enrolment.useSelector` and send events with `Enrolment.useActorRef().send`.
import { createActorContext } from '@xstate/react';
import { enrolmentMachine } from '../../machines/index.js';

export const Enrolment = createActorContext(enrolmentMachine);
