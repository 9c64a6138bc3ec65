// Condición ante el IVA, Forma de pago with its two conditionals (Tarjeta radios with logos;
// Número de caja de ahorro) and Cobranza de honorarios (producto §3). The chart clears both
// conditionals when Forma de pago changes.
import { Box, Flex, Image, chakra } from '@chakra-ui/react';
import { useMemo } from 'react';
import { CAMPOS_SOCIO as C } from '../../../domain/campos.js';
import { COBRANZAS_HONORARIOS, FORMAS_PAGO, TARJETAS } from '../../../domain/index.js';
import { Enrolment } from '../../estado/enrolment-actor.js';
import { CampoDatos } from './CampoDatos.js';
import { CampoSelect } from './CampoSelect.js';
import { useCampo } from './campo.js';

function RadiosTarjeta() {
  const { id, valor, error, cambiar, salir } = useCampo('tipoTarjetaCredito');
  return (
    <chakra.fieldset
      aria-describedby={error ? `${id}-error` : undefined}
      border="0"
      p="0"
      m="0"
      minW="0"
      gridColumn={{ md: 'span 2' }}
    >
      <chakra.legend fontSize="sm" fontWeight="medium" mb="1">
        {C.tipoTarjetaCredito.etiqueta}
        <chakra.span aria-hidden="true" color="red.700" ms="0.5">
          *
        </chakra.span>
      </chakra.legend>
      <Flex gap="3" wrap="wrap">
        {TARJETAS.map((t) => (
          <chakra.label
            key={t.value}
            display="flex"
            alignItems="center"
            gap="2"
            borderWidth="1px"
            borderColor={valor === t.value ? '#0b4f8a' : 'gray.300'}
            rounded="md"
            px="3"
            py="2"
            cursor="pointer"
            _focusWithin={{ outline: '3px solid #0b4f8a', outlineOffset: '2px' }}
          >
            <chakra.input
              type="radio"
              name="tipoTarjetaCredito"
              value={t.value}
              checked={valor === t.value}
              onChange={() => cambiar(t.value)}
              onBlur={salir}
              aria-invalid={error ? true : undefined}
            />
            <Image src={`/tarjetas/${t.icon}.svg`} alt="" width="48px" height="30px" />
            <span>{t.displayName}</span>
          </chakra.label>
        ))}
      </Flex>
      <Box id={`${id}-error`} fontSize="xs" color="red.700" minH="4" aria-live="polite">
        {error ?? ''}
      </Box>
    </chakra.fieldset>
  );
}

function CampoCondicionIva() {
  const { id, valor, error, cambiar, salir } = useCampo('condicionIVA');
  const condiciones = Enrolment.useSelector((s) => s.context.catalogos.condicionesIva);
  const opciones = useMemo(
    () => (condiciones ?? []).map((c) => ({ value: String(c.codigoCondicionIVA), label: c.nombreCondicionIVA })),
    [condiciones],
  );
  return (
    <CampoSelect
      id={id}
      nombre="condicionIVA"
      etiqueta={C.condicionIVA.etiqueta}
      requerido
      opciones={opciones}
      valor={valor ? String(valor.codigoCondicionIVA) : ''}
      error={error}
      onCambio={(codigo) => cambiar(condiciones?.find((c) => String(c.codigoCondicionIVA) === codigo) ?? null)}
      onSalir={salir}
    />
  );
}

function CampoClave({ nombre, opciones }: { nombre: 'formaPago' | 'cobranzaHonorarios'; opciones: readonly { value: string; label: string }[] }) {
  const { id, valor, error, cambiar, salir } = useCampo(nombre);
  return (
    <CampoSelect
      id={id}
      nombre={nombre}
      etiqueta={C[nombre].etiqueta}
      requerido
      opciones={opciones}
      valor={valor}
      error={error}
      onCambio={cambiar}
      onSalir={salir}
    />
  );
}

export function CamposPago() {
  const formaPago = Enrolment.useSelector((s) => s.context.datos.formaPago);
  return (
    <>
      <CampoCondicionIva />
      <CampoClave nombre="formaPago" opciones={FORMAS_PAGO} />
      {formaPago === 'TARJETACREDITO' ? <RadiosTarjeta /> : null}
      {formaPago === 'CAJAAHORRO' ? (
        <CampoDatos nombre="nroCajaAhorro" requerido inputMode="numeric" />
      ) : null}
      <CampoClave nombre="cobranzaHonorarios" opciones={COBRANZAS_HONORARIOS} />
    </>
  );
}
