// A text field of step 1: the shared text field bound to one of the chart's values, with the
// field's label and input length from the registry (domain/campos.ts).
import { memo } from 'react';
import { CAMPOS_SOCIO, type DefinicionDeCampo } from '../../../domain/campos.js';
import { CampoTexto, type CampoTextoProps } from '../../ui/campo/index.js';
import { useCampo, type CampoDeTexto } from './campo.js';

interface Props
  extends Omit<CampoTextoProps, 'id' | 'etiqueta' | 'maxLength' | 'valor' | 'error' | 'aviso' | 'onCambio' | 'onSalir' | 'name'> {
  nombre: CampoDeTexto & keyof typeof CAMPOS_SOCIO;
  /**
   * No maxLength: the rule alone bounds it (Email: a paste too long reads "Ingresá un email
   * válido." rather than being cut).
   */
  libre?: boolean;
  /** A message from outside the field's rules (the padrón), shown when the rule has none. */
  errorExtra?: string | null;
  /** A neutral status from outside the field (the padrón check under way). */
  aviso?: string | null;
  /** Also called when the field is left (the padrón check). */
  alSalir?: () => void;
}

export const CampoDatos = memo(function CampoDatos({ nombre, libre, errorExtra, aviso, alSalir, ...resto }: Props) {
  const { id, valor, error, cambiar, salir } = useCampo(nombre);
  const campo: DefinicionDeCampo = CAMPOS_SOCIO[nombre];
  return (
    <CampoTexto
      {...resto}
      id={id}
      etiqueta={campo.etiqueta}
      maxLength={libre ? undefined : (campo.entrada ?? campo.largo)}
      name={nombre}
      valor={valor ?? ''}
      error={error ?? errorExtra ?? null}
      aviso={aviso ?? null}
      onCambio={cambiar}
      onSalir={() => {
        salir();
        alSalir?.();
      }}
    />
  );
});
