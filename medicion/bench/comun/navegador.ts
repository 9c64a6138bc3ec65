// Debian's Chromium through playwright-core, with the flags this machine needs.
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM } from '../../../scripts/chromium.mjs';

export { CHROMIUM };
export const FLAGS_CHROMIUM = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export function abrirChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS_CHROMIUM });
}
