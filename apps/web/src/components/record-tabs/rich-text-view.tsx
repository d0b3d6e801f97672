import { Typography } from '@mantine/core';
import { useMemo } from 'react';
import { sanitizeRichText } from './rich-text-html';

/** Renders stored rich text (a note) after sanitising it again in the browser. */
export function RichTextView({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above
  return <Typography dangerouslySetInnerHTML={{ __html: clean }} />;
}
