// The birth-date calendar (react-datepicker, es-AR): opens on the years around 2000, then the
// months of the chosen year, then its days — the way a birth date is picked quickly. Keyboard:
// arrows move, Enter picks, Escape closes; the focus goes into the calendar on each view. Cells and
// arrows are touch-sized and every name is Spanish (producto §12).
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

/** The year view's arrows move twelve years; the month view's, one. */
const SALTO_DOCE_ANIOS = {
  previousYearAriaLabel: 'Años anteriores',
  previousYearButtonLabel: 'Años anteriores',
  nextYearAriaLabel: 'Años siguientes',
  nextYearButtonLabel: 'Años siguientes',
} as const;
const SALTO_UN_ANIO = {
  previousYearAriaLabel: 'Año anterior',
  previousYearButtonLabel: 'Año anterior',
  nextYearAriaLabel: 'Año siguiente',
  nextYearButtonLabel: 'Año siguiente',
} as const;

/** Cells and arrows of at least 44 × 44 CSS px, easy to tap on a phone (producto §12). */
const TACTIL = '44px';
const CELDAS = {
  '& .react-datepicker': { fontSize: '0.95rem' },
  '& .react-datepicker__header': { minHeight: TACTIL, paddingTop: '12px' },
  '& .react-datepicker__navigation': { width: TACTIL, height: TACTIL, top: '0' },
  '& .react-datepicker__navigation--previous': { left: '0' },
  '& .react-datepicker__navigation--next': { right: '0' },
  '& .react-datepicker__month, & .react-datepicker__year': { margin: '0.25rem' },
  '& .react-datepicker__day-name, & .react-datepicker__day': {
    width: TACTIL,
    lineHeight: TACTIL,
    margin: '0',
  },
  '& .react-datepicker__day': { height: TACTIL },
  '& .react-datepicker__year-wrapper': {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, 5rem)',
    gap: '4px',
    maxWidth: 'none',
  },
  '& .react-datepicker__year .react-datepicker__year-text, & .react-datepicker__month .react-datepicker__month-text': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '5rem',
    minHeight: TACTIL,
    margin: '2px',
  },
  '& .react-datepicker__year .react-datepicker__year-text': { margin: '0' },
} as const;

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
    // The arrows' names, and the text hidden inside them (English by default, read aloud).
    previousMonthAriaLabel: 'Mes anterior',
    previousMonthButtonLabel: 'Mes anterior',
    nextMonthAriaLabel: 'Mes siguiente',
    nextMonthButtonLabel: 'Mes siguiente',
    ...(vista === 'anios' ? SALTO_DOCE_ANIOS : SALTO_UN_ANIO),
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
      css={CELDAS}
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
