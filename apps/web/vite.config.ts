import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localeSections } from './src/i18n/localeSectionsPlugin';

/** The API server the dev server and `vite preview` forward `/api` and `/socket.io` to. */
const API_TARGET = process.env.NEBAB_API_URL ?? 'http://localhost:3000';

const proxy = {
  '/api': { target: API_TARGET, changeOrigin: true },
  '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
};

export default defineConfig({
  // localeSections: `<locale>.json?sections=core|rest`, see src/i18n/sections.ts
  plugins: [localeSections(), react(), tailwindcss()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
  },
});
