import { Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { FIXED_METHODS, hasOtherPeriods, ruleFor, type RuleForm } from '../api/plans';
import { AccrualSettings } from './accrual-settings';

/** The rule methods as the wizard offers them (002 §2 steps 4–5). */
export const METHODS = [
  { value: 'PER_CALENDAR_YEAR', label: 'All at once at the start of the year' },
  { value: 'PER_ANNIVERSARY', label: 'All at once each anniversary' },
  { value: 'PER_HOUR_WORKED', label: 'Accrued per hours clocked' },
  { value: 'PER_PAY_PERIOD', label: 'Accrued per month employed' },
];

/**
 * Issue 38: the limits the sick-leave laws speak of, each optional: the hours a year may earn and
 * use, the days of employment before the first use (on day N, or after N days) and the smallest
 * block of time off.
 */
function LimitFields({ rule, problems, set }: { rule: RuleForm; problems: Record<string, string>; set: (changes: Partial<RuleForm>) => void }) {
  const days = rule.usableAfterDays.trim();
  return (
    <Stack gap="xs" data-testid="rule-limits">
      <Text size="sm" fw={500}>
        Limits (optional; leave empty for none)
      </Text>
      <Group grow align="flex-start">
        <TextInput
          label="Yearly accrual cap (h)"
          description="Most hours earned in a year"
          inputMode="numeric"
          value={rule.yearlyAccrualCap}
          error={problems.yearlyAccrualCap}
          onChange={(event) => set({ yearlyAccrualCap: event.currentTarget.value })}
        />
        <TextInput
          label="Yearly use cap (h)"
          description="Most hours used in a year"
          inputMode="numeric"
          value={rule.yearlyUseCap}
          error={problems.yearlyUseCap}
          onChange={(event) => set({ yearlyUseCap: event.currentTarget.value })}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label="Usable after (days)"
          description="Days of employment before the first use"
          inputMode="numeric"
          value={rule.usableAfterDays}
          error={problems.usableAfterDays}
          onChange={(event) => set({ usableAfterDays: event.currentTarget.value })}
        />
        <TextInput
          label="Smallest block (h)"
          description="Shortest time off taken at once"
          inputMode="decimal"
          value={rule.minIncrement}
          error={problems.minIncrement}
          onChange={(event) => set({ minIncrement: event.currentTarget.value })}
        />
      </Group>
      {days ? (
        <Radio.Group
          label="Counting the days"
          value={rule.usableCounting}
          error={problems.usableCounting}
          onChange={(value) => set({ usableCounting: value === 'fromDay' ? 'fromDay' : 'afterDays' })}
        >
          <Group gap="md" mt={4}>
            <Radio value="fromDay" label={`Usable from day ${days} of employment`} />
            <Radio value="afterDays" label={`Usable after ${days} days of employment`} />
          </Group>
        </Radio.Group>
      ) : null}
    </Stack>
  );
}

/** The rate's label: a year's hours for fixed methods and year-based periods, a period's for weeks and half months. */
function rateLabel(rule: RuleForm): string {
  if (FIXED_METHODS.includes(rule.method)) return 'Hours per year';
  if (rule.method === 'PER_PAY_PERIOD' && rule.rateBasis === 'perYear') return 'Hours a year';
  if (hasOtherPeriods(rule)) return 'Hours per period';
  return 'Hours';
}

/**
 * One PTO type's rule (002 §3, §5): how it is given, the rate, proration, a waiting period,
 * carryover, the caps, the sick-leave limits and the accrual settings (folded away). Choosing
 * another method resets the rule to the spec's defaults. Weeks, two weeks and half months credit
 * the rate once a period: they have no unit.
 */
export function RuleFields({
  typeName,
  rule,
  problems,
  onChange,
}: {
  typeName: string;
  rule: RuleForm;
  problems: Record<string, string>;
  onChange: (rule: RuleForm) => void;
}) {
  const fixed = FIXED_METHODS.includes(rule.method);
  const set = (changes: Partial<RuleForm>) => onChange({ ...rule, ...changes });
  return (
    <Stack gap="sm" data-testid="rule-fields">
      <Radio.Group
        label={`How is ${typeName} given?`}
        value={rule.method}
        onChange={(method) => onChange(ruleFor(rule.ptoTypeId, method))}
        error={problems.method}
        withAsterisk
      >
        <Stack gap={6} mt={4}>
          {METHODS.map((method) => (
            <Radio key={method.value} value={method.value} label={method.label} />
          ))}
        </Stack>
      </Radio.Group>
      {rule.method ? (
        <>
          <Group grow align="flex-start">
            <TextInput
              label={rateLabel(rule)}
              withAsterisk
              inputMode="decimal"
              placeholder={fixed ? '120' : '1'}
              value={rule.rate}
              error={problems.rate}
              onChange={(event) => set({ rate: event.currentTarget.value })}
            />
            {fixed || hasOtherPeriods(rule) ? null : (
              <TextInput
                label={rule.method === 'PER_HOUR_WORKED' ? 'For every (worked hours)' : 'For every (months)'}
                withAsterisk
                inputMode="numeric"
                placeholder={rule.method === 'PER_HOUR_WORKED' ? '30' : '1'}
                value={rule.rateUnit}
                error={problems.rateUnit}
                onChange={(event) => set({ rateUnit: event.currentTarget.value })}
              />
            )}
          </Group>
          <Checkbox label="Prorated for a partial year" checked={rule.prorated} onChange={(event) => set({ prorated: event.currentTarget.checked })} />
          <Checkbox
            label="Waiting period"
            checked={rule.waitingPeriodEnabled}
            onChange={(event) => set({ waitingPeriodEnabled: event.currentTarget.checked })}
          />
          {rule.waitingPeriodEnabled ? (
            <Group grow align="flex-start">
              <TextInput
                label="Waiting period (days)"
                inputMode="numeric"
                placeholder="90"
                value={rule.waitingPeriod}
                error={problems.waitingPeriod}
                onChange={(event) => set({ waitingPeriod: event.currentTarget.value })}
              />
              <Checkbox
                mt={30}
                label="Starts after the waiting period"
                checked={rule.startAfterWaitingPeriod}
                onChange={(event) => set({ startAfterWaitingPeriod: event.currentTarget.checked })}
              />
            </Group>
          ) : null}
          <Radio.Group
            label="At the end of the year"
            value={rule.carryoverPolicy}
            onChange={(value) => set({ carryoverPolicy: value === 'useItOrLoseIt' ? 'useItOrLoseIt' : 'allowCarryover' })}
          >
            <Group gap="md" mt={4}>
              <Radio value="allowCarryover" label="Allow carryover" />
              <Radio value="useItOrLoseIt" label="Use it or lose it" />
            </Group>
          </Radio.Group>
          {rule.carryoverPolicy === 'allowCarryover' ? (
            <Group align="flex-start">
              <Checkbox
                mt={8}
                label="Cap the carryover"
                checked={rule.maxCarryoverEnabled}
                onChange={(event) => set({ maxCarryoverEnabled: event.currentTarget.checked })}
              />
              {rule.maxCarryoverEnabled ? (
                <TextInput
                  aria-label="Most hours carried over"
                  placeholder="Hours"
                  inputMode="numeric"
                  w={110}
                  value={rule.maxCarryover}
                  error={problems.maxCarryover}
                  onChange={(event) => set({ maxCarryover: event.currentTarget.value })}
                />
              ) : null}
            </Group>
          ) : null}
          <Group align="flex-start">
            <Checkbox
              mt={8}
              label="Maximum balance"
              checked={rule.maxBalanceEnabled}
              onChange={(event) => set({ maxBalanceEnabled: event.currentTarget.checked })}
            />
            {rule.maxBalanceEnabled ? (
              <TextInput
                aria-label="Maximum balance in hours"
                placeholder="Hours"
                inputMode="numeric"
                w={110}
                value={rule.maxBalance}
                error={problems.maxBalance}
                onChange={(event) => set({ maxBalance: event.currentTarget.value })}
              />
            ) : null}
          </Group>
          {rule.carryoverPolicy === 'allowCarryover' && rule.maxBalanceEnabled && Number(rule.maxBalance) > 0 ? (
            <Text size="sm" c="dimmed">
              Max balance is limited to {rule.maxBalance} hours
            </Text>
          ) : null}
          <LimitFields rule={rule} problems={problems} set={set} />
          <AccrualSettings rule={rule} problems={problems} set={set} />
        </>
      ) : null}
    </Stack>
  );
}
