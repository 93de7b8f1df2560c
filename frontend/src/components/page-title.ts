import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useSyncExternalStore } from 'react';

export const APP_NAME = 'Timekeep';

// The page's own name, kept beside the document title so that the phone's header can show it
// where a desktop has room for the greeting: one name per page, given in one place.
let shownTitle = '';
const listeners = new Set<() => void>();

function showTitle(title: string): void {
  if (shownTitle === title) return;
  shownTitle = title;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentTitle = () => shownTitle;

/** Sets the document title to "{title} | Timekeep" (every page has its own title). */
export function usePageTitle(title: string): void {
  useDocumentTitle(title ? `${title} | ${APP_NAME}` : APP_NAME);
  useEffect(() => {
    showTitle(title);
    // Only the page that set the name takes it away: the next page may have set its own already.
    return () => {
      if (shownTitle === title) showTitle('');
    };
  }, [title]);
}

/** The name the current page gave itself with `usePageTitle` ('' while none has). */
export function useCurrentPageTitle(): string {
  return useSyncExternalStore(subscribe, currentTitle, currentTitle);
}
