// "Valor nuevo" in "Rectificar un dato" (producto §13): the control for the chosen field — a list
// for the fields chosen from one (Tarjeta, Cobranza de honorarios), a line of text for the rest
// (numeric keyboard for numbers, DD/MM/AAAA as the date's help), and the several controls of
// Domicilio, Condición ante el IVA and Forma de pago in a group of their own (ValorCompuesto.tsx).
import { chakra } from '@chakra-ui/react';
import type { RefObject } from 'react';
import { COBRANZAS_HONORARIOS, TARJETAS } from '../../../../domain/catalogos.js';
import type { CampoRectificable } from '../../../../domain/datos-personales.js';
import { esCampoCompuesto } from '../../../../domain/rectificacion.js';
import { CampoEntrada } from '../../componentes/CampoEntrada.js';
import { SelectDeOpciones } from './SelectDeOpciones.js';
import { ValorCompuesto, type EstadoCompuesto } from './ValorCompuesto.js';

/** The fields chosen from a list: their options by the names the applicant saw. */
const OPCIONES: Partial<Record<CampoRectificable, readonly { value: string; label: string }[]>> = {
  tipoTarjetaCredito: TARJETAS.map((t) => ({ value: t.value, label: t.displayName })),
  cobranzaHonorarios: COBRANZAS_HONORARIOS,
};
const NUMERICOS = new Set<CampoRectificable>(['dni', 'altura', 'codArea', 'telefono', 'nroCajaAhorro']);

export interface PropsValorNuevo {
  /** The control's id; the base of a compound field's controls' ids (idControl). */
  id: string;
  campo: CampoRectificable;
  /** The new value of a field with one control. */
  valor: string;
  /** The controls of a compound field. */
  compuesto: EstadoCompuesto;
  error: string | undefined;
  /** The control of a field with one, where the focus goes to its message. */
  entrada: RefObject<(HTMLInputElement & HTMLSelectElement) | null>;
  alCambiar: (valor: string) => void;
  alCambiarCompuesto: (cambios: Partial<EstadoCompuesto>) => void;
}

export function RectificarValorNuevo({
  id,
  campo,
  valor,
  compuesto,
  error,
  entrada,
  alCambiar,
  alCambiarCompuesto,
}: PropsValorNuevo) {
  if (esCampoCompuesto(campo)) {
    return (
      <chakra.fieldset display="flex" flexDirection="column" gap="3">
        <chakra.legend fontSize="sm" fontWeight="medium" mb="1">
          Valor nuevo
        </chakra.legend>
        <ValorCompuesto
          id={id}
          campo={campo}
          estado={compuesto}
          error={error}
          onCambiar={alCambiarCompuesto}
        />
      </chakra.fieldset>
    );
  }
  const ayuda = campo === 'fechanac' ? 'DD/MM/AAAA' : undefined;
  const opciones = OPCIONES[campo];
  if (!opciones) {
    return (
      <CampoEntrada
        id={id}
        etiqueta="Valor nuevo"
        ayuda={ayuda}
        error={error}
        entrada={entrada}
        maxLength={300}
        inputMode={NUMERICOS.has(campo) ? 'numeric' : undefined}
        autoComplete="off"
        valor={valor}
        alCambiar={alCambiar}
      />
    );
  }
  return (
    <SelectDeOpciones
      id={id}
      etiqueta="Valor nuevo"
      requerido={false}
      ayuda={ayuda}
      error={error}
      entrada={entrada}
      valor={valor}
      opciones={opciones}
      onCambiar={alCambiar}
    />
  );
}
