import './timesheet-styles';
import { Container } from '@mantine/core';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { EmployeePicker } from '@/features/manage/components/employee-picker';
import { canPickEmployee } from '@/features/timesheet/components/row-actions';
import { TimesheetScreen } from '@/features/timesheet/components/timesheet-screen';
import { shiftWeek, weekFromParams, type Week } from '@/lib/company-time';
import { isoDateIn } from '@/lib/dates';
import { isPrivileged } from '@/lib/identity';
import { useIdentity } from '@/lib/session';
import { NOT_FOUND_TEXT } from './not-found';

const weekQuery = (week: Week) => `?start=${week.start}&end=${week.end}`;

/**
 * /timesheet (one's own) and /timesheet/employee/{id} (start and end query parameters,
 * 'YYYY-MM-DD'; without them the current Sunday–Saturday week in the company zone). The week lives
 * in the address, so the arrows, the picker and the browser's back button agree.
 */
export function TimesheetRoute() {
  const identity = useIdentity();
  const { id } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const title = isPrivileged(identity) ? 'Timesheets' : 'My Timesheet';
  usePageTitle(title);

  const week = weekFromParams(search.get('start'), search.get('end'), isoDateIn(new Date(), identity.timezone));
  const employeeId = id === undefined ? null : /^\d+$/.test(id) ? Number(id) : Number.NaN;

  // Steps count from the last week asked for, so two quick clicks go two weeks even before the
  // first navigation has rendered.
  const latest = useRef(week);
  useEffect(() => {
    latest.current = { start: week.start, end: week.end };
  }, [week.start, week.end]);
  const onStep = useCallback(
    (steps: number) => {
      latest.current = shiftWeek(latest.current, steps);
      navigate(`${location.pathname}${weekQuery(latest.current)}`);
    },
    [navigate, location.pathname],
  );

  if (Number.isNaN(employeeId)) return <Container py="xl">{NOT_FOUND_TEXT}</Container>;

  return (
    <TimesheetScreen
      key={employeeId ?? 'me'}
      identity={identity}
      employeeId={employeeId}
      week={week}
      onStep={onStep}
      title={title}
      employeePicker={
        canPickEmployee(identity)
          ? (employee) => (
              <EmployeePicker value={employee} onChange={(next) => navigate(`/timesheet/employee/${next}${weekQuery(week)}`)} />
            )
          : undefined
      }
    />
  );
}
