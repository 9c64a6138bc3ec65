// The signed-in account, read once from GET /api/gestion/sesion and shared by the pages. Without
// a session the query's 401 sends the user to the sign-in page (consultas.ts).
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import type { CuentaPersonal } from '../../domain/gestion.js';
import { obtenerSesion } from './api.js';
import { AvisoError, Cargando } from './componentes/Avisos.js';
import { mensajeDeError } from './consultas.js';

export const CLAVE_SESION = ['sesion'] as const;

const Cuenta = createContext<CuentaPersonal | null>(null);

export function useCuenta(): CuentaPersonal {
  const cuenta = useContext(Cuenta);
  if (!cuenta) throw new Error('useCuenta fuera de ConSesion');
  return cuenta;
}

export function ConSesion({ children }: { children: ReactNode }) {
  const sesion = useQuery({ queryKey: CLAVE_SESION, queryFn: obtenerSesion, staleTime: 60_000 });
  if (sesion.isPending) return <Cargando texto="Verificando la sesión…" />;
  if (sesion.isError)
    return (
      <AvisoError>
        {mensajeDeError(sesion.error, 'No se pudo verificar la sesión. Recargá la página.')}
      </AvisoError>
    );
  return <Cuenta.Provider value={sesion.data}>{children}</Cuenta.Provider>;
}
