// Condición ante el IVA, Forma de pago with its two conditionals (Tarjeta radios with logos;
// Número de caja de ahorro) and Cobranza de honorarios (producto §3). Changing Forma de pago clears
// both conditionals.
import { Box, Flex, Image, chakra } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { useMemo } from 'react';
import { COBRANZAS_HONORARIOS, FORMAS_PAGO, soloDigitos, TARJETAS } from '../../../domain/index.js';
import type { FormDatosSocio } from '../../../machines/index.js';
import { Enrolment } from '../../estado/enrolment-actor.js';
import { CampoSelect } from './CampoSelect.js';
import { CampoTexto } from './CampoTexto.js';
import { idCampo, mensajeDe } from './errores.js';

function RadiosTarjeta() {
  const { values, errors, touched, setFieldValue, setFieldTouched } = useFormikContext<FormDatosSocio>();
  const id = idCampo('tipoTarjetaCredito');
  const error = touched.tipoTarjetaCredito ? mensajeDe(errors.tipoTarjetaCredito) : null;
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
        Tarjeta
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
            borderColor={values.tipoTarjetaCredito === t.value ? '#0b4f8a' : 'gray.300'}
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
              checked={values.tipoTarjetaCredito === t.value}
              onChange={() => void setFieldValue('tipoTarjetaCredito', t.value)}
              onBlur={() => void setFieldTouched('tipoTarjetaCredito', true)}
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

export function CamposPago() {
  const condiciones = Enrolment.useSelector((s) => s.context.catalogos.condicionesIva);
  const { values, setValues, setFieldValue } = useFormikContext<FormDatosSocio>();
  const opcionesIva = useMemo(
    () =>
      (condiciones ?? []).map((c) => ({ value: String(c.codigoCondicionIVA), label: c.nombreCondicionIVA })),
    [condiciones],
  );

  return (
    <>
      <CampoSelect
        nombre="condicionIVA"
        etiqueta="Condición ante el IVA"
        requerido
        opciones={opcionesIva}
        valor={values.condicionIVA ? String(values.condicionIVA.codigoCondicionIVA) : ''}
        onCambio={(codigo) =>
          void setFieldValue(
            'condicionIVA',
            condiciones?.find((c) => String(c.codigoCondicionIVA) === codigo) ?? null,
          )
        }
      />
      <CampoSelect
        nombre="formaPago"
        etiqueta="Forma de pago"
        requerido
        opciones={FORMAS_PAGO}
        valor={values.formaPago}
        onCambio={(formaPago) =>
          void setValues({ ...values, formaPago, tipoTarjetaCredito: null, nroCajaAhorro: '' })
        }
      />
      {values.formaPago === 'TARJETACREDITO' ? <RadiosTarjeta /> : null}
      {values.formaPago === 'CAJAAHORRO' ? (
        <CampoTexto
          nombre="nroCajaAhorro"
          etiqueta="Número de caja de ahorro"
          requerido
          inputMode="numeric"
          filtro={soloDigitos}
          maxLength={22}
        />
      ) : null}
      <CampoSelect
        nombre="cobranzaHonorarios"
        etiqueta="Cobranza de honorarios"
        requerido
        opciones={COBRANZAS_HONORARIOS}
        valor={values.cobranzaHonorarios}
        onCambio={(valor) => void setFieldValue('cobranzaHonorarios', valor)}
      />
    </>
  );
}
