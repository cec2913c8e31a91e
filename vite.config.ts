import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The reference backend listens here in development; `npm start` runs both in one process.
const backendUrl = process.env.BACKEND_URL ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backendUrl, changeOrigin: false },
      '/auth': { target: backendUrl, changeOrigin: false },
    },
  },
  worker: { format: 'es' },
  build: { sourcemap: true, chunkSizeWarningLimit: 1500 },
});
