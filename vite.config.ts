// Builds the SMART app: two entry pages, launch.html (authorize) and index.html (ready + patient view).
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src',
  base: './',
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, 'dist/app'),
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: {
        launch: resolve(import.meta.dirname, 'src/launch.html'),
        index: resolve(import.meta.dirname, 'src/index.html'),
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/sandbox': 'http://localhost:8080',
    },
  },
});
