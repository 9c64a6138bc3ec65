// /gestion/ingresar — signing in (producto §9): "Usuario", "Contraseña", "Ingresar". An account
// with a second factor is asked for "Código de verificación" and the form is sent again. The
// server's words are shown for a wrong pair, a locked account or a wrong code. Then back to the
// page the user wanted (?volver=, a back-office path only) or the inbox.
import { Button, Input, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { Campo } from '../../ui/campo/index.js';
import { ingresar, type Ingreso } from '../api.js';
import { AvisoError } from '../componentes/Avisos.js';
import { CampoCodigo } from '../componentes/CampoCodigo.js';
import { CampoContrasena } from '../componentes/CampoContrasena.js';
import { Titulo } from '../componentes/Titulo.js';
import { codigoDeError, destinoSeguro, mensajeDeError } from '../consultas.js';
import { CLAVE_SESION } from '../sesion.js';

export function Ingresar() {
  const clienteConsultas = useQueryClient();
  const [usuario, setUsuario] = useState('');
  const [contrasena, setContrasena] = useState('');
  const [codigo, setCodigo] = useState('');
  const [pideCodigo, setPideCodigo] = useState(false);
  const [ayudaCodigo, setAyudaCodigo] = useState<string | undefined>(undefined);
  const [errores, setErrores] = useState<{ usuario?: string; contrasena?: string; codigo?: string }>({});
  const [rechazo, setRechazo] = useState<string | null>(null);
  const refCodigo = useRef<HTMLInputElement>(null);
  const refAlerta = useRef<HTMLDivElement>(null);

  const ingreso = useMutation({
    mutationFn: (datos: Ingreso) => ingresar(datos),
    onSuccess: (cuenta) => {
      clienteConsultas.setQueryData(CLAVE_SESION, cuenta);
      const volver = new URLSearchParams(window.location.search).get('volver');
      // The sign-in page does not stay in the history: back does not return to it.
      navigate(destinoSeguro(volver), { replace: true });
    },
    onError: (error) => {
      if (codigoDeError(error) === 'CODIGO_REQUERIDO') {
        setPideCodigo(true);
        setAyudaCodigo(mensajeDeError(error));
        setRechazo(null);
        requestAnimationFrame(() => refCodigo.current?.focus());
        return;
      }
      if (codigoDeError(error) === 'CODIGO_INCORRECTO') setCodigo('');
      setRechazo(mensajeDeError(error, 'No se pudo ingresar. Intentá nuevamente.'));
      requestAnimationFrame(() => refAlerta.current?.focus());
    },
  });

  function enviar(e: FormEvent) {
    e.preventDefault();
    const nuevos = {
      usuario: usuario.trim() === '' ? 'Ingresá tu usuario.' : undefined,
      contrasena: contrasena === '' ? 'Ingresá tu contraseña.' : undefined,
      codigo: pideCodigo && !/^\d{6}$/.test(codigo.trim()) ? 'Escribí los 6 dígitos del código.' : undefined,
    };
    setErrores(nuevos);
    if (nuevos.usuario || nuevos.contrasena || nuevos.codigo) return;
    setRechazo(null);
    ingreso.mutate({ usuario: usuario.trim(), contrasena, ...(pideCodigo ? { codigo: codigo.trim() } : {}) });
  }

  return (
    <Stack maxW="sm" mx="auto" mt={{ base: '2', md: '8' }}>
      <Titulo>Ingresar a la gestión</Titulo>
      {rechazo ? (
        <div ref={refAlerta} tabIndex={-1} style={{ outline: 'none' }}>
          <AvisoError>{rechazo}</AvisoError>
        </div>
      ) : null}
      <form onSubmit={enviar} noValidate>
        <Stack gap="2">
          <Campo id="ingreso-usuario" etiqueta="Usuario" error={errores.usuario}>
            {(aria) => (
              <Input
                {...aria}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                autoFocus
                value={usuario}
                onChange={(e) => setUsuario(e.target.value)}
              />
            )}
          </Campo>
          <CampoContrasena
            id="ingreso-contrasena"
            error={errores.contrasena}
            valor={contrasena}
            alCambiar={setContrasena}
          />
          {pideCodigo ? (
            <CampoCodigo
              id="ingreso-codigo"
              ayuda={ayudaCodigo}
              error={errores.codigo}
              entrada={refCodigo}
              valor={codigo}
              alCambiar={setCodigo}
            />
          ) : null}
          <Button type="submit" colorPalette="blue" loading={ingreso.isPending} mt="2">
            Ingresar
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
