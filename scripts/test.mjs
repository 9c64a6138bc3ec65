#!/usr/bin/env node
// `npm test`: makes sure Debian's Chromium is there for the browser suites (installing it when
// missing and we are root), then runs every Vitest project. Extra arguments go to Vitest.
import { spawnSync } from 'node:child_process';
import { asegurarChromium } from './chromium.mjs';

asegurarChromium();
const r = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
