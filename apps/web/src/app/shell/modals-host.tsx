// The one module that names Mantine's dialog host, so that it and the Modal it draws form a chunk of
// their own (deferred-modals.tsx loads it at the first click or key press).
export { ModalsProvider } from '@mantine/modals';
