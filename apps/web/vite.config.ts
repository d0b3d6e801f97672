import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Each icon's name, with the source files that import it (read as the files are transformed). */
const iconImporters = new Map<string, Set<string>>();
const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@tabler\/icons-react['"]/g;
function countIconImports(): Plugin {
  return {
    name: 'count-icon-imports',
    transform(code, id) {
      if (id.includes('node_modules')) return;
      for (const [, names = ''] of code.matchAll(ICON_IMPORT))
        for (const name of names.split(',').map((part) => part.trim().split(/\s+as\s+/)[0]))
          if (name) iconImporters.set(name, (iconImporters.get(name) ?? new Set()).add(id));
    },
  };
}
/** An icon that two source files or more import (the app imports icons through the package's index). */
const sharedIcon = (id: string) => {
  const name = /icons-react[\\/]dist[\\/]esm[\\/]icons[\\/](\w+)\.mjs$/.exec(id)?.[1];
  return name !== undefined && (iconImporters.get(name)?.size ?? 0) > 1;
};

/** Small modules many screens share: query keys, types, list labels, the confirm dialogs' events. */
const SMALL_SHARED =
  /src[\\/]features[\\/][^\\/]+[\\/](api|components)[\\/][^\\/]*(types|labels|keys)\.ts$|@mantine[\\/]modals[\\/]esm[\\/]events/;
/** The signed-in shell with the parts it shows at once (the bell, the task count, the live updates). */
const SHELL = /src[\\/](app[\\/](shell|live)|components[\\/](command-palette|notifications))[\\/]/;
/** What the shell loads only on demand (and a folder's index, which re-exports more than it uses). */
const SHELL_ON_DEMAND =
  /(modals-host|command-palette\.tsx|shortcuts-help|notification-preferences|index\.ts)/;
/** The table and the pieces around it that every list screen shows. */
const LISTS = /src[\\/]components[\\/](data-table|saved-views|bulk-actions|import-export)[\\/]/;
/** What a list loads only on demand: the phone layout's sheet, menus and dialogs, the filter form. */
const LISTS_ON_DEMAND =
  /(sort-filter-sheet|row-menu-dropdown|save-view-modal|export-dialog|column-filter-form)/;

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), countIconImports()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/size.mjs reads it to add up what each screen loads.
    manifest: true,
    rolldownOptions: {
      // Lets the entry share its chunk with what it imports (below): nothing relies on its exports,
      // the page loads it through index.html.
      preserveEntrySignatures: false,
      output: {
        // React changes less often than the app: its own chunk stays cached across releases. Other
        // libraries follow the screens that import them (a catch-all vendor group would put the
        // editor, the date picker and the charts on the login page).
        //
        // Left to the bundler, each module two lazy screens share is a chunk of its own (/leads took
        // 75 files, each a request with about a kilobyte of headers). Named groups keep them
        // together instead: the shell, then the table of the list screens, each with the libraries
        // it needs (a group takes its modules' dependencies along). Copying small common chunks
        // into each importer (rolldown's experimentalInlineCommonChunks) did the same at a price:
        // copies of the same code in several chunks, and strictExecutionOrder, which wraps every
        // module (861 KiB of brotli for the whole build against 648).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 4,
            },
            // What the entry imports (the login page among it) stays in one chunk: left to the
            // bundler, each module the entry shares with a lazy screen (Mantine's inputs, the API
            // client) was a chunk of its own, a request more for every screen.
            { name: 'web', tags: ['$initial'], priority: 3 },
            {
              name: 'shell',
              test: (id: string) =>
                (SHELL.test(id) && !SHELL_ON_DEMAND.test(id)) || sharedIcon(id) || SMALL_SHARED.test(id),
              priority: 2,
            },
            {
              name: 'lists',
              test: (id: string) => LISTS.test(id) && !LISTS_ON_DEMAND.test(id),
              priority: 1,
            },
          ],
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
