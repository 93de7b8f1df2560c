import { formatDateTime } from '@/lib/company-time';
import { AUDIT_ENTITIES, type AuditChange, type AuditEntry, type AuditPerson, type AuditValue } from '../api/schemas';

/** The labels of the `entity` codes (the contract's table). */
export const ENTITY_LABELS: Record<string, string> = {
  shift: 'Shift',
  edit_request: 'Timesheet edit request',
  time_off_request: 'Time off request',
  pto_balance: 'Time off balance',
  pto_plan: 'Time off plan',
  pto_rule: 'Time off rule',
  pto_type: 'Time off type',
  holiday: 'Holiday',
  person: 'Employee',
  hr_record: 'HR record',
  policy: 'Policy',
  company_settings: 'Company settings',
  time_settings: 'Time settings',
  location: 'Work location',
  billing: 'Billing',
  sign_in: 'Sign-in',
  api_key: 'API key',
  webhook: 'Webhook',
};

/** 'What changed' choices: every code of the contract by its label. */
export const ENTITY_CHOICES = AUDIT_ENTITIES.map((code) => ({ value: code, label: ENTITY_LABELS[code] ?? code }));

/** An entity as people read it; a code the browser does not know yet as it came. */
export const entityLabel = (entity: string): string => ENTITY_LABELS[entity] ?? entity;

/** 'role_changed' -> 'role changed'. */
const actionWords = (action: string): string => action.replace(/_/g, ' ').trim();

/** 'Shift updated', 'Employee role changed'; a sign-in is 'Signed in'. */
export function whatText(entry: Pick<AuditEntry, 'entity' | 'action'>): string {
  if (entry.entity === 'sign_in' && entry.action === 'signed_in') return 'Signed in';
  return `${entityLabel(entry.entity)} ${actionWords(entry.action)}`;
}

/** A person's name, or 'Erased person' once erased. */
export const personLabel = (person: AuditPerson): string => person.name ?? 'Erased person';

export const CLIENT_LABELS: Record<string, string> = { web: 'Web', kiosk: 'Kiosk', api: 'API' };

/** '127.0.0.1 · Web': the address and the client the change came from. */
export function fromText(entry: Pick<AuditEntry, 'ip' | 'client'>): string {
  const client = entry.client ? (CLIENT_LABELS[entry.client] ?? entry.client) : null;
  return [entry.ip, client].filter((part): part is string => !!part).join(' · ');
}

export const NONE = '—';

const UTC_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

/**
 * A value before or after: '—' for null (the field did not exist), an instant in UTC on the
 * company's clock (as every time of the app), yes/no, '(empty)' for an empty text, the rest as it came.
 */
export function valueText(value: AuditValue, timeZone?: string): string {
  if (value === null) return NONE;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (value === '') return '(empty)';
  if (UTC_INSTANT.test(value)) return formatDateTime(value, timeZone);
  return value;
}

/** 'clockIn: 11/30/2026 09:00 AM → 11/30/2026 08:30 AM'. */
export const changeText = (change: AuditChange, timeZone?: string): string =>
  `${change.field}: ${valueText(change.before, timeZone)} → ${valueText(change.after, timeZone)}`;

export const AUDIT_TEXTS = {
  title: 'Audit Trail',
  empty: 'No changes recorded yet.',
  noMatch: 'No change matches these filters.',
  support: '(support)',
};
