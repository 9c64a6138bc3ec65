// The deadline as the applicant reads it: "Tenés tiempo hasta el lunes 7 de diciembre de 2026."
import { fechaDelPlazo } from '../../../domain/index.js';

export const textoPlazo = (plazo: string): string => `Tenés tiempo hasta el ${fechaDelPlazo(plazo)}.`;
