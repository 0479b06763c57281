import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app lives in web/; the server serves the build from dist/web (or WEB_OUT_DIR for test runs).
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: process.env.WEB_OUT_DIR ?? '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // Placeholders in index.html (%TITLE% etc.) are filled in by the server.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
