import { useSearchParams } from 'react-router';
import { EMPLOYEE_ORDER } from '@/lib/employees';
import { STATUS_ACTIVE, STATUS_TERMINATED } from '../api/schemas';

/** A change of the list's address: a value sets its parameter, null or '' drops it. */
export type ListParamsUpdate = (changes: Record<string, string | null>) => void;

/** How the staff came in during the guided tour: a bulk add, or the partner integration. */
export type EmployeeListOnboarding = 'added' | 'imported';

/** The list's filters live in the address: the back button returns to the same page. */
export function useEmployeeListParams() {
  const [search, setSearch] = useSearchParams();
  const number = (key: string, fallback: number, allowed?: number[]) => {
    const raw = search.get(key);
    const value = raw !== null && /^\d+$/.test(raw) ? Number(raw) : fallback;
    return allowed && !allowed.includes(value) ? fallback : value;
  };
  const status = number('status', STATUS_ACTIVE, [STATUS_ACTIVE, STATUS_TERMINATED]);
  const order = number('order', EMPLOYEE_ORDER.aToZ, [EMPLOYEE_ORDER.aToZ, EMPLOYEE_ORDER.zToA]);
  const jobrole = search.get('jobroleId');
  const jobroleId = jobrole && /^\d+$/.test(jobrole) ? Number(jobrole) : null;
  const page = Math.max(1, number('page', 1));
  const update: ListParamsUpdate = (changes) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  // The guided tour's hops onto this list (spec 001 §2): after a bulk add made during the tour
  // (`inJoyride`), or with staff the partner integration brought (`joyhop`).
  const onboarding: EmployeeListOnboarding | null = search.get('inJoyride') === '1' ? 'added' : search.has('joyhop') ? 'imported' : null;
  return { status, order, jobroleId, page, splash: search.has('splash'), onboarding, update };
}
