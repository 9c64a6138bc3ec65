// /gestion — the inbox (producto §9): "Buscar", "Estado", "Responsable", "Para hoy" (producto §15,
// bandeja/FiltroParaHoy.tsx; "Vence en 30 días" of producto §11 is one of its options), the
// table of applications (paged on the server; an observed one whose correction deadline passed is
// marked "Plazo vencido", one sent through a re-credentialing link "Recredencialización" and an
// approved one whose link went unanswered "Recredencialización vencida", and one whose yearly
// re-attestation went unanswered "Sin confirmar" — producto §17; every
// column header sorts, "Último cambio" and "En este estado" in working
// days, "Demorada" — producto §15: bandeja/EncabezadoOrdenable.tsx, bandeja/ColumnasDeAntiguedad.tsx)
// and, for who has an action for them, a checkbox per row and the bar of the selection
// (producto §15: bandeja/BarraDeSeleccion.tsx — "Asignar a…", "Exportar CSV" of the selection or of
// the current filter). The view is the address (?q=&estado=&hoy=&pagina=): typing updates it after
// a pause and goes back to page 1.
import { Box, Flex, Input, chakra } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  createColumnHelper,
  functionalUpdate,
  useTable,
  type PaginationState,
  type Updater,
} from '@tanstack/react-table';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { CAMPOS } from '../../../domain/campos.js';
import { CLAVES_ESTADO, ESTADOS, type Estado } from '../../../domain/estados.js';
import {
  FILAS_POR_PAGINA,
  LARGO_MAXIMO_BUSQUEDA,
  TEXTOS_DNI_REPETIDO,
  type FilaBandeja,
  type FiltroBandeja,
} from '../../../domain/gestion.js';
import { TEXTOS_SEGUIMIENTO } from '../../../domain/seguimiento.js';
import { TEXTOS_RECREDENCIALIZACION } from '../../../domain/recredencializacion.js';
import { TEXTOS_CONFIRMACION } from '../../../domain/confirmacion.js';
import { obtenerBandeja } from '../api.js';
import { AvisoError, Cargando, ErrorDeCarga } from '../componentes/Avisos.js';
import { EnlaceInterno } from '../componentes/EnlaceInterno.js';
import { useNovedadesVistas } from '../componentes/Novedades.js';
import { Paginador } from '../componentes/Paginador.js';
import { Tabla, funcionesDeTabla } from '../componentes/Tabla.js';
import { Titulo } from '../componentes/Titulo.js';
import { estadoHttp, mensajeDeError } from '../consultas.js';
import { filtroDe, rutaActualizada, rutaDe } from '../filtro.js';
import { fechaYHora } from '../formato.js';
import { useCuenta } from '../sesion.js';
import { FiltroResponsable } from './bandeja/FiltroResponsable.js';
import { FiltroPropuesta } from './bandeja/FiltroPropuesta.js';
import { FiltroParaHoy } from './bandeja/FiltroParaHoy.js';
import { ConMarca, SelectDeFiltro } from './bandeja/SelectDeFiltro.js';
import { TEXTOS_RESPONSABLE } from '../../../domain/responsable.js';
import { BarraDeSeleccion, tieneAccionesDeSeleccion } from './bandeja/BarraDeSeleccion.js';
import { columnaDeSeleccion, useSeleccion } from './bandeja/seleccion.js';
import {
  ariaSortDe,
  encabezado,
  leyendaDeLaBandeja,
  ordenDeLaDireccion,
} from './bandeja/EncabezadoOrdenable.js';
import { COLUMNAS_DE_ANTIGUEDAD } from './bandeja/ColumnasDeAntiguedad.js';

/** How long typing pauses before the search runs. */
const PAUSA_BUSQUEDA_MS = 300;

const columna = createColumnHelper<typeof funcionesDeTabla, FilaBandeja>();
const COLUMNAS = columna.columns([
  columna.accessor('numero', {
    header: encabezado('numero'),
    cell: (c) => (
      <ConMarca
        texto={
          <EnlaceInterno href={`/solicitudes/${encodeURIComponent(c.getValue())}`}>
            {c.getValue()}
          </EnlaceInterno>
        }
        // Sent through a re-credentialing link (producto §17).
        marca={c.row.original.recredencializacion ? TEXTOS_RECREDENCIALIZACION.marca : null}
        color="blue"
      />
    ),
  }),
  columna.accessor('creadaEn', { header: encabezado('fecha'), cell: (c) => fechaYHora(c.getValue()) }),
  columna.accessor('apellidoynombre', { header: encabezado('nombre') }),
  columna.accessor('dni', {
    header: encabezado('dni'),
    cell: (c) => (
      <ConMarca
        texto={c.getValue()}
        marca={c.row.original.dniRepetido ? TEXTOS_DNI_REPETIDO.marca : null}
        color="orange"
      />
    ),
  }),
  columna.accessor('matricula', { header: encabezado('matricula') }),
  columna.accessor('estado', {
    header: encabezado('estado'),
    cell: (c) => (
      <ConMarca
        texto={
          // The yearly re-attestation unanswered (producto §17): a mark of its own beside any other.
          <ConMarca
            texto={ESTADOS[c.getValue()]}
            marca={c.row.original.sinConfirmar ? TEXTOS_CONFIRMACION.sinConfirmar : null}
            color="orange"
          />
        }
        marca={
          c.row.original.plazoVencido
            ? TEXTOS_SEGUIMIENTO.plazoVencido
            : c.row.original.recredencializacionVencida
              ? TEXTOS_RECREDENCIALIZACION.vencida
              : null
        }
        color="red"
      />
    ),
  }),
  columna.accessor('responsable', {
    header: encabezado('responsable'),
    cell: (c) => c.getValue()?.nombre ?? TEXTOS_RESPONSABLE.sinAsignar,
  }),
  ...COLUMNAS_DE_ANTIGUEDAD,
]);
const SIN_FILAS: FilaBandeja[] = [];

export function Bandeja() {
  const cuenta = useCuenta();
  // Opening the inbox clears the menu's Novedades (producto §16).
  useNovedadesVistas();
  const [, navegar] = useLocation();
  // useSearch subscribes to the address; the raw query string is read as the browser has it.
  useSearch();
  const busqueda = window.location.search;
  const filtro = filtroDe(busqueda);
  const ir = (nuevo: FiltroBandeja) => navegar(rutaDe(nuevo));
  // An address saved before "Para hoy" (`vence=30`) becomes the one it stands for, in its place.
  const actualizada = rutaActualizada(busqueda);
  useEffect(() => {
    if (actualizada) navegar(actualizada, { replace: true });
  }, [actualizada, navegar]);

  const [texto, setTexto] = useState(filtro.q);
  const [qMostrada, setQMostrada] = useState(filtro.q);
  // The address changed under the field (back, forward, a link): the field follows it.
  if (filtro.q !== qMostrada) {
    setQMostrada(filtro.q);
    if (texto.trim() !== filtro.q) setTexto(filtro.q);
  }
  const { q: qActual, estado: estadoActual, hoy: hoyActual, responsable: responsableActual } = filtro;
  const { orden: ordenActual, dir: dirActual, propuesta: propuestaActual } = filtro;
  useEffect(() => {
    const q = texto.trim();
    if (q === qActual) return;
    const espera = setTimeout(
      () =>
        navegar(
          rutaDe({
            q,
            estado: estadoActual,
            pagina: 1,
            ...(hoyActual ? { hoy: hoyActual } : {}),
            ...(responsableActual ? { responsable: responsableActual } : {}),
            ...(ordenActual ? { orden: ordenActual, dir: dirActual ?? 'asc' } : {}),
            ...(propuestaActual ? { propuesta: propuestaActual } : {}),
          }),
        ),
      PAUSA_BUSQUEDA_MS,
    );
    return () => clearTimeout(espera);
  }, [
    texto,
    qActual,
    estadoActual,
    hoyActual,
    responsableActual,
    ordenActual,
    dirActual,
    propuestaActual,
    navegar,
  ]);

  const consulta = useQuery({
    queryKey: [
      'bandeja',
      filtro.q,
      filtro.estado,
      filtro.hoy ?? '',
      filtro.responsable ?? '',
      filtro.orden ?? '',
      filtro.dir ?? '',
      filtro.propuesta ?? '',
      filtro.pagina,
    ],
    queryFn: ({ signal }) => obtenerBandeja(filtro, signal),
    placeholderData: keepPreviousData,
  });
  const pagina = consulta.data;
  // The order the rows are in (producto §15): the headers' aria-sort and the caption say it.
  const orden = ordenDeLaDireccion(busqueda);
  const leyenda = leyendaDeLaBandeja(orden);
  // Selection and bulk (producto §15): for an account with an action for it.
  const seleccion = useSeleccion(busqueda, pagina?.filas ?? SIN_FILAS);
  const conSeleccion = tieneAccionesDeSeleccion(cuenta);

  const paginacion: PaginationState = { pageIndex: filtro.pagina - 1, pageSize: FILAS_POR_PAGINA };
  const tabla = useTable({
    features: funcionesDeTabla,
    columns: conSeleccion
      ? [columnaDeSeleccion(seleccion, consulta.isPlaceholderData), ...COLUMNAS]
      : COLUMNAS,
    data: pagina?.filas ?? SIN_FILAS,
    getRowId: (fila) => fila.numero,
    manualPagination: true,
    rowCount: pagina?.total ?? 0,
    state: { pagination: paginacion },
    onPaginationChange: (cambio: Updater<PaginationState>) =>
      ir({ ...filtro, pagina: functionalUpdate(cambio, paginacion).pageIndex + 1 }),
  });

  function buscarYa(e: FormEvent) {
    e.preventDefault();
    const q = texto.trim();
    if (q !== filtro.q) ir({ ...filtro, q, pagina: 1 });
  }

  return (
    <>
      <Titulo>Solicitudes</Titulo>
      <chakra.form role="search" aria-label="Filtrar solicitudes" onSubmit={buscarYa} noValidate>
        <Flex gap="4" wrap="wrap" align="flex-end">
          <Box flex="1 1 16rem" minW="0">
            <chakra.label htmlFor="bandeja-q" display="block" fontSize="sm" fontWeight="medium" mb="1">
              Buscar
            </chakra.label>
            <Input
              id="bandeja-q"
              type="search"
              value={texto}
              maxLength={LARGO_MAXIMO_BUSQUEDA}
              autoComplete="off"
              aria-describedby="bandeja-q-ayuda"
              onChange={(e) => setTexto(e.target.value)}
            />
            <chakra.p id="bandeja-q-ayuda" fontSize="xs" color="gray.600" mt="1">
              Número, DNI, matrícula o parte del nombre.
            </chakra.p>
          </Box>
          <SelectDeFiltro
            id="bandeja-estado"
            etiqueta={CAMPOS.estado.etiqueta}
            valor={filtro.estado}
            onCambio={(estado) => ir({ ...filtro, estado: estado as Estado | '', pagina: 1 })}
          >
            <option value="">Todos</option>
            {CLAVES_ESTADO.map((clave) => (
              <option key={clave} value={clave}>
                {ESTADOS[clave]}
              </option>
            ))}
          </SelectDeFiltro>
          <FiltroResponsable
            valor={filtro.responsable ?? ''}
            onCambio={(responsable) => {
              const { responsable: _, ...resto } = filtro;
              ir(responsable ? { ...resto, responsable, pagina: 1 } : { ...resto, pagina: 1 });
            }}
          />
          <FiltroParaHoy
            valor={filtro.hoy ?? ''}
            onCambio={(hoy) => {
              const { hoy: _, ...resto } = filtro;
              ir(hoy ? { ...resto, hoy, pagina: 1 } : { ...resto, pagina: 1 });
            }}
          />
          <FiltroPropuesta filtro={filtro} ir={ir} />
        </Flex>
      </chakra.form>
      {conSeleccion ? (
        <BarraDeSeleccion seleccion={seleccion} filtro={filtro} pagina={pagina} cuenta={cuenta} />
      ) : null}

      {consulta.isError && !pagina ? (
        <ErrorDeCarga
          mensaje={mensajeDeError(consulta.error, 'No se pudieron cargar las solicitudes.')}
          estado={estadoHttp(consulta.error)}
          onReintentar={() => void consulta.refetch()}
        />
      ) : !pagina ? (
        <Cargando texto="Cargando solicitudes…" />
      ) : (
        <Box mt="4">
          {consulta.isError ? (
            <AvisoError>
              {mensajeDeError(consulta.error, 'No se pudieron cargar las solicitudes.')}
            </AvisoError>
          ) : null}
          {/* A chosen order is announced as it is chosen (the focus stays on its header). */}
          <chakra.p srOnly role="status">
            {filtro.orden ? leyenda : ''}
          </chakra.p>
          <Tabla
            tabla={tabla}
            leyenda={leyenda}
            ordenDe={ariaSortDe(orden)}
            ocupada={consulta.isPlaceholderData}
            encabezadoDeFila="numero"
            vacia={<chakra.p role="status">No hay solicitudes que coincidan.</chakra.p>}
          />
          <Paginador
            tabla={tabla}
            pagina={pagina.pagina}
            total={pagina.total}
            totalExacto={pagina.totalExacto}
            etiqueta="Páginas de solicitudes"
          />
        </Box>
      )}
    </>
  );
}
