// The new value of one field the provider chose under "Necesito cambiar algo" (producto §17),
// started at the current value: a text field (its length from the field registry,
// domain/campos.ts), a native select for the lists (Tarjeta, Cobranza de honorarios, Forma de pago,
// Localidad, Condición ante el IVA), and Calle as step 1's autocomplete when the locality has
// streets. Each control is named "<label> (dato nuevo)", so it is not confused with the checkbox
// that chose it. The rules are checked when the form is sent (./valores.ts).
import { NativeSelect } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';
import { CAMPOS_SOCIO, type DefinicionDeCampo } from '../../../domain/campos.js';
import type { CampoActualizable } from '../../../domain/confirmacion.js';
import {
  COBRANZAS_HONORARIOS,
  FORMAS_PAGO,
  TARJETAS,
  type Calle,
  type CondicionIva,
  type Localidad,
} from '../../../domain/index.js';
import { Autocomplete } from '../../ui/autocomplete/index.js';
import { Campo } from '../../ui/campo/index.js';
import { CampoTexto } from '../../ui/campo/CampoTexto.js';
import type { Parte } from './valores.js';

export const nombreNuevo = (etiqueta: string) => `${etiqueta} (dato nuevo)`;
/** The id of a field's (first) control: where the focus goes to its message. */
export const idDeCampo = (campo: string) => `confirmar-${campo}`;

interface Opcion {
  value: string;
  label: string;
}

function Select({
  id,
  etiqueta,
  valor,
  opciones,
  error,
  onCambiar,
}: {
  id: string;
  etiqueta: string;
  valor: string;
  opciones: readonly Opcion[];
  error: string | undefined;
  onCambiar: (valor: string) => void;
}) {
  return (
    <Campo id={id} etiqueta={nombreNuevo(etiqueta)} error={error} requerido>
      {(aria) => (
        <NativeSelect.Root>
          <NativeSelect.Field
            {...aria}
            value={valor}
            onChange={(e: ChangeEvent<HTMLSelectElement>) => onCambiar(e.target.value)}
          >
            <option value="">Elegí una opción</option>
            {opciones.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    </Campo>
  );
}

const OPCIONES_TARJETA = TARJETAS.map((t) => ({ value: t.value, label: t.displayName }));
const nombreCalle = (c: Calle) => c.nombreCalle;

interface Props {
  campo: CampoActualizable;
  etiqueta: string;
  texto: Record<string, string>;
  /** The controls' new texts, several at once (a new locality empties the street). */
  onCambiar: (cambios: Partial<Record<CampoActualizable | Parte, string>>) => void;
  error: string | undefined;
  localidades: readonly Localidad[] | undefined;
  calles: readonly Calle[] | undefined;
  condiciones: readonly CondicionIva[] | undefined;
}

export function CampoNuevo({
  campo,
  etiqueta,
  texto,
  onCambiar,
  error,
  localidades,
  calles,
  condiciones,
}: Props) {
  const id = idDeCampo(campo);
  if (campo === 'domicilio') {
    const sinCalles = calles !== undefined && calles.length === 0;
    return (
      <>
        <Select
          id={id}
          etiqueta={CAMPOS_SOCIO.localidad.etiqueta}
          valor={texto.codigoLocalidad ?? ''}
          opciones={(localidades ?? []).map((l) => ({
            value: String(l.codigoLocalidad),
            label: l.nombreLocalidad,
          }))}
          error={error && !texto.codigoLocalidad ? error : undefined}
          onCambiar={(v) => onCambiar({ codigoLocalidad: v, textoCalle: '' })}
        />
        {sinCalles ? (
          <CampoTexto
            id={`${id}-calle`}
            etiqueta={nombreNuevo(CAMPOS_SOCIO.calle.etiqueta)}
            ayuda="Esta localidad no tiene calles cargadas: escribí el nombre."
            valor={texto.textoCalle ?? ''}
            maxLength={CAMPOS_SOCIO.calle.largo}
            requerido
            error={error && texto.codigoLocalidad ? error : null}
            onCambio={(v) => onCambiar({ textoCalle: v })}
            onSalir={() => {}}
          />
        ) : (
          <Autocomplete
            id={`${id}-calle`}
            etiqueta={nombreNuevo(CAMPOS_SOCIO.calle.etiqueta)}
            opciones={calles ?? []}
            etiquetaDe={nombreCalle}
            valor={(calles ?? []).find((c) => c.nombreCalle === texto.textoCalle) ?? null}
            texto={texto.textoCalle ?? ''}
            requerido
            deshabilitado={!texto.codigoLocalidad}
            {...(!texto.codigoLocalidad ? { ayuda: 'Elegí primero la localidad.' } : {})}
            error={error && texto.codigoLocalidad ? error : null}
            sinResultados={calles ? 'Ninguna calle coincide' : 'Cargando calles…'}
            onTextoChange={(v) => onCambiar({ textoCalle: v })}
            onSeleccionar={(c) => onCambiar({ textoCalle: c.nombreCalle })}
          />
        )}
      </>
    );
  }
  if (campo === 'condicionIVA')
    return (
      <Select
        id={id}
        etiqueta={etiqueta}
        valor={texto.codigoCondicionIVA ?? ''}
        opciones={(condiciones ?? []).map((c) => ({
          value: String(c.codigoCondicionIVA),
          label: c.nombreCondicionIVA,
        }))}
        error={error}
        onCambiar={(v) => onCambiar({ codigoCondicionIVA: v })}
      />
    );
  if (campo === 'formaPago')
    return (
      <>
        <Select
          id={id}
          etiqueta={etiqueta}
          valor={texto.formaPago ?? ''}
          opciones={FORMAS_PAGO}
          error={
            error && texto.formaPago !== 'TARJETACREDITO' && texto.formaPago !== 'CAJAAHORRO'
              ? error
              : undefined
          }
          onCambiar={(v) => onCambiar({ formaPago: v })}
        />
        {texto.formaPago === 'TARJETACREDITO' ? (
          <Select
            id={`${id}-tarjeta`}
            etiqueta={CAMPOS_SOCIO.tipoTarjetaCredito.etiqueta}
            valor={texto.tipoTarjetaCredito ?? ''}
            opciones={OPCIONES_TARJETA}
            error={error}
            onCambiar={(v) => onCambiar({ tipoTarjetaCredito: v })}
          />
        ) : null}
        {texto.formaPago === 'CAJAAHORRO' ? (
          <CampoTexto
            id={`${id}-caja`}
            etiqueta={nombreNuevo(CAMPOS_SOCIO.nroCajaAhorro.etiqueta)}
            valor={texto.nroCajaAhorro ?? ''}
            maxLength={CAMPOS_SOCIO.nroCajaAhorro.largo}
            inputMode="numeric"
            requerido
            error={error ?? null}
            onCambio={(v) => onCambiar({ nroCajaAhorro: v })}
            onSalir={() => {}}
          />
        ) : null}
      </>
    );
  if (campo === 'tipoTarjetaCredito' || campo === 'cobranzaHonorarios')
    return (
      <Select
        id={id}
        etiqueta={etiqueta}
        valor={texto[campo] ?? ''}
        opciones={campo === 'tipoTarjetaCredito' ? OPCIONES_TARJETA : COBRANZAS_HONORARIOS}
        error={error}
        onCambiar={(v) => onCambiar({ [campo]: v })}
      />
    );
  const definicion = CAMPOS_SOCIO[campo] as DefinicionDeCampo;
  return (
    <CampoTexto
      id={id}
      etiqueta={nombreNuevo(etiqueta)}
      valor={texto[campo] ?? ''}
      error={error ?? null}
      requerido={campo !== 'piso' && campo !== 'dpto' && campo !== 'otro'}
      {...(campo === 'fechanac' ? { ayuda: 'Con el formato DD/MM/AAAA.' } : {})}
      {...(campo === 'email' ? { tipo: 'email' as const, autoComplete: 'email' } : {})}
      {...(['altura', 'codArea', 'telefono'].includes(campo) ? { inputMode: 'numeric' as const } : {})}
      {...((definicion.entrada ?? definicion.largo)
        ? { maxLength: definicion.entrada ?? definicion.largo }
        : {})}
      onCambio={(v) => onCambiar({ [campo]: v })}
      onSalir={() => {}}
    />
  );
}
