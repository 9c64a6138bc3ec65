// Which fields of step 1 the applicant has left: a field's message shows from then on. View state
// (the chart keeps the values, not where the cursor has been). A restored draft starts with the
// fields that already hold a value, so their messages show at once. Each field subscribes to its
// own entry: leaving one field re-renders only that field.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { FormDatosSocio } from '../../../machines/index.js';

export type CampoDatos = keyof FormDatosSocio;

export class Tocados {
  private readonly campos: Set<CampoDatos>;
  private readonly oyentes = new Set<() => void>();

  constructor(iniciales: Iterable<CampoDatos> = []) {
    this.campos = new Set(iniciales);
  }

  /** The fields of a restored draft that hold a value. */
  static deBorrador(datos: FormDatosSocio): Tocados {
    const conValor = (Object.keys(datos) as CampoDatos[]).filter((c) => datos[c] !== '' && datos[c] !== null);
    if (datos.textoLocalidad) conValor.push('localidad');
    if (datos.textoCalle) conValor.push('calle');
    return new Tocados(conValor);
  }

  tiene = (campo: CampoDatos): boolean => this.campos.has(campo);

  tocar = (campo: CampoDatos): void => {
    if (this.campos.has(campo)) return;
    this.campos.add(campo);
    for (const oyente of this.oyentes) oyente();
  };

  suscribir = (oyente: () => void): (() => void) => {
    this.oyentes.add(oyente);
    return () => this.oyentes.delete(oyente);
  };
}

const Contexto = createContext<Tocados | null>(null);

export function ProveedorTocados({ valor, children }: { valor: Tocados; children: ReactNode }) {
  return <Contexto.Provider value={valor}>{children}</Contexto.Provider>;
}

export function useTocados(): Tocados {
  const tocados = useContext(Contexto);
  if (!tocados) throw new Error('useTocados fuera de ProveedorTocados');
  return tocados;
}

export function useTocado(campo: CampoDatos): boolean {
  const tocados = useTocados();
  const tocado = () => tocados.tiene(campo);
  // The same answer on the server: the build prerenders the step for its styles.
  return useSyncExternalStore(tocados.suscribir, tocado, tocado);
}
