// The new value of Domicilio, Condición ante el IVA and Forma de pago in "Rectificar un dato"
// (producto §13): the applicant form's controls for them — Localidad from the catalogue (a short
// list: a native select), Calle as the form's autocomplete where the locality has streets and as
// text where it has none, the IVA conditions, the Formas de pago with Tarjeta or Número de caja de
// ahorro when they apply. What is sent is JSON; the catalogue checks stay on the server.
import { Input } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { CAMPOS_SOCIO as C } from '../../../../domain/campos.js';
import { FORMAS_PAGO, TARJETAS } from '../../../../domain/catalogos.js';
import type { ValorDomicilio, ValorFormaPago } from '../../../../domain/datos-personales.js';
import { MENSAJES } from '../../../../domain/mensajes.js';
import type { CambiosCompuestos, CampoCompuesto } from '../../../../domain/rectificacion.js';
import type { DatosSocio } from '../../../../domain/reglas.js';
import type { Calle, CondicionIva, Localidad } from '../../../../domain/tipos.js';
import { obtenerCalles, obtenerCondicionesIva, obtenerLocalidades } from '../../../api/catalogos.js';
import { Autocomplete } from '../../../ui/autocomplete/index.js';
import { Campo } from '../../../ui/campo/index.js';
import { SelectDeOpciones } from './SelectDeOpciones.js';

/** What the controls hold, as text, for the three fields. */
export interface EstadoCompuesto {
  codigoLocalidad: string;
  textoCalle: string;
  codigoCondicionIVA: string;
  formaPago: string;
  tipoTarjetaCredito: string;
  nroCajaAhorro: string;
}

export const estadoCompuestoDe = (datos: DatosSocio): EstadoCompuesto => ({
  codigoLocalidad: String(datos.localidad.codigoLocalidad),
  textoCalle: datos.calle.nombreCalle,
  codigoCondicionIVA: String(datos.condicionIVA.codigoCondicionIVA),
  formaPago: datos.formaPago,
  tipoTarjetaCredito: datos.tipoTarjetaCredito ?? '',
  nroCajaAhorro: datos.nroCajaAhorro ?? '',
});

/** The controls each field has, to put a message under the one it is about and focus it. */
type Control = 'localidad' | 'calle' | 'condicion' | 'forma' | 'tarjeta' | 'caja';

export function controlDelError(campo: CampoCompuesto, estado: EstadoCompuesto, mensaje: string): Control {
  if (campo === 'domicilio') return mensaje === MENSAJES.localidadDeLista ? 'localidad' : 'calle';
  if (campo === 'condicionIVA') return 'condicion';
  if (estado.formaPago === '' || mensaje === MENSAJES.opcionInvalida) return 'forma';
  if (estado.formaPago === 'TARJETACREDITO') return 'tarjeta';
  return estado.formaPago === 'CAJAAHORRO' ? 'caja' : 'forma';
}
export const idControl = (base: string, control: Control) => `${base}-${control}`;

const CATALOGO = { staleTime: Infinity, retry: 1 } as const;
/** Loaded when a field needs them (the dialog is mounted before any is chosen). */
export const useLocalidades = (enabled = true) =>
  useQuery({ queryKey: ['localidades'], queryFn: obtenerLocalidades, enabled, ...CATALOGO });
export const useCondicionesIva = (enabled = true) =>
  useQuery({ queryKey: ['condicionesIva'], queryFn: obtenerCondicionesIva, enabled, ...CATALOGO });

/**
 * The JSON `valor` and the record changes the shared rules check before sending, or the message
 * when the locality or condition chosen is not in the loaded catalogue.
 */
export function pedidoCompuesto(
  campo: CampoCompuesto,
  estado: EstadoCompuesto,
  catalogos: {
    localidades: readonly Localidad[] | undefined;
    condiciones: readonly CondicionIva[] | undefined;
  },
): { valor: string; cambios: CambiosCompuestos } | { mensaje: string } {
  if (campo === 'domicilio') {
    const localidad = catalogos.localidades?.find(
      (l) => String(l.codigoLocalidad) === estado.codigoLocalidad,
    );
    if (!localidad) return { mensaje: MENSAJES.localidadDeLista };
    const valor: ValorDomicilio = {
      codigoLocalidad: localidad.codigoLocalidad,
      nombreCalle: estado.textoCalle,
    };
    return {
      valor: JSON.stringify(valor),
      cambios: { localidad, calle: { nombreCalle: estado.textoCalle } },
    };
  }
  if (campo === 'condicionIVA') {
    const condicionIVA = catalogos.condiciones?.find(
      (c) => String(c.codigoCondicionIVA) === estado.codigoCondicionIVA,
    );
    if (!condicionIVA) return { mensaje: MENSAJES.opcionInvalida };
    return {
      valor: JSON.stringify({ codigoCondicionIVA: condicionIVA.codigoCondicionIVA }),
      cambios: { condicionIVA },
    };
  }
  const valor: ValorFormaPago = {
    formaPago: estado.formaPago,
    tipoTarjetaCredito:
      estado.formaPago === 'TARJETACREDITO' && estado.tipoTarjetaCredito ? estado.tipoTarjetaCredito : null,
    nroCajaAhorro: estado.formaPago === 'CAJAAHORRO' && estado.nroCajaAhorro ? estado.nroCajaAhorro : null,
  };
  return { valor: JSON.stringify(valor), cambios: valor as CambiosCompuestos };
}

const nombreCalle = (c: Calle) => c.nombreCalle;
const SIN_CALLES: Calle[] = [];

interface Props {
  /** The base of the controls' ids (idControl). */
  id: string;
  campo: CampoCompuesto;
  estado: EstadoCompuesto;
  onCambiar: (cambios: Partial<EstadoCompuesto>) => void;
  /** The message for the field, shown under the control it is about. */
  error: string | undefined;
}

function Domicilio({
  id,
  estado,
  onCambiar,
  errorDe,
}: Omit<Props, 'campo' | 'error'> & { errorDe: (c: Control) => string | undefined }) {
  const localidades = useLocalidades();
  const codigo = Number(estado.codigoLocalidad);
  const calles = useQuery({
    queryKey: ['calles', codigo],
    queryFn: () => obtenerCalles(codigo),
    enabled: estado.codigoLocalidad !== '',
    ...CATALOGO,
  });
  const lista = calles.data ?? SIN_CALLES;
  return (
    <>
      <SelectDeOpciones
        id={idControl(id, 'localidad')}
        etiqueta={C.localidad.etiqueta}
        error={errorDe('localidad')}
        valor={estado.codigoLocalidad}
        opciones={(localidades.data ?? []).map((l) => ({
          value: String(l.codigoLocalidad),
          label: l.nombreLocalidad,
        }))}
        onCambiar={(codigoLocalidad) => onCambiar({ codigoLocalidad, textoCalle: '' })}
      />
      {calles.data && lista.length === 0 ? (
        <Campo
          id={idControl(id, 'calle')}
          etiqueta={C.calle.etiqueta}
          ayuda="Esta localidad no tiene calles cargadas: escribí el nombre."
          requerido
          error={errorDe('calle')}
        >
          {(aria) => (
            <Input
              {...aria}
              maxLength={C.calle.largo}
              autoComplete="off"
              value={estado.textoCalle}
              onChange={(e) => onCambiar({ textoCalle: e.target.value })}
            />
          )}
        </Campo>
      ) : (
        <Autocomplete
          id={idControl(id, 'calle')}
          etiqueta={C.calle.etiqueta}
          opciones={lista}
          etiquetaDe={nombreCalle}
          valor={lista.find((c) => c.nombreCalle === estado.textoCalle) ?? null}
          texto={estado.textoCalle}
          requerido
          deshabilitado={estado.codigoLocalidad === ''}
          ayuda={estado.codigoLocalidad === '' ? 'Elegí primero la localidad.' : undefined}
          error={errorDe('calle')}
          sinResultados={calles.data ? 'Ninguna calle coincide' : 'Cargando calles…'}
          onTextoChange={(textoCalle) => onCambiar({ textoCalle })}
          onSeleccionar={(calle) => onCambiar({ textoCalle: calle.nombreCalle })}
        />
      )}
    </>
  );
}

function CondicionIVA({
  id,
  estado,
  onCambiar,
  errorDe,
}: Omit<Props, 'campo' | 'error'> & { errorDe: (c: Control) => string | undefined }) {
  const condiciones = useCondicionesIva();
  return (
    <SelectDeOpciones
      id={idControl(id, 'condicion')}
      etiqueta={C.condicionIVA.etiqueta}
      error={errorDe('condicion')}
      valor={estado.codigoCondicionIVA}
      opciones={(condiciones.data ?? []).map((c) => ({
        value: String(c.codigoCondicionIVA),
        label: c.nombreCondicionIVA,
      }))}
      onCambiar={(codigoCondicionIVA) => onCambiar({ codigoCondicionIVA })}
    />
  );
}

const OPCIONES_TARJETA = TARJETAS.map((t) => ({ value: t.value, label: t.displayName }));

function FormaPago({
  id,
  estado,
  onCambiar,
  errorDe,
}: Omit<Props, 'campo' | 'error'> & { errorDe: (c: Control) => string | undefined }) {
  return (
    <>
      <SelectDeOpciones
        id={idControl(id, 'forma')}
        etiqueta={C.formaPago.etiqueta}
        error={errorDe('forma')}
        valor={estado.formaPago}
        opciones={FORMAS_PAGO}
        onCambiar={(formaPago) => onCambiar({ formaPago })}
      />
      {estado.formaPago === 'TARJETACREDITO' ? (
        <SelectDeOpciones
          id={idControl(id, 'tarjeta')}
          etiqueta={C.tipoTarjetaCredito.etiqueta}
          error={errorDe('tarjeta')}
          valor={estado.tipoTarjetaCredito}
          opciones={OPCIONES_TARJETA}
          onCambiar={(tipoTarjetaCredito) => onCambiar({ tipoTarjetaCredito })}
        />
      ) : null}
      {estado.formaPago === 'CAJAAHORRO' ? (
        <Campo
          id={idControl(id, 'caja')}
          etiqueta={C.nroCajaAhorro.etiqueta}
          requerido
          error={errorDe('caja')}
        >
          {(aria) => (
            <Input
              {...aria}
              inputMode="numeric"
              maxLength={C.nroCajaAhorro.largo}
              autoComplete="off"
              value={estado.nroCajaAhorro}
              onChange={(e) => onCambiar({ nroCajaAhorro: e.target.value })}
            />
          )}
        </Campo>
      ) : null}
    </>
  );
}

export function ValorCompuesto({ campo, error, ...props }: Props) {
  const donde = error ? controlDelError(campo, props.estado, error) : null;
  const errorDe = (control: Control) => (control === donde ? error : undefined);
  if (campo === 'domicilio') return <Domicilio {...props} errorDe={errorDe} />;
  if (campo === 'condicionIVA') return <CondicionIVA {...props} errorDe={errorDe} />;
  return <FormaPago {...props} errorDe={errorDe} />;
}
