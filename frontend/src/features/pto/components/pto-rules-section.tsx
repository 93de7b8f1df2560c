import '@mantine/core/styles/Tooltip.css';
import { Button, Card, Group, Loader, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ConfirmDelete } from '@/components/confirm-dialog';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { sorry } from '@/lib/form-errors';
import { useIsPhone } from '@/lib/media';
import { usePtoManageData, type PlanRule, type PtoManageData, type PtoPlan } from '../api/plans';
import { LAST_RULE, RULE_CHANGE_INFO, useDeletePtoRule } from '../api/rules';
import { activeRules, EVERY_TYPE_INCLUDED, missingTypes, RULE_TYPE_REQUIRED, RuleEditor, type RuleTarget } from './pto-rule-editor';

export { EVERY_TYPE_INCLUDED, RULE_TYPE_REQUIRED };

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

/**
 * Settings, PTO Rules (tab 7): every rule of every plan, grouped by plan. Admins edit a rule in
 * the 'PTO Rule' panel, add one for a paid type the plan lacks, or delete one after a
 * confirmation (never a plan's last: delete the plan instead). Managers see the lists.
 */
export function PtoRulesSection({ canEdit }: { canEdit: boolean }) {
  const isPhone = useIsPhone();
  const data = usePtoManageData();
  const remove = useDeletePtoRule();
  const [editing, setEditing] = useState<RuleTarget | null>(null);
  const [deleting, setDeleting] = useState<{ plan: PtoPlan; rule: PlanRule } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const type = (id: number) => data.data?.ptoTypes.find((candidate) => candidate.id === id);
  const typeName = (id: number) => type(id)?.name ?? 'PTO type';

  const actions = (plan: PtoPlan, rule: PlanRule, last: boolean) => {
    if (!canEdit) return null;
    const name = typeName(rule.ptoTypeId);
    const deleteLabel = `Delete the ${name} rule of ${plan.name}`;
    return (
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        <Button size="xs" variant="light" aria-label={`Edit the ${name} rule of ${plan.name}`} onClick={() => setEditing({ plan, rule })}>
          Edit
        </Button>
        {last ? (
          <Blocked label={LAST_RULE}>
            <Button size="xs" variant="outline" aria-label={deleteLabel} disabled>
              Delete
            </Button>
          </Blocked>
        ) : (
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            aria-label={deleteLabel}
            onClick={() => {
              setError(null);
              setDeleting({ plan, rule });
            }}
          >
            Delete
          </Button>
        )}
      </Group>
    );
  };

  const planRules = (plan: PtoPlan, loaded: PtoManageData) => {
    const rules = activeRules(plan);
    const last = rules.length <= 1;
    const addLabel = `Add a rule to ${plan.name}`;
    const addButton = !canEdit ? null : missingTypes(plan, loaded).length === 0 ? (
      <Blocked label={EVERY_TYPE_INCLUDED}>
        <Button size="xs" variant="light" aria-label={addLabel} disabled>
          Add a rule
        </Button>
      </Blocked>
    ) : (
      <Button size="xs" variant="light" aria-label={addLabel} onClick={() => setEditing({ plan, rule: null })}>
        Add a rule
      </Button>
    );
    return (
      <Stack key={plan.id} gap="xs" data-testid="pto-rules-plan">
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
                  {actions(plan, rule, last)}
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
                  {canEdit ? <Table.Td>{actions(plan, rule, last)}</Table.Td> : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    );
  };

  return (
    <Stack gap="lg" data-testid="pto-rules">
      <Title order={2} fz="lg">
        PTO Rules
      </Title>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {data.isPending ? (
        <Loader size="sm" aria-label="Loading the PTO rules" />
      ) : data.isError ? (
        <FormAlert>{sorry(data.error)}</FormAlert>
      ) : data.data.ptoPolicies.length === 0 ? (
        <Text>Gasp! It&apos;s Empty!</Text>
      ) : (
        data.data.ptoPolicies.map((plan) => planRules(plan, data.data))
      )}
      <Text size="sm" c="dimmed" data-testid="pto-rules-info">
        {RULE_CHANGE_INFO}
      </Text>

      <Dock opened={editing !== null} onClose={() => setEditing(null)} title="PTO Rule" width={650} testId="pto-rule-dock">
        {editing && data.data ? (
          <RuleEditor
            key={`${editing.plan.id}-${editing.rule?.id ?? 'new'}`}
            target={editing}
            data={data.data}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Dock>
      <ConfirmDelete
        opened={deleting !== null}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          setError(null);
          remove.mutate(deleting.rule.id, { onError: (err) => setError(sorry(err)), onSettled: () => setDeleting(null) });
        }}
      />
    </Stack>
  );
}
