// The read-only sections of one application (producto §9): "Datos personales", "Documentos",
// "Equipos" and "Historial" (status moves, rectifications and the deletion of the data, producto §13).
// A document a correction brought says when it replaced the earlier file and opens that one
// ("Ver versión anterior"); Historial names the documents each correction replaced (producto §14).
// "Descargar todo (ZIP)" gets every document in one file (producto §15).
// What the applicant typed is shown as text (React escapes it).
import { Box, Flex, Heading, Link as ChakraLink, Text, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { CAMPOS } from '../../../../domain/campos.js';
import { COBRANZAS_HONORARIOS, FORMAS_PAGO, TARJETAS } from '../../../../domain/catalogos.js';
import { CAMPOS_RECTIFICABLES, CAMPO_SUPRESION } from '../../../../domain/datos-personales.js';
import { DOCUMENTOS } from '../../../../domain/documentos.js';
import { ESTADOS } from '../../../../domain/estados.js';
import { fechaDiaArgentina } from '../../../../domain/fecha-hora.js';
import { TEXTOS_GESTION, type DetalleSolicitud, type EntradaHistorial } from '../../../../domain/gestion.js';
import { valorLegible } from '../../../../domain/rectificacion.js';
import { CAMPO_RESPONSABLE, fraseDeResponsable } from '../../../../domain/responsable.js';
import {
  fraseDeControl,
  fraseDePropuesta,
  pasoDePropuesta,
  proponenteAntes,
} from '../../../../domain/propuestas.js';
import { DOCUMENTOS_CON_VIGENCIA } from '../../../../domain/seguimiento.js';
import { urlDocumento, urlDocumentosZip } from '../../api.js';
import { fechaCalendario, fechaYHora, tamanio } from '../../formato.js';
import { EditorVigencia } from './Vigencia.js';
import { VigenciaPropuesta } from './VigenciaPropuesta.js';
import { VerificacionDelDocumento } from './Verificacion.js';

const CON_VIGENCIA = new Set<string>(DOCUMENTOS_CON_VIGENCIA);
const ROTULO_DOCUMENTO = new Map<string, string>(DOCUMENTOS.map((d) => [d.key, d.label]));

export function Seccion({ id, titulo, children }: { id: string; titulo: string; children: ReactNode }) {
  return (
    <chakra.section aria-labelledby={id} mt="8">
      <Heading as="h2" id={id} size="lg" mb="3">
        {titulo}
      </Heading>
      {children}
    </chakra.section>
  );
}

const rotulo = (opciones: readonly { value: string; label: string }[], valor: string | null | undefined) =>
  opciones.find((o) => o.value === valor)?.label ?? valor ?? '';

function Dato({ etiqueta, children }: { etiqueta: string; children: ReactNode }) {
  return (
    <Box display="contents">
      <chakra.dt fontWeight="semibold" color="gray.700">
        {etiqueta}
      </chakra.dt>
      <chakra.dd mb={{ base: '2', md: '0' }} overflowWrap="anywhere">
        {children === '' || children === null || children === undefined ? '—' : children}
      </chakra.dd>
    </Box>
  );
}

/** `children`: what the section offers under the data (an administrador's "Rectificar un dato"). */
export function DatosPersonales({ detalle, children }: { detalle: DetalleSolicitud; children?: ReactNode }) {
  const d = detalle.datosSocio;
  const domicilio = [
    `${d.calle?.nombreCalle ?? ''} ${d.altura ?? ''}`.trim(),
    d.piso ? `piso ${d.piso}` : '',
    d.dpto ? `dpto. ${d.dpto}` : '',
    d.otro ?? '',
  ]
    .filter(Boolean)
    .join(', ');
  const tarjeta = TARJETAS.find((t) => t.value === d.tipoTarjetaCredito)?.displayName;
  return (
    <Seccion id="seccion-datos" titulo="Datos personales">
      <chakra.dl
        display="grid"
        gridTemplateColumns={{ base: '1fr', md: '14rem 1fr' }}
        columnGap="4"
        rowGap="1"
      >
        <Dato etiqueta={CAMPOS.apellidoynombre.etiqueta}>{d.apellidoynombre}</Dato>
        <Dato etiqueta={CAMPOS.fechanac.etiqueta}>{fechaCalendario(String(d.fechanac ?? ''))}</Dato>
        <Dato etiqueta={CAMPOS.dni.etiqueta}>{d.dni}</Dato>
        <Dato etiqueta={CAMPOS.matricula.etiqueta}>{d.matricula}</Dato>
        <Dato etiqueta={CAMPOS.localidad.etiqueta}>{d.localidad?.nombreLocalidad}</Dato>
        <Dato etiqueta={CAMPOS.domicilio.detalle}>{domicilio}</Dato>
        <Dato etiqueta={CAMPOS.email.etiqueta}>{d.email}</Dato>
        <Dato etiqueta={CAMPOS.telefono.etiqueta}>{`(${d.codArea}) ${d.telefono}`}</Dato>
        <Dato etiqueta={CAMPOS.condicionIVA.etiqueta}>{d.condicionIVA?.nombreCondicionIVA}</Dato>
        <Dato etiqueta={CAMPOS.formaPago.etiqueta}>
          {rotulo(FORMAS_PAGO, d.formaPago)}
          {tarjeta ? ` (${tarjeta})` : ''}
          {d.nroCajaAhorro ? ` (caja de ahorro ${d.nroCajaAhorro})` : ''}
        </Dato>
        <Dato etiqueta={CAMPOS.cobranzaHonorarios.etiqueta}>
          {rotulo(COBRANZAS_HONORARIOS, d.cobranzaHonorarios)}
        </Dato>
        <Dato etiqueta={CAMPOS.creadaEn.detalle}>{fechaYHora(detalle.creadaEn)}</Dato>
      </chakra.dl>
      {children}
    </Seccion>
  );
}

const enlaceDocumento = { color: 'blue.700', textDecoration: 'underline', whiteSpace: 'nowrap' } as const;

export function Documentos({ detalle }: { detalle: DetalleSolicitud }) {
  return (
    <Seccion id="seccion-documentos" titulo="Documentos">
      {detalle.documentos.length > 0 ? (
        <Text mb="3">
          {/* A bare download: the server names the file (<numero>-documentos.zip) and audits it once. */}
          <ChakraLink href={urlDocumentosZip(detalle.numero)} download {...enlaceDocumento}>
            Descargar todo (ZIP)
          </ChakraLink>
        </Text>
      ) : null}
      {detalle.documentos.length === 0 ? (
        <Text>{TEXTOS_GESTION.sinDocumentos}</Text>
      ) : (
        <chakra.ul listStyleType="none" display="flex" flexDirection="column" gap="2">
          {detalle.documentos.map((d) => (
            <chakra.li key={d.clave} borderBottomWidth="1px" borderColor="gray.200" pb="2">
              <Flex gap="3" wrap="wrap" align="baseline" justify="space-between">
                <Box minW="0">
                  <Text fontWeight="medium">{d.label}</Text>
                  <Text fontSize="xs" color="gray.600" overflowWrap="anywhere">
                    {d.nombre} · {tamanio(d.bytes)}
                  </Text>
                  {d.reemplazo ? (
                    <Text fontSize="xs" color="gray.700">
                      {`Reemplazado el ${fechaDiaArgentina(d.reemplazo.en)} (corrección)`} ·{' '}
                      {/* Served like "Ver": sandboxed, nosniff, audited as a view of its own. */}
                      <ChakraLink
                        href={urlDocumento(detalle.numero, d.clave, 'anterior')}
                        target="_blank"
                        rel="noopener"
                        {...enlaceDocumento}
                      >
                        Ver versión anterior <chakra.span srOnly>de {d.label}</chakra.span>
                      </ChakraLink>
                    </Text>
                  ) : null}
                </Box>
                <Flex gap="4">
                  {/* The server shows it sandboxed (CSP sandbox, nosniff): it cannot script this origin. */}
                  <ChakraLink
                    href={urlDocumento(detalle.numero, d.clave, 'ver')}
                    target="_blank"
                    rel="noopener"
                    {...enlaceDocumento}
                  >
                    Ver<chakra.span srOnly> {d.label}</chakra.span>
                  </ChakraLink>
                  <ChakraLink
                    href={urlDocumento(detalle.numero, d.clave, 'descargar')}
                    download
                    {...enlaceDocumento}
                  >
                    Descargar<chakra.span srOnly> {d.label}</chakra.span>
                  </ChakraLink>
                </Flex>
              </Flex>
              <VigenciaPropuesta numero={detalle.numero} documento={d} />
              {CON_VIGENCIA.has(d.clave) ? <EditorVigencia numero={detalle.numero} documento={d} /> : null}
              <VerificacionDelDocumento numero={detalle.numero} documento={d} />
            </chakra.li>
          ))}
        </chakra.ul>
      )}
    </Seccion>
  );
}

export function Equipos({ detalle }: { detalle: DetalleSolicitud }) {
  return (
    <Seccion id="seccion-equipos" titulo="Equipos">
      {detalle.equipos.length === 0 ? (
        <Text>No declaró equipos ni aparatos.</Text>
      ) : (
        <chakra.ul listStyleType="none" display="flex" flexDirection="column" gap="3">
          {detalle.equipos.map((e, i) => (
            <chakra.li key={i} borderWidth="1px" borderColor="gray.200" rounded="md" px="3" py="2">
              <Text fontWeight="medium">{e.tipoAparato?.nombretipoaparato}</Text>
              <Text fontSize="sm">
                {e.marca} {e.modelo} · {e.anioFabricacion} · {e.origen}
              </Text>
              {e.observaciones ? (
                <Text fontSize="sm" color="gray.700" whiteSpace="pre-wrap">
                  {e.observaciones}
                </Text>
              ) : null}
            </chakra.li>
          ))}
        </chakra.ul>
      )}
    </Seccion>
  );
}

/** A rectified value as Historial shows it: between «», or "vacío" for an optional field left empty. */
function valorDeCambio(campo: string, valor: string | null): string {
  const texto = valorLegible(campo, valor);
  return texto === '' ? 'vacío' : `«${texto}»`;
}

const esRectificacion = (h: EntradaHistorial) =>
  h.cambio !== null &&
  h.cambio.campo !== CAMPO_SUPRESION &&
  h.cambio.campo !== CAMPO_RESPONSABLE &&
  pasoDePropuesta(h.cambio.campo) === null;

/**
 * The entry's heading: a status move, a rectification (producto §13), the deletion of the data, or
 * a proposal of four eyes or its discard (producto §15; `proponente`: whose proposal was open).
 */
function tituloDe(h: EntradaHistorial, proponente: string | null): string {
  const paso = pasoDePropuesta(h.cambio?.campo);
  if (paso) return fraseDePropuesta(h.nombre ?? h.usuario ?? 'El sistema', paso, proponente);
  if (h.cambio?.campo === CAMPO_SUPRESION) return 'Datos personales suprimidos.';
  if (h.cambio?.campo === CAMPO_RESPONSABLE)
    return fraseDeResponsable(h.nombre ?? h.usuario ?? 'El sistema', h.cambio.anterior, h.cambio.nuevo);
  if (h.cambio) {
    const { campo, anterior, nuevo } = h.cambio;
    const label = (CAMPOS_RECTIFICABLES as Record<string, string>)[campo] ?? campo;
    // Without an account: the provider's own change in the yearly re-attestation (producto §17).
    return `${h.nombre ?? h.usuario ?? 'El solicitante'} rectificó ${label}: ${valorDeCambio(campo, anterior)} → ${valorDeCambio(campo, nuevo)}.`;
  }
  return h.desde ? `${ESTADOS[h.desde]} → ${ESTADOS[h.hacia]}` : ESTADOS[h.hacia];
}

export function Historial({ detalle }: { detalle: DetalleSolicitud }) {
  // From the catalogue, not the current documents: a deletion (producto §13) leaves none.
  const labelDe = (clave: string) => ROTULO_DOCUMENTO.get(clave) ?? clave;
  return (
    <Seccion id="seccion-historial" titulo="Historial">
      <chakra.ol listStyleType="none" display="flex" flexDirection="column" gap="3">
        {detalle.historial.map((h, i) => (
          <chakra.li key={i} borderStartWidth="3px" borderColor={h.cambio ? 'orange.300' : 'blue.300'} ps="3">
            <Text fontWeight="medium" overflowWrap="anywhere">
              {tituloDe(h, proponenteAntes(detalle.historial, i))}
            </Text>
            {h.control ? (
              <Text fontSize="sm">{fraseDeControl(h.control, proponenteAntes(detalle.historial, i))}</Text>
            ) : null}
            <Text fontSize="sm" color="gray.700">
              {/* A rectification's heading already names who made it. */}
              {esRectificacion(h)
                ? ''
                : `${h.nombre ?? h.usuario ?? (h.cambio ? 'El sistema' : 'El solicitante')} · `}
              <chakra.time dateTime={h.en}>{fechaYHora(h.en)}</chakra.time>
            </Text>
            {h.motivo ? (
              <Text fontSize="sm" whiteSpace="pre-wrap">
                Motivo: {h.motivo}
              </Text>
            ) : null}
            {h.documentos.length > 0 ? (
              <Text fontSize="sm">
                {/* The applicant's correction (or re-attestation, producto §17) lists the documents it replaced; a move to Observada, those observed. */}
                {h.hacia === 'corregida' && (h.desde === 'observada' || h.desde === 'aprobada') && !h.cambio
                  ? `Reemplazó: ${h.documentos.map(labelDe).join(', ')}`
                  : `Documentos observados: ${h.documentos.map(labelDe).join(', ')}`}
              </Text>
            ) : null}
          </chakra.li>
        ))}
      </chakra.ol>
    </Seccion>
  );
}

/** In place of the data and documents of an application whose personal data were deleted. */
export function AvisoSupresion({ suprimidaEn }: { suprimidaEn: string }) {
  return (
    <Box role="note" bg="gray.50" borderWidth="1px" borderColor="gray.300" rounded="md" px="4" py="3" mt="4">
      {`Los datos personales de esta solicitud fueron suprimidos el ${fechaDiaArgentina(suprimidaEn)} (Ley 25.326).`}
    </Box>
  );
}
