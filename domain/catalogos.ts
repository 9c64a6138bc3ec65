// Keys travel on the wire; labels are what the applicant reads (producto §3, "the two lists").

export interface Opcion<K extends string = string> {
  readonly value: K;
  readonly label: string;
}

export const FORMAS_PAGO = [
  { value: 'CTMPROF', label: 'Débito de mis honorarios profesionales' },
  { value: 'CTMFORZADO', label: 'Débito de honorarios de un centro médico' },
  { value: 'CAJAAHORRO', label: 'Débito de caja de ahorro de la Mutual' },
  { value: 'OFICINASERVICIOSSOCIALES', label: 'Pago personal en la oficina de Servicios Sociales' },
  { value: 'TARJETACREDITO', label: 'Tarjeta de crédito' },
] as const satisfies readonly Opcion[];

export const COBRANZAS_HONORARIOS = [
  { value: 'CAJAMUTUAL', label: 'Caja Mutual' },
  { value: 'CHEQUE', label: 'Cheque o efectivo a retirar en la Asociación Médica' },
  { value: 'TRANSFERENCIA', label: 'Transferencia bancaria' },
] as const satisfies readonly Opcion[];

export const TARJETAS = [
  { value: 'VISA', displayName: 'Visa', icon: 'visa' },
  { value: 'MASTERCARD', displayName: 'Mastercard', icon: 'mastercard' },
  { value: 'MUTUAL', displayName: 'Tarjeta Mutual', icon: 'mutual' },
] as const;

export const valoresDe = <K extends string>(opciones: readonly { value: K }[]): K[] =>
  opciones.map((o) => o.value);
