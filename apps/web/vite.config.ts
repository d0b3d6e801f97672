import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/size.mjs reads it to add up what each screen loads.
    manifest: true,
    rolldownOptions: {
      // Needed to fold small chunks into the chunks that use them (below): the entry may then be
      // split, which nothing relies on (the page loads it through index.html, never by its exports).
      preserveEntrySignatures: false,
      output: {
        // React changes less often than the app: its own chunk stays cached across releases. Other
        // libraries follow the screens that import them (a catch-all vendor group would put the
        // editor, the date picker and the charts on the login page).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            // What the entry imports (the login page among it) stays in one chunk: left to the
            // bundler, each module the entry shares with a lazy screen (Mantine's inputs, the API
            // client) was a chunk of its own, a request more for every screen.
            { name: 'web', tags: ['$initial'], priority: 1 },
          ],
          // Each small shared piece (a Mantine component used by a few screens, a query key file)
          // was a chunk of its own: /login took 25 files and /leads 105, each a request with a
          // kilobyte of headers and compressed on its own. A common chunk under 16 KB of source is
          // copied into the chunks that import it instead; lazy routes stay lazy. Execution order
          // across chunks is then kept by rolldown (strictExecutionOrder, turned on with it).
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
  preview: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
