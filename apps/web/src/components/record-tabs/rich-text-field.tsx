import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextFieldProps } from './rich-text-editor';

/** Toolbar plus editing area, so the form does not jump when the editor arrives. */
const TOOLBAR_HEIGHT = 44;

const RichTextEditorField = lazy(async () => ({
  default: (await import('./rich-text-editor')).RichTextEditorField,
}));

/** The rich-text editor (Tiptap), fetched the first time a form shows one. */
export function RichTextField(props: RichTextFieldProps) {
  const { label, description, minHeight = 100 } = props;
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={label} description={description}>
          <Skeleton h={minHeight + TOOLBAR_HEIGHT} mt={label ? 4 : 0} />
        </Input.Wrapper>
      }
    >
      <RichTextEditorField {...props} />
    </Suspense>
  );
}
