// Step 1's values (producto §3) as a person reads them — a date as DD/MM/AAAA, a locality, street
// or IVA condition by its name, a list's key by its label — written once for the personal-data
// summary (resumen-pdf.ts) and the inbox's CSV (server/gestion/exportacion.ts).
import { COBRANZAS_HONORARIOS, FORMAS_PAGO, TARJETAS } from '../../domain/catalogos.js';
import type { DatosSocio } from '../../domain/index.js';

/** A calendar day (AAAA-MM-DD: a birth date, a "Vigencia hasta") as DD/MM/AAAA. */
export const fechaCalendario = (iso: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
};

const rotuloDe = (opciones: readonly { value: string; label: string }[], valor: unknown) =>
  opciones.find((o) => o.value === valor)?.label ?? String(valor);

/** A DatosSocio value as the form shows it ('' for an empty optional field). */
export function valorDelSocio(campo: keyof DatosSocio, d: DatosSocio): string {
  const valor: unknown = d[campo];
  if (valor === null || valor === undefined) return '';
  switch (campo) {
    case 'fechanac':
      return fechaCalendario(String(valor));
    case 'localidad':
      return d.localidad?.nombreLocalidad ?? '';
    case 'calle':
      return d.calle?.nombreCalle ?? '';
    case 'condicionIVA':
      return d.condicionIVA?.nombreCondicionIVA ?? '';
    case 'formaPago':
      return rotuloDe(FORMAS_PAGO, valor);
    case 'cobranzaHonorarios':
      return rotuloDe(COBRANZAS_HONORARIOS, valor);
    case 'tipoTarjetaCredito':
      return TARJETAS.find((t) => t.value === valor)?.displayName ?? String(valor);
    default:
      return typeof valor === 'object' ? JSON.stringify(valor) : String(valor as string | number);
  }
}
