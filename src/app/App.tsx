// The routes of producto §2: / and any unknown path → /inicio; /stepper loads the form lazily.
// /gestion is the back-office (producto §9): its own frame and its own lazy chunk, so applicant
// pages never download its code.
import { Box, Spinner } from '@chakra-ui/react';
import { Suspense, lazy } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Completado } from '../paginas/completado/Completado.js';
import { Inicio } from '../paginas/inicio/Inicio.js';
import { CargandoStepper } from '../stepper/CargandoStepper.js';
import { Layout } from '../ui/layout/index.js';
import { Proveedores } from './Proveedores.js';
import { StepperDiferido } from './stepper-diferido.js';

const GestionDiferida = lazy(() => import('../gestion/Gestion.js'));

function CargandoGestion() {
  return (
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
      <Switch>
        <Route path="/gestion" nest>
          <Suspense fallback={<CargandoGestion />}>
            <GestionDiferida />
          </Suspense>
        </Route>
        <Route>
          <Layout>
            <Switch>
              <Route path="/inicio" component={Inicio} />
              <Route path="/stepper">
                <Suspense fallback={<CargandoStepper />}>
                  <StepperDiferido />
                </Suspense>
              </Route>
              <Route path="/completado" component={Completado} />
              <Route>
                <Redirect to="/inicio" replace />
              </Route>
            </Switch>
          </Layout>
        </Route>
      </Switch>
    </Proveedores>
  );
}
