import { Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDelete } from '@/components/confirm-dialog';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { sorry } from '@/lib/form-errors';
import { usePtoManageData, type PlanRule, type PtoPlan } from '../api/plans';
import { RULE_CHANGE_INFO, useDeletePtoRule } from '../api/rules';
import { PlanRules } from './plan-rules';
import { EVERY_TYPE_INCLUDED, RULE_TYPE_REQUIRED, RuleEditor, type RuleTarget } from './pto-rule-editor';

export { EVERY_TYPE_INCLUDED, RULE_TYPE_REQUIRED };

/**
 * Settings, PTO Rules (tab 7): every rule of every plan, grouped by plan. Admins edit a rule in
 * the 'PTO Rule' panel, add one for a paid type the plan lacks, or delete one after a
 * confirmation (never a plan's last: delete the plan instead). Managers see the lists.
 */
export function PtoRulesSection({ canEdit }: { canEdit: boolean }) {
  const data = usePtoManageData();
  const remove = useDeletePtoRule();
  const [editing, setEditing] = useState<RuleTarget | null>(null);
  const [deleting, setDeleting] = useState<{ plan: PtoPlan; rule: PlanRule } | null>(null);
  const [error, setError] = useState<string | null>(null);

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
        data.data.ptoPolicies.map((plan) => (
          <PlanRules
            key={plan.id}
            plan={plan}
            data={data.data}
            canEdit={canEdit}
            onEdit={setEditing}
            onDelete={(target) => {
              setError(null);
              setDeleting(target);
            }}
          />
        ))
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
