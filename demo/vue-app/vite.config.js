// The Vue app's own build, as in a project of its own: relative asset paths, so dist/ can
// be served from any folder.
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({ root: import.meta.dirname, base: './', plugins: [vue()], build: { outDir: 'dist', emptyOutDir: true } });
