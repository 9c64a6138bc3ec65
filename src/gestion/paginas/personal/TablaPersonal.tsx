// The accounts of /gestion/personal (producto §16) as a table: Usuario (each row's header),
// Nombre, Correo electrónico, Rol, Segundo factor, Último ingreso, Activa, and the row's actions —
// only those that apply to it (no "Dar de baja" of one's own account, "Reactivar" only for a
// disabled one, "Quitar segundo factor" only when it has one, "Reenviar enlace" only while the
// account has not chosen its password — once it has, its owner asks with "¿Olvidaste tu
// contraseña?"). Each action's accessible name says whose it is (personal/textos.ts `accionDe`).
import { Button, Flex } from '@chakra-ui/react';
import { createColumnHelper, useTable } from '@tanstack/react-table';
import { createContext, useContext } from 'react';
import { ROTULOS_CUENTAS } from '../../../../domain/cuentas.js';
import { ROTULOS_ROL } from '../../../../domain/personal.js';
import { Tabla, funcionesDeTabla } from '../../componentes/Tabla.js';
import { fechaYHora } from '../../formato.js';
import type { FilaPersonal } from './api.js';
import { accionDe, TEXTOS_PERSONAL } from './textos.js';

export type Accion = 'rol' | 'correo' | 'baja' | 'reactivar' | 'factor' | 'enlace';

const ROTULO_DE_ACCION: Record<Accion, string> = {
  rol: ROTULOS_CUENTAS.cambiarRol,
  correo: ROTULOS_CUENTAS.cambiarCorreo,
  baja: ROTULOS_CUENTAS.darDeBaja,
  reactivar: ROTULOS_CUENTAS.reactivar,
  factor: ROTULOS_CUENTAS.quitarSegundoFactor,
  enlace: ROTULOS_CUENTAS.reenviarEnlace,
};

/** The actions a row offers, in the order shown. */
function accionesDe(fila: FilaPersonal, yo: string): Accion[] {
  if (!fila.activo) return ['reactivar', 'correo'];
  const acciones: Accion[] = ['rol', 'correo'];
  if (fila.segundoFactor) acciones.push('factor');
  if (fila.contrasenaPendiente && fila.correo) acciones.push('enlace');
  // The server refuses one's own: not offered.
  if (fila.usuario !== yo) acciones.push('baja');
  return acciones;
}

const siNo = (valor: boolean) => (valor ? TEXTOS_PERSONAL.si : TEXTOS_PERSONAL.no);

const columna = createColumnHelper<typeof funcionesDeTabla, FilaPersonal>();

export interface TablaPersonalProps {
  filas: FilaPersonal[];
  /** The signed-in administrador's user name. */
  yo: string;
  /** The row whose direct action (Reactivar, Reenviar enlace) is on its way. */
  ocupada: { usuario: string; accion: Accion } | null;
  onAccion: (accion: Accion, fila: FilaPersonal, boton: HTMLButtonElement) => void;
}

// What the actions' cells need from the page, through context: the columns stay the same objects
// (a cell rendered by a new function would be a new component, and its buttons new elements — the
// one a dialog must give the focus back to among them).
const Contexto = createContext<Omit<TablaPersonalProps, 'filas'> | null>(null);

function AccionesDeFila({ fila }: { fila: FilaPersonal }) {
  const { yo, ocupada, onAccion } = useContext(Contexto)!;
  return (
    <Flex gap="2" wrap="wrap" minW="14rem">
      {accionesDe(fila, yo).map((accion) => {
        const esta = ocupada?.usuario === fila.usuario && ocupada.accion === accion;
        return (
          <Button
            key={accion}
            size="xs"
            variant="outline"
            colorPalette={accion === 'baja' || accion === 'factor' ? 'red' : 'blue'}
            aria-label={accionDe(ROTULO_DE_ACCION[accion], fila.usuario)}
            loading={esta}
            disabled={!esta && ocupada?.usuario === fila.usuario}
            onClick={(e) => onAccion(accion, fila, e.currentTarget)}
          >
            {ROTULO_DE_ACCION[accion]}
          </Button>
        );
      })}
    </Flex>
  );
}

const COLUMNAS = columna.columns([
  columna.accessor('usuario', { header: ROTULOS_CUENTAS.usuario }),
  columna.accessor('nombre', { header: ROTULOS_CUENTAS.nombre }),
  columna.accessor('correo', { header: ROTULOS_CUENTAS.correo, cell: (c) => c.getValue() ?? '—' }),
  columna.accessor('rol', { header: ROTULOS_CUENTAS.rol, cell: (c) => ROTULOS_ROL[c.getValue()] }),
  columna.accessor('segundoFactor', {
    header: ROTULOS_CUENTAS.segundoFactor,
    cell: (c) => siNo(c.getValue()),
  }),
  columna.accessor('ultimoIngreso', {
    header: ROTULOS_CUENTAS.ultimoIngreso,
    cell: (c) => {
      const valor = c.getValue();
      return valor ? fechaYHora(valor) : TEXTOS_PERSONAL.nunca;
    },
  }),
  columna.accessor('activo', { header: ROTULOS_CUENTAS.activa, cell: (c) => siNo(c.getValue()) }),
  columna.display({
    id: 'acciones',
    header: TEXTOS_PERSONAL.acciones,
    cell: (c) => <AccionesDeFila fila={c.row.original} />,
  }),
]);

export function TablaPersonal({ filas, yo, ocupada, onAccion }: TablaPersonalProps) {
  const tabla = useTable({
    features: funcionesDeTabla,
    columns: COLUMNAS,
    data: filas,
    getRowId: (fila) => fila.usuario,
    // Every account is listed: nothing to page.
    manualPagination: true,
  });
  return (
    <Contexto.Provider value={{ yo, ocupada, onAccion }}>
      <Tabla tabla={tabla} leyenda={TEXTOS_PERSONAL.leyenda} vacia={TEXTOS_PERSONAL.vacia} />
    </Contexto.Provider>
  );
}
