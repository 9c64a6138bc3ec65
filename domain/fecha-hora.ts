// An instant as Argentina writes it, "25/11/2026 14:05", in Argentina's time whatever the zone of
// the server or the browser: the receipt, the verification and status pages and the CSV agree.
// (Birth dates are calendar days with no time: domain/fecha.ts.)

/** Days and hours are Argentina's (UTC−3, no daylight saving since 2009). */
export const ZONA_ARGENTINA = 'America/Argentina/Buenos_Aires';

/**
 * A formatter made the first time it is used. Making one loads the locale's and the zone's data:
 * about 160 ms of a throttled phone's start-up when done as the module loads (Lighthouse, /inicio),
 * on pages that format no date at all.
 */
export function formatoAlUsarlo(opciones: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let formato: Intl.DateTimeFormat | undefined;
  return () => (formato ??= new Intl.DateTimeFormat('es-AR', opciones));
}

const formato = formatoAlUsarlo({
  timeZone: ZONA_ARGENTINA,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  // The 24-hour clock Argentina writes (the locale data alone gives "02:05 p. m." in some builds).
  hourCycle: 'h23',
});

export type PartesFecha = Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;

/** Year, month, day, hour and minute of `fecha` on Argentina's clock, zero-padded. */
export function partesArgentinas(fecha: Date): PartesFecha {
  const p = Object.fromEntries(
    formato()
      .formatToParts(fecha)
      .map((x) => [x.type, x.value]),
  );
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute! };
}

/** An instant (ISO 8601) as "dd/mm/aaaa hh:mm", Argentina's time; what it cannot read, as given. */
export function fechaHoraArgentina(iso: string): string {
  const fecha = new Date(iso);
  if (Number.isNaN(fecha.getTime())) return iso;
  const p = partesArgentinas(fecha);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** An instant (ISO 8601) as its day in Argentina, "dd/mm/aaaa"; what it cannot read, as given. */
export function fechaDiaArgentina(iso: string): string {
  const fecha = new Date(iso);
  if (Number.isNaN(fecha.getTime())) return iso;
  const p = partesArgentinas(fecha);
  return `${p.day}/${p.month}/${p.year}`;
}
