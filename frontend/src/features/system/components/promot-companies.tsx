import { Anchor, Loader, Modal, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { serverMessage } from '@/lib/form-errors';
import { usePromotCompanies } from '../api/get-promot-companies';
import type { Promot } from '../api/schemas';
import { instantDay, monthsLeftText } from './format';
import { SYSTEM_TEXTS } from './labels';
import { companyPath } from './paths';

/** The companies that redeemed a code (GET /system/promot-companies). */
function PromotCompanies({ code, timeZone }: { code: string; timeZone: string | undefined }) {
  const companies = usePromotCompanies(code);
  if (companies.isPending) return <Loader size="sm" role="status" aria-label="Loading the companies" />;
  if (companies.isError) return <FormAlert>{`Sorry ${serverMessage(companies.error)}`}</FormAlert>;
  if (companies.data.length === 0) return <Text c="dimmed">{SYSTEM_TEXTS.noPromotCompanies}</Text>;
  return (
    <Table.ScrollContainer minWidth={420} type="native">
      <Table aria-label={`Companies using ${code}`} striped withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Company</Table.Th>
            <Table.Th>Redeemed</Table.Th>
            <Table.Th>Left</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {companies.data.map((company) => (
            <Table.Tr key={company.id}>
              <Table.Td>
                <Anchor component={Link} to={companyPath(company.id)}>
                  {company.name}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{instantDay(company.redeemedAt, timeZone)}</Table.Td>
              <Table.Td>{monthsLeftText(company.monthsLeft)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** 'Companies using CODE': the modal of a code's redemptions. */
export function PromotCompaniesModal({ promot, timeZone, onClose }: { promot: Promot | null; timeZone: string | undefined; onClose: () => void }) {
  return (
    <Modal opened={promot !== null} onClose={onClose} title={promot ? `Companies using ${promot.code}` : ''} centered size="lg">
      {promot ? <PromotCompanies code={promot.code} timeZone={timeZone} /> : null}
    </Modal>
  );
}
