// One line per measure: what was measured, its value, the budget, and PASS/FAIL (INFO when there
// is no budget). Printed as it happens, collected for docs/quality.md, and turned into the exit
// code (FAIL only).
type Estado = 'PASS' | 'FAIL' | 'INFO';

export interface Fila {
  medida: string;
  valor: string;
  presupuesto: string;
  estado: Estado;
}

export class Informe {
  readonly filas: Fila[] = [];

  agregar(fila: Fila): void {
    this.filas.push(fila);
    const presupuesto = fila.presupuesto ? `  [budget ${fila.presupuesto}]` : '';
    console.log(`${fila.estado.padEnd(4)}  ${fila.medida}: ${fila.valor}${presupuesto}`);
  }

  /** A measured value against a ceiling (`max`) or a floor (`min`). */
  limite(medida: string, valor: number, limite: { max?: number; min?: number }, formato: (n: number) => string): void {
    const ok = (limite.max === undefined || valor <= limite.max) && (limite.min === undefined || valor >= limite.min);
    const presupuesto =
      limite.max !== undefined ? `≤ ${formato(limite.max)}` : limite.min !== undefined ? `≥ ${formato(limite.min)}` : '';
    this.agregar({ medida, valor: Number.isFinite(valor) ? formato(valor) : String(valor), presupuesto, estado: ok ? 'PASS' : 'FAIL' });
  }

  /** A yes/no check: PASS when `ok`, with what was seen as the value. */
  condicion(medida: string, ok: boolean, valor: string, esperado: string): void {
    this.agregar({ medida, valor, presupuesto: esperado, estado: ok ? 'PASS' : 'FAIL' });
  }

  dato(medida: string, valor: string): void {
    this.agregar({ medida, valor, presupuesto: '', estado: 'INFO' });
  }

  /** A measure that could not be taken fails, with the reason as its value. */
  error(medida: string, error: unknown): void {
    const texto = error instanceof Error ? error.message : String(error);
    this.agregar({ medida, valor: `error: ${texto.split('\n')[0]!.slice(0, 300)}`, presupuesto: 'runs', estado: 'FAIL' });
  }

  get fallos(): number {
    return this.filas.filter((f) => f.estado === 'FAIL').length;
  }
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const MiB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
export const ms = (n: number) => `${n < 10 ? n.toFixed(3) : n.toFixed(0)} ms`;
export const veces = (n: number) => `${n.toFixed(2)}×`;
export const entero = (n: number) => String(Math.round(n));
