// The back-office (producto §9), mounted at /gestion and loaded only there (its own lazy chunk:
// applicant pages never download it). Its routes are relative to /gestion; every page but the
// sign-in and a password's pages (producto §16: "¿Olvidaste tu contraseña?", the link's page)
// needs a session. The pages are kept out of search engines (noindex; the server also
// sends X-Robots-Tag).
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Cargando } from './componentes/Avisos.js';
import { MarcoConSesion, MarcoSinSesion } from './componentes/Marco.js';
import { crearClienteDeConsultas } from './consultas.js';
import { ConSesion } from './sesion.js';

// Each page is a chunk of its own, loaded when it is first shown: signing in lands on the
// Tablero, which then downloads neither the inbox's nor an application's code (their dialogs,
// selection and forms); docs/quality.md measures the back-office's JavaScript up to there.
const Ingresar = lazy(() => import('./paginas/Ingresar.js').then((m) => ({ default: m.Ingresar })));
const Tablero = lazy(() => import('./paginas/Tablero.js').then((m) => ({ default: m.Tablero })));
const Bandeja = lazy(() => import('./paginas/Bandeja.js').then((m) => ({ default: m.Bandeja })));
const Solicitud = lazy(() =>
  import('./paginas/solicitud/Solicitud.js').then((m) => ({ default: m.Solicitud })),
);
const Auditoria = lazy(() => import('./paginas/Auditoria.js').then((m) => ({ default: m.Auditoria })));
const DatosPersonales = lazy(() =>
  import('./paginas/DatosPersonales.js').then((m) => ({ default: m.DatosPersonales })),
);
const Cuenta = lazy(() => import('./paginas/Cuenta.js').then((m) => ({ default: m.Cuenta })));
// In producto §16: the accounts (administrador), and the two pages of a forgotten or new password.
const Personal = lazy(() => import('./paginas/Personal.js').then((m) => ({ default: m.Personal })));
const Olvido = lazy(() => import('./paginas/Olvido.js').then((m) => ({ default: m.Olvido })));
const ElegirContrasena = lazy(() =>
  import('./paginas/ElegirContrasena.js').then((m) => ({ default: m.ElegirContrasena })),
);

/** While a page's chunk arrives: a status a screen reader announces. */
const ConCarga = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Cargando texto="Cargando…" />}>{children}</Suspense>
);

function useNoIndexar() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

export default function Gestion() {
  const [clienteConsultas] = useState(crearClienteDeConsultas);
  useNoIndexar();
  return (
    <QueryClientProvider client={clienteConsultas}>
      <Switch>
        <Route path="/ingresar">
          <MarcoSinSesion>
            <ConCarga>
              <Ingresar />
            </ConCarga>
          </MarcoSinSesion>
        </Route>
        <Route path="/olvido">
          <MarcoSinSesion>
            <ConCarga>
              <Olvido />
            </ConCarga>
          </MarcoSinSesion>
        </Route>
        <Route path="/contrasena">
          <MarcoSinSesion>
            <ConCarga>
              <ElegirContrasena />
            </ConCarga>
          </MarcoSinSesion>
        </Route>
        <Route>
          <ConSesion>
            <MarcoConSesion>
              <ConCarga>
                <Switch>
                  <Route path="/" component={Bandeja} />
                  <Route path="/tablero" component={Tablero} />
                  <Route path="/solicitudes/:numero" component={Solicitud} />
                  <Route path="/auditoria" component={Auditoria} />
                  <Route path="/datos-personales" component={DatosPersonales} />
                  <Route path="/cuenta" component={Cuenta} />
                  <Route path="/personal" component={Personal} />
                  <Route>
                    <Redirect to="/" replace />
                  </Route>
                </Switch>
              </ConCarga>
            </MarcoConSesion>
          </ConSesion>
        </Route>
      </Switch>
    </QueryClientProvider>
  );
}
