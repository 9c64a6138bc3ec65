// Localidad and Calle (producto §3): autocompletes that must be picked from their lists. The chart
// applies what ties them: picking a locality clears Calle and asks for its streets; typing in
// Localidad drops the pick and clears Calle; where a locality's street catalogue is empty, the
// street typed is the street.
import { Input } from '@chakra-ui/react';
import { CAMPOS_SOCIO as C } from '../../../domain/campos.js';
import type { Calle, Localidad } from '../../../domain/index.js';
import { calleLibre } from '../../../machines/index.js';
import { Enrolment } from '../../estado/enrolment-actor.js';
import { Autocomplete } from '../../ui/autocomplete/index.js';
import { Campo } from '../../ui/campo/index.js';
import { useCambiarDatos, useCampo } from './campo.js';

const nombreLocalidad = (l: Localidad) => l.nombreLocalidad;
const nombreCalle = (c: Calle) => c.nombreCalle;
const SIN_OPCIONES: never[] = [];

function CampoLocalidad() {
  const cambiarDatos = useCambiarDatos();
  const { id, valor, error, salir } = useCampo('localidad');
  const texto = Enrolment.useSelector((s) => s.context.datos.textoLocalidad);
  const localidades = Enrolment.useSelector((s) => s.context.catalogos.localidades);
  return (
    <Autocomplete
      id={id}
      name="localidad"
      etiqueta={C.localidad.etiqueta}
      opciones={localidades ?? SIN_OPCIONES}
      etiquetaDe={nombreLocalidad}
      valor={valor}
      texto={texto}
      requerido
      error={error}
      sinResultados={localidades ? 'Ninguna localidad coincide' : 'Cargando localidades…'}
      onTextoChange={(textoLocalidad) => cambiarDatos({ textoLocalidad })}
      onSeleccionar={(localidad) => cambiarDatos({ localidad, textoLocalidad: localidad.nombreLocalidad })}
      onBlur={salir}
    />
  );
}

function CampoCalle() {
  const cambiarDatos = useCambiarDatos();
  const { id, valor, error, salir } = useCampo('calle');
  const texto = Enrolment.useSelector((s) => s.context.datos.textoCalle);
  const hayLocalidad = Enrolment.useSelector((s) => s.context.datos.localidad !== null);
  const libre = Enrolment.useSelector((s) => calleLibre(s.context.datos, s.context.catalogos.calles));
  const calles = Enrolment.useSelector((s) => {
    const { calles } = s.context.catalogos;
    return calles && calles.codigoLocalidad === s.context.datos.localidad?.codigoLocalidad ? calles.lista : null;
  });

  if (libre) {
    return (
      <Campo id={id} etiqueta={C.calle.etiqueta} ayuda="Esta localidad no tiene calles cargadas: escribí el nombre." error={error} requerido>
        {(aria) => (
          <Input
            {...aria}
            name="calle"
            autoComplete="address-line1"
            value={texto}
            onChange={(e) => cambiarDatos({ textoCalle: e.target.value })}
            onBlur={salir}
          />
        )}
      </Campo>
    );
  }
  return (
    <Autocomplete
      id={id}
      name="calle"
      etiqueta={C.calle.etiqueta}
      opciones={calles ?? SIN_OPCIONES}
      etiquetaDe={nombreCalle}
      valor={valor}
      texto={texto}
      requerido
      deshabilitado={!hayLocalidad}
      ayuda={hayLocalidad ? undefined : 'Elegí primero la localidad.'}
      error={error}
      sinResultados={calles ? 'Ninguna calle coincide' : 'Cargando calles…'}
      onTextoChange={(textoCalle) => cambiarDatos({ textoCalle })}
      onSeleccionar={(calle) => cambiarDatos({ calle, textoCalle: calle.nombreCalle })}
      onBlur={salir}
    />
  );
}

export function CamposDomicilio() {
  return (
    <>
      <CampoLocalidad />
      <CampoCalle />
    </>
  );
}
