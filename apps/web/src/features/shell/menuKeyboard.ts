import { useRef, useState, type KeyboardEvent } from 'react';

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The control a Tab from `from` reaches next in the page (skipping hidden ones and `skip`'s contents). */
export function nextTabbable(from: HTMLElement, skip?: Element | null): HTMLElement | null {
  const all = Array.from(document.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (element) =>
      element === from ||
      (!skip?.contains(element) && element.tabIndex >= 0 && element.getClientRects().length > 0),
  );
  const index = all.indexOf(from);
  return index >= 0 ? (all[index + 1] ?? null) : null;
}

/**
 * The keyboard of a header menu button beyond what Radix gives (arrows, Home/End, Escape): Tab or
 * Shift+Tab inside the open menu closes it and moves on from its button, as Tab would have (Radix
 * keeps Tab inside); and opening it from the keyboard focuses its checked item, else its first one.
 * `openedByKeyboard` says how a menu rendered already open (swapped in for its look-alike) was opened.
 */
export function useMenuKeyboard({
  defaultOpen = false,
  openedByKeyboard = false,
}: {
  defaultOpen?: boolean;
  openedByKeyboard?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const keyboardRef = useRef(openedByKeyboard);
  const tabOutRef = useRef<'next' | 'previous' | null>(null);

  return {
    root: { open, onOpenChange: setOpen, modal: false },
    trigger: {
      ref: triggerRef,
      onKeyDown: (event: KeyboardEvent) => {
        if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(event.key)) keyboardRef.current = true;
      },
      onPointerDown: () => {
        keyboardRef.current = false;
      },
    },
    content: {
      ref: contentRef,
      loop: true,
      onOpenAutoFocus: (event: Event) => {
        if (!keyboardRef.current) return;
        const menu = contentRef.current;
        const item =
          menu?.querySelector<HTMLElement>('[role="menuitemradio"][aria-checked="true"]') ??
          menu?.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])');
        if (!item) return;
        event.preventDefault();
        item.focus({ preventScroll: true });
      },
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key !== 'Tab') return;
        event.preventDefault();
        tabOutRef.current = event.shiftKey ? 'previous' : 'next';
        setOpen(false);
      },
      onCloseAutoFocus: (event: Event) => {
        const direction = tabOutRef.current;
        tabOutRef.current = null;
        keyboardRef.current = false;
        const trigger = triggerRef.current;
        // Shift+Tab: back to the button (Radix's default); Tab: the control after the button.
        if (direction !== 'next' || !trigger) return;
        const next = nextTabbable(trigger, contentRef.current);
        if (!next) return;
        event.preventDefault();
        next.focus();
      },
    },
  };
}
