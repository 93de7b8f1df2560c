import { useSearchParams } from 'react-router';
import { FOLDER_TABS } from './labels';

const KNOWN_TABS: string[] = Object.values(FOLDER_TABS);

/** The folder's address: ?tab= (the tab shown), ?autoStart=, and the one-time notices' parameters. */
export function useFolderParams() {
  const [search, setSearch] = useSearchParams();
  const requestedTab = search.get('tab');
  const tab = requestedTab && KNOWN_TABS.includes(requestedTab) ? requestedTab : FOLDER_TABS.all;

  // One change of address at a time: React Router's updater reads the address of the last render.
  const showTab = (next: string, { dropAutoStart = false }: { dropAutoStart?: boolean } = {}) =>
    setSearch(
      (prev) => {
        const params = new URLSearchParams(prev);
        params.set('tab', next);
        if (dropAutoStart) params.delete('autoStart');
        return params;
      },
      { replace: true },
    );

  const dropParam = (key: string) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(key);
        return next;
      },
      { replace: true },
    );

  return { search, tab, showTab, dropParam };
}
