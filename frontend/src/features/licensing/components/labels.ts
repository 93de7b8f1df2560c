import { formatHours } from '../api/forms';
import type { Progress } from '../api/schemas';

/** A compliance status as people read it, and its badge's colour (dark shades: white text at 4.5:1, black on yellow). */
export const STATUS_LOOKS: Record<string, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green.9' },
  due_soon: { label: 'Due soon', color: 'yellow.4' },
  ce_deficient: { label: 'CE deficient', color: 'grape.9' },
  expired: { label: 'Expired', color: 'red.9' },
  not_appointed: { label: 'Not appointed', color: 'gray.7' },
};

/** The compliance statuses in the contract's order. */
export const STATUS_ORDER = ['active', 'due_soon', 'ce_deficient', 'expired', 'not_appointed'] as const;

export const statusLabel = (status: string): string => STATUS_LOOKS[status]?.label ?? status;
export const statusColor = (status: string): string => STATUS_LOOKS[status]?.color ?? 'gray.7';

/** A licence's own status (what the state says). */
export const LICENCE_STATUS_LABELS: Record<string, string> = { active: 'Active', inactive: 'Inactive', lapsed: 'Lapsed', revoked: 'Revoked' };
export const RESIDENCY_LABELS: Record<string, string> = { resident: 'Resident', non_resident: 'Non-resident' };
export const RENEWAL_ANCHOR_LABELS: Record<string, string> = {
  issue_month: 'Issue month',
  birth_date: 'Birth date',
  birth_month: 'Birth month',
  fixed: 'Fixed date',
  perpetual: 'Perpetual',
};

/** 'flood' -> 'Flood', 'long_term_care' -> 'Long term care', 'general' -> 'General'. */
export function topicLabel(topic: string): string {
  const words = topic.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : topic;
}

/** 'Total 12 of 24 h', 'Ethics 1.5 of 3 h': a progress bar's words. */
export const progressText = (label: string, progress: Progress): string => `${label} ${formatHours(progress.done)} of ${formatHours(progress.required)} h`;

/** How full a bar is, 0 to 100 (a requirement of 0 hours is met). */
export const progressPercent = (progress: Progress): number =>
  progress.required <= 0 ? 100 : Math.min(100, Math.round((progress.done / progress.required) * 1000) / 10);

export const LICENSING_TEXTS = {
  expiredBanner: 'A licence has expired',
  expiredBannerBody: 'A producer holding an expired licence may not sell in that state until it is renewed.',
  anyExpiredBanner: 'A licence has expired',
  noLicences: 'No licence yet.',
  noCredits: 'No continuing-education credit yet.',
  noAppointments: 'No carrier appointment yet.',
  noRequirements: 'No CE requirement for this licence yet.',
  noRows: 'No licence matches these filters.',
  noEo: 'No E&O policy yet.',
  importColumns:
    'Columns (header row, any order): email, npn, resident_state, state, licence_number, licence_type, lines (codes separated by ;), residency (resident or non_resident), issued_on, status, status_on (optional), expires_on; dates YYYY-MM-DD.',
} as const;
