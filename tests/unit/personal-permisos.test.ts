// Roles and permissions of the back-office (producto §9), written out by hand: a revisor reads,
// annotates and moves; an administrador may also export, read the audit log and manage accounts.
// And the limits of passwords, sessions and the lockout.
import { describe, expect, it } from 'vitest';
import {
  BLOQUEO_MS,
  esRol,
  FALLOS_MAXIMOS,
  LARGO_MINIMO_CONTRASENA,
  PERMISOS,
  ROLES,
  ROTULOS_ROL,
  SESION_INACTIVA_MS,
  SESION_MAXIMA_MS,
  tienePermiso,
  VENTANA_FALLOS_MS,
  type Permiso,
  type Rol,
} from '../../domain/personal.js';

const ESPERADO: Record<Permiso, Record<Rol, boolean>> = {
  leer: { revisor: true, administrador: true },
  anotar: { revisor: true, administrador: true },
  mover: { revisor: true, administrador: true },
  exportar: { revisor: false, administrador: true },
  auditar: { revisor: false, administrador: true },
  administrarPersonal: { revisor: false, administrador: true },
  datosPersonales: { revisor: false, administrador: true },
};

describe('roles y permisos (producto §9)', () => {
  it('dos roles, con sus rótulos', () => {
    expect(ROLES).toEqual(['revisor', 'administrador']);
    expect(ROTULOS_ROL).toEqual({ revisor: 'Revisor', administrador: 'Administrador' });
  });

  it('esRol acepta solo los roles', () => {
    expect(esRol('revisor')).toBe(true);
    expect(esRol('administrador')).toBe(true);
    for (const otro of ['Administrador', 'admin', 'solicitante', '', 'toString', null, undefined, 0]) {
      expect(esRol(otro)).toBe(false);
    }
  });

  it('los seis permisos, y nada más', () => {
    expect(Object.keys(PERMISOS).sort()).toEqual(Object.keys(ESPERADO).sort());
  });

  describe.each(Object.keys(ESPERADO) as Permiso[])('%s', (permiso) => {
    it.each(ROLES)('%s', (rol) => {
      expect(tienePermiso(rol, permiso)).toBe(ESPERADO[permiso][rol]);
    });
  });

  it('un administrador tiene todo lo que tiene un revisor', () => {
    for (const permiso of Object.keys(PERMISOS) as Permiso[]) {
      if (tienePermiso('revisor', permiso)) expect(tienePermiso('administrador', permiso)).toBe(true);
    }
  });

  it('un rol desconocido no tiene ningún permiso', () => {
    for (const permiso of Object.keys(PERMISOS) as Permiso[]) {
      expect(tienePermiso('solicitante' as Rol, permiso)).toBe(false);
    }
  });

  it('contraseñas de 12, sesiones de 30 minutos sin uso y 12 horas en total, 10 fallos en 15 minutos bloquean 15', () => {
    expect(LARGO_MINIMO_CONTRASENA).toBe(12);
    expect(SESION_INACTIVA_MS).toBe(30 * 60 * 1000);
    expect(SESION_MAXIMA_MS).toBe(12 * 60 * 60 * 1000);
    expect(FALLOS_MAXIMOS).toBe(10);
    expect(VENTANA_FALLOS_MS).toBe(15 * 60 * 1000);
    expect(BLOQUEO_MS).toBe(15 * 60 * 1000);
  });
});
