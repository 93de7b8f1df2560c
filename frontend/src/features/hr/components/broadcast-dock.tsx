import { Dock } from '@/components/dock';
import type { PolicyView } from '../api/schemas';
import { BroadcastForm } from './broadcast-form';
import { BroadcastPublisher } from './broadcast-publisher';
import { BroadcastStatus } from './broadcast-status';
import { HR_DOCK_WIDTH } from './labels';

/** What the side panel shows (002 §2: Add/Edit Broadcast, HR Broadcast publisher, Broadcast Status). */
export type BroadcastPanel =
  | { kind: 'add' }
  | { kind: 'edit'; policyId: number }
  | { kind: 'publish'; policy: PolicyView }
  | { kind: 'status'; policy: PolicyView };

const PANEL_TITLES: Record<BroadcastPanel['kind'], string> = {
  add: 'Add Broadcast',
  edit: 'Edit Broadcast',
  publish: 'HR Broadcast Publisher',
  status: 'Broadcast Status',
};

interface BroadcastDockProps {
  panel: BroadcastPanel;
  opened: boolean;
  onClose: () => void;
  timeZone: string;
  selfId: number | null;
  /** Saved (added or edited): the publisher comes next. */
  onSaved: (policy: PolicyView) => void;
  onPublished: () => void;
  onStopped: () => void;
}

/** The broadcast side panel: the form, the publisher or a publication's status. */
export function BroadcastDock({ panel, opened, onClose, timeZone, selfId, onSaved, onPublished, onStopped }: BroadcastDockProps) {
  return (
    <Dock opened={opened} onClose={onClose} title={PANEL_TITLES[panel.kind]} width={HR_DOCK_WIDTH} testId="broadcast-dock">
      {panel.kind === 'add' || panel.kind === 'edit' ? (
        <BroadcastForm key={panel.kind === 'edit' ? panel.policyId : 'new'} policyId={panel.kind === 'edit' ? panel.policyId : null} onSaved={onSaved} />
      ) : panel.kind === 'publish' ? (
        <BroadcastPublisher key={panel.policy.id} policy={panel.policy} timeZone={timeZone} selfId={selfId} onPublished={onPublished} />
      ) : (
        <BroadcastStatus key={panel.policy.id} workflows={panel.policy.workflows} timeZone={timeZone} onStopped={onStopped} />
      )}
    </Dock>
  );
}
