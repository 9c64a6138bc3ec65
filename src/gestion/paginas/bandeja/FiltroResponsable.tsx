// The inbox filter "Responsable" (producto §15): everyone's, "Mías", "Sin asignar", or one active
// account's, by name. The choice is the address's `responsable` (src/gestion/filtro.ts).
import { useQuery } from '@tanstack/react-query';
import { RESPONSABLE_MIAS, RESPONSABLE_NINGUNO, TEXTOS_RESPONSABLE } from '../../../../domain/responsable.js';
import { obtenerResponsables } from '../../api.js';
import { SelectDeFiltro } from './SelectDeFiltro.js';

export function FiltroResponsable({ valor, onCambio }: { valor: string; onCambio: (valor: string) => void }) {
  const cuentas = useQuery({
    queryKey: ['responsables'],
    queryFn: ({ signal }) => obtenerResponsables(signal),
  });
  const conocida = valor === '' || valor === RESPONSABLE_MIAS || valor === RESPONSABLE_NINGUNO;
  return (
    <SelectDeFiltro
      id="bandeja-responsable"
      etiqueta={TEXTOS_RESPONSABLE.filtro}
      valor={valor}
      onCambio={onCambio}
    >
      <option value="">{TEXTOS_RESPONSABLE.todos}</option>
      <option value={RESPONSABLE_MIAS}>{TEXTOS_RESPONSABLE.mias}</option>
      <option value={RESPONSABLE_NINGUNO}>{TEXTOS_RESPONSABLE.ninguno}</option>
      {/* An address naming an account that the list does not (yet) hold still shows it. */}
      {!conocida && !cuentas.data?.some((c) => c.usuario === valor) ? (
        <option value={valor}>{valor}</option>
      ) : null}
      {(cuentas.data ?? []).map((c) => (
        <option key={c.usuario} value={c.usuario}>
          {c.nombre}
        </option>
      ))}
    </SelectDeFiltro>
  );
}
