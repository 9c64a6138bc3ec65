// The lifecycle chart's guard on "Verificado en la fuente" (producto §17), without I/O: while
// `sinVerificar` names a document, approval is neither offered, made, proposed nor confirmed;
// everything else — observing, rejecting, proposing or confirming a rejection, discarding — goes
// on as before; with nothing left to verify the chart is the one of producto §9 and producto §15.
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  cicloDeVida,
  estadoDelCiclo,
  movimientosPosibles,
  ofrece,
  type EventoCiclo,
} from '../../domain/ciclo-de-vida.js';
import type { Estado } from '../../domain/estados.js';
import { DECISIONES, puedeProponer, propuestasPosibles, registraPropuesta } from '../../domain/propuestas.js';
import { DOCUMENTOS_DEL_MODELO } from '../modelo/ciclo-de-vida.js';

const DOCS = DOCUMENTOS_DEL_MODELO;
const FALTAN = ['TituloMedico'];
const DONDE_SE_APRUEBA: readonly Estado[] = ['en_revision', 'corregida'];
const MOTIVO = 'No corresponde.';

const snapshot = (
  estado: Estado,
  sinVerificar: readonly string[],
  extra: Parameters<typeof estadoDelCiclo>[3] = {},
) => estadoDelCiclo(estado, DOCS, null, { ...extra, sinVerificar });

describe('sinVerificar en el ciclo de vida', () => {
  it.each(DONDE_SE_APRUEBA)(
    'desde %s: Aprobar espera las verificaciones; Rechazar y Observar no',
    (estado) => {
      const falta = snapshot(estado, FALTAN);
      const listo = snapshot(estado, []);
      expect(falta.can({ type: 'APROBAR', actor: 'administrador' })).toBe(false);
      expect(ofrece(falta, 'APROBAR', 'administrador')).toBe(false);
      expect(listo.can({ type: 'APROBAR', actor: 'administrador' })).toBe(true);
      expect(ofrece(listo, 'APROBAR', 'administrador')).toBe(true);
      for (const s of [falta, listo]) {
        expect(s.can({ type: 'RECHAZAR', actor: 'administrador', motivo: MOTIVO })).toBe(true);
        expect(
          s.can({ type: 'OBSERVAR', actor: 'revisor', motivo: MOTIVO, documentos: ['TituloMedico'] }),
        ).toBe(true);
      }
    },
  );

  it('nada que verificar es la entrada por omisión: sin sinVerificar el ciclo es el de antes', () => {
    expect(estadoDelCiclo('en_revision', DOCS).context.sinVerificar).toEqual([]);
    const actor = createActor(cicloDeVida, { input: { documentos: DOCS } }).start();
    expect(actor.getSnapshot().context.sinVerificar).toEqual([]);
    const conFalta = createActor(cicloDeVida, { input: { documentos: DOCS, sinVerificar: FALTAN } }).start();
    expect(conFalta.getSnapshot().context.sinVerificar).toEqual(FALTAN);
    // The table of moves (what a role ever does) is read without anything to verify.
    expect(movimientosPosibles('en_revision', 'administrador').map((m) => m.evento)).toContain('APROBAR');
  });

  it('la propuesta de aprobar (un revisor, o un administrador con doble control) espera; la de rechazar no', () => {
    for (const estado of DONDE_SE_APRUEBA) {
      const falta = snapshot(estado, FALTAN, { dobleControl: DECISIONES });
      const listo = snapshot(estado, [], { dobleControl: DECISIONES });
      expect(puedeProponer(falta, 'APROBAR', 'revisor', 'rita')).toBe(false);
      expect(puedeProponer(listo, 'APROBAR', 'revisor', 'rita')).toBe(true);
      expect(puedeProponer(falta, 'APROBAR', 'administrador', 'ana')).toBe(false);
      expect(registraPropuesta(falta, 'APROBAR', 'administrador', 'ana')).toBe(false);
      expect(registraPropuesta(listo, 'APROBAR', 'administrador', 'ana')).toBe(true);
      expect(puedeProponer(falta, 'RECHAZAR', 'administrador', 'ana')).toBe(true);
      // An administrador's own "Aprobar" is neither a move nor a proposal here.
      expect(ofrece(falta, 'APROBAR', 'administrador')).toBe(false);
    }
  });

  it('confirmar una aprobación propuesta espera; confirmar un rechazo y descartar, no', () => {
    const aprobar = { decision: 'APROBAR' as const, quien: 'ana' };
    const rechazar = { decision: 'RECHAZAR' as const, quien: 'ana', motivo: MOTIVO };
    const confirmar: EventoCiclo = { type: 'CONFIRMAR', actor: 'administrador', quien: 'beto' };
    const descartar: EventoCiclo = {
      type: 'DESCARTAR',
      actor: 'administrador',
      quien: 'beto',
      motivo: MOTIVO,
    };
    const falta = snapshot('en_revision', FALTAN, { propuesta: aprobar, dobleControl: DECISIONES });
    const listo = snapshot('en_revision', [], { propuesta: aprobar, dobleControl: DECISIONES });
    expect(falta.can(confirmar)).toBe(false);
    expect(propuestasPosibles(falta, 'administrador', 'beto')).not.toContain('CONFIRMAR');
    expect(falta.can(descartar)).toBe(true);
    expect(listo.can(confirmar)).toBe(true);
    const rechazo = snapshot('en_revision', FALTAN, { propuesta: rechazar, dobleControl: DECISIONES });
    expect(rechazo.can(confirmar)).toBe(true);
    // From Observada only rejection is decided: nothing to wait for.
    const observada = snapshot('observada', FALTAN, { propuesta: rechazar, dobleControl: DECISIONES });
    expect(observada.can(confirmar)).toBe(true);
  });

  it('los movimientos que no deciden, y asignar, no dependen de las verificaciones', () => {
    const falta = snapshot('recibida', FALTAN);
    expect(falta.can({ type: 'PONER_EN_REVISION', actor: 'revisor' })).toBe(true);
    expect(falta.can({ type: 'TOMAR', actor: 'revisor', quien: 'rita' })).toBe(true);
    const corregida = snapshot('observada', FALTAN);
    expect(corregida.can({ type: 'ENVIAR_CORRECCION', actor: 'solicitante' })).toBe(true);
  });
});
