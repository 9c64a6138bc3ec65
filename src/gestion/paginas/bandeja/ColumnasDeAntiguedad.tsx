// The inbox's columns of how long each application has waited (producto §15, "Ageing and order"):
// "Último cambio" and "En este estado" in working days as the server counted them ("Hoy",
// "1 día hábil", "12 días hábiles"), the instant itself in the <time> element and its title, and
// "Demorada" beside the days of one waiting on staff past PLAZO_REVISION_DIAS.
import { createColumnHelper } from '@tanstack/react-table';
import type { FilaBandeja } from '../../../../domain/gestion.js';
import { TEXTOS_ANTIGUEDAD, diasHabilesEnTexto } from '../../../../domain/orden-bandeja.js';
import type { funcionesDeTabla } from '../../componentes/Tabla.js';
import { fechaYHora } from '../../formato.js';
import { encabezado } from './EncabezadoOrdenable.js';
import { ConMarca } from './SelectDeFiltro.js';

function Dias({ instante, dias }: { instante: string; dias: number }) {
  return (
    <time dateTime={instante} title={fechaYHora(instante)}>
      {diasHabilesEnTexto(dias)}
    </time>
  );
}

const columna = createColumnHelper<typeof funcionesDeTabla, FilaBandeja>();

export const COLUMNAS_DE_ANTIGUEDAD = [
  columna.accessor('ultimoCambioEn', {
    header: encabezado('ultimo_cambio'),
    cell: (c) => <Dias instante={c.getValue()} dias={c.row.original.diasUltimoCambio} />,
  }),
  columna.accessor('estadoDesde', {
    header: encabezado('en_estado'),
    cell: (c) => (
      <ConMarca
        texto={<Dias instante={c.getValue()} dias={c.row.original.diasEnEstado} />}
        marca={c.row.original.demorada ? TEXTOS_ANTIGUEDAD.demorada : null}
        color="purple"
      />
    ),
  }),
] as const;
