// "Tiempo de resolución" of one application (producto §15): working days from sending to Aprobada
// or Rechazada, each stretch in Observada taken off; nothing while it is open.
import { describe, expect, it } from 'vitest';
import { resolucionDe, type Paso } from '../../server/ciclo-de-vida/tiempos.js';

const en = (fechaHora: string) => new Date(`${fechaHora}-03:00`).toISOString();
const paso = (desde: string | null, hacia: string, fechaHora: string): Paso => ({
  desde,
  hacia,
  en: en(fechaHora),
});

describe('resolucionDe', () => {
  const enviada = en('2026-11-02T10:00:00'); // Monday

  it('is null while the application is open', () => {
    expect(resolucionDe(enviada, [paso(null, 'recibida', '2026-11-02T10:00:00')])).toBeNull();
    expect(
      resolucionDe(enviada, [
        paso(null, 'recibida', '2026-11-02T10:00:00'),
        paso('recibida', 'en_revision', '2026-11-03T10:00:00'),
      ]),
    ).toBeNull();
  });

  it('counts the working days from sending to the decision', () => {
    const r = resolucionDe(enviada, [
      paso(null, 'recibida', '2026-11-02T10:00:00'),
      paso('recibida', 'en_revision', '2026-11-03T10:00:00'),
      paso('en_revision', 'aprobada', '2026-11-10T10:00:00'),
    ]);
    expect(r).toEqual({ resueltaEn: en('2026-11-10T10:00:00'), dias: 6 });
  });

  it('takes off every stretch in Observada', () => {
    const r = resolucionDe(enviada, [
      paso(null, 'recibida', '2026-11-02T10:00:00'),
      paso('recibida', 'observada', '2026-11-03T10:00:00'), // Tuesday
      paso('observada', 'corregida', '2026-11-06T10:00:00'), // Friday: 3 days in Observada
      paso('corregida', 'observada', '2026-11-09T10:00:00'), // Monday
      paso('observada', 'corregida', '2026-11-10T10:00:00'), // Tuesday: 1 more
      paso('corregida', 'rechazada', '2026-11-12T10:00:00'), // Thursday
    ]);
    // Monday 2 → Thursday 12 is 8 working days; 4 of them in Observada.
    expect(r).toEqual({ resueltaEn: en('2026-11-12T10:00:00'), dias: 4 });
  });

  it('a rejection straight from Observada takes off the days up to it', () => {
    const r = resolucionDe(enviada, [
      paso(null, 'recibida', '2026-11-02T10:00:00'),
      paso('recibida', 'observada', '2026-11-03T10:00:00'),
      paso('observada', 'rechazada', '2026-11-20T10:00:00'),
    ]);
    expect(r).toEqual({ resueltaEn: en('2026-11-20T10:00:00'), dias: 1 });
  });

  it('rows that change no status (Responsable, a rectification) are not moves', () => {
    const r = resolucionDe(enviada, [
      paso(null, 'recibida', '2026-11-02T10:00:00'),
      paso('recibida', 'observada', '2026-11-03T10:00:00'),
      paso('observada', 'observada', '2026-11-04T10:00:00'),
      paso('observada', 'rechazada', '2026-11-05T10:00:00'),
    ]);
    expect(r).toEqual({ resueltaEn: en('2026-11-05T10:00:00'), dias: 1 });
  });
});
