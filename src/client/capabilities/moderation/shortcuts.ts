import { useEffect, useEffectEvent } from 'react';

/**
 * The queue's keyboard shortcuts, listed on the page (ShortcutList) and on the buttons
 * (aria-keyshortcuts). Letters without Ctrl, Alt or Meta, so the browser's and the screen
 * reader's own stay free.
 */
export const SHORTCUTS = [
  { keys: 'J', label: 'Élément suivant' },
  { keys: 'K', label: 'Élément précédent' },
  { keys: 'X', label: "Cocher ou décocher l'élément" },
  { keys: 'A', label: "Approuver l'élément" },
  { keys: 'R', label: "Refuser l'élément" },
  { keys: 'Shift+A', label: 'Approuver la sélection' },
  { keys: 'Shift+R', label: 'Refuser la sélection' },
] as const;

type ShortcutKeys = (typeof SHORTCUTS)[number]['keys'];

/** Where typing goes to text: a shortcut letter there is a letter, not a command. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return target.getAttribute('role') === 'textbox';
}

/** The shortcut a key press asks for, if any. */
function shortcutOf(event: KeyboardEvent): ShortcutKeys | undefined {
  if (event.ctrlKey || event.altKey || event.metaKey || event.repeat || isTyping(event.target)) return undefined;
  const key = event.key.toLowerCase();
  if (event.shiftKey) return key === 'a' ? 'Shift+A' : key === 'r' ? 'Shift+R' : undefined;
  return ({ j: 'J', k: 'K', x: 'X', a: 'A', r: 'R' } as const)[key as 'j'];
}

/** Calls `onShortcut` for each shortcut pressed anywhere on the page, while mounted. */
export function useShortcuts(onShortcut: (keys: ShortcutKeys, event: KeyboardEvent) => void) {
  // The handler of the latest render from the moment it is on screen: a ref set in an effect
  // lagged behind it, so a key pressed just after the queue appeared found no queue.
  const shortcut = useEffectEvent(onShortcut);
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      const keys = shortcutOf(event);
      if (!keys) return;
      event.preventDefault();
      shortcut(keys, event);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
