// What the back-office bench reads off a running server: its resident memory, sampled from
// /proc while a request streams, and the rows of a CSV counted as they arrive.
import { readFileSync, writeFileSync } from 'node:fs';

/** VmRSS and VmHWM (the peak since the last reset) of a process, in bytes. */
function memoria(pid: number): { rss: number; pico: number } {
  const estado = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (campo: string) =>
    Number(new RegExp(`^${campo}:\\s+(\\d+) kB`, 'm').exec(estado)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), pico: kb('VmHWM') };
}

export interface Muestreo {
  /** RSS just before. */
  antes: number;
  /** Stops sampling: the highest RSS seen (and the kernel's peak, when it could be reset). */
  detener(): { maximo: number; crecimiento: number; muestras: number };
}

/**
 * Samples the RSS of `pid` every `cadaMs` until stopped. The kernel's own peak (VmHWM) is reset
 * first when allowed (/proc/<pid>/clear_refs), so a spike between two samples is not missed.
 */
export function muestrearMemoria(pid: number, cadaMs = 20): Muestreo {
  let picoReiniciado = false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    picoReiniciado = true;
  } catch {
    // not ours to reset (another user, or no /proc): the samples alone
  }
  const antes = memoria(pid).rss;
  let maximo = antes;
  let muestras = 0;
  const reloj = setInterval(() => {
    try {
      maximo = Math.max(maximo, memoria(pid).rss);
      muestras++;
    } catch {
      // the process ended; the run reports its own error
    }
  }, cadaMs);
  return {
    antes,
    detener() {
      clearInterval(reloj);
      const final = memoria(pid);
      maximo = Math.max(maximo, final.rss, picoReiniciado ? final.pico : 0);
      return { maximo, crecimiento: maximo - antes, muestras };
    },
  };
}

/**
 * Counts the records of a CSV fed in pieces (RFC 4180: a line break inside quotes belongs to
 * its field, a doubled quote is a quote). A last record without a line break counts too.
 */
export class ContadorCsv {
  registros = 0;
  bytes = 0;
  private entreComillas = false;
  private lineaAbierta = false;
  /** The first bytes, to check the BOM and the header. */
  inicio = Buffer.alloc(0);

  agregar(trozo: Uint8Array): void {
    this.bytes += trozo.length;
    if (this.inicio.length < 4096)
      this.inicio = Buffer.concat([this.inicio, Buffer.from(trozo.subarray(0, 4096 - this.inicio.length))]);
    for (let i = 0; i < trozo.length; i++) {
      const c = trozo[i]!;
      if (c === 0x22) {
        // A doubled quote inside a quoted field toggles twice: the state comes back.
        this.entreComillas = !this.entreComillas;
        this.lineaAbierta = true;
      } else if (c === 0x0a && !this.entreComillas) {
        this.registros++;
        this.lineaAbierta = false;
      } else if (c !== 0x0d) {
        this.lineaAbierta = true;
      }
    }
  }

  /** Records in all (the header included). */
  terminar(): number {
    if (this.lineaAbierta) {
      this.registros++;
      this.lineaAbierta = false;
    }
    return this.registros;
  }
}
