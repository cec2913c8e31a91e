import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { sourceDependencies } from './scripts/sourceDependencies.ts';
import { buildTimeCsp } from './contract/buildCsp.ts';

// The reference backend listens here in development; `npm start` runs both in one process.
const backendUrl = process.env.BACKEND_URL ?? 'http://127.0.0.1:3001';

/**
 * The built index.html carries the CSP as a <meta> tag, for hosts other than the reference backend
 * (which also sends it as a header, with frame-ancestors). Build only: the dev server's React refresh
 * preamble is an inline script that script-src 'self' would block.
 */
function cspMeta(csp: string): Plugin {
  return {
    name: 'csp-meta',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: csp }, injectTo: 'head-prepend' }],
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    cspMeta(buildTimeCsp(loadEnv(mode, process.cwd(), 'VITE_'))),
    // Brotli and gzip copies beside each file, made once at build time: the reference backend serves them to
    // browsers that accept them (preCompressed), so no request pays for compression and the login route's
    // ~200 kB budget (gzip) is what actually travels.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backendUrl, changeOrigin: false },
      '/auth': { target: backendUrl, changeOrigin: false },
    },
  },
  // Every dependency the sources import, lazily loaded pages and the CSV worker included, is optimized at
  // start-up: a first visit to any page never makes the dev server re-optimize and reload it.
  optimizeDeps: { include: sourceDependencies(path.join(path.dirname(fileURLToPath(import.meta.url)), 'src')) },
  worker: { format: 'es' },
  // No source maps in the production build: the served console exposes no sources.
  build: { sourcemap: false, chunkSizeWarningLimit: 1500 },
}));
