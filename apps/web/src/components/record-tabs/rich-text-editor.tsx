import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useActiveUsers } from '../tasks/use-tasks';
import { type MentionSuggestion, type MentionUser, mentionExtension } from './mention-extension';
import { MentionList } from './mention-list';
import classes from './rich-text-editor.module.css';

export interface RichTextFieldProps {
  label?: string;
  /** HTML; read once when the editor starts. */
  initialValue: string;
  onChange: (html: string) => void;
  error?: string;
  description?: string;
  /** Accessible name of the editing area when there is no visible label. */
  ariaLabel?: string;
  /** 002 §9: at least 100 px. */
  minHeight?: number;
  /** The dialog's first field: the cursor waits in the editor as soon as it appears. */
  autoFocus?: boolean;
}

/** Mantine's rich-text editor with Tiptap's starter kit, links, and '@' mentions of active users. */
export function RichTextEditorField({
  label,
  initialValue,
  onChange,
  error,
  description,
  ariaLabel,
  minHeight = 100,
  autoFocus = false,
}: RichTextFieldProps) {
  const users = useActiveUsers(true);
  const usersRef = useRef<MentionUser[]>([]);
  usersRef.current = users.data ?? [];
  const [suggestion, setSuggestion] = useState<MentionSuggestion | null>(null);
  const [mention] = useState(() => mentionExtension({ users: () => usersRef.current, show: setSuggestion }));
  const editor = useEditor({
    // Mantine's Link adds the Ctrl+K shortcut its link control uses; the kit's own link is off.
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false }), mention],
    content: initialValue,
    immediatelyRender: true,
    autofocus: autoFocus ? 'end' : false,
    // The toolbar shows which marks are active at the cursor, so it renders again on each change.
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        'aria-label': ariaLabel ?? label ?? 'Rich text',
        role: 'textbox',
        'aria-multiline': 'true',
        // A dialog's focus trap, which may run after the editor appears, then picks the editor too.
        ...(autoFocus ? { 'data-autofocus': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  // Marked invalid like Mantine's inputs, so a refused submit can find it first (lib/focus-first-error).
  // The editor's view exists only once it is mounted into the page (its getter throws before), which
  // can come after this effect when a dialog opens: mark it then.
  useEffect(() => {
    if (!editor) return;
    const mark = () => {
      if (!editor.isDestroyed) editor.view.dom.setAttribute('aria-invalid', error ? 'true' : 'false');
    };
    if (editor.isInitialized) mark();
    editor.on('mount', mark);
    editor.on('create', mark);
    return () => {
      editor.off('mount', mark);
      editor.off('create', mark);
    };
  }, [editor, error]);

  return (
    <Input.Wrapper label={label} error={error} description={description}>
      <RichTextEditor
        editor={editor}
        mt={label ? 4 : 0}
        classNames={{ content: classes.content }}
        style={{ '--rich-text-min-height': `${minHeight}px` } as CSSProperties}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      <MentionList suggestion={suggestion} />
    </Input.Wrapper>
  );
}
