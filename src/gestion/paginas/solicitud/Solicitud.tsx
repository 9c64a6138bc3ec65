// /gestion/solicitudes/<numero> — one application (producto §9): its status and the moves this
// account may make now — the buttons the lifecycle chart's `snapshot.can()` allows from the status
// shown (domain/ciclo-de-vida.ts, the chart the server decides with) — then the sections. A move
// says which status it starts from; if someone moved it first the server answers 409, its message
// is shown and the application is read again. Where four eyes apply (producto §15) an
// administrador's "Aprobar"/"Rechazar" records a proposal instead (./Propuesta.tsx shows it).
import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useParams } from 'wouter';
import { MOVIMIENTOS, ofrece, pideConfirmacion, type Movimiento } from '../../../../domain/ciclo-de-vida.js';
import { ESTADOS } from '../../../../domain/estados.js';
import type { DetalleSolicitud, PedidoMovimiento } from '../../../../domain/gestion.js';
import { tienePermiso } from '../../../../domain/personal.js';
import { esDecision, registraPropuesta, TEXTOS_PROPUESTA } from '../../../../domain/propuestas.js';
import { cambiarPropuesta, moverSolicitud, obtenerSolicitud } from '../../api.js';
import { AvisoError, AvisoExito, Cargando } from '../../componentes/Avisos.js';
import { EnlaceInterno } from '../../componentes/EnlaceInterno.js';
import { Titulo } from '../../componentes/Titulo.js';
import { camposConError, estadoHttp, mensajeDeError } from '../../consultas.js';
import { useCuenta } from '../../sesion.js';
import { DialogoMovimiento, type DatosMovimiento } from './DialogoMovimiento.js';
import { Notas } from './Notas.js';
import { Rectificar } from './Rectificar.js';
import { MismoDni } from './MismoDni.js';
import { Responsable } from './Responsable.js';
import { Propuesta, cicloDelDetalle } from './Propuesta.js';
import { AvisoSupresion, DatosPersonales, Documentos, Equipos, Historial } from './Secciones.js';
import { FaltaVerificar } from './FaltaVerificar.js';

const SIN_ERROR = { mensaje: null, campos: {} };

export function Solicitud() {
  const { numero = '' } = useParams<{ numero: string }>();
  const clienteConsultas = useQueryClient();
  const cuenta = useCuenta();
  const consulta = useQuery({
    queryKey: ['solicitud', numero],
    queryFn: ({ signal }) => obtenerSolicitud(numero, signal),
  });
  const refEstado = useRef<HTMLDivElement>(null);
  const [abierto, setAbierto] = useState<Movimiento | null>(null);
  const [errorDialogo, setErrorDialogo] = useState<{
    mensaje: string | null;
    campos: Record<string, string>;
  }>(SIN_ERROR);
  const [aviso, setAviso] = useState<{ tipo: 'exito' | 'error'; texto: string } | null>(null);
  // Each opening from a button is a fresh dialog; switching moves after a 409 keeps its text.
  const [apertura, setApertura] = useState(0);
  const [desactualizado, setDesactualizado] = useState(false);

  const enfocarEstado = () => requestAnimationFrame(() => refEstado.current?.focus());

  const mover = useMutation({
    // A decision under four eyes is proposed (producto §15): the status stays.
    mutationFn: ({ pedido, propuesta }: { pedido: PedidoMovimiento; propuesta: boolean }) => {
      const evento = MOVIMIENTOS.find((m) => m.hacia === pedido.hacia)?.evento ?? '';
      return propuesta && esDecision(evento)
        ? cambiarPropuesta(numero, {
            accion: 'PROPONER',
            desde: pedido.desde,
            propuesta: null,
            decision: evento,
            ...(pedido.motivo ? { motivo: pedido.motivo } : {}),
          })
        : moverSolicitud(numero, pedido);
    },
    onSuccess: (detalle, { propuesta }) => {
      clienteConsultas.setQueryData(['solicitud', numero], detalle);
      void clienteConsultas.invalidateQueries({ queryKey: ['bandeja'] });
      setAbierto(null);
      setErrorDialogo(SIN_ERROR);
      setDesactualizado(false);
      setAviso({
        tipo: 'exito',
        texto:
          propuesta && detalle.propuesta
            ? TEXTOS_PROPUESTA.registrada(detalle.propuesta.decision)
            : `La solicitud pasó a ${ESTADOS[detalle.estado]}.`,
      });
      enfocarEstado();
    },
    onError: (error) => {
      const campos = camposConError(error);
      if (estadoHttp(error) === 400 && abierto && Object.keys(campos).length > 0) {
        setErrorDialogo({ mensaje: mensajeDeError(error), campos });
        return;
      }
      if (estadoHttp(error) === 409 && abierto) {
        // Someone moved it first: the dialog keeps what was typed and shows what is possible now.
        setErrorDialogo({ mensaje: mensajeDeError(error), campos: {} });
        setDesactualizado(true);
        void consulta.refetch();
        return;
      }
      setAbierto(null);
      setErrorDialogo(SIN_ERROR);
      setAviso({ tipo: 'error', texto: mensajeDeError(error) });
      // Stale (409) or refused: show the application as it is now.
      void consulta.refetch();
      enfocarEstado();
    },
  });

  if (consulta.isPending) {
    return (
      <>
        <Titulo>{`Solicitud ${numero}`}</Titulo>
        <Cargando texto="Cargando la solicitud…" />
      </>
    );
  }
  if (consulta.isError) {
    return (
      <>
        <Titulo>{`Solicitud ${numero}`}</Titulo>
        <AvisoError>{mensajeDeError(consulta.error, 'No se pudo cargar la solicitud.')}</AvisoError>
        <EnlaceInterno href="/">Volver a las solicitudes</EnlaceInterno>
      </>
    );
  }

  const detalle: DetalleSolicitud = consulta.data;
  // The application as the chart sees it; a deleted one is kept for the records only: no moves.
  const ciclo = cicloDelDetalle(detalle);
  const comoPropuesta = (m: Movimiento) => registraPropuesta(ciclo, m.evento, cuenta.rol, cuenta.usuario);
  const movimientos = detalle.suprimidaEn
    ? []
    : MOVIMIENTOS.filter((m) => ofrece(ciclo, m.evento, cuenta.rol) || comoPropuesta(m));

  function elegir(m: Movimiento) {
    setAviso(null);
    if (pideConfirmacion(m)) {
      setErrorDialogo(SIN_ERROR);
      setDesactualizado(false);
      setApertura((a) => a + 1);
      setAbierto(m);
    } else {
      mover.mutate({ pedido: { desde: detalle.estado, hacia: m.hacia }, propuesta: false });
    }
  }

  function confirmar(datos: DatosMovimiento) {
    if (!abierto) return;
    mover.mutate({
      pedido: {
        desde: detalle.estado,
        hacia: abierto.hacia,
        ...(abierto.necesitaMotivo ? { motivo: datos.motivo } : {}),
        ...(abierto.necesitaDocumentos ? { documentos: datos.documentos } : {}),
      },
      propuesta: comoPropuesta(abierto),
    });
  }

  return (
    <>
      <Titulo>{`Solicitud ${detalle.numero}`}</Titulo>
      <Box ref={refEstado} tabIndex={-1} outline="none">
        <Text fontSize="lg">
          Estado: <strong>{ESTADOS[detalle.estado]}</strong>
        </Text>
        {aviso?.tipo === 'error' ? <AvisoError>{aviso.texto}</AvisoError> : null}
        {aviso?.tipo === 'exito' ? <AvisoExito>{aviso.texto}</AvisoExito> : null}
      </Box>
      {movimientos.length > 0 ? (
        <Flex role="group" aria-label="Cambiar el estado" gap="3" mt="3" wrap="wrap">
          {movimientos.map((m) => (
            <Button
              key={m.hacia}
              colorPalette={m.hacia === 'rechazada' ? 'red' : 'blue'}
              variant={m.hacia === 'en_revision' || m.hacia === 'aprobada' ? 'solid' : 'outline'}
              disabled={mover.isPending}
              onClick={() => elegir(m)}
            >
              {m.boton}
            </Button>
          ))}
        </Flex>
      ) : null}
      <FaltaVerificar detalle={detalle} cuenta={cuenta} />
      <Responsable
        detalle={detalle}
        cuenta={cuenta}
        onAviso={(a) => {
          setAviso(a);
          enfocarEstado();
        }}
      />
      <Propuesta
        detalle={detalle}
        cuenta={cuenta}
        onAviso={(a) => {
          setAviso(a);
          enfocarEstado();
        }}
      />
      <DialogoMovimiento
        // A fresh dialog (empty Motivo, nothing checked) for every move opened from its button.
        key={apertura}
        movimiento={abierto}
        propuesta={abierto !== null && comoPropuesta(abierto)}
        desactualizado={
          desactualizado && abierto && !consulta.isFetching
            ? {
                estado: ESTADOS[detalle.estado],
                permitido: movimientos.some((m) => m.hacia === abierto.hacia),
                alternativas: movimientos.filter((m) => m.necesitaMotivo),
              }
            : null
        }
        onCambiar={(m) => {
          setErrorDialogo(SIN_ERROR);
          setDesactualizado(false);
          setAbierto(m);
        }}
        numero={detalle.numero}
        documentos={detalle.documentos}
        enviando={mover.isPending}
        error={errorDialogo}
        onConfirmar={confirmar}
        onCerrar={() => {
          setAbierto(null);
          setErrorDialogo(SIN_ERROR);
          setDesactualizado(false);
        }}
      />
      {detalle.suprimidaEn ? (
        // Kept for the association's records only (producto §13): no data, documents or changes.
        <AvisoSupresion suprimidaEn={detalle.suprimidaEn} />
      ) : (
        <>
          <DatosPersonales detalle={detalle}>
            {tienePermiso(cuenta.rol, 'datosPersonales') ? (
              <Rectificar
                detalle={detalle}
                onAviso={(a) => {
                  setAviso(a);
                  enfocarEstado();
                }}
              />
            ) : null}
          </DatosPersonales>
          <Documentos detalle={detalle} />
        </>
      )}
      <MismoDni detalle={detalle} />
      <Equipos detalle={detalle} />
      <Historial detalle={detalle} />
      <Notas detalle={detalle} soloLectura={detalle.suprimidaEn !== null} />
    </>
  );
}
