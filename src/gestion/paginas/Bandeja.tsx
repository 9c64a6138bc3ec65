// /gestion — the inbox (producto §9): "Buscar", "Estado", "Vence en 30 días" (producto §11), the
// table of applications (newest first, paged on the server; an observed one whose correction
// deadline passed is marked "Plazo vencido") and, for who may export, "Exportar CSV" of the
// current filter. The view is the address (?q=&estado=&vence=&pagina=): typing updates it after a
// pause and goes back to page 1.
import { Box, Button, Flex, Input, Link as ChakraLink, chakra } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  createColumnHelper,
  functionalUpdate,
  useTable,
  type PaginationState,
  type Updater,
} from '@tanstack/react-table';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { CAMPOS } from '../../../domain/campos.js';
import { CLAVES_ESTADO, ESTADOS, type Estado } from '../../../domain/estados.js';
import {
  FILAS_POR_PAGINA,
  LARGO_MAXIMO_BUSQUEDA,
  TEXTOS_DNI_REPETIDO,
  VENCE_PRONTO,
  type FilaBandeja,
  type FiltroBandeja,
} from '../../../domain/gestion.js';
import { tienePermiso } from '../../../domain/personal.js';
import { TEXTOS_SEGUIMIENTO } from '../../../domain/seguimiento.js';
import { obtenerBandeja, urlExportacion } from '../api.js';
import { AvisoError, Cargando, ErrorDeCarga } from '../componentes/Avisos.js';
import { EnlaceInterno } from '../componentes/EnlaceInterno.js';
import { Paginador } from '../componentes/Paginador.js';
import { Tabla, funcionesDeTabla } from '../componentes/Tabla.js';
import { Titulo } from '../componentes/Titulo.js';
import { estadoHttp, mensajeDeError } from '../consultas.js';
import { filtroDe, rutaDe } from '../filtro.js';
import { fechaYHora } from '../formato.js';
import { useCuenta } from '../sesion.js';
import { FiltroResponsable } from './bandeja/FiltroResponsable.js';
import { ConMarca, SelectDeFiltro } from './bandeja/SelectDeFiltro.js';
import { TEXTOS_RESPONSABLE } from '../../../domain/responsable.js';

/** How long typing pauses before the search runs. */
const PAUSA_BUSQUEDA_MS = 300;

const columna = createColumnHelper<typeof funcionesDeTabla, FilaBandeja>();
const COLUMNAS = columna.columns([
  columna.accessor('numero', {
    header: CAMPOS.numero.etiqueta,
    cell: (c) => (
      <EnlaceInterno href={`/solicitudes/${encodeURIComponent(c.getValue())}`}>{c.getValue()}</EnlaceInterno>
    ),
  }),
  columna.accessor('creadaEn', { header: CAMPOS.creadaEn.etiqueta, cell: (c) => fechaYHora(c.getValue()) }),
  columna.accessor('apellidoynombre', { header: CAMPOS.apellidoynombre.etiqueta }),
  columna.accessor('dni', {
    header: CAMPOS.dni.etiqueta,
    cell: (c) => (
      <ConMarca
        texto={c.getValue()}
        marca={c.row.original.dniRepetido ? TEXTOS_DNI_REPETIDO.marca : null}
        color="orange"
      />
    ),
  }),
  columna.accessor('matricula', { header: CAMPOS.matricula.etiqueta }),
  columna.accessor('estado', {
    header: CAMPOS.estado.etiqueta,
    cell: (c) => (
      <ConMarca
        texto={ESTADOS[c.getValue()]}
        marca={c.row.original.plazoVencido ? TEXTOS_SEGUIMIENTO.plazoVencido : null}
        color="red"
      />
    ),
  }),
  columna.accessor('responsable', {
    header: TEXTOS_RESPONSABLE.columna,
    cell: (c) => c.getValue()?.nombre ?? TEXTOS_RESPONSABLE.sinAsignar,
  }),
]);
const SIN_FILAS: FilaBandeja[] = [];

export function Bandeja() {
  const cuenta = useCuenta();
  const [, navegar] = useLocation();
  // useSearch subscribes to the address; the raw query string is read as the browser has it.
  useSearch();
  const busqueda = window.location.search;
  const filtro = filtroDe(busqueda);
  const ir = (nuevo: FiltroBandeja) => navegar(rutaDe(nuevo));

  const [texto, setTexto] = useState(filtro.q);
  const [qMostrada, setQMostrada] = useState(filtro.q);
  // The address changed under the field (back, forward, a link): the field follows it.
  if (filtro.q !== qMostrada) {
    setQMostrada(filtro.q);
    if (texto.trim() !== filtro.q) setTexto(filtro.q);
  }
  const { q: qActual, estado: estadoActual, vence: venceActual, responsable: responsableActual } = filtro;
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
            ...(venceActual ? { vence: venceActual } : {}),
            ...(responsableActual ? { responsable: responsableActual } : {}),
          }),
        ),
      PAUSA_BUSQUEDA_MS,
    );
    return () => clearTimeout(espera);
  }, [texto, qActual, estadoActual, venceActual, responsableActual, navegar]);

  const consulta = useQuery({
    queryKey: [
      'bandeja',
      filtro.q,
      filtro.estado,
      filtro.vence ?? '',
      filtro.responsable ?? '',
      filtro.pagina,
    ],
    queryFn: ({ signal }) => obtenerBandeja(filtro, signal),
    placeholderData: keepPreviousData,
  });
  const pagina = consulta.data;

  const paginacion: PaginationState = { pageIndex: filtro.pagina - 1, pageSize: FILAS_POR_PAGINA };
  const tabla = useTable({
    features: funcionesDeTabla,
    columns: COLUMNAS,
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
          <Box pb="6" flex={{ base: '1 1 100%', sm: '0 0 auto' }}>
            <chakra.label display="flex" alignItems="center" gap="2" minH="10" cursor="pointer">
              <chakra.input
                type="checkbox"
                id="bandeja-vence"
                width="5"
                height="5"
                accentColor="blue.700"
                aria-describedby="bandeja-vence-ayuda"
                checked={filtro.vence === VENCE_PRONTO}
                onChange={(e: ChangeEvent<HTMLInputElement>) => {
                  const { vence: _, ...resto } = filtro;
                  ir(
                    e.target.checked ? { ...resto, vence: VENCE_PRONTO, pagina: 1 } : { ...resto, pagina: 1 },
                  );
                }}
              />
              <chakra.span fontSize="sm" fontWeight="medium">
                {TEXTOS_SEGUIMIENTO.venceEn30Dias}
              </chakra.span>
            </chakra.label>
            <chakra.span id="bandeja-vence-ayuda" srOnly>
              Solicitudes con un documento cuya vigencia termina entre hoy y dentro de 30 días.
            </chakra.span>
          </Box>
          {tienePermiso(cuenta.rol, 'exportar') ? (
            <Box pb="6">
              <Button asChild variant="outline" colorPalette="blue">
                <ChakraLink href={urlExportacion(filtro)} download>
                  Exportar CSV
                </ChakraLink>
              </Button>
            </Box>
          ) : null}
        </Flex>
      </chakra.form>

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
          <Tabla
            tabla={tabla}
            leyenda="Solicitudes, de la más reciente a la más antigua"
            ocupada={consulta.isPlaceholderData}
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
