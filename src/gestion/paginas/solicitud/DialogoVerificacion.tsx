// The dialog of "Verificar en la fuente" (producto §17) for one document: "Fuente" (the catalogue of
// domain/verificacion-fuente.ts), "Fecha de la verificación" (a date field as "Vigencia hasta" has, today
// at first, never after today), "Nota" and "Evidencia (opcional)", a file checked as step 2 checks
// a document before sending it. Formik holds the fields, judged with the rule the server judges
// them by (esquemaVerificacion); the server's refusal of a field (the evidence's type or size, a
// date) lands on that field, any other on the dialog's alert. Who verifies is the signed-in
// account: the server takes it from the session.
import { Input, NativeSelect, Textarea } from '@chakra-ui/react';
import { useId, useRef, useState } from 'react';
import { ACCEPT_DOCUMENTOS } from '../../../../domain/documentos.js';
import type { DocumentoDetalle } from '../../../../domain/gestion.js';
import {
  FUENTES_VERIFICACION,
  LARGO_MAXIMO_NOTA_VERIFICACION,
  TEXTOS_VERIFICACION,
  esquemaVerificacion,
  hoyArgentino,
} from '../../../../domain/verificacion-fuente.js';
import { Campo } from '../../../ui/campo/index.js';
import { DialogoConFormulario } from '../../componentes/DialogoConFormulario.js';
import { useFormularioDeDialogo, type PropsDeDialogo } from '../../componentes/useFormularioDeDialogo.js';
import type { PedidoVerificacion } from './verificacion-api.js';

export interface DialogoVerificacionProps extends PropsDeDialogo {
  documento: DocumentoDetalle;
  onConfirmar: (pedido: PedidoVerificacion) => void;
}

export function DialogoVerificacion(p: DialogoVerificacionProps) {
  const id = useId();
  const hoy = hoyArgentino();
  const [archivo, setArchivo] = useState<File | null>(null);
  const refs = {
    fuente: useRef<HTMLSelectElement>(null),
    fecha: useRef<HTMLInputElement>(null),
    nota: useRef<HTMLTextAreaElement>(null),
    evidencia: useRef<HTMLInputElement>(null),
  };
  const { campo, dialogo } = useFormularioDeDialogo(p, {
    esquema: esquemaVerificacion,
    valoresIniciales: { fuente: '', fecha: hoy, nota: '', evidencia: '' },
    refs,
    // A half-typed date reads as '' in a date field: it is said so, not sent as empty.
    contexto: () => ({
      hoy: hoyArgentino(),
      ilegible: refs.fecha.current?.validity.badInput === true,
      ...(archivo ? { archivo: { nombre: archivo.name, bytes: archivo.size } } : {}),
    }),
    alEnviar: (valores) => {
      const { fuente, fecha, nota } = esquemaVerificacion.cast(valores);
      p.onConfirmar({ fuente, fecha, nota: nota ?? '', evidencia: archivo });
    },
  });
  const fuente = campo('fuente');
  const fecha = campo('fecha');
  const nota = campo('nota');
  const evidencia = campo('evidencia');

  return (
    <DialogoConFormulario
      {...dialogo}
      titulo={TEXTOS_VERIFICACION.titulo(p.documento.label)}
      descripcion={TEXTOS_VERIFICACION.descripcion}
      focoInicial={() => refs.fuente.current}
      enviar={{ texto: TEXTOS_VERIFICACION.guardar, colorPalette: 'blue' }}
    >
      <Campo id={`${id}-fuente`} etiqueta={TEXTOS_VERIFICACION.fuente} requerido error={fuente.error}>
        {(aria) => (
          <NativeSelect.Root>
            <NativeSelect.Field
              {...aria}
              ref={refs.fuente}
              value={fuente.valor}
              onChange={(e) => fuente.alCambiar(e.target.value)}
            >
              <option value="">{TEXTOS_VERIFICACION.elegirFuente}</option>
              {FUENTES_VERIFICACION.map((f) => (
                <option key={f.clave} value={f.clave}>
                  {f.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
      </Campo>
      <Campo id={`${id}-fecha`} etiqueta={TEXTOS_VERIFICACION.fecha} requerido error={fecha.error}>
        {(aria) => (
          <Input
            {...aria}
            ref={refs.fecha}
            type="date"
            width="auto"
            max={hoy}
            value={fecha.valor}
            onChange={(e) => fecha.alCambiar(e.target.value)}
          />
        )}
      </Campo>
      <Campo id={`${id}-nota`} etiqueta={TEXTOS_VERIFICACION.nota} error={nota.error}>
        {(aria) => (
          <Textarea
            {...aria}
            ref={refs.nota}
            rows={3}
            maxLength={LARGO_MAXIMO_NOTA_VERIFICACION}
            value={nota.valor}
            onChange={(e) => nota.alCambiar(e.target.value)}
          />
        )}
      </Campo>
      <Campo
        id={`${id}-evidencia`}
        etiqueta={TEXTOS_VERIFICACION.evidencia}
        ayuda={TEXTOS_VERIFICACION.ayudaEvidencia}
        error={evidencia.error}
      >
        {(aria) => (
          <Input
            {...aria}
            ref={refs.evidencia}
            type="file"
            accept={ACCEPT_DOCUMENTOS}
            py="1.5"
            onChange={(e) => {
              const elegido = e.target.files?.[0] ?? null;
              setArchivo(elegido);
              evidencia.alCambiar(elegido?.name ?? '');
            }}
          />
        )}
      </Campo>
    </DialogoConFormulario>
  );
}
