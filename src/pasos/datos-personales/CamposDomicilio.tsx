// Localidad and Calle (producto §3): autocompletes that must be picked from their lists. Picking a
// locality clears and enables Calle and asks for its streets; typing in Localidad clears and
// disables Calle. A locality whose street catalogue is empty takes the street as typed.
import { Input } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import type { Calle, Localidad } from '../../../domain/index.js';
import type { FormDatosSocio } from '../../../machines/index.js';
import { Enrolment } from '../../estado/enrolment-actor.js';
import { Autocomplete } from '../../ui/autocomplete/index.js';
import { Campo } from '../../ui/campo/index.js';
import { idCampo, mensajeDe } from './errores.js';

const nombreLocalidad = (l: Localidad) => l.nombreLocalidad;
const nombreCalle = (c: Calle) => c.nombreCalle;
const SIN_OPCIONES: never[] = [];

export function CamposDomicilio() {
  const actor = Enrolment.useActorRef();
  const localidades = Enrolment.useSelector((s) => s.context.catalogos.localidades);
  const calles = Enrolment.useSelector((s) => s.context.catalogos.calles);
  const { values, errors, touched, setValues, setFieldTouched } = useFormikContext<FormDatosSocio>();
  const codigo = values.localidad?.codigoLocalidad ?? null;
  const listaCalles = codigo !== null && calles?.codigoLocalidad === codigo ? calles.lista : null;
  const calleLibre = listaCalles !== null && listaCalles.length === 0;

  const errorLocalidad = touched.localidad ? mensajeDe(errors.localidad) : null;
  const errorCalle = touched.calle ? mensajeDe(errors.calle) : null;

  return (
    <>
      <Autocomplete
        id={idCampo('localidad')}
        name="localidad"
        etiqueta="Localidad"
        opciones={localidades ?? SIN_OPCIONES}
        etiquetaDe={nombreLocalidad}
        valor={values.localidad}
        texto={values.textoLocalidad}
        requerido
        error={errorLocalidad}
        sinResultados={localidades ? 'Ninguna localidad coincide' : 'Cargando localidades…'}
        onTextoChange={(texto) =>
          void setValues({ ...values, textoLocalidad: texto, localidad: null, calle: null, textoCalle: '' })
        }
        onSeleccionar={(localidad) => {
          void setValues({
            ...values,
            localidad,
            textoLocalidad: localidad.nombreLocalidad,
            calle: null,
            textoCalle: '',
          });
          actor.send({ type: 'CALLES.PEDIR', codigoLocalidad: localidad.codigoLocalidad });
        }}
        onBlur={() => void setFieldTouched('localidad', true)}
      />
      {calleLibre ? (
        <Campo
          id={idCampo('calle')}
          etiqueta="Calle"
          ayuda="Esta localidad no tiene calles cargadas: escribí el nombre."
          error={errorCalle}
          requerido
        >
          {(aria) => (
            <Input
              {...aria}
              name="calle"
              autoComplete="address-line1"
              value={values.textoCalle}
              onChange={(e) => {
                const texto = e.target.value;
                void setValues({
                  ...values,
                  textoCalle: texto,
                  calle: texto.trim() ? { nombreCalle: texto.trim() } : null,
                });
              }}
              onBlur={() => void setFieldTouched('calle', true)}
            />
          )}
        </Campo>
      ) : (
        <Autocomplete
          id={idCampo('calle')}
          name="calle"
          etiqueta="Calle"
          opciones={listaCalles ?? SIN_OPCIONES}
          etiquetaDe={nombreCalle}
          valor={values.calle}
          texto={values.textoCalle}
          requerido
          deshabilitado={!values.localidad}
          ayuda={values.localidad ? undefined : 'Elegí primero la localidad.'}
          error={errorCalle}
          sinResultados={listaCalles ? 'Ninguna calle coincide' : 'Cargando calles…'}
          onTextoChange={(texto) => void setValues({ ...values, textoCalle: texto, calle: null })}
          onSeleccionar={(calle) => void setValues({ ...values, calle, textoCalle: calle.nombreCalle })}
          onBlur={() => void setFieldTouched('calle', true)}
        />
      )}
    </>
  );
}
