import { ApiError } from '@/lib/api-client';
import { sorry } from '@/lib/form-errors';
import { dollarsToCents } from '@/lib/money';
import type { TopicHours } from './schemas';

/**
 * The licensing forms' values (what people type), their own checks and the bodies they send. The
 * server checks everything again and answers a 400 with per-field messages named as the bodies'
 * fields, which the forms put on the same inputs (each form's `*_FIELDS`).
 */

export type FormErrors = Record<string, string>;

export const MESSAGES = {
  state: 'Choose a US state.',
  npn: 'An NPN is 1 to 10 digits.',
  number: 'Please enter the licence number',
  numberTooLong: 'At most 40 characters.',
  licenceType: 'Please enter the licence type',
  lines: 'Choose at least one line of authority.',
  issuedOn: 'Please choose the issue date',
  expiresOn: 'Please choose the expiry date',
  expiryBeforeIssue: 'The expiry cannot be before the issue date.',
  cycleStart: "Please choose the cycle's first day",
  dueOn: 'Please choose the due date',
  dueBeforeStart: "The due date cannot be before the cycle's start.",
  hoursRequired: 'Please enter the hours',
  hours: 'Between 0.25 and 200 hours.',
  hoursOrZero: 'Between 0 and 200 hours, at most two decimals.',
  course: 'Please enter the course',
  topic: 'Please choose the topic',
  completedOn: 'Please choose the day it was completed',
  carrier: 'Please enter the carrier',
  effectiveOn: 'Please choose the first day',
  terminatedBeforeEffective: 'The end cannot be before the first day.',
  policyNumber: 'Please enter the policy number',
  amount: 'Please enter an amount in dollars, e.g. 1,000,000',
  cycleMonths: 'Between 1 and 120 months.',
  effectiveFrom: 'Please choose the day the rule starts',
} as const;

/** Hours as typed ('2', '1.5', '0.25') or null when not a number of at most two decimals. */
export function parseHours(text: string): number | null {
  const value = text.trim();
  if (!/^\d{1,4}(\.\d{1,2})?$|^\.\d{1,2}$/.test(value)) return null;
  return Math.round(Number(value) * 100) / 100;
}

/** 12 -> '12', 1.5 -> '1.5', 0.25 -> '0.25': hours as people read them. */
export const formatHours = (hours: number): string => String(Math.round(hours * 100) / 100);

const isHours = (hours: number | null): hours is number => hours !== null && hours >= 0.25 && hours <= 200;
const isHoursOrZero = (hours: number | null): hours is number => hours !== null && hours >= 0 && hours <= 200;
const blank = (text: string | null | undefined) => !text || !text.trim();

// ----- The producer: NPN and resident state.

export interface ProducerValues {
  npn: string;
  residentState: string | null;
}
export interface ProducerBody {
  employeeId: number;
  npn: string | null;
  residentState: string | null;
}
export const PRODUCER_FIELDS = ['npn', 'residentState'] as const;

export function validateProducer(values: ProducerValues): FormErrors {
  const errors: FormErrors = {};
  if (values.npn.trim() && !/^\d{1,10}$/.test(values.npn.trim())) errors.npn = MESSAGES.npn;
  return errors;
}

export const producerBody = (employeeId: number, values: ProducerValues): ProducerBody => ({
  employeeId,
  npn: values.npn.trim() || null,
  residentState: values.residentState || null,
});

// ----- A licence.

export interface LicenceValues {
  state: string | null;
  number: string;
  licenceType: string;
  lines: string[];
  residency: string;
  issuedOn: string;
  status: string;
  statusOn: string;
  expiresOn: string;
}
export interface LicenceBody {
  id?: number;
  employeeId: number;
  state: string;
  number: string;
  licenceType: string;
  lines: string[];
  residency: string;
  issuedOn: string;
  status: string;
  statusOn?: string;
  expiresOn: string;
}
export const LICENCE_FIELDS = ['state', 'number', 'licenceType', 'lines', 'residency', 'issuedOn', 'status', 'statusOn', 'expiresOn'] as const;

export const emptyLicence = (residentState: string | null): LicenceValues => ({
  state: residentState,
  number: '',
  licenceType: '',
  lines: [],
  residency: 'resident',
  issuedOn: '',
  status: 'active',
  statusOn: '',
  expiresOn: '',
});

export function validateLicence(values: LicenceValues): FormErrors {
  const errors: FormErrors = {};
  if (!values.state) errors.state = MESSAGES.state;
  if (blank(values.number)) errors.number = MESSAGES.number;
  else if (values.number.trim().length > 40) errors.number = MESSAGES.numberTooLong;
  if (blank(values.licenceType)) errors.licenceType = MESSAGES.licenceType;
  if (values.lines.length === 0) errors.lines = MESSAGES.lines;
  if (!values.issuedOn) errors.issuedOn = MESSAGES.issuedOn;
  if (!values.expiresOn) errors.expiresOn = MESSAGES.expiresOn;
  else if (values.issuedOn && values.expiresOn < values.issuedOn) errors.expiresOn = MESSAGES.expiryBeforeIssue;
  return errors;
}

export const licenceBody = (employeeId: number, values: LicenceValues, id?: number): LicenceBody => ({
  ...(id === undefined ? {} : { id }),
  employeeId,
  state: values.state ?? '',
  number: values.number.trim(),
  licenceType: values.licenceType.trim(),
  lines: values.lines,
  residency: values.residency,
  issuedOn: values.issuedOn,
  status: values.status,
  ...(values.statusOn ? { statusOn: values.statusOn } : {}),
  expiresOn: values.expiresOn,
});

// ----- A CE requirement of a licence cycle.

export interface RequirementValues {
  cycleStart: string;
  dueOn: string;
  /** Empty: the state's rule (when it has one). */
  hoursTotal: string;
  hoursEthics: string;
}
export interface RequirementBody {
  id?: number;
  licenceId: number;
  cycleStart: string;
  dueOn: string;
  hoursTotal?: number;
  hoursEthics?: number;
  topics?: TopicHours[];
}
export const REQUIREMENT_FIELDS = ['cycleStart', 'dueOn', 'hoursTotal', 'hoursEthics'] as const;

/** `ruleHours`: the state's rule has the hours (null: none, they must be given). */
export function validateRequirement(values: RequirementValues, ruleHours: number | null): FormErrors {
  const errors: FormErrors = {};
  if (!values.cycleStart) errors.cycleStart = MESSAGES.cycleStart;
  if (!values.dueOn) errors.dueOn = MESSAGES.dueOn;
  else if (values.cycleStart && values.dueOn < values.cycleStart) errors.dueOn = MESSAGES.dueBeforeStart;
  if (blank(values.hoursTotal)) {
    if (ruleHours === null) errors.hoursTotal = MESSAGES.hoursRequired;
  } else if (!isHours(parseHours(values.hoursTotal))) errors.hoursTotal = MESSAGES.hours;
  if (!blank(values.hoursEthics) && !isHoursOrZero(parseHours(values.hoursEthics))) errors.hoursEthics = MESSAGES.hoursOrZero;
  return errors;
}

/** Hours left empty are left out: the server fills them from the state's rule. */
export function requirementBody(licenceId: number, values: RequirementValues, id?: number): RequirementBody {
  const total = blank(values.hoursTotal) ? null : parseHours(values.hoursTotal);
  const ethics = blank(values.hoursEthics) ? null : parseHours(values.hoursEthics);
  return {
    ...(id === undefined ? {} : { id }),
    licenceId,
    cycleStart: values.cycleStart,
    dueOn: values.dueOn,
    ...(total === null ? {} : { hoursTotal: total }),
    ...(ethics === null ? {} : { hoursEthics: ethics }),
  };
}

// ----- A CE credit.

export interface CreditValues {
  state: string | null;
  course: string;
  provider: string;
  hours: string;
  topic: string | null;
  completedOn: string;
  certificate: File | null;
}
export interface CreditBody {
  employeeId: number;
  state: string;
  course: string;
  provider: string;
  hours: number;
  topic: string;
  completedOn: string;
  certificate: File | null;
}
export const CREDIT_FIELDS = ['state', 'course', 'provider', 'hours', 'topic', 'completedOn', 'certificate'] as const;

export const emptyCredit = (state: string | null, today: string): CreditValues => ({
  state,
  course: '',
  provider: '',
  hours: '',
  topic: 'general',
  completedOn: today,
  certificate: null,
});

export function validateCredit(values: CreditValues): FormErrors {
  const errors: FormErrors = {};
  if (!values.state) errors.state = MESSAGES.state;
  if (blank(values.course)) errors.course = MESSAGES.course;
  if (blank(values.hours)) errors.hours = MESSAGES.hoursRequired;
  else if (!isHours(parseHours(values.hours))) errors.hours = MESSAGES.hours;
  if (!values.topic) errors.topic = MESSAGES.topic;
  if (!values.completedOn) errors.completedOn = MESSAGES.completedOn;
  return errors;
}

export const creditBody = (employeeId: number, values: CreditValues): CreditBody => ({
  employeeId,
  state: values.state ?? '',
  course: values.course.trim(),
  provider: values.provider.trim(),
  hours: parseHours(values.hours) ?? 0,
  topic: values.topic ?? 'general',
  completedOn: values.completedOn,
  certificate: values.certificate,
});

// ----- A carrier appointment.

export interface AppointmentValues {
  carrier: string;
  state: string | null;
  effectiveOn: string;
  terminatedOn: string;
  reason: string;
}
export interface AppointmentBody {
  id?: number;
  employeeId: number;
  carrier: string;
  state: string;
  effectiveOn: string;
  terminatedOn?: string;
  reason?: string;
}
export const APPOINTMENT_FIELDS = ['carrier', 'state', 'effectiveOn', 'terminatedOn', 'reason'] as const;

export function validateAppointment(values: AppointmentValues): FormErrors {
  const errors: FormErrors = {};
  if (blank(values.carrier)) errors.carrier = MESSAGES.carrier;
  if (!values.state) errors.state = MESSAGES.state;
  if (!values.effectiveOn) errors.effectiveOn = MESSAGES.effectiveOn;
  else if (values.terminatedOn && values.terminatedOn < values.effectiveOn) errors.terminatedOn = MESSAGES.terminatedBeforeEffective;
  return errors;
}

export const appointmentBody = (employeeId: number, values: AppointmentValues, id?: number): AppointmentBody => ({
  ...(id === undefined ? {} : { id }),
  employeeId,
  carrier: values.carrier.trim(),
  state: values.state ?? '',
  effectiveOn: values.effectiveOn,
  ...(values.terminatedOn ? { terminatedOn: values.terminatedOn } : {}),
  ...(values.reason.trim() ? { reason: values.reason.trim() } : {}),
});

// ----- An E&O policy (money typed in dollars, sent as integer cents).

export interface EoValues {
  carrier: string;
  policyNumber: string;
  perClaim: string;
  aggregate: string;
  expiresOn: string;
}
export interface EoBody {
  id?: number;
  carrier: string;
  policyNumber: string;
  perClaimCents: number;
  aggregateCents: number;
  expiresOn: string;
}
/** The form's inputs by the server's field names: the money inputs answer for the cents. */
export const EO_FIELDS = ['carrier', 'policyNumber', 'perClaimCents', 'aggregateCents', 'expiresOn'] as const;
export const EO_INPUT_OF: Record<string, string> = { perClaimCents: 'perClaim', aggregateCents: 'aggregate' };

export function validateEo(values: EoValues): FormErrors {
  const errors: FormErrors = {};
  if (blank(values.carrier)) errors.carrier = MESSAGES.carrier;
  if (blank(values.policyNumber)) errors.policyNumber = MESSAGES.policyNumber;
  if (dollarsToCents(values.perClaim) === null) errors.perClaim = MESSAGES.amount;
  if (dollarsToCents(values.aggregate) === null) errors.aggregate = MESSAGES.amount;
  if (!values.expiresOn) errors.expiresOn = MESSAGES.expiresOn;
  return errors;
}

export const eoBody = (values: EoValues, id?: number): EoBody => ({
  ...(id === undefined ? {} : { id }),
  carrier: values.carrier.trim(),
  policyNumber: values.policyNumber.trim(),
  perClaimCents: dollarsToCents(values.perClaim) ?? 0,
  aggregateCents: dollarsToCents(values.aggregate) ?? 0,
  expiresOn: values.expiresOn,
});

// ----- A state's CE rule (admins).

export interface StateRuleValues {
  state: string | null;
  cycleMonths: string;
  hoursTotal: string;
  hoursEthics: string;
  topics: { topic: string; hours: string }[];
  carryOver: boolean;
  citation: string;
  effectiveFrom: string;
}
export const STATE_RULE_FIELDS = ['state', 'cycleMonths', 'hoursTotal', 'hoursEthics', 'topics', 'carryOver', 'citation', 'effectiveFrom'] as const;

export function validateStateRule(values: StateRuleValues): FormErrors {
  const errors: FormErrors = {};
  if (!values.state) errors.state = MESSAGES.state;
  const months = Number(values.cycleMonths.trim());
  if (!/^\d+$/.test(values.cycleMonths.trim()) || months < 1 || months > 120) errors.cycleMonths = MESSAGES.cycleMonths;
  if (!isHoursOrZero(parseHours(values.hoursTotal))) errors.hoursTotal = MESSAGES.hoursOrZero;
  if (!isHoursOrZero(parseHours(values.hoursEthics))) errors.hoursEthics = MESSAGES.hoursOrZero;
  values.topics.forEach((row, index) => {
    if (blank(row.topic)) errors[`topics.${index}.topic`] = MESSAGES.topic;
    if (!isHours(parseHours(row.hours))) errors[`topics.${index}.hours`] = MESSAGES.hours;
  });
  if (!values.effectiveFrom) errors.effectiveFrom = MESSAGES.effectiveFrom;
  return errors;
}

export const stateRuleBody = (values: StateRuleValues) => ({
  state: values.state ?? '',
  cycleMonths: Number(values.cycleMonths.trim()),
  hoursTotal: parseHours(values.hoursTotal) ?? 0,
  hoursEthics: parseHours(values.hoursEthics) ?? 0,
  topics: values.topics.map((row) => ({ topic: row.topic.trim().toLowerCase().replace(/\s+/g, '_'), hours: parseHours(row.hours) ?? 0 })),
  carryOver: values.carryOver,
  citation: values.citation.trim(),
  effectiveFrom: values.effectiveFrom,
});

/**
 * A failed save: the server's per-field messages (a 400) on the form's own inputs (`fields` as the
 * body names them, `inputOf` where an input has another name), and the rest as a 'Sorry …' message
 * for the whole form (null when the fields say it all). Another refusal gives the server's own
 * message; a failure of the server the generic one.
 */
export function saveFailure(error: unknown, fields: readonly string[], inputOf: Record<string, string> = {}): { fieldErrors: FormErrors; message: string | null } {
  if (error instanceof ApiError && error.hasFieldErrors) {
    const fieldErrors: FormErrors = {};
    const rest: string[] = [];
    for (const [field, messages] of Object.entries(error.errors)) {
      const first = messages[0];
      if (!first) continue;
      if (fields.includes(field)) fieldErrors[inputOf[field] ?? field] = first;
      else rest.push(first);
    }
    return { fieldErrors, message: rest[0] ? `Sorry ${rest[0]}` : null };
  }
  return { fieldErrors: {}, message: sorry(error) };
}
