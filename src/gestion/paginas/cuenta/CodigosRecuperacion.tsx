// "Códigos de recuperación" on Mi cuenta (producto §16), only with a second factor: how many are
// left and "Generar códigos", which says first that the older ones stop working and asks "Tu
// contraseña". The 10 new codes are shown here once — the server keeps only their hashes — with
// "Copiar" and "Descargar" to keep them, until "Ya los guardé" or leaving the page.
import { Box, Button, HStack, Text, chakra } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { CANTIDAD_CODIGOS_RECUPERACION, TEXTOS_CUENTAS } from '../../../../domain/cuentas.js';
import { DialogoTuContrasena } from '../../componentes/DialogoTuContrasena.js';
import { CLAVE_MI_CUENTA, generarCodigosRecuperacion } from './api.js';

function quedan(restantes: number): string {
  if (restantes === 0) return 'No tenés códigos de recuperación sin usar.';
  if (restantes === 1) return 'Te queda 1 código sin usar.';
  return `Te quedan ${restantes} códigos sin usar.`;
}

/** A plain-text file of the codes (nothing leaves the browser). */
function descargar(usuario: string, codigos: string[]): void {
  const texto = [
    `Códigos de recuperación de ${usuario} — Gestión de prestadores`,
    'Cada uno sirve una sola vez, en «Código de verificación».',
    '',
    ...codigos,
    '',
  ].join('\n');
  const url = URL.createObjectURL(new Blob([texto], { type: 'text/plain;charset=utf-8' }));
  const enlace = document.createElement('a');
  enlace.href = url;
  enlace.download = `codigos-recuperacion-${usuario}.txt`;
  document.body.append(enlace);
  enlace.click();
  enlace.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function CodigosRecuperacion({ usuario, restantes }: { usuario: string; restantes: number }) {
  const clienteConsultas = useQueryClient();
  const [abierto, setAbierto] = useState(false);
  const [aperturas, setAperturas] = useState(0);
  const [codigos, setCodigos] = useState<string[] | null>(null);
  const [copiados, setCopiados] = useState<string>('');
  const refBoton = useRef<HTMLButtonElement>(null);
  const refCodigos = useRef<HTMLDivElement>(null);
  // After generating, the dialog hands the focus to the codes; on "Cancelar", back to the button.
  const focoAlCerrar = useRef<'boton' | 'codigos'>('boton');

  const generar = useMutation({
    mutationFn: generarCodigosRecuperacion,
    onSuccess: (nuevos) => {
      focoAlCerrar.current = 'codigos';
      setCodigos(nuevos);
      setCopiados('');
      setAbierto(false);
      void clienteConsultas.invalidateQueries({ queryKey: CLAVE_MI_CUENTA });
    },
  });

  const copiar = async (lista: string[]) => {
    try {
      await navigator.clipboard.writeText(lista.join('\n'));
      setCopiados('Códigos copiados.');
    } catch {
      setCopiados('No se pudieron copiar: seleccionalos y copialos a mano, o descargalos.');
    }
  };

  return (
    <>
      <Text mb="2">
        Sirven para ingresar si no tenés tu teléfono: escribí uno en «Código de verificación», en lugar del
        código de tu aplicación. Cada uno sirve una sola vez.
      </Text>
      <Text mb="3" fontWeight="medium">
        {quedan(restantes)}
      </Text>
      <Box ref={refCodigos} tabIndex={-1} outline="none">
        {codigos ? (
          <Box borderWidth="1px" borderColor="blue.300" bg="blue.50" rounded="md" px="4" py="3" mb="3">
            <Text id="codigos-nuevos-aviso" fontWeight="semibold" mb="2">
              {TEXTOS_CUENTAS.codigosNuevos}
            </Text>
            <chakra.ol
              aria-labelledby="codigos-nuevos-aviso"
              listStylePosition="inside"
              fontFamily="mono"
              fontSize="md"
              columns={{ base: 1, sm: 2 }}
              mb="3"
            >
              {codigos.map((codigo) => (
                <li key={codigo}>
                  <chakra.code data-codigo-recuperacion bg="transparent">
                    {codigo}
                  </chakra.code>
                </li>
              ))}
            </chakra.ol>
            <HStack gap="3" wrap="wrap">
              {typeof navigator !== 'undefined' && navigator.clipboard ? (
                <Button size="sm" variant="outline" onClick={() => void copiar(codigos)}>
                  Copiar
                </Button>
              ) : null}
              <Button size="sm" variant="outline" onClick={() => descargar(usuario, codigos)}>
                Descargar
              </Button>
              <Button
                size="sm"
                colorPalette="blue"
                onClick={() => {
                  setCodigos(null);
                  refBoton.current?.focus();
                }}
              >
                Ya los guardé
              </Button>
            </HStack>
            <Text role="status" fontSize="sm" mt="2" minH="5">
              {copiados}
            </Text>
          </Box>
        ) : null}
      </Box>
      <Button
        ref={refBoton}
        colorPalette="blue"
        variant="outline"
        onClick={() => {
          generar.reset();
          focoAlCerrar.current = 'boton';
          setAperturas((n) => n + 1);
          setAbierto(true);
        }}
      >
        Generar códigos
      </Button>
      <DialogoTuContrasena
        key={aperturas}
        abierto={abierto}
        yo={usuario}
        titulo="Generar códigos de recuperación"
        descripcion={`Se generan ${CANTIDAD_CODIGOS_RECUPERACION} códigos nuevos, que se muestran una sola vez. Los códigos anteriores dejan de servir, aunque no los hayas usado. Para confirmar, ingresá tu contraseña.`}
        textoEnviar="Generar códigos"
        colorPalette="blue"
        borrarAlEscribir={false}
        enviando={generar.isPending}
        error={generar.error}
        onConfirmar={(contrasena) => generar.mutate(contrasena)}
        onCerrar={() => setAbierto(false)}
        focoFinal={() => (focoAlCerrar.current === 'codigos' ? refCodigos.current : refBoton.current)}
      />
    </>
  );
}
