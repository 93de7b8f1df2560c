import './screen-styles';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { InboxScreen } from '@/features/inbox/components/inbox-screen';
import { useIdentity } from '@/lib/session';

/** `more` is the page (1 when absent): each section shows more * 10 rows. */
export function inboxPage(more: string | null): number {
  const page = Number(more);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, 1000) : 1;
}

/** `includes_terminated` is on when present with any value but 0 / false. */
export const includesTerminatedParam = (value: string | null): boolean => value !== null && value !== '0' && value !== 'false';

/** /admin/inbox?more&includes_terminated (admins and managers). */
export function InboxRoute() {
  const identity = useIdentity();
  const [search, setSearch] = useSearchParams();
  usePageTitle('Inbox');
  const page = inboxPage(search.get('more'));
  const includesTerminated = includesTerminatedParam(search.get('includes_terminated'));

  const next = new URLSearchParams(search);
  next.set('more', String(page + 1));

  return (
    <InboxScreen
      identity={identity}
      page={page}
      includesTerminated={includesTerminated}
      moreHref={`?${next.toString()}`}
      onIncludesTerminatedChange={(include) =>
        setSearch(
          (current) => {
            const params = new URLSearchParams(current);
            if (include) params.set('includes_terminated', '1');
            else params.delete('includes_terminated');
            return params;
          },
          { replace: true },
        )
      }
    />
  );
}
