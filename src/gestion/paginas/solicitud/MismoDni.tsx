// "Otras solicitudes con este DNI" (producto §15): the other applications with this DNI that are
// still open or were sent lately, each a link to its own page, newest first. Nothing when none.
import { chakra } from '@chakra-ui/react';
import { ESTADOS } from '../../../../domain/estados.js';
import { TEXTOS_DNI_REPETIDO, type DetalleSolicitud } from '../../../../domain/gestion.js';
import { EnlaceInterno } from '../../componentes/EnlaceInterno.js';
import { fechaYHora } from '../../formato.js';
import { Seccion } from './Secciones.js';

export function MismoDni({ detalle }: { detalle: DetalleSolicitud }) {
  if (detalle.mismoDni.length === 0) return null;
  return (
    <Seccion id="seccion-mismo-dni" titulo={TEXTOS_DNI_REPETIDO.titulo}>
      <chakra.ul listStyleType="none" display="flex" flexDirection="column" gap="1">
        {detalle.mismoDni.map((o) => (
          <chakra.li key={o.numero}>
            <EnlaceInterno href={`/solicitudes/${encodeURIComponent(o.numero)}`}>{o.numero}</EnlaceInterno>
            {` · ${ESTADOS[o.estado]} · enviada el `}
            <chakra.time dateTime={o.creadaEn}>{fechaYHora(o.creadaEn)}</chakra.time>
          </chakra.li>
        ))}
      </chakra.ul>
    </Seccion>
  );
}
