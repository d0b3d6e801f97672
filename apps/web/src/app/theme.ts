import { createTheme, localStorageColorSchemeManager } from '@mantine/core';
import { STORAGE_KEYS } from '../lib/storage-keys';

const CLEAR_BUTTON = { tabIndex: 0, 'aria-hidden': false, 'aria-label': 'Clear' };

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Color Emoji", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // Mantine leaves a picker's clear button out of the tab order: here it is a button like any
    // other, reached with Tab and pressed with Enter or Space. Plain objects, so that the login
    // page does not load the pickers to configure them.
    Select: { defaultProps: { clearButtonProps: CLEAR_BUTTON } },
    MultiSelect: { defaultProps: { clearButtonProps: CLEAR_BUTTON } },
  },
});

export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.theme });
