// Debian's Chromium through playwright-core, with the flags this machine needs.
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FLAGS_CHROMIUM = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export function abrirChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS_CHROMIUM });
}
