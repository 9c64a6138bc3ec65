// The inbox's bar of the selection (producto §15, "Selection and bulk"), above the table: how many
// are selected (announced as it changes), "Seleccionar las N de esta búsqueda" once the whole page
// is and the search has more, "Quitar la selección", "Asignar a…" — for an account the lifecycle
// chart lets assign, enabled when the chart allows it for every selected application — and
// "Exportar CSV" (producto §9: who may export): of the selected numbers, or of the whole search
// when nothing or the whole search is selected.
import { Box, Button, Flex, Link as ChakraLink, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CuentaPersonal, FiltroBandeja, PaginaBandeja } from '../../../../domain/gestion.js';
import { tienePermiso } from '../../../../domain/personal.js';
import { TEXTOS_SELECCION, filtroDeSeleccion } from '../../../../domain/seleccion.js';
import { seleccionarBusqueda, urlExportacion, urlExportacionDeSeleccion } from '../../api.js';
import { AvisoError, AvisoExito } from '../../componentes/Avisos.js';
import { mensajeDeError } from '../../consultas.js';
import { AsignarSeleccion, type SeleccionPedida } from './AsignarSeleccion.js';
import { asignaAOtros, asignablePorLaCuenta, type Seleccion } from './seleccion.js';

const cifra = (n: number) => n.toLocaleString('es-AR');
const totalDe = (total: number, exacto: boolean) => (exacto ? cifra(total) : `más de ${cifra(total)}`);

/** Whether the bar shows for this account: it has an action for a selection. */
export const tieneAccionesDeSeleccion = (cuenta: CuentaPersonal) =>
  tienePermiso(cuenta.rol, 'exportar') || asignaAOtros(cuenta);

export function BarraDeSeleccion({
  seleccion,
  filtro,
  pagina,
  cuenta,
}: {
  seleccion: Seleccion;
  filtro: FiltroBandeja;
  pagina: PaginaBandeja | undefined;
  cuenta: CuentaPersonal;
}) {
  const clienteConsultas = useQueryClient();
  const [asignando, setAsignando] = useState(false);
  const [aviso, setAviso] = useState<{ tipo: 'exito' | 'error'; texto: string } | null>(null);
  const delFiltro = filtroDeSeleccion(filtro);

  const fijar = useMutation({
    mutationFn: () => seleccionarBusqueda(delFiltro),
    onSuccess: (b) => {
      setAviso(null);
      seleccion.fijarBusqueda(b);
    },
    onError: (error) => setAviso({ tipo: 'error', texto: mensajeDeError(error) }),
  });

  const { busqueda: fijada, filas, cantidad } = seleccion;
  const hay = cantidad > 0;
  const masQueLaPagina = pagina !== undefined && (!pagina.totalExacto || pagina.total > pagina.filas.length);
  const ofrecerBusqueda = !fijada && seleccion.todaLaPagina && masQueLaPagina;
  const asigna = asignaAOtros(cuenta);
  // Why "Asignar a…" is off for this selection, as the chart (or the server's count) says.
  const impedimento = !hay
    ? null
    : fijada
      ? fijada.huella === null
        ? TEXTOS_SELECCION.demasiadas
        : fijada.noAsignables
          ? TEXTOS_SELECCION.noAsignables
          : null
      : filas.some((f) => !asignablePorLaCuenta(f, cuenta))
        ? TEXTOS_SELECCION.noAsignables
        : null;
  const pedida: SeleccionPedida | null = !hay
    ? null
    : fijada
      ? { busqueda: { filtro: delFiltro, huella: fijada.huella ?? '' } }
      : { numeros: filas.map((f) => ({ numero: f.numero, visto: f.responsable?.usuario ?? null })) };
  const csv =
    hay && !fijada ? urlExportacionDeSeleccion(filas.map((f) => f.numero)) : urlExportacion(delFiltro);

  const texto = !hay
    ? TEXTOS_SELECCION.ninguna
    : fijada
      ? TEXTOS_SELECCION.todaLaBusqueda(totalDe(fijada.total, fijada.totalExacto))
      : TEXTOS_SELECCION.seleccionadas(cantidad);

  return (
    <Box
      role="group"
      aria-labelledby="seleccion-titulo"
      mt="4"
      px="3"
      py="2"
      borderWidth="1px"
      borderColor="gray.300"
      rounded="md"
      bg="gray.50"
    >
      <Text id="seleccion-titulo" srOnly>
        {TEXTOS_SELECCION.acciones}
      </Text>
      <Flex gap="3" wrap="wrap" align="center">
        <Text id="seleccion-estado" role="status" fontSize="sm" flex="1 1 14rem">
          {texto}
        </Text>
        {ofrecerBusqueda ? (
          <Button
            size="sm"
            variant="outline"
            colorPalette="blue"
            loading={fijar.isPending}
            onClick={() => fijar.mutate()}
          >
            {TEXTOS_SELECCION.seleccionarBusqueda(totalDe(pagina!.total, pagina!.totalExacto))}
          </Button>
        ) : null}
        {hay ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              seleccion.vaciar();
              setAsignando(false);
            }}
          >
            {TEXTOS_SELECCION.quitarSeleccion}
          </Button>
        ) : null}
        {asigna ? (
          <Button
            size="sm"
            variant="outline"
            colorPalette="blue"
            disabled={!hay || impedimento !== null}
            aria-expanded={asignando}
            aria-describedby={impedimento ? 'seleccion-impedimento' : undefined}
            onClick={() => {
              setAviso(null);
              setAsignando(true);
            }}
          >
            Asignar a…
          </Button>
        ) : null}
        {tienePermiso(cuenta.rol, 'exportar') ? (
          <Button asChild size="sm" variant="outline" colorPalette="blue">
            <ChakraLink href={csv} download aria-describedby="seleccion-estado">
              Exportar CSV
            </ChakraLink>
          </Button>
        ) : null}
      </Flex>
      {impedimento ? (
        <Text id="seleccion-impedimento" fontSize="sm" color="gray.700" mt="1">
          {impedimento}
        </Text>
      ) : null}
      {asignando && pedida && impedimento === null ? (
        <AsignarSeleccion
          seleccion={pedida}
          onCancelar={() => setAsignando(false)}
          onHecho={(r, nombre) => {
            setAsignando(false);
            seleccion.vaciar();
            setAviso({ tipo: 'exito', texto: TEXTOS_SELECCION.asignadas(r.asignadas, nombre, r.yaLaTenian) });
            void clienteConsultas.invalidateQueries({ queryKey: ['bandeja'] });
          }}
          onError={(error) => {
            setAsignando(false);
            // A fixed search is selected again after a refusal: what it was is no longer true.
            if (fijada) seleccion.vaciar();
            setAviso({ tipo: 'error', texto: mensajeDeError(error) });
            void clienteConsultas.invalidateQueries({ queryKey: ['bandeja'] });
          }}
        />
      ) : null}
      {aviso?.tipo === 'error' ? <AvisoError>{aviso.texto}</AvisoError> : null}
      {aviso?.tipo === 'exito' ? <AvisoExito>{aviso.texto}</AvisoExito> : null}
    </Box>
  );
}
