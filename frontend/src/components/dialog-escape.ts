/**
 * Marks every Mantine popup while it is open: theme.ts gives it to Popover.Dropdown, which date
 * pickers, selects, comboboxes and menus all render.
 */
export const POPUP_ATTRIBUTE = 'data-popup';

function popupOpen(): boolean {
  // A kept-mounted dropdown stays in the page hidden: only a shown one counts.
  return Array.from(document.querySelectorAll<HTMLElement>(`[${POPUP_ATTRIBUTE}]`)).some((popup) => popup.style.display !== 'none');
}

/**
 * Whether this key press should close the dock or modal whose root element is `root`. Mantine's own
 * Escape handling listens on the window before anything inside sees the key, so an open date picker
 * (its dropdown portalled out of the dock, its input carrying no mark) closed the whole dock and lost
 * the form. Here Escape belongs to the innermost thing open: a popup first, then a dialog above this
 * one (focus is in it, outside `root`), then this dialog. Read in the capture phase, before the
 * popup's own handler closes it.
 */
export function escapeClosesDialog(root: HTMLElement, event: KeyboardEvent): boolean {
  if (event.key !== 'Escape' || event.isComposing) return false;
  if (popupOpen()) return false;
  const target = event.target;
  if (target instanceof Node && target !== document.body) return root.contains(target);
  // Focus went away with the element that held it: the topmost dialog takes the key.
  const dialogs = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
  const topmost = dialogs[dialogs.length - 1];
  return topmost !== undefined && root.contains(topmost);
}
