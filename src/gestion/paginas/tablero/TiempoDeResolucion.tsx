// The Tablero's "Tiempo de resolución" (producto §15): for each of the last 12 months, the median
// and the 90th percentile of the working days from sending to Aprobada or Rechazada (Observada not
// counted), as a bar chart and as a table. The chart is one image whose name says that the table
// holds its values: the table is the accessible alternative, read cell by cell. The two bars of a
// month differ by their fill — solid, hatched — not by colour alone (WCAG 1.4.1), both dark
// enough against white (1.4.11).
import { Box, Flex, chakra } from '@chakra-ui/react';
import { TEXTOS_TABLERO, type MesDeResolucion, type Tablero } from '../../../../domain/para-hoy.js';
import { entero } from '../../formato.js';
import { Cuadro, Seccion } from './Cuadro.js';

const AZUL = '#0b4f8a';
const TEXTO = '#1a202c';
const dias = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });
const mesLargo = new Intl.DateTimeFormat('es-AR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const mesCorto = new Intl.DateTimeFormat('es-AR', { month: 'short', timeZone: 'UTC' });

const fechaDelMes = (mes: string) => new Date(`${mes}-01T00:00:00Z`);
/** "noviembre de 2026". */
const nombreDelMes = (mes: string) => mesLargo.format(fechaDelMes(mes));

function Dias({ valor }: { valor: number | null }) {
  if (valor === null)
    return (
      <>
        <span aria-hidden="true">{TEXTOS_TABLERO.sinDatos}</span>
        <chakra.span srOnly>{TEXTOS_TABLERO.sinResoluciones}</chakra.span>
      </>
    );
  return <>{dias.format(valor)}</>;
}

// The chart's drawing, in its own units (the image scales to its box).
const ANCHO = 640;
const ALTO = 250;
const MARGEN = { izquierda: 44, derecha: 8, arriba: 12, abajo: 44 };
const BARRA = 15;

/** A round top for the axis: 4 steps of a whole number of days, at least 4. */
const topeDelEje = (meses: readonly MesDeResolucion[]) =>
  Math.max(4, Math.ceil(Math.max(0, ...meses.map((m) => m.p90 ?? 0)) / 4) * 4);

function Grafico({ meses }: { meses: readonly MesDeResolucion[] }) {
  const tope = topeDelEje(meses);
  const alto = ALTO - MARGEN.arriba - MARGEN.abajo;
  const ancho = ANCHO - MARGEN.izquierda - MARGEN.derecha;
  const porMes = ancho / meses.length;
  const y = (v: number) => MARGEN.arriba + alto - (v / tope) * alto;
  const marcas = [0, 1, 2, 3, 4].map((k) => (tope * k) / 4);
  return (
    <svg
      role="img"
      aria-labelledby="tablero-grafico-resolucion"
      viewBox={`0 0 ${ANCHO} ${ALTO}`}
      width="100%"
      // Legible on a phone (its box scrolls) and not oversized on a wide screen.
      style={{ minWidth: '32rem', maxWidth: '48rem', display: 'block' }}
    >
      <title id="tablero-grafico-resolucion">{TEXTOS_TABLERO.graficoResolucion(meses.length)}</title>
      <defs>
        <pattern
          id="tablero-rayado"
          width="6"
          height="6"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="6" height="6" fill="white" />
          <line x1="0" y1="0" x2="0" y2="6" stroke={AZUL} strokeWidth="3" />
        </pattern>
      </defs>
      {marcas.map((m) => (
        <g key={m}>
          <line
            x1={MARGEN.izquierda}
            x2={ANCHO - MARGEN.derecha}
            y1={y(m)}
            y2={y(m)}
            stroke="#a0aec0"
            strokeWidth="1"
          />
          <text x={MARGEN.izquierda - 6} y={y(m) + 4} textAnchor="end" fontSize="12" fill={TEXTO}>
            {dias.format(m)}
          </text>
        </g>
      ))}
      {meses.map((m, i) => {
        const centro = MARGEN.izquierda + porMes * i + porMes / 2;
        const fecha = fechaDelMes(m.mes);
        return (
          <g key={m.mes}>
            {m.mediana !== null ? (
              <rect
                x={centro - BARRA - 1}
                y={y(m.mediana)}
                width={BARRA}
                height={y(0) - y(m.mediana)}
                fill={AZUL}
              />
            ) : null}
            {m.p90 !== null ? (
              <rect
                x={centro + 1}
                y={y(m.p90)}
                width={BARRA}
                height={y(0) - y(m.p90)}
                fill="url(#tablero-rayado)"
                stroke={AZUL}
                strokeWidth="1.5"
              />
            ) : null}
            <text x={centro} y={ALTO - MARGEN.abajo + 16} textAnchor="middle" fontSize="12" fill={TEXTO}>
              {mesCorto.format(fecha).replace('.', '')}
            </text>
            {i === 0 || fecha.getUTCMonth() === 0 ? (
              <text x={centro} y={ALTO - MARGEN.abajo + 32} textAnchor="middle" fontSize="12" fill={TEXTO}>
                {fecha.getUTCFullYear()}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/** The legend, beside the chart: the same fills. */
function Muestra({ rayada, texto }: { rayada: boolean; texto: string }) {
  return (
    <Flex as="li" align="center" gap="2">
      <Box
        aria-hidden="true"
        w="4"
        h="4"
        borderWidth="1.5px"
        borderColor={AZUL}
        bg={rayada ? undefined : AZUL}
        backgroundImage={
          rayada ? `repeating-linear-gradient(45deg, ${AZUL} 0 2px, white 2px 4px)` : undefined
        }
      />
      {texto}
    </Flex>
  );
}

export function TiempoDeResolucion({ tablero }: { tablero: Tablero }) {
  const meses = tablero.resolucion;
  return (
    <Seccion id="tablero-resolucion" titulo={TEXTOS_TABLERO.resolucion}>
      <chakra.p fontSize="sm" color="gray.700" mb="3">
        {TEXTOS_TABLERO.resolucionAyuda}
      </chakra.p>
      <Box
        role="region"
        aria-label={TEXTOS_TABLERO.regionGrafico}
        tabIndex={0}
        overflowX="auto"
        maxW="full"
        _focusVisible={{ outline: `3px solid ${AZUL}` }}
      >
        <Grafico meses={meses} />
      </Box>
      <Flex as="ul" listStyleType="none" gap="6" fontSize="sm" my="3" aria-label={TEXTOS_TABLERO.referencias}>
        <Muestra rayada={false} texto={TEXTOS_TABLERO.enDiasHabiles(TEXTOS_TABLERO.mediana)} />
        <Muestra rayada texto={TEXTOS_TABLERO.enDiasHabiles(TEXTOS_TABLERO.p90)} />
      </Flex>
      <Cuadro
        leyenda={TEXTOS_TABLERO.leyendaResolucion}
        columnas={[TEXTOS_TABLERO.mes, TEXTOS_TABLERO.resueltas, TEXTOS_TABLERO.mediana, TEXTOS_TABLERO.p90]}
        filas={meses.map((m) => ({
          clave: m.mes,
          encabezado: nombreDelMes(m.mes),
          celdas: [entero(m.resueltas), <Dias valor={m.mediana} />, <Dias valor={m.p90} />],
        }))}
      />
    </Seccion>
  );
}
