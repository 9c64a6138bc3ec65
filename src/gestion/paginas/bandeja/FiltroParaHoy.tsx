// The inbox filter "Para hoy" (producto §15): what needs the back-office today, the same options
// as the Tablero's counts (domain/para-hoy.ts). The choice is the address's `hoy`
// (src/gestion/filtro.ts); "Vence en 30 días" is one of them.
import { OPCIONES_PARA_HOY, PARA_HOY, TEXTOS_PARA_HOY, type ParaHoy } from '../../../../domain/para-hoy.js';
import { SelectDeFiltro } from './SelectDeFiltro.js';

export function FiltroParaHoy({
  valor,
  onCambio,
}: {
  valor: ParaHoy | '';
  onCambio: (valor: ParaHoy | '') => void;
}) {
  return (
    <SelectDeFiltro
      id="bandeja-hoy"
      etiqueta={TEXTOS_PARA_HOY.filtro}
      valor={valor}
      onCambio={(v) => onCambio(v as ParaHoy | '')}
    >
      <option value="">{TEXTOS_PARA_HOY.todas}</option>
      {OPCIONES_PARA_HOY.map((opcion) => (
        <option key={opcion} value={opcion}>
          {PARA_HOY[opcion].etiqueta}
        </option>
      ))}
    </SelectDeFiltro>
  );
}
