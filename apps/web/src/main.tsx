import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { colorSchemeManager } from './app/theme';

// Set the stored colour scheme before the first paint (no inline script: the server's CSP forbids it).
const storedScheme = colorSchemeManager.get('light') === 'dark' ? 'dark' : 'light';
document.documentElement.setAttribute('data-mantine-color-scheme', storedScheme);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
