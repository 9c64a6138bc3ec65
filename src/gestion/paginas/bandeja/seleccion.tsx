// The inbox's selection (producto §15, "Selection and bulk"): which rows of the page are checked,
// or the whole search once "Seleccionar las N de esta búsqueda" fixed it (its count and huella,
// from the server). It belongs to one view — filter and page —: any change of the address empties
// it, so what is selected is always what is on screen. The checkbox column goes first in the
// table; each checkbox is named "Seleccionar <numero>". Whether this account assigns, and which
// rows it may assign, is the lifecycle chart's (domain/ciclo-de-vida.ts), as on the detail page.
import { Checkbox } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { asignacionesPosibles, estadoDelCiclo } from '../../../../domain/ciclo-de-vida.js';
import type { CuentaPersonal, FilaBandeja } from '../../../../domain/gestion.js';
import { TEXTOS_SELECCION, type SeleccionDeBusqueda } from '../../../../domain/seleccion.js';
import type { funcionesDeTabla } from '../../componentes/Tabla.js';

type Cuenta = Pick<CuentaPersonal, 'rol' | 'usuario'>;

/** Whether the chart lets this account give `fila` to someone (the chart runs on usuarios here). */
export const asignablePorLaCuenta = (fila: Pick<FilaBandeja, 'estado' | 'responsable'>, cuenta: Cuenta) =>
  asignacionesPosibles(
    estadoDelCiclo(fila.estado, [], fila.responsable?.usuario ?? null),
    cuenta.rol,
    cuenta.usuario,
  ).includes('ASIGNAR');

/** Whether this account assigns at all: an open application someone else has, given to a third. */
export const asignaAOtros = (cuenta: Cuenta) =>
  asignablePorLaCuenta(
    { estado: 'recibida', responsable: { usuario: `${cuenta.usuario}-otra`, nombre: '' } },
    cuenta,
  );

interface Estado {
  /** The view it belongs to (the inbox's address). */
  clave: string;
  numeros: ReadonlySet<string>;
  busqueda: SeleccionDeBusqueda | null;
}

const vacia = (clave: string): Estado => ({ clave, numeros: new Set(), busqueda: null });

export interface Seleccion {
  /** The page's rows selected (all of them while the whole search is). */
  filas: FilaBandeja[];
  /** The whole search, once fixed; null: rows of this page. */
  busqueda: SeleccionDeBusqueda | null;
  /** How many applications are selected. */
  cantidad: number;
  /** Every row of the page is selected (and the page has rows). */
  todaLaPagina: boolean;
  elegida: (numero: string) => boolean;
  alternar: (numero: string, elegir: boolean) => void;
  alternarPagina: (elegir: boolean) => void;
  fijarBusqueda: (busqueda: SeleccionDeBusqueda) => void;
  vaciar: () => void;
}

export function useSeleccion(clave: string, filas: readonly FilaBandeja[]): Seleccion {
  const [guardado, setGuardado] = useState<Estado>(() => vacia(clave));
  const estado = guardado.clave === clave ? guardado : vacia(clave);
  // Another view: the selection is left behind.
  if (guardado !== estado) setGuardado(estado);
  const { numeros, busqueda } = estado;
  const elegidas = filas.filter((f) => busqueda !== null || numeros.has(f.numero));
  const conNumeros = (cambio: (actuales: Set<string>) => void) =>
    setGuardado((antes) => {
      // Unchecking a row of a selected search keeps the rest of the page.
      const actuales = new Set(antes.busqueda ? filas.map((f) => f.numero) : antes.numeros);
      cambio(actuales);
      return { clave, numeros: actuales, busqueda: null };
    });
  return {
    filas: elegidas,
    busqueda,
    cantidad: busqueda ? busqueda.total : elegidas.length,
    todaLaPagina: filas.length > 0 && elegidas.length === filas.length,
    elegida: (numero) => busqueda !== null || numeros.has(numero),
    alternar: (numero, elegir) => conNumeros((s) => (elegir ? s.add(numero) : s.delete(numero))),
    alternarPagina: (elegir) =>
      conNumeros((s) => {
        s.clear();
        if (elegir) for (const f of filas) s.add(f.numero);
      }),
    fijarBusqueda: (b) => setGuardado({ clave, numeros: new Set(), busqueda: b }),
    vaciar: () => setGuardado(vacia(clave)),
  };
}

function Casilla({
  etiqueta,
  marcada,
  deshabilitada,
  onCambio,
}: {
  etiqueta: string;
  marcada: boolean | 'indeterminate';
  deshabilitada: boolean;
  onCambio: (elegir: boolean) => void;
}) {
  return (
    <Checkbox.Root
      checked={marcada}
      disabled={deshabilitada}
      onCheckedChange={(e) => onCambio(e.checked === true)}
      verticalAlign="middle"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label srOnly>{etiqueta}</Checkbox.Label>
    </Checkbox.Root>
  );
}

const columna = createColumnHelper<typeof funcionesDeTabla, FilaBandeja>();

/** The first column: a checkbox per row, and one in its header for the whole page. */
export function columnaDeSeleccion(seleccion: Seleccion, ocupada: boolean) {
  return columna.display({
    id: 'seleccion',
    header: () => (
      <Casilla
        etiqueta={TEXTOS_SELECCION.seleccionarPagina}
        marcada={seleccion.todaLaPagina ? true : seleccion.filas.length > 0 ? 'indeterminate' : false}
        deshabilitada={ocupada}
        onCambio={(elegir) => seleccion.alternarPagina(elegir)}
      />
    ),
    cell: (c) => (
      <Casilla
        etiqueta={TEXTOS_SELECCION.seleccionar(c.row.original.numero)}
        marcada={seleccion.elegida(c.row.original.numero)}
        deshabilitada={ocupada}
        onCambio={(elegir) => seleccion.alternar(c.row.original.numero, elegir)}
      />
    ),
  });
}
