import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { earlyDataPlugin } from './vite-plugins/earlyData';

export default defineConfig({
  plugins: [react(), earlyDataPlugin()],
  resolve: {
    alias: {
      '@coderoom/domain': fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url)),
      '@coderoom/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)),
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Markdown rendering is only needed where Markdown is shown without server-rendered HTML
        // (previews, overviews); keeping it apart keeps it out of every page's first download.
        advancedChunks: {
          groups: [
            { name: 'markup', test: /node_modules[\\/]marked|packages[\\/]domain[\\/]src[\\/]markup/ },
            // What every page needs at start (React, the router, queries, the API client, contracts, the
            // session): one file instead of a handful of small ones competing for the browser's six
            // connections with the page's own data and code.
            {
              name: 'app',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zod)[\\/]|packages[\\/](contracts|domain)[\\/]src[\\/]|src[\\/]modules[\\/](api|session)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
