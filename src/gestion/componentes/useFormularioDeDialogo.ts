// The Formik form inside a back-office dialog that asks before acting (Personal's, Mi cuenta's "Tu
// contraseña"): the shared rule judges the values when the form is sent (not as the person types),
// a message takes the focus to its field, the server's refusal lands on the field it names or on
// the dialog's alert (errorDelServidor.ts), and nothing is sent twice while the server answers.
// It answers, besides the form, what each field needs of it (`campo`) and what DialogoConFormulario
// needs from the page and from the form (`dialogo`).
import { useFormik } from 'formik';
import type { RefObject } from 'react';
import type { AnyObject } from 'yup';
import type { EsquemaDeFormulario } from '../../../domain/formularios.js';
import { enviarConFoco, validarCon } from '../../ui/formulario/index.js';
import { useErrorDelServidor } from './errorDelServidor.js';

/** What the page hands each of its dialogs. */
export interface PropsDeDialogo {
  abierto: boolean;
  enviando: boolean;
  /** The server's last refusal, or null. */
  error: unknown;
  onCerrar: () => void;
  focoFinal: () => HTMLElement | null;
}

export function useFormularioDeDialogo<
  V extends Record<string, string>,
  R extends { [K in keyof V & string]: RefObject<HTMLElement | null> },
>(
  p: PropsDeDialogo,
  o: {
    esquema: EsquemaDeFormulario;
    valoresIniciales: V;
    /** Every field's element, in their order on screen: the focus goes to the first with a message. */
    refs: R;
    /** Fields emptied when the server refuses them (passwords). */
    vaciar?: readonly (keyof V & string)[];
    /** Whether typing takes a field's message away; false keeps it until the next submit. */
    borrarAlEscribir?: boolean | undefined;
    /** What the rule needs beyond the values, read at each validation (today, the file chosen). */
    contexto?: ((valores: V) => AnyObject) | undefined;
    alEnviar: (valores: V) => void;
  },
) {
  const validar = validarCon<V>(o.esquema, o.contexto);
  const formulario = useFormik<V>({
    initialValues: o.valoresIniciales,
    validate: validar,
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: (valores) => {
      if (!p.enviando) o.alEnviar(valores);
    },
  });
  const orden = Object.keys(o.refs) as (keyof V & string)[];
  const enviar = enviarConFoco(formulario, orden, (campo) => o.refs[campo].current?.focus(), validar);
  const alerta = useErrorDelServidor(formulario, p.error, o.refs, o.vaciar);
  const cambiar = (campo: keyof V & string) => (valor: string) => {
    void formulario.setFieldValue(campo, valor, false);
    if (o.borrarAlEscribir !== false) formulario.setFieldError(campo, undefined);
  };

  /** A field's props bound to the form: its element, its value, its message, what typing does. */
  const campo = <K extends keyof V & string>(nombre: K) => ({
    entrada: o.refs[nombre],
    valor: formulario.values[nombre],
    error: formulario.errors[nombre] as string | undefined,
    alCambiar: cambiar(nombre),
  });

  return {
    formulario,
    campo,
    /** DialogoConFormulario's props that are not the dialog's own words. */
    dialogo: {
      abierto: p.abierto,
      error: alerta,
      focoFinal: p.focoFinal,
      onCerrar: p.onCerrar,
      onEnviar: () => enviar(),
      enviando: p.enviando,
    },
  };
}
