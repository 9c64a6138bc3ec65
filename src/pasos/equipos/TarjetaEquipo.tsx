// One equipment card (producto §5). The machine holds the values; each change sends EQUIPO.CAMBIO with
// the whole form. Messages of the shared rules show once a field has been left. The card is a
// group named by its heading ("Equipo 2"), so the repeated labels stay distinguishable.
import { useState } from 'react';
import { Box, CloseButton, Heading, HStack, SimpleGrid } from '@chakra-ui/react';
import {
  ANIO_FABRICACION_MINIMO,
  anioActual,
  tituloCapitalizado,
  type TipoAparato,
} from '../../../domain/index.js';
import { erroresEquipo, type EquipoBorrador, type FormEquipo } from '../../../machines/index.js';
import { Enrolment } from '../../estado/enrolment-actor.js';
import { Autocomplete } from '../../ui/autocomplete/index.js';
import { CampoTexto } from '../../ui/campo/index.js';

const etiquetaTipo = (t: TipoAparato) => tituloCapitalizado(t.nombretipoaparato);

type CampoEquipo = keyof FormEquipo;

export const idCampoEquipo = (id: number, campo: CampoEquipo) => `equipo-${id}-${campo}`;

interface Props {
  equipo: EquipoBorrador;
  numero: number;
  tipos: readonly TipoAparato[];
  cargandoTipos: boolean;
  /** Called after the card asks to be removed (the parent moves focus). */
  onQuitado: () => void;
}

export function TarjetaEquipo({ equipo, numero, tipos, cargandoTipos, onQuitado }: Props) {
  const { send } = Enrolment.useActorRef();
  const { id, valores } = equipo;
  const [tocados, setTocados] = useState<ReadonlySet<CampoEquipo>>(new Set());
  // What is typed in Tipo de equipo lives in the chart too, so a reload keeps it.
  const textoTipo = valores.textoTipoAparato || (valores.tipoAparato ? etiquetaTipo(valores.tipoAparato) : '');
  const errores = erroresEquipo(valores);
  const idTitulo = `equipo-${id}-titulo`;

  const cambiar = (cambio: Partial<FormEquipo>) =>
    send({ type: 'EQUIPO.CAMBIO', id, valores: { ...valores, ...cambio } });
  const tocar = (campo: CampoEquipo) => setTocados((t) => (t.has(campo) ? t : new Set(t).add(campo)));
  const error = (campo: CampoEquipo) => (tocados.has(campo) ? (errores[campo] ?? null) : null);

  const texto = (
    campo: Exclude<CampoEquipo, 'tipoAparato'>,
    etiqueta: string,
    extra: Partial<Parameters<typeof CampoTexto>[0]> = {},
  ) => (
    <CampoTexto
      id={idCampoEquipo(id, campo)}
      etiqueta={etiqueta}
      valor={valores[campo]}
      error={error(campo)}
      requerido={campo !== 'observaciones'}
      onCambio={(v) => cambiar({ [campo]: v })}
      onSalir={() => tocar(campo)}
      {...extra}
    />
  );

  return (
    <Box
      as="section"
      role="group"
      aria-labelledby={idTitulo}
      borderWidth="1px"
      rounded="md"
      p={{ base: '3', md: '4' }}
      data-equipo={id}
    >
      <HStack justify="space-between" mb="2">
        <Heading as="h3" size="sm" id={idTitulo} tabIndex={-1}>
          Equipo {numero}
        </Heading>
        <CloseButton
          size="sm"
          aria-label="Quitar equipo"
          aria-describedby={idTitulo}
          onClick={() => {
            onQuitado();
            send({ type: 'EQUIPO.QUITAR', id });
          }}
        />
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 2 }} columnGap="4" rowGap="1">
        <Autocomplete<TipoAparato>
          id={idCampoEquipo(id, 'tipoAparato')}
          etiqueta="Tipo de equipo"
          opciones={tipos}
          etiquetaDe={etiquetaTipo}
          valor={valores.tipoAparato}
          texto={textoTipo}
          requerido
          error={error('tipoAparato')}
          sinResultados={cargandoTipos ? 'Cargando tipos de equipo…' : 'Sin resultados'}
          onTextoChange={(t) => cambiar({ textoTipoAparato: t, tipoAparato: null })}
          onSeleccionar={(tipo) => cambiar({ tipoAparato: tipo, textoTipoAparato: etiquetaTipo(tipo) })}
          onBlur={() => tocar('tipoAparato')}
        />
        {texto('marca', 'Marca')}
        {texto('modelo', 'Modelo')}
        {texto('anioFabricacion', 'Año de fabricación', {
          tipo: 'number',
          min: ANIO_FABRICACION_MINIMO,
          max: anioActual(),
        })}
        {texto('origen', 'Origen')}
        {texto('observaciones', 'Observaciones', { multilinea: true })}
      </SimpleGrid>
    </Box>
  );
}
