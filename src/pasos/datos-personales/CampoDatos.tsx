// A text field of step 1: the shared text field bound to one of the chart's values.
import { memo } from 'react';
import { CampoTexto, type CampoTextoProps } from '../../ui/campo/index.js';
import { useCampo, type CampoDeTexto } from './campo.js';

interface Props extends Omit<CampoTextoProps, 'id' | 'valor' | 'error' | 'aviso' | 'onCambio' | 'onSalir' | 'name'> {
  nombre: CampoDeTexto;
  /** A message from outside the field's rules (the padrón), shown when the rule has none. */
  errorExtra?: string | null;
  /** A neutral status from outside the field (the padrón check under way). */
  aviso?: string | null;
  /** Also called when the field is left (the padrón check). */
  alSalir?: () => void;
}

export const CampoDatos = memo(function CampoDatos({ nombre, errorExtra, aviso, alSalir, ...resto }: Props) {
  const { id, valor, error, cambiar, salir } = useCampo(nombre);
  return (
    <CampoTexto
      {...resto}
      id={id}
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
