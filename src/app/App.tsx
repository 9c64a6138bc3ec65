// The routes of producto §2: / and any unknown path → /inicio; /stepper loads the form lazily.
import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Completado } from '../paginas/completado/Completado.js';
import { Inicio } from '../paginas/inicio/Inicio.js';
import { CargandoStepper } from '../stepper/CargandoStepper.js';
import { Layout } from '../ui/layout/index.js';
import { Proveedores } from './Proveedores.js';
import { StepperDiferido } from './stepper-diferido.js';

export function App() {
  return (
    <Proveedores>
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
    </Proveedores>
  );
}
