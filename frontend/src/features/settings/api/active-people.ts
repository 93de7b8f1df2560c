import { queryOptions, useQuery } from '@tanstack/react-query';
import { getEmployees, type EmployeeSummary } from '@/lib/employees';
import { settingsKeys } from './keys';

/**
 * Every active person of the company, A-Z by last name: the work locations' people picker chooses
 * among them all, not one page. GET /manage/employees answers a page at a time (30 people), so the
 * first page says how many pages there are and the rest are asked for together.
 */
export async function getActivePeople(): Promise<EmployeeSummary[]> {
  const first = await getEmployees({ q: '', page: 1 });
  const perPage = first.employees.length;
  const pages = perPage === 0 ? 1 : Math.ceil(first.totalCount / perPage);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, index) => getEmployees({ q: '', page: index + 2 })));
  const seen = new Set<number>();
  return [first, ...rest]
    .flatMap((page) => page.employees)
    .filter((person) => {
      if (seen.has(person.id)) return false;
      seen.add(person.id);
      return true;
    });
}

export const activePeopleQueryOptions = () => queryOptions({ queryKey: settingsKeys.activePeople, queryFn: getActivePeople });

export const useActivePeople = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...activePeopleQueryOptions(), enabled });

/** 'Emma Brooks', or the e-mail of someone without a name. */
export const personName = (person: Pick<EmployeeSummary, 'firstname' | 'lastname' | 'email'>): string =>
  `${person.firstname} ${person.lastname}`.trim() || person.email;
