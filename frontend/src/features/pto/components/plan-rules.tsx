import '@mantine/core/styles/Tooltip.css';
import { Button, Card, Group, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsPhone } from '@/lib/media';
import type { PlanRule, PtoManageData, PtoPlan } from '../api/plans';
import { LAST_RULE } from '../api/rules';
import { activeRules, EVERY_TYPE_INCLUDED, missingTypes, type RuleTarget } from './pto-rule-editor';

/** A disabled button takes no hover: the wrapper shows why it is disabled. */
function Blocked({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip label={label} multiline w={240} withArrow>
      <span tabIndex={0} style={{ display: 'inline-block' }} data-testid="delete-blocked">
        {children}
      </span>
    </Tooltip>
  );
}

/** The type's colour and name. */
function TypeLabel({ name, color }: { name: string; color: string | undefined }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: color ?? 'var(--mantine-color-gray-5)', display: 'inline-block', flex: 'none' }} />
      <Text fw={500}>{name}</Text>
    </Group>
  );
}

interface PlanRulesProps {
  plan: PtoPlan;
  data: PtoManageData;
  /** Admins: Add a rule, Edit and Delete. */
  canEdit: boolean;
  onEdit: (target: RuleTarget) => void;
  onDelete: (target: { plan: PtoPlan; rule: PlanRule }) => void;
}

/** One plan's rules (a table, or cards on phones), with 'Add a rule' for a paid type it lacks; its last rule cannot be deleted. */
export function PlanRules({ plan, data, canEdit, onEdit, onDelete }: PlanRulesProps) {
  const isPhone = useIsPhone();
  const type = (id: number) => data.ptoTypes.find((candidate) => candidate.id === id);
  const typeName = (id: number) => type(id)?.name ?? 'PTO type';
  const rules = activeRules(plan);
  const last = rules.length <= 1;
  const addLabel = `Add a rule to ${plan.name}`;

  const actions = (rule: PlanRule) => {
    if (!canEdit) return null;
    const name = typeName(rule.ptoTypeId);
    const deleteLabel = `Delete the ${name} rule of ${plan.name}`;
    return (
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        <Button size="xs" variant="light" aria-label={`Edit the ${name} rule of ${plan.name}`} onClick={() => onEdit({ plan, rule })}>
          Edit
        </Button>
        {last ? (
          <Blocked label={LAST_RULE}>
            <Button size="xs" variant="outline" aria-label={deleteLabel} disabled>
              Delete
            </Button>
          </Blocked>
        ) : (
          <Button size="xs" variant="outline" color="red.9" aria-label={deleteLabel} onClick={() => onDelete({ plan, rule })}>
            Delete
          </Button>
        )}
      </Group>
    );
  };

  const addButton = !canEdit ? null : missingTypes(plan, data).length === 0 ? (
    <Blocked label={EVERY_TYPE_INCLUDED}>
      <Button size="xs" variant="light" aria-label={addLabel} disabled>
        Add a rule
      </Button>
    </Blocked>
  ) : (
    <Button size="xs" variant="light" aria-label={addLabel} onClick={() => onEdit({ plan, rule: null })}>
      Add a rule
    </Button>
  );

  return (
    <Stack gap="xs" data-testid="pto-rules-plan">
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} fz="md">
          {plan.name}
        </Title>
        {addButton}
      </Group>
      {rules.length === 0 ? (
        <Text size="sm">This plan has no rule yet.</Text>
      ) : isPhone ? (
        <Stack gap="sm">
          {rules.map((rule) => (
            <Card key={rule.id} withBorder radius="md" p="sm" data-testid="pto-rule">
              <Stack gap="xs">
                <TypeLabel name={typeName(rule.ptoTypeId)} color={type(rule.ptoTypeId)?.color} />
                <Text size="sm">{rule.summary}</Text>
                {actions(rule)}
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="35%">PTO Type</Table.Th>
              <Table.Th>Rule</Table.Th>
              {canEdit ? (
                <Table.Th w={170}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rules.map((rule) => (
              <Table.Tr key={rule.id} data-testid="pto-rule">
                <Table.Td>
                  <TypeLabel name={typeName(rule.ptoTypeId)} color={type(rule.ptoTypeId)?.color} />
                </Table.Td>
                <Table.Td>{rule.summary}</Table.Td>
                {canEdit ? <Table.Td>{actions(rule)}</Table.Td> : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
