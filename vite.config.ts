import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA. `npm run dev` proxies the API to a server started with `npm run dev:server`.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080', '/healthz': 'http://127.0.0.1:8080' },
  },
});
