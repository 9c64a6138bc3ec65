// The Tablero's applications per status (producto §15): each count a link to the inbox filtered
// by that status.
import { CAMPOS } from '../../../../domain/campos.js';
import { CLAVES_ESTADO, ESTADOS } from '../../../../domain/estados.js';
import { TEXTOS_TABLERO, type Tablero } from '../../../../domain/para-hoy.js';
import { rutaDe } from '../../filtro.js';
import { Conteo, Cuadro, Seccion } from './Cuadro.js';

export function PorEstado({ tablero }: { tablero: Tablero }) {
  return (
    <Seccion id="tablero-por-estado" titulo={TEXTOS_TABLERO.porEstado}>
      <Cuadro
        leyenda={TEXTOS_TABLERO.leyendaEstado}
        compacto
        columnas={[CAMPOS.estado.etiqueta, TEXTOS_TABLERO.solicitudes]}
        filas={CLAVES_ESTADO.map((estado) => ({
          clave: estado,
          encabezado: ESTADOS[estado],
          celdas: [
            <Conteo
              n={tablero.porEstado[estado]}
              href={tablero.porEstado[estado] > 0 ? rutaDe({ q: '', estado, pagina: 1 }) : null}
              que={TEXTOS_TABLERO.enEstado(ESTADOS[estado])}
            />,
          ],
        }))}
      />
    </Seccion>
  );
}
