// The back-office (producto §9), mounted at /gestion and loaded only there (its own lazy chunk:
// applicant pages never download it). Its routes are relative to /gestion; every page but the
// sign-in needs a session. The pages are kept out of search engines (noindex; the server also
// sends X-Robots-Tag).
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { MarcoConSesion, MarcoSinSesion } from './componentes/Marco.js';
import { crearClienteDeConsultas } from './consultas.js';
import { Auditoria } from './paginas/Auditoria.js';
import { Bandeja } from './paginas/Bandeja.js';
import { Cuenta } from './paginas/Cuenta.js';
import { DatosPersonales } from './paginas/DatosPersonales.js';
import { Ingresar } from './paginas/Ingresar.js';
import { Solicitud } from './paginas/solicitud/Solicitud.js';
import { Tablero } from './paginas/Tablero.js';
import { ConSesion } from './sesion.js';

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
            <Ingresar />
          </MarcoSinSesion>
        </Route>
        <Route>
          <ConSesion>
            <MarcoConSesion>
              <Switch>
                <Route path="/" component={Bandeja} />
                <Route path="/tablero" component={Tablero} />
                <Route path="/solicitudes/:numero" component={Solicitud} />
                <Route path="/auditoria" component={Auditoria} />
                <Route path="/datos-personales" component={DatosPersonales} />
                <Route path="/cuenta" component={Cuenta} />
                <Route>
                  <Redirect to="/" replace />
                </Route>
              </Switch>
            </MarcoConSesion>
          </ConSesion>
        </Route>
      </Switch>
    </QueryClientProvider>
  );
}
