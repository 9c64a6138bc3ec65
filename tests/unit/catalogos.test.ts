// producto §3 "the two lists" (decided): keys travel, labels are shown.
import { describe, expect, it } from 'vitest';
import { COBRANZAS_HONORARIOS, FORMAS_PAGO, TARJETAS, valoresDe } from '../../domain/index.js';

describe('catalogues', () => {
  it('Forma de pago', () => {
    expect(FORMAS_PAGO.map((o) => [o.value, o.label])).toEqual([
      ['CTMPROF', 'Débito de mis honorarios profesionales'],
      ['CTMFORZADO', 'Débito de honorarios de un centro médico'],
      ['CAJAAHORRO', 'Débito de caja de ahorro de la Mutual'],
      ['OFICINASERVICIOSSOCIALES', 'Pago personal en la oficina de Servicios Sociales'],
      ['TARJETACREDITO', 'Tarjeta de crédito'],
    ]);
  });
  it('Cobranza de honorarios', () => {
    expect(COBRANZAS_HONORARIOS.map((o) => [o.value, o.label])).toEqual([
      ['CAJAMUTUAL', 'Caja Mutual'],
      ['CHEQUE', 'Cheque o efectivo a retirar en la Asociación Médica'],
      ['TRANSFERENCIA', 'Transferencia bancaria'],
    ]);
  });
  it('Tarjeta', () => {
    expect(TARJETAS.map((t) => [t.value, t.displayName])).toEqual([
      ['VISA', 'Visa'],
      ['MASTERCARD', 'Mastercard'],
      ['MUTUAL', 'Tarjeta Mutual'],
    ]);
    expect(valoresDe(TARJETAS)).toEqual(['VISA', 'MASTERCARD', 'MUTUAL']);
  });
});
