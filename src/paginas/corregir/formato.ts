// The deadline as the applicant reads it: "lunes 7 de diciembre de 2026". `plazo` is a calendar
// day (YYYY-MM-DD), formatted as such (at UTC), whatever the browser's time zone.
const FORMATO = new Intl.DateTimeFormat('es-AR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const fechaLarga = (plazo: string): string => FORMATO.format(new Date(`${plazo}T00:00:00Z`)).replace(',', '');

export const textoPlazo = (plazo: string): string => `Tenés tiempo hasta el ${fechaLarga(plazo)}.`;
