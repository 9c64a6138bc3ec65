// Chakra's system, built once from the app's trimmed theme (tema.ts) when the app's code loads.
import { createSystem, defaultBaseConfig } from '@chakra-ui/react';
import { tema } from './tema.js';

export const sistema = createSystem(defaultBaseConfig, tema);
