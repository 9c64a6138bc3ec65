// The birth-date calendar (react-datepicker, es-AR): opens on the years around 2000, then the
// months of the chosen year, then its days — the way a birth date is picked quickly. Keyboard:
// arrows move, Enter picks, Escape closes; the focus goes into the calendar on each view.
import { Box } from '@chakra-ui/react';
import { es } from 'date-fns/locale/es';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import DatePicker, { registerLocale } from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { FECHA_MINIMA, fechaLocal } from '../../../domain/index.js';

registerLocale('es-AR', es);

type Vista = 'anios' | 'meses' | 'dias';

export interface CalendarioProps {
  id: string;
  /** The date picked so far (local midnight), if any. */
  seleccionada: Date | null;
  onElegir: (fecha: Date) => void;
  onCerrar: () => void;
}

const ENFOCABLE =
  '.react-datepicker__year-text[tabindex="0"], .react-datepicker__month-text[tabindex="0"], .react-datepicker__day[tabindex="0"]';

export default function Calendario({ id, seleccionada, onElegir, onCerrar }: CalendarioProps) {
  const [vista, setVista] = useState<Vista>('anios');
  const [referencia, setReferencia] = useState<Date>(() => seleccionada ?? new Date(2000, 0, 1));
  const contenedor = useRef<HTMLDivElement>(null);

  // Each view starts with the focus on its current item, so the keyboard works right away.
  useEffect(() => {
    const raiz = contenedor.current;
    // The library labels its grid "Choose Date" in English only.
    raiz?.querySelector('.react-datepicker')?.setAttribute('aria-label', 'Calendario');
    const id = requestAnimationFrame(() => raiz?.querySelector<HTMLElement>(ENFOCABLE)?.focus());
    return () => cancelAnimationFrame(id);
  }, [vista]);

  const alTeclear = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCerrar();
      return;
    }
    if (e.key !== 'Enter' && e.key !== ' ') return;
    // In the year and month views the library moves with the arrows but Enter picks nothing.
    const objetivo = e.target as HTMLElement;
    if (objetivo.classList.contains('react-datepicker__year-text')) {
      e.preventDefault();
      setReferencia(new Date(Number(objetivo.textContent), referencia.getMonth(), 1));
      setVista('meses');
    } else if (objetivo.classList.contains('react-datepicker__month-text')) {
      const mes = /react-datepicker__month-(\d+)/.exec(objetivo.className)?.[1];
      if (mes === undefined) return;
      e.preventDefault();
      setReferencia(new Date(referencia.getFullYear(), Number(mes), 1));
      setVista('dias');
    }
  };

  const comun = {
    inline: true,
    locale: 'es-AR',
    minDate: fechaLocal(FECHA_MINIMA)!,
    maxDate: new Date(),
    // Opened on the reference (the year, then month, being chosen), not on an older pick.
    selected: null,
    openToDate: referencia,
    chooseDayAriaLabelPrefix: 'Elegir el',
    disabledDayAriaLabelPrefix: 'No disponible:',
    monthAriaLabelPrefix: 'Mes',
    previousMonthAriaLabel: 'Mes anterior',
    nextMonthAriaLabel: 'Mes siguiente',
    previousYearAriaLabel: 'Años anteriores',
    nextYearAriaLabel: 'Años siguientes',
  } as const;

  return (
    <Box
      id={id}
      ref={contenedor}
      role="dialog"
      aria-label="Calendario de fecha de nacimiento"
      onKeyDown={alTeclear}
      position="absolute"
      zIndex="popover"
      top="100%"
      left="0"
      mt="1"
      bg="white"
      shadow="lg"
      rounded="md"
      maxW="calc(100vw - 1.5rem)"
    >
      {vista === 'anios' ? (
        <DatePicker
          key="anios"
          {...comun}
          showYearPicker
          yearItemNumber={12}
          onChange={(fecha: Date | null) => {
            if (!fecha) return;
            setReferencia(fecha);
            setVista('meses');
          }}
        />
      ) : vista === 'meses' ? (
        <DatePicker
          key="meses"
          {...comun}
          showMonthYearPicker
          onChange={(fecha: Date | null) => {
            if (!fecha) return;
            setReferencia(fecha);
            setVista('dias');
          }}
        />
      ) : (
        <DatePicker
          key="dias"
          {...comun}
          selected={
            seleccionada &&
            seleccionada.getFullYear() === referencia.getFullYear() &&
            seleccionada.getMonth() === referencia.getMonth()
              ? seleccionada
              : null
          }
          onChange={(fecha: Date | null) => {
            if (fecha) onElegir(fecha);
          }}
        />
      )}
    </Box>
  );
}
