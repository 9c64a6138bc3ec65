// The status table of producto §9, written out here by hand and compared with domain/estados.ts
// and with the moves read back from the statechart (domain/ciclo-de-vida.ts)
// for every (from, to, who): who may move an application from where to where, "corregida" only
// by the applicant, an administrador may do all a revisor does, and no staff move leaves a
// resolved status — only the provider's re-attestation (producto §17) takes Aprobada back to
// Corregida, a move of its own (RE_ATESTACION below).
import { describe, expect, it } from 'vitest';
import {
  esFinal,
  MOVIMIENTOS,
  movimientoHacia,
  movimientosPosibles,
  pideConfirmacion,
  puedeHacer,
  rechazoDeMovimiento,
} from '../../domain/ciclo-de-vida.js';
import {
  CLAVES_ESTADO,
  ESTADO_INICIAL,
  ESTADOS,
  esEstado,
  type Actor,
  type Estado,
} from '../../domain/estados.js';

/** producto §9, row by row: label, from, who (with the ranks above), needs. */
const TABLA: Record<
  Estado,
  { label: string; desde: Estado[]; quien: Actor[]; motivo: boolean; documentos: boolean; boton?: string }
> = {
  recibida: { label: 'Recibida', desde: [], quien: [], motivo: false, documentos: false },
  en_revision: {
    label: 'En revisión',
    desde: ['recibida', 'corregida'],
    quien: ['revisor', 'administrador'],
    motivo: false,
    documentos: false,
    boton: 'En revisión',
  },
  observada: {
    label: 'Observada',
    desde: ['recibida', 'en_revision', 'corregida'],
    quien: ['revisor', 'administrador'],
    motivo: true,
    documentos: true,
    boton: 'Observar',
  },
  corregida: {
    label: 'Corregida',
    desde: ['observada'],
    quien: ['solicitante'],
    motivo: false,
    documentos: false,
  },
  aprobada: {
    label: 'Aprobada',
    desde: ['en_revision', 'corregida'],
    quien: ['administrador'],
    motivo: false,
    documentos: false,
    boton: 'Aprobar',
  },
  rechazada: {
    label: 'Rechazada',
    desde: ['en_revision', 'observada', 'corregida'],
    quien: ['administrador'],
    motivo: true,
    documentos: false,
    boton: 'Rechazar',
  },
};

const ACTORES: Actor[] = ['solicitante', 'revisor', 'administrador'];
const TODOS = Object.keys(TABLA) as Estado[];

/** producto §17: the provider's "Enviar cambios", the second move into Corregida. */
const RE_ATESTACION = {
  evento: 'ACTUALIZAR_DATOS',
  desde: 'aprobada',
  hacia: 'corregida',
  quien: 'solicitante',
} as const;
/** The moves of the table, keyed by the status they reach (the re-attestation aside). */
const DE_LA_TABLA = () => MOVIMIENTOS.filter((m) => m.evento !== RE_ATESTACION.evento);

describe('estados (producto §9)', () => {
  it('las seis claves con sus etiquetas, en orden; se empieza en recibida', () => {
    expect(ESTADOS).toEqual(Object.fromEntries(TODOS.map((e) => [e, TABLA[e].label])));
    expect(CLAVES_ESTADO).toEqual(TODOS);
    expect(ESTADO_INICIAL).toBe('recibida');
  });

  it('esEstado acepta solo las claves (ni etiquetas ni propiedades heredadas)', () => {
    for (const e of TODOS) expect(esEstado(e)).toBe(true);
    for (const otro of [
      'En revisión',
      'RECIBIDA',
      'toString',
      '__proto__',
      'constructor',
      '',
      null,
      undefined,
      1,
    ]) {
      expect(esEstado(otro)).toBe(false);
    }
  });

  it('cada movimiento: desde dónde, quién lo hace como mínimo, qué necesita y su botón', () => {
    const destinos = TODOS.filter((e) => TABLA[e].desde.length > 0);
    expect(DE_LA_TABLA().map((m) => m.hacia)).toEqual(destinos);
    // The re-attestation comes after the correction, both into Corregida; movimientoHacia (the
    // staff route's reading of `hacia`) finds the correction.
    const reAtestacion = MOVIMIENTOS.find((m) => m.evento === RE_ATESTACION.evento)!;
    expect(reAtestacion).toMatchObject({
      hacia: RE_ATESTACION.hacia,
      desde: [RE_ATESTACION.desde],
      quien: RE_ATESTACION.quien,
      necesitaMotivo: false,
      necesitaDocumentos: false,
      boton: 'Enviar cambios',
    });
    expect(MOVIMIENTOS.indexOf(reAtestacion)).toBe(MOVIMIENTOS.findIndex((m) => m.hacia === 'corregida') + 1);
    for (const hacia of destinos) {
      const m = movimientoHacia(hacia)!;
      expect([...m.desde].sort()).toEqual([...TABLA[hacia].desde].sort());
      expect(m.necesitaMotivo).toBe(TABLA[hacia].motivo);
      expect(m.necesitaDocumentos).toBe(TABLA[hacia].documentos);
      if (TABLA[hacia].boton) expect(m.boton).toBe(TABLA[hacia].boton);
    }
    expect(movimientoHacia('recibida')).toBeUndefined();
  });

  describe.each(ACTORES)('rechazoDeMovimiento para %s', (actor) => {
    it.each(TODOS.flatMap((desde) => TODOS.map((hacia) => [desde, hacia] as const)))(
      '%s → %s',
      (desde, hacia) => {
        const fila = TABLA[hacia];
        const esperado = !fila.quien.includes(actor) ? 'rol' : !fila.desde.includes(desde) ? 'estado' : null;
        expect(rechazoDeMovimiento(desde, hacia, actor)).toBe(esperado);
      },
    );
  });

  it('movimientosPosibles: los botones de cada estado para cada actor', () => {
    for (const actor of ACTORES) {
      for (const estado of TODOS) {
        const esperados = TODOS.filter(
          (h) => TABLA[h].desde.includes(estado) && TABLA[h].quien.includes(actor),
        );
        if (estado === RE_ATESTACION.desde && actor === RE_ATESTACION.quien)
          esperados.push(RE_ATESTACION.hacia);
        expect(
          movimientosPosibles(estado, actor).map((m) => m.hacia),
          `${actor} en ${estado}`,
        ).toEqual(esperados);
      }
    }
    // Written out for the cases people ask about.
    expect(movimientosPosibles('recibida', 'revisor').map((m) => m.boton)).toEqual([
      'En revisión',
      'Observar',
    ]);
    expect(movimientosPosibles('en_revision', 'revisor').map((m) => m.boton)).toEqual(['Observar']);
    expect(movimientosPosibles('en_revision', 'administrador').map((m) => m.boton)).toEqual([
      'Observar',
      'Aprobar',
      'Rechazar',
    ]);
    expect(movimientosPosibles('observada', 'revisor')).toEqual([]);
    expect(movimientosPosibles('observada', 'administrador').map((m) => m.hacia)).toEqual(['rechazada']);
    expect(movimientosPosibles('observada', 'solicitante').map((m) => m.hacia)).toEqual(['corregida']);
    expect(movimientosPosibles('corregida', 'revisor').map((m) => m.boton)).toEqual([
      'En revisión',
      'Observar',
    ]);
    expect(movimientosPosibles('corregida', 'administrador').map((m) => m.hacia)).toEqual([
      'en_revision',
      'observada',
      'aprobada',
      'rechazada',
    ]);
  });

  it('corregida la alcanza solo el solicitante, que no hace ningún otro movimiento', () => {
    const corregida = movimientoHacia('corregida')!;
    expect(puedeHacer('solicitante', corregida)).toBe(true);
    expect(puedeHacer('revisor', corregida)).toBe(false);
    expect(puedeHacer('administrador', corregida)).toBe(false);
    for (const m of MOVIMIENTOS.filter((x) => x.hacia !== 'corregida'))
      expect(puedeHacer('solicitante', m)).toBe(false);
  });

  it('un administrador puede todo lo que puede un revisor', () => {
    for (const m of MOVIMIENTOS) {
      if (puedeHacer('revisor', m)) expect(puedeHacer('administrador', m)).toBe(true);
    }
    for (const estado of TODOS) {
      const delRevisor = movimientosPosibles(estado, 'revisor').map((m) => m.hacia);
      const delAdministrador = movimientosPosibles(estado, 'administrador').map((m) => m.hacia);
      expect(delAdministrador).toEqual(expect.arrayContaining(delRevisor));
    }
  });

  it('de aprobada y rechazada no sale ningún movimiento del personal; de aprobada, solo los cambios del prestador; a recibida no se vuelve', () => {
    expect(movimientosPosibles('aprobada', 'solicitante').map((m) => m.evento)).toEqual([
      RE_ATESTACION.evento,
    ]);
    for (const actor of ACTORES) {
      if (actor !== 'solicitante') expect(movimientosPosibles('aprobada', actor)).toEqual([]);
      expect(movimientosPosibles('rechazada', actor)).toEqual([]);
      for (const desde of TODOS) expect(rechazoDeMovimiento(desde, 'recibida', actor)).toBe('rol');
    }
  });
});

describe('final statuses and confirmation', () => {
  it('aprobada and rechazada are resolved (no staff move leaves them); every other status has a way out', () => {
    expect(CLAVES_ESTADO.filter(esFinal)).toEqual(['aprobada', 'rechazada']);
  });

  it('the page asks before Observar, Aprobar and Rechazar, and moves at once to En revisión', () => {
    const pide = MOVIMIENTOS.filter(pideConfirmacion).map((m) => m.hacia);
    expect(pide).toEqual(['observada', 'aprobada', 'rechazada']);
  });
});
