// The routes of SPEC §2: / and any unknown path → /inicio; /stepper loads the form lazily.
import { Box, Spinner } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Completado } from '../paginas/completado/Completado.js';
import { Inicio } from '../paginas/inicio/Inicio.js';
import { Layout } from '../ui/layout/index.js';
import { Proveedores } from './Proveedores.js';
import { RutaStepper } from './rutas.js';

/** What a lazily loaded route shows meanwhile; also the prerendered shell of those routes. */
export function Cargando() {
  return (
    // A full screen tall: the footer starts below the fold, so the form arriving shifts nothing.
    <Box role="status" minH="100dvh" display="flex" alignItems="center" justifyContent="center">
      <Spinner size="lg" />
      <Box as="span" srOnly>
        Cargando…
      </Box>
    </Box>
  );
}

export function App() {
  return (
    <Proveedores>
      <Layout>
        <Switch>
          <Route path="/inicio" component={Inicio} />
          <Route path="/stepper">
            <Suspense fallback={<Cargando />}>
              <RutaStepper />
            </Suspense>
          </Route>
          <Route path="/completado" component={Completado} />
          <Route>
            <Redirect to="/inicio" replace />
          </Route>
        </Switch>
      </Layout>
    </Proveedores>
  );
}
