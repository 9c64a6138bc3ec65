// Renders a component inside the app's providers, with a user-event instance.
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Proveedores } from '../../src/app/Proveedores.js';

export function renderizar(ui: ReactElement, opciones?: RenderOptions) {
  const user = userEvent.setup({ delay: null });
  return { user, ...render(ui, { wrapper: Proveedores, ...opciones }) };
}
