import Mention from '@tiptap/extension-mention';
import type { SuggestionOptions, SuggestionProps } from '@tiptap/suggestion';
import { foldedIncludes } from '../../lib/folded-options-filter';

export interface MentionUser {
  id: number;
  name: string;
}

/** What the suggestion list shows while the user types after '@'. */
export interface MentionSuggestion {
  items: MentionUser[];
  selected: number;
  rect: DOMRect | null;
  choose: (user: MentionUser) => void;
}

export interface MentionHandlers {
  /** The active users to offer; read each time the list is filtered. */
  users: () => MentionUser[];
  /** Called with the list to show, or null to hide it. */
  show: (suggestion: MentionSuggestion | null) => void;
}

const MAX_ITEMS = 8;

/**
 * '@' offers active users; a chosen one is stored as <span data-mention="{id}">@Name</span>, the
 * form the server keeps (it shows the user's current name when the note is read).
 */
export function mentionExtension(handlers: MentionHandlers) {
  let state: { props: SuggestionProps<MentionUser>; selected: number } | null = null;
  const publish = () => {
    if (!state) return handlers.show(null);
    const { props, selected } = state;
    handlers.show({
      items: props.items,
      selected,
      rect: props.clientRect?.() ?? null,
      choose: (user) => props.command({ id: String(user.id), label: user.name } as never),
    });
  };

  const suggestion: Omit<SuggestionOptions<MentionUser>, 'editor'> = {
    char: '@',
    items: ({ query }) => {
      // Folded as every search is: "@sukru" finds Şükrü.
      return handlers
        .users()
        .filter((user) => foldedIncludes(user.name, query))
        .slice(0, MAX_ITEMS);
    },
    render: () => ({
      onStart: (props) => {
        state = { props, selected: 0 };
        publish();
      },
      onUpdate: (props) => {
        state = { props, selected: 0 };
        publish();
      },
      onKeyDown: ({ event }) => {
        if (!state || state.props.items.length === 0) return false;
        const count = state.props.items.length;
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          state.selected = (state.selected + (event.key === 'ArrowDown' ? 1 : count - 1)) % count;
          publish();
          return true;
        }
        if (event.key === 'Enter' || event.key === 'Tab') {
          const user = state.props.items[state.selected];
          if (user) state.props.command({ id: String(user.id), label: user.name } as never);
          return true;
        }
        if (event.key === 'Escape') {
          state = null;
          publish();
          return true;
        }
        return false;
      },
      onExit: () => {
        state = null;
        publish();
      },
    }),
  };

  return Mention.extend({
    parseHTML() {
      return [
        {
          tag: 'span[data-mention]',
          getAttrs: (element) => ({
            id: element.getAttribute('data-mention'),
            label: (element.textContent ?? '').replace(/^@/, ''),
          }),
        },
      ];
    },
  }).configure({
    renderHTML: ({ node }) => ['span', { 'data-mention': node.attrs.id }, `@${node.attrs.label ?? ''}`],
    renderText: ({ node }) => `@${node.attrs.label ?? ''}`,
    suggestion,
  });
}
