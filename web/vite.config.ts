import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';

export default defineConfig({
  root: import.meta.dirname,
  envDir: path.resolve(import.meta.dirname, '..'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '~shared': path.resolve(import.meta.dirname, '..', 'shared') } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: { host: '127.0.0.1', port: Number(process.env.WEB_PORT || 3000), strictPort: true },
  preview: { host: '127.0.0.1', port: Number(process.env.WEB_PORT || 3000), strictPort: true },
});
