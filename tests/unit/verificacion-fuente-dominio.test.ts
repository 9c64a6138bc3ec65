// "Verificado en la fuente" (producto §17) in domain/verificacion-fuente.ts and the setting that asks for
// it: the catalogue of sources, the one rule the dialog and the server check the fields with (and
// its Spanish messages), the sentence the page shows, and VERIFICACION_REQUERIDA read from the
// environment (the default, `no`, a key that is not a document).
import { describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/index.js';
import { problemas } from '../../domain/formularios.js';
import {
  FUENTES_VERIFICACION,
  LARGO_MAXIMO_NOTA_VERIFICACION,
  MENSAJES_VERIFICACION,
  TEXTOS_VERIFICACION,
  esquemaVerificacion,
  hoyArgentino,
} from '../../domain/verificacion-fuente.js';
import { ConfigError, loadConfig } from '../../server/config/index.js';
import { predeterminados } from '../../server/config/esquema.js';

const HOY = '2026-03-15';
const ENVIADA = '2026-03-01';
const contexto = { hoy: HOY, enviada: ENVIADA };
const campos = (valores: Record<string, unknown>, ctx: Record<string, unknown> = contexto) =>
  problemas(esquemaVerificacion, { fuente: 'sisa', fecha: HOY, nota: '', ...valores }, ctx);

describe('el catálogo y los textos', () => {
  it('las fuentes de producto §17, en su orden', () => {
    expect(FUENTES_VERIFICACION.map((f) => f.label)).toEqual([
      'SISA/REFEPS',
      'Colegio de Médicos',
      'Aseguradora',
      'AFIP/ARCA',
      'Otra',
    ]);
  });

  it('el estado de un documento verificado y lo que falta verificar, con los nombres de los documentos', () => {
    expect(TEXTOS_VERIFICACION.estado('sisa', '2026-03-12', 'Ana Pérez')).toBe(
      'Verificado en la fuente: SISA/REFEPS, 12/03/2026, por Ana Pérez',
    );
    expect(TEXTOS_VERIFICACION.faltaVerificar(['TituloMedico', 'ResolucionEspecialidad'])).toBe(
      'Falta verificar en la fuente: Título de médico, Resolución de especialidad.',
    );
  });

  it('hoy, en la Argentina (UTC−3)', () => {
    expect(hoyArgentino(new Date('2026-03-16T02:59:00Z'))).toBe('2026-03-15');
    expect(hoyArgentino(new Date('2026-03-16T03:00:00Z'))).toBe('2026-03-16');
  });
});

describe('la regla de los campos', () => {
  it('acepta una verificación de hoy, del día del envío, con o sin nota', () => {
    expect(campos({})).toEqual({});
    expect(campos({ fecha: ENVIADA, nota: 'Consultado por teléfono.\nTodo en orden.' })).toEqual({});
    expect(esquemaVerificacion.cast({ fuente: 'otra', fecha: HOY, nota: '  recortada  ' }).nota).toBe(
      'recortada',
    );
  });

  it('la fuente, del catálogo', () => {
    expect(campos({ fuente: '' })).toEqual({ fuente: MENSAJES_VERIFICACION.fuente });
    expect(campos({ fuente: 'SISA' })).toEqual({ fuente: MENSAJES_VERIFICACION.fuente });
  });

  it('la fecha, un día real, no futuro ni anterior al envío; ilegible si el navegador no la leyó', () => {
    for (const mala of ['', '2026-02-30', '2026-13-01', '15/03/2026', '2026-3-1'])
      expect(campos({ fecha: mala }), mala).toEqual({ fecha: MENSAJES_VERIFICACION.fecha });
    expect(campos({ fecha: '2026-03-16' })).toEqual({ fecha: MENSAJES.fechaFutura });
    expect(campos({ fecha: '2026-02-28' })).toEqual({
      fecha: MENSAJES_VERIFICACION.anteriorAlEnvio(ENVIADA),
    });
    expect(MENSAJES_VERIFICACION.anteriorAlEnvio(ENVIADA)).toContain('01/03/2026');
    expect(campos({}, { ...contexto, ilegible: true })).toEqual({ fecha: MENSAJES_VERIFICACION.fecha });
    // Without the day it was sent (the dialog does not know it), only the server's bound is missing.
    expect(campos({ fecha: '2020-01-01' }, { hoy: HOY })).toEqual({});
  });

  it('la nota, acotada y sin caracteres invisibles', () => {
    expect(campos({ nota: 'x'.repeat(LARGO_MAXIMO_NOTA_VERIFICACION) })).toEqual({});
    expect(campos({ nota: 'x'.repeat(LARGO_MAXIMO_NOTA_VERIFICACION + 1) })).toEqual({
      nota: MENSAJES.demasiadoLargo(LARGO_MAXIMO_NOTA_VERIFICACION),
    });
    expect(campos({ nota: 'oculto\u202e' })).toEqual({ nota: MENSAJES.caracteresInvalidos });
  });
});

describe('VERIFICACION_REQUERIDA', () => {
  const base = { NODE_ENV: 'test' };
  it('por omisión, el título y la resolución de especialidad', () => {
    expect(loadConfig(base).verificacionRequerida).toEqual(['TituloMedico', 'ResolucionEspecialidad']);
    expect(predeterminados().VERIFICACION_REQUERIDA).toBe('`TituloMedico,ResolucionEspecialidad`');
  });

  it('una lista de documentos (cada uno una vez), o `no` para ninguno', () => {
    expect(
      loadConfig({ ...base, VERIFICACION_REQUERIDA: ' PolizaMalaPraxis , TituloMedico,PolizaMalaPraxis' })
        .verificacionRequerida,
    ).toEqual(['PolizaMalaPraxis', 'TituloMedico']);
    expect(loadConfig({ ...base, VERIFICACION_REQUERIDA: 'no' }).verificacionRequerida).toEqual([]);
    expect(loadConfig({ ...base, VERIFICACION_REQUERIDA: 'NO' }).verificacionRequerida).toEqual([]);
  });

  it('un nombre que no es un documento detiene el arranque con un mensaje que lo dice', () => {
    for (const malo of ['TituloMedico,Titulo', 'titulomedico', 'TituloMedico,,ResolucionEspecialidad']) {
      const env = { ...base, VERIFICACION_REQUERIDA: malo };
      expect(() => loadConfig(env), malo).toThrow(ConfigError);
      expect(() => loadConfig(env), malo).toThrow(
        /^Configuración inválida: VERIFICACION_REQUERIDA debe ser una lista de documentos/,
      );
    }
  });
});
