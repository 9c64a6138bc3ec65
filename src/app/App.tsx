// The routes of producto §2: / and any unknown path → /inicio; /stepper loads the form lazily;
// every route change starts at the top of the page (producto §12).
// /gestion is the back-office (producto §9): its own frame and its own lazy chunk, so applicant
// pages never download its code. /estado, /verificar/<token> and /corregir/<token> are the
// applicant's pages after sending (producto §11); /recredencializar/<token> starts the form from an
// approved application and /confirmar/<token> is the yearly re-attestation (producto §17).
import { Box, Spinner } from '@chakra-ui/react';
import { Suspense, lazy, useEffect, useLayoutEffect, useRef } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { Inicio } from '../paginas/inicio/Inicio.js';
import { CargandoStepper } from '../stepper/CargandoStepper.js';
import { Layout } from '../ui/layout/index.js';
import { desplazamientoManual, irAlPrincipio } from './desplazamiento.js';
import { Proveedores } from './Proveedores.js';
import { StepperDiferido } from './stepper-diferido.js';

const GestionDiferida = lazy(() => import('../gestion/Gestion.js'));
// After sending (producto §11): pages few applicants open, each its own chunk; /completado too,
// opened once per application, so the landing does not carry it.
const CompletadoDiferido = lazy(() =>
  import('../paginas/completado/Completado.js').then((m) => ({ default: m.Completado })),
);
const EstadoDiferido = lazy(() => import('../paginas/estado/Estado.js'));
const VerificarDiferido = lazy(() => import('../paginas/verificar/Verificar.js'));
const CorregirDiferido = lazy(() => import('../paginas/corregir/Corregir.js'));
// Re-credentialing (producto §17): its code — the chart's input, the draft store — only on its route.
const RecredencializarDiferido = lazy(() => import('../paginas/recredencializar/Recredencializar.js'));
// Re-attestation (producto §17): opened once a year by each provider.
const ConfirmarDiferido = lazy(() => import('../paginas/confirmar/Confirmar.js'));

function CargandoPagina() {
  return (
    <Box role="status" py="8" display="flex" justifyContent="center">
      <Spinner size="lg" />
      <Box as="span" srOnly>
        Cargando…
      </Box>
    </Box>
  );
}

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

/**
 * Every route change starts at the top of the page (producto §12). Not on the first render: the
 * prerendered landing may have been scrolled before the app hydrated it.
 */
function AlPrincipioAlCambiarDeRuta() {
  const [ruta] = useLocation();
  const anterior = useRef(ruta);
  useEffect(() => {
    desplazamientoManual();
  }, []);
  // Before the new page paints, so it never shows at the old position.
  useLayoutEffect(() => {
    if (anterior.current !== ruta) irAlPrincipio();
    anterior.current = ruta;
  }, [ruta]);
  return null;
}

export function App() {
  return (
    <Proveedores>
      <AlPrincipioAlCambiarDeRuta />
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
              <Route path="/completado">
                <Suspense fallback={<CargandoPagina />}>
                  <CompletadoDiferido />
                </Suspense>
              </Route>
              <Route path="/estado">
                <Suspense fallback={<CargandoPagina />}>
                  <EstadoDiferido />
                </Suspense>
              </Route>
              <Route path="/verificar/:token">
                {({ token }) => (
                  <Suspense fallback={<CargandoPagina />}>
                    <VerificarDiferido token={token} />
                  </Suspense>
                )}
              </Route>
              <Route path="/corregir/:token">
                {({ token }) => (
                  <Suspense fallback={<CargandoPagina />}>
                    <CorregirDiferido token={token} />
                  </Suspense>
                )}
              </Route>
              <Route path="/recredencializar/:token">
                {({ token }) => (
                  <Suspense fallback={<CargandoPagina />}>
                    <RecredencializarDiferido token={token} />
                  </Suspense>
                )}
              </Route>
              <Route path="/confirmar/:token">
                {({ token }) => (
                  <Suspense fallback={<CargandoPagina />}>
                    <ConfirmarDiferido token={token} />
                  </Suspense>
                )}
              </Route>
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
