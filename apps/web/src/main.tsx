// First: it must run before any schema is built.
import './app/zod-config';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/contrast.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { colorSchemeManager } from './app/theme';

// Set the stored colour scheme before the first paint (no inline script: the server's CSP forbids it).
// A first visit, with nothing stored yet, follows the system's preference.
const storedScheme = colorSchemeManager.get('auto');
const prefersDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
const scheme =
  storedScheme === 'dark' || storedScheme === 'light' ? storedScheme : prefersDark ? 'dark' : 'light';
document.documentElement.setAttribute('data-mantine-color-scheme', scheme);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
