import { Anchor, Badge, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { displayDate } from '@/lib/dates';
import { sorry } from '@/lib/form-errors';
import { useSickLeaveCompliance, type PlaceCompliance } from '../api/sick-leave';

export const SICK_LEAVE_REPORT_TITLE = 'Sick leave compliance';
/** Where the company's address is set. */
const COMPANY_PROFILE = '/admin/manage/company-profile';

/** 'Fresno, CA', 'CA', or that no place is known. */
export const placeText = (place: Pick<PlaceCompliance, 'state' | 'city'>): string =>
  place.state ? (place.city ? `${place.city}, ${place.state}` : place.state) : 'No address';

/** A place's laws, or why none is checked there. */
function PlaceLaws({ place }: { place: PlaceCompliance }) {
  if (place.laws.length > 0) {
    return (
      <List size="sm" spacing={0}>
        {place.laws.map((law) => (
          <List.Item key={law}>{law}</List.Item>
        ))}
      </List>
    );
  }
  if (place.state) return <Text size="sm">No paid sick leave law on record for {place.state}</Text>;
  return (
    <Text size="sm">
      <Anchor component={Link} to={COMPANY_PROFILE} size="sm">
        Set the company&apos;s address
      </Anchor>{' '}
      to check the laws
    </Text>
  );
}

/** What the plan's closest rule gives less of, or that it meets the laws. */
function PlaceShortfalls({ place }: { place: PlaceCompliance }) {
  if (place.laws.length === 0) return <Text size="sm">Nothing to check</Text>;
  if (place.shortfalls.length === 0) {
    return (
      <Badge color="green.9" variant="filled" tt="none">
        Meets the law
      </Badge>
    );
  }
  return (
    <List size="sm" spacing={0} data-testid="report-shortfalls">
      {place.shortfalls.map((shortfall) => (
        <List.Item key={`${shortfall.law}-${shortfall.field}-${shortfall.message}`}>{shortfall.message}</List.Item>
      ))}
    </List>
  );
}

/**
 * The sick-leave compliance report (issue 38, /admin/ptomanage/sick-leave, admins): every plan in
 * every place its people work (a plan nobody is in: the company's address), with the laws that
 * bind there for the company's size, the plan's type that comes closest and where it falls short.
 */
export function SickLeaveReport() {
  usePageTitle(SICK_LEAVE_REPORT_TITLE);
  const report = useSickLeaveCompliance();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {SICK_LEAVE_REPORT_TITLE}
        </Title>
        <Anchor component={Link} to="/admin/ptomanage">
          Back to PTO
        </Anchor>
      </Group>
      {report.isPending ? (
        <Loader size="sm" aria-label="Loading the sick leave compliance" />
      ) : report.isError ? (
        <FormAlert>{sorry(report.error)}</FormAlert>
      ) : (
        <>
          <Text data-testid="report-as-of">
            As of {displayDate(report.data.asOf)}, with {report.data.headcount} active {report.data.headcount === 1 ? 'person' : 'people'} (the
            company&apos;s size the laws are read for).
          </Text>
          <Text size="sm" c="dimmed">
            Each plan is checked where its people work (their own work state, else the company&apos;s address; a plan nobody is in, at the
            company&apos;s address). Of the plan&apos;s types, the one that comes closest to the law answers for it.
          </Text>
          {report.data.plans.length === 0 ? (
            <Text>There is no PTO plan yet.</Text>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table striped verticalSpacing="sm" data-testid="sick-leave-report">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Plan</Table.Th>
                    <Table.Th>Where</Table.Th>
                    <Table.Th>People</Table.Th>
                    <Table.Th>Laws</Table.Th>
                    <Table.Th>Closest type</Table.Th>
                    <Table.Th>Shortfalls</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.data.plans.flatMap((plan) =>
                    plan.places.map((place) => (
                      <Table.Tr key={`${plan.planId}-${place.state ?? ''}-${place.city ?? ''}`} data-testid="sick-leave-row">
                        <Table.Td fw={600}>{plan.planName}</Table.Td>
                        <Table.Td>{placeText(place)}</Table.Td>
                        <Table.Td>{place.employees === 0 ? 'Nobody yet' : place.employees}</Table.Td>
                        <Table.Td>
                          <PlaceLaws place={place} />
                        </Table.Td>
                        <Table.Td>{place.ptoTypeName ?? '—'}</Table.Td>
                        <Table.Td>
                          <PlaceShortfalls place={place} />
                        </Table.Td>
                      </Table.Tr>
                    )),
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </Stack>
  );
}
