import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cardBrand, cardExpiry, formatCents } from '@/lib/money';
import type { CompanyDetail } from '../api/schemas';
import { dayText, instantDay, monthsLeftText } from './format';
import { SYSTEM_TEXTS } from './labels';
import { SYSTEM_PATHS, withEmail } from './paths';
import { CompanyStatusBadge } from './status-badge';

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** 'label: value' rows as a table, so each value is read with its label. */
function Facts({ label, rows }: { label: string; rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <Table aria-label={label} verticalSpacing={4} withRowBorders={false}>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" fw={400} c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {name}
            </Table.Th>
            <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The company's own facts: who, since when, where, how many people. */
export function CompanyFactsCard({ company, timeZone }: { company: CompanyDetail; timeZone: string | undefined }) {
  const rows: [string, ReactNode][] = [
    ['Company ID', company.id],
    ['Status', <CompanyStatusBadge key="status" status={company.status} />],
    ['Created', instantDay(company.createdAt, timeZone)],
    ['Trial end', dayText(company.trialEnd)],
    ['Time zone', company.timeZone || '—'],
    ['Contact e-mail', company.email ?? '—'],
    ['Phone', company.phone ?? '—'],
    ['Active users', company.users],
    ['Employees', company.employees],
    ['Promotion code', company.promotCode ?? '—'],
  ];
  return (
    <Card id="company-facts" title="Company">
      <Facts label="Company facts" rows={rows} />
      <Group gap="md">
        <Anchor component={Link} to={`${SYSTEM_PATHS.employees}?companyId=${company.id}`} size="sm">
          Its people
        </Anchor>
        <Anchor component={Link} to={`${SYSTEM_PATHS.audit}?companyId=${company.id}`} size="sm">
          Its audit log
        </Anchor>
      </Group>
    </Card>
  );
}

/** The company's admins, to reach them (and to find whom to impersonate). */
export function CompanyAdminsCard({ company }: { company: CompanyDetail }) {
  return (
    <Card id="company-admins" title="Admins">
      {company.admins.length === 0 ? (
        <Text c="dimmed">This company has no admin.</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {company.admins.map((admin) => (
            <li key={admin.id} data-testid="company-admin">
              <Text fw={600}>{admin.name}</Text>
              <Group gap="sm">
                <Anchor href={`mailto:${admin.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {admin.email}
                </Anchor>
                <Anchor component={Link} to={withEmail(SYSTEM_PATHS.impersonate, admin.email)} size="sm" aria-label={`Impersonate ${admin.name}`}>
                  Impersonate
                </Anchor>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The subscription: its state, the card on file, the charge day, what is owed, the promotion. */
export function CompanyBillingCard({ company }: { company: CompanyDetail }) {
  const { billing } = company;
  return (
    <Card id="company-billing" title="Billing">
      {billing === null ? (
        <Text c="dimmed" data-testid="no-billing">
          {SYSTEM_TEXTS.noBilling}
        </Text>
      ) : (
        <Facts
          label="Billing facts"
          rows={[
            ['Status', <CompanyStatusBadge key="status" status={billing.status} />],
            ['Card', billing.card ? `${cardBrand(billing.card.brand)} ending in ${billing.card.last4}, expires ${cardExpiry(billing.card)}` : 'No card on file'],
            ['Charge day', billing.recurringDay === null ? '—' : `Day ${billing.recurringDay} of each month`],
            ['Next charge', dayText(billing.nextChargeDate)],
            ['Amount due', formatCents(billing.amountDue)],
            [
              'Promotion',
              billing.promotion
                ? `${billing.promotion.code}${billing.promotion.description ? ` (${billing.promotion.description})` : ''}, ${monthsLeftText(billing.promotion.monthsLeft)}`
                : 'None',
            ],
          ]}
        />
      )}
    </Card>
  );
}
