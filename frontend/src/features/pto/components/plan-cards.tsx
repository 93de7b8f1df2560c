import '@mantine/core/styles/Tooltip.css';
import { Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ConfirmDelete } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { sorry } from '@/lib/form-errors';
import { PLAN_HAS_HISTORY, PLAN_HAS_PEOPLE, useDeletePlan, usePtoManageData, type PtoPlan } from '../api/plans';
import { useSickLeaveCompliance, useSickLeaveLaws } from '../api/sick-leave';
import { PlanComplianceLine } from './plan-compliance';
import { PlanEditDock } from './plan-edit-dock';
import { PlanWizard } from './plan-wizard';

/**
 * A plan's card: name, kind, each rule's summary, enrolled people per year, how it fares against
 * the sick-leave laws (admins), Edit and Delete (admins).
 */
export function PlanCard({
  plan,
  typeName,
  canEdit,
  onEdit,
  onDelete,
  compliance = null,
}: {
  plan: PtoPlan;
  typeName: (id: number) => string;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** The plan's sick-leave compliance line. */
  compliance?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" p="md" data-testid="pto-plan">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{plan.name}</Text>
          <Badge variant="light">{plan.kind}</Badge>
        </Group>
        {plan.rules.map((rule) => (
          <Text key={rule.id} size="sm">
            {typeName(rule.ptoTypeId)}: {rule.summary}
          </Text>
        ))}
        <Text size="sm" c="dimmed" data-testid="pto-plan-enrolled">
          {plan.numOfEnrolledEmployees.length === 0
            ? 'Nobody enrolled yet'
            : plan.numOfEnrolledEmployees.map((entry) => `${entry.year}: ${entry.count} enrolled`).join(' · ')}
        </Text>
        {compliance}
        {canEdit ? (
          <Group gap="xs">
            <Button size="xs" variant="light" aria-label={`Edit ${plan.name}`} onClick={onEdit}>
              Edit
            </Button>
            {!plan.deletable ? (
              <Tooltip label={plan.enrolledEmployeeCount > 0 ? PLAN_HAS_PEOPLE : PLAN_HAS_HISTORY} multiline w={240} withArrow>
                {/* A disabled button takes no hover: the wrapper shows why it is disabled. */}
                <span tabIndex={0} style={{ display: 'inline-block' }} data-testid="delete-blocked">
                  <Button size="xs" variant="outline" aria-label={`Delete ${plan.name}`} disabled>
                    Delete
                  </Button>
                </span>
              </Tooltip>
            ) : (
              <Button size="xs" variant="outline" color="red.9" aria-label={`Delete ${plan.name}`} onClick={onDelete}>
                Delete
              </Button>
            )}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * The company's PTO plans (002 §2 "Plans section"), shown on /admin/ptomanage and in Settings
 * (tab 3): a card per plan; for admins '+ Create New PTO Plan' (the wizard), Edit (the plan's
 * edit panel), Delete (after a confirmation; blocked while people are enrolled) and each plan's
 * sick-leave compliance (issue 38).
 */
export function PtoPlansSection({ canEdit }: { canEdit: boolean }) {
  const data = usePtoManageData();
  // Issue 38, admins only: each plan against the sick-leave laws where its people work.
  const compliance = useSickLeaveCompliance(canEdit);
  const laws = useSickLeaveLaws(canEdit);
  const lawName = (id: string) => laws.data?.laws.find((law) => law.id === id)?.name ?? id;
  const complianceOf = (plan: PtoPlan) => {
    const found = compliance.data?.plans.find((candidate) => candidate.planId === plan.id);
    return found ? <PlanComplianceLine plan={found} lawName={lawName} /> : null;
  };
  const remove = useDeletePlan();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<PtoPlan | null>(null);
  const [deleting, setDeleting] = useState<PtoPlan | null>(null);
  const [error, setError] = useState<string | null>(null);
  const typeName = (id: number) => data.data?.ptoTypes.find((type) => type.id === id)?.name ?? '';

  return (
    <Stack gap="md" data-testid="pto-plans">
      <Group justify="space-between">
        <Title order={2} fz="lg">
          PTO Plans
        </Title>
        {canEdit && data.data ? <Button onClick={() => setCreating(true)}>+ Create New PTO Plan</Button> : null}
      </Group>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {data.isPending ? (
        <Loader size="sm" aria-label="Loading the PTO plans" />
      ) : data.isError ? (
        <FormAlert>{sorry(data.error)}</FormAlert>
      ) : data.data.ptoPolicies.length === 0 ? (
        <Text>Gasp! It&apos;s Empty!</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {data.data.ptoPolicies.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              typeName={typeName}
              canEdit={canEdit}
              compliance={complianceOf(plan)}
              onEdit={() => setEditing(plan)}
              onDelete={() => {
                setError(null);
                setDeleting(plan);
              }}
            />
          ))}
        </SimpleGrid>
      )}
      {data.data && creating ? <PlanWizard data={data.data} opened={creating} onClose={() => setCreating(false)} /> : null}
      {data.data && editing ? <PlanEditDock key={editing.id} plan={editing} data={data.data} onClose={() => setEditing(null)} /> : null}
      <ConfirmDelete
        opened={deleting !== null}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          setError(null);
          remove.mutate(deleting.id, { onError: (err) => setError(sorry(err)), onSettled: () => setDeleting(null) });
        }}
      />
    </Stack>
  );
}
