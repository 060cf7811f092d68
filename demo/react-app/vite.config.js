// The React app's own build, as in a project of its own: relative asset paths, so dist/
// can be served from any folder.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({ root: import.meta.dirname, base: './', plugins: [react()], build: { outDir: 'dist', emptyOutDir: true } });
