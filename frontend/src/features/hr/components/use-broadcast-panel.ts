import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { BroadcastPanel } from './broadcast-dock';

/** ?startAdd=1 opens the add panel (the quick-add menu's 'Add HR Broadcast'). */
export const START_ADD_PARAM = 'startAdd';

/** The broadcast side panel's state: what it shows, whether it is open, and ?startAdd=1 (once per visit of the address). */
export function useBroadcastPanel() {
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const [panel, setPanel] = useState<BroadcastPanel>({ kind: 'add' });
  const [opened, setOpened] = useState(false);
  const [handledStart, setHandledStart] = useState<string | null>(null);

  // ?startAdd=1: the add panel, once per visit of the address.
  if (search.get(START_ADD_PARAM) === '1' && handledStart !== location.key) {
    setHandledStart(location.key);
    setPanel({ kind: 'add' });
    setOpened(true);
  }

  const dropStartAdd = () => {
    if (!search.has(START_ADD_PARAM)) return;
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(START_ADD_PARAM);
        return next;
      },
      { replace: true },
    );
  };
  const show = (next: BroadcastPanel) => {
    setPanel(next);
    setOpened(true);
  };
  const close = () => {
    setOpened(false);
    dropStartAdd();
  };
  return { panel, setPanel, opened, setOpened, show, close, dropStartAdd };
}
