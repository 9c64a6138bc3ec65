// The Tablero's open applications per Responsable (producto §15): a row per active account — and
// per disabled one still holding some — then "Sin asignar"; a column per open status and the
// total. Each name opens the inbox's Responsable filter; each count, that filter with the status,
// so the inbox shows exactly what was counted.
import { ESTADOS } from '../../../../domain/estados.js';
import { TEXTOS_TABLERO, type Tablero } from '../../../../domain/para-hoy.js';
import { RESPONSABLE_NINGUNO, TEXTOS_RESPONSABLE } from '../../../../domain/responsable.js';
import { EnlaceInterno } from '../../componentes/EnlaceInterno.js';
import { rutaDe } from '../../filtro.js';
import { Conteo, Cuadro, Seccion } from './Cuadro.js';

export function PorResponsable({ tablero }: { tablero: Tablero }) {
  const abiertos = tablero.estadosAbiertos;
  return (
    <Seccion id="tablero-por-responsable" titulo={TEXTOS_TABLERO.porResponsable}>
      <Cuadro
        leyenda={TEXTOS_TABLERO.leyendaResponsable}
        columnas={[
          TEXTOS_RESPONSABLE.columna,
          ...abiertos.map((e) => ESTADOS[e]),
          TEXTOS_TABLERO.totalAbiertas,
        ]}
        filas={tablero.porResponsable.map((fila) => {
          const responsable = fila.cuenta?.usuario ?? RESPONSABLE_NINGUNO;
          const nombre = fila.cuenta?.nombre ?? TEXTOS_RESPONSABLE.sinAsignar;
          return {
            clave: responsable,
            encabezado: (
              <EnlaceInterno href={rutaDe({ q: '', estado: '', pagina: 1, responsable })}>
                {nombre}
              </EnlaceInterno>
            ),
            celdas: [
              ...abiertos.map((estado) => {
                const n = fila.porEstado[estado] ?? 0;
                return (
                  <Conteo
                    n={n}
                    href={n > 0 ? rutaDe({ q: '', estado, pagina: 1, responsable }) : null}
                    que={TEXTOS_TABLERO.deResponsable(fila.cuenta?.nombre ?? null, ESTADOS[estado])}
                  />
                );
              }),
              <Conteo
                n={fila.total}
                href={null}
                que={TEXTOS_TABLERO.abiertasDe(fila.cuenta?.nombre ?? null)}
              />,
            ],
          };
        })}
      />
    </Seccion>
  );
}
