import { type CSSVariablesResolver, createTheme, localStorageColorSchemeManager } from '@mantine/core';
import { STORAGE_KEYS } from '../lib/storage-keys';

const CLEAR_BUTTON = {
  tabIndex: 0,
  'aria-hidden': false,
  'aria-label': 'Clear',
  // WCAG 2.2 AA: a target of at least 24 by 24 px.
  style: { minWidth: 24, minHeight: 24 },
};

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 in light: white on indigo-6 (and indigo-6 on its light tint) falls short of 4.5:1.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Color Emoji", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // Mantine leaves a picker's clear button out of the tab order: here it is a button like any
    // other, reached with Tab and pressed with Enter or Space. Plain objects, so that the login
    // page does not load the pickers to configure them.
    Select: { defaultProps: { clearButtonProps: CLEAR_BUTTON } },
    // Dialogs close at once (they still fade in). Mantine's exit fade runs on animation frames and a
    // timer; under load, a dialog whose form had been reloaded (the edit-conflict notice's Reload)
    // sometimes never finished it and stayed on screen, empty, after its save. With no exit duration
    // the dialog leaves in the same render that closes it.
    Modal: { defaultProps: { transitionProps: { transition: 'fade-down', duration: 200, exitDuration: 0 } } },
    MultiSelect: { defaultProps: { clearButtonProps: CLEAR_BUTTON } },
  },
});

export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.theme });

/**
 * Contrast (WCAG AA asks 4.5:1 for text). Light scheme: dimmed text gray-7 (gray-6 on white is 3.3:1),
 * error red-9, and light-variant badges and buttons in shade 9 on a paler tint (shade 8 on the usual
 * tint is about 3.5:1 for teal and red). Dark scheme: dimmed text dark-1 (dark-2 on a card is 3.5:1)
 * and light-variant text in shade 2. Filled buttons and badges in shade 9 in both (dark: app/contrast.css):
 * white on teal-8 is 3.9:1. Placeholders take the dimmed colour: an empty file input shows its
 * placeholder as text (Input.Placeholder), and Mantine's gray-5 on white is 2.1:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.keys(resolved.colors).flatMap((color) => [
        [`--mantine-color-${color}-light-color`, `var(--mantine-color-${color}-9)`],
        [`--mantine-color-${color}-filled`, `var(--mantine-color-${color}-9)`],
        [
          `--mantine-color-${color}-light`,
          `color-mix(in srgb, var(--mantine-color-${color}-6) 7%, transparent)`,
        ],
      ]),
    ),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
    ...Object.fromEntries(
      Object.keys(resolved.colors).map((color) => [
        `--mantine-color-${color}-light-color`,
        `var(--mantine-color-${color}-2)`,
      ]),
    ),
  },
});
