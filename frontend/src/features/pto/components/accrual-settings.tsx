import { Button, Group, Input, Paper, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import {
  ACCRUAL_PERIODS,
  ACCRUING_METHODS,
  CREDIT_DAYS,
  EXPIRY_UNITS,
  FIXED_METHODS,
  hasAccrualSettings,
  hasOtherPeriods,
  MAX_TIERS,
  PERIOD_ANCHORS,
  RATE_BASES,
  ROUNDINGS,
  YEAR_STARTS,
  type RuleForm,
  type ServiceTierForm,
} from '../api/plans';

/** The settings' fields as the server names them (a tier's by `serviceTiers[i].…`). */
const SETTING_FIELDS = [
  'accrualPeriod',
  'rateBasis',
  'periodAnchor',
  'creditOn',
  'rounding',
  'carryoverExpiresAfter',
  'carryoverExpiryUnit',
  'yearStart',
  'fiscalYearStart',
  'serviceTiers',
];
const isSettingField = (field: string) => SETTING_FIELDS.includes(field) || field.startsWith('serviceTiers[');

/** One of `choices`' values (a radio's or a select's), else the current one. */
function picked<T extends string>(choices: readonly { value: T }[], value: string | null, current: T): T {
  return choices.find((choice) => choice.value === value)?.value ?? current;
}

/** What a tier's hours are, in the rule's unit: 'hours a year', 'hours per 30 worked hours'… */
export function tierUnitWords(rule: RuleForm): string {
  if (FIXED_METHODS.includes(rule.method)) return 'hours a year';
  if (rule.method === 'PER_HOUR_WORKED') return `hours per ${rule.rateUnit.trim() || 'N'} worked hours`;
  if (rule.rateBasis === 'perYear') return 'hours a year';
  if (hasOtherPeriods(rule)) return 'hours per period';
  return `hours per ${rule.rateUnit.trim() || 'N'} months`;
}

/** A choice as radios side by side. */
function Choice<T extends string>({
  label,
  choices,
  value,
  error,
  disabled = false,
  description,
  onChange,
}: {
  label: string;
  choices: readonly { value: T; label: string }[];
  value: T;
  error: string | undefined;
  disabled?: boolean;
  description?: string;
  onChange: (value: T) => void;
}) {
  return (
    <Radio.Group label={label} description={description} value={value} error={error} onChange={(next) => onChange(picked(choices, next, value))}>
      <Group gap="md" mt={4}>
        {choices.map((choice) => (
          <Radio key={choice.value} value={choice.value} label={choice.label} disabled={disabled} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** 'From year N of service, R hours': each tier a row, at most `MAX_TIERS`. */
function ServiceTiers({ rule, problems, set }: { rule: RuleForm; problems: Record<string, string>; set: (changes: Partial<RuleForm>) => void }) {
  const tiers = rule.serviceTiers;
  const change = (index: number, changes: Partial<ServiceTierForm>) => set({ serviceTiers: tiers.map((tier, other) => (other === index ? { ...tier, ...changes } : tier)) });
  const unit = tierUnitWords(rule);
  return (
    <Input.Wrapper
      labelElement="div"
      label="Service tiers"
      description={`A rate from a year of service on (in ${unit}); the rule's rate before it.`}
      error={problems.serviceTiers}
      data-testid="service-tiers"
    >
      <Stack gap={6} mt={4}>
        {tiers.map((tier, index) => {
          const n = index + 1;
          return (
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap" data-testid="service-tier">
              <Text size="sm" mt={6}>
                From year
              </Text>
              <TextInput
                aria-label={`Tier ${n}: year of service`}
                inputMode="numeric"
                placeholder="3"
                w={80}
                value={tier.fromYear}
                error={problems[`serviceTiers[${index}].fromYear`]}
                onChange={(event) => change(index, { fromYear: event.currentTarget.value })}
              />
              <Text size="sm" mt={6}>
                of service,
              </Text>
              <TextInput
                aria-label={`Tier ${n}: hours`}
                inputMode="decimal"
                w={110}
                value={tier.rate}
                error={problems[`serviceTiers[${index}].rate`]}
                onChange={(event) => change(index, { rate: event.currentTarget.value })}
              />
              <Text size="sm" mt={6}>
                {unit}
              </Text>
              <Button
                size="xs"
                mt={4}
                variant="outline"
                color="red.9"
                aria-label={`Remove tier ${n}`}
                onClick={() => set({ serviceTiers: tiers.filter((_, other) => other !== index) })}
              >
                Remove
              </Button>
            </Group>
          );
        })}
        <Group>
          <Button size="xs" variant="light" disabled={tiers.length >= MAX_TIERS} onClick={() => set({ serviceTiers: [...tiers, { fromYear: '', rate: '' }] })}>
            Add tier
          </Button>
          {tiers.length >= MAX_TIERS ? (
            <Text size="sm" c="dimmed">
              At most {MAX_TIERS} tiers
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

/**
 * The rule's accrual settings, folded away while they are the defaults: per pay period rules'
 * periods (months, weeks, two weeks, half months), whether the rate is a period's or a year's,
 * where the periods start and which day credits them; the rounding of each credit; when
 * carried-over hours expire (only when something is carried over); where an accruing rule's year
 * starts; and the rates by year of service. The group opens by itself to show a problem.
 */
export function AccrualSettings({ rule, problems, set }: { rule: RuleForm; problems: Record<string, string>; set: (changes: Partial<RuleForm>) => void }) {
  const groupId = useId();
  const [expanded, setExpanded] = useState(() => hasAccrualSettings(rule));
  const shown = expanded || Object.keys(problems).some(isSettingField);
  const payPeriod = rule.method === 'PER_PAY_PERIOD';
  const halves = payPeriod && rule.accrualPeriod === 'semiMonthly';
  const carries = rule.carryoverPolicy === 'allowCarryover';
  const accruing = ACCRUING_METHODS.includes(rule.method);

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button size="xs" variant="subtle" aria-expanded={shown} aria-controls={shown ? groupId : undefined} onClick={() => setExpanded(!shown)}>
          Accrual settings
        </Button>
        {shown ? null : (
          <Text size="sm" c="dimmed">
            {hasAccrualSettings(rule) ? 'Changed from the defaults' : 'Periods, rounding, carryover expiry, year start, service tiers'}
          </Text>
        )}
      </Group>
      {shown ? (
        <Paper withBorder p="sm" radius="md" id={groupId} data-testid="accrual-settings">
          <Stack gap="sm">
            {payPeriod ? (
              <>
                <Choice
                  label="Accrual period"
                  choices={ACCRUAL_PERIODS}
                  value={rule.accrualPeriod}
                  error={problems.accrualPeriod}
                  // Half months are calendar halves: their periods cannot count from the joining date.
                  onChange={(accrualPeriod) => set({ accrualPeriod, ...(accrualPeriod === 'semiMonthly' ? { periodAnchor: 'calendar' as const } : {}) })}
                />
                <Choice label="The rate is" choices={RATE_BASES} value={rule.rateBasis} error={problems.rateBasis} onChange={(rateBasis) => set({ rateBasis })} />
                <Choice
                  label="Periods"
                  description={halves ? 'Twice a month is the 1st to the 15th and the 16th to the end of the month.' : undefined}
                  choices={PERIOD_ANCHORS}
                  value={halves ? 'calendar' : rule.periodAnchor}
                  disabled={halves}
                  error={problems.periodAnchor}
                  onChange={(periodAnchor) => set({ periodAnchor })}
                />
                <Choice label="Credited on" choices={CREDIT_DAYS} value={rule.creditOn} error={problems.creditOn} onChange={(creditOn) => set({ creditOn })} />
              </>
            ) : null}
            <Select
              label="Rounding"
              allowDeselect={false}
              data={ROUNDINGS}
              value={rule.rounding}
              error={problems.rounding}
              onChange={(value) => set({ rounding: picked(ROUNDINGS, value, rule.rounding) })}
            />
            {carries ? (
              <Group align="flex-start" gap="md">
                <TextInput
                  label="Carried-over hours expire after"
                  description="Empty: they never expire"
                  inputMode="numeric"
                  w={270}
                  value={rule.carryoverExpiresAfter}
                  error={problems.carryoverExpiresAfter}
                  onChange={(event) => set({ carryoverExpiresAfter: event.currentTarget.value })}
                />
                <Choice
                  label="Counted in"
                  choices={EXPIRY_UNITS}
                  value={rule.carryoverExpiryUnit}
                  error={problems.carryoverExpiryUnit}
                  onChange={(carryoverExpiryUnit) => set({ carryoverExpiryUnit })}
                />
              </Group>
            ) : null}
            {accruing ? (
              <>
                <Choice label="The year starts on" choices={YEAR_STARTS} value={rule.yearStart} error={problems.yearStart} onChange={(yearStart) => set({ yearStart })} />
                {rule.yearStart === 'fiscal' ? (
                  <TextInput
                    label="Fiscal year's first day (MM-DD)"
                    placeholder="07-01"
                    w={230}
                    value={rule.fiscalYearStart}
                    error={problems.fiscalYearStart}
                    onChange={(event) => set({ fiscalYearStart: event.currentTarget.value })}
                  />
                ) : null}
              </>
            ) : null}
            <ServiceTiers rule={rule} problems={problems} set={set} />
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
