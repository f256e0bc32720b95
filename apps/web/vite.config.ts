import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
          ],
        },
      },
    },
  },
});
