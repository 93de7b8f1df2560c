/**
 * Tests only: a fake server of the licensing contract (docs/contracts/licensing.md) at the fetch
 * level, holding a producer's folder, the compliance rows and the E&O policies, so that a change
 * shows after the screen asks again. CE progress is worked out as the contract says (credits of the
 * licence's or the resident state, completed within the cycle). Routes can be replaced per test.
 */
import { bodyOf, mockFetch, response } from '@/testing/http';
import type { Appointment, ComplianceRow, Credit, EoPolicy, Licence, LicensingFolder, Reference, Requirement, StateRule } from '../api/schemas';

type Handler = Parameters<typeof mockFetch>[0][string];

export const TODAY = '2026-11-18';

export const stateRule = (fields: Partial<StateRule> & { state: string }): StateRule => ({
  name: '',
  renewalAnchor: 'issue_month',
  cycleMonths: 24,
  hoursTotal: 24,
  hoursEthics: 3,
  topics: [],
  carryOver: false,
  citation: null,
  source: null,
  effectiveFrom: '2024-01-01',
  edited: false,
  ...fields,
});

export const REFERENCE: Reference = {
  lines: [
    { code: 'life', label: 'Life' },
    { code: 'accident_health', label: 'Accident & Health' },
    { code: 'property', label: 'Property' },
    { code: 'casualty', label: 'Casualty' },
  ],
  states: [
    stateRule({ state: 'TX', name: 'Texas', hoursTotal: 24, hoursEthics: 3, citation: '28 TAC §19.1003' }),
    stateRule({ state: 'CA', name: 'California', hoursTotal: 24, hoursEthics: 3, topics: [{ topic: 'flood', hours: 3 }], citation: 'Cal. Ins. Code §1749.3', source: 'https://example.com/ca' }),
  ],
  statuses: ['active', 'due_soon', 'ce_deficient', 'expired', 'not_appointed'],
};

export const requirement = (fields: Partial<Requirement> = {}): Requirement => ({
  id: 31,
  licenceId: 21,
  cycleStart: '2025-06-01',
  dueOn: '2027-05-31',
  hoursTotal: 24,
  hoursEthics: 3,
  topics: [],
  progress: { total: { done: 0, required: 24 }, ethics: { done: 0, required: 3 }, topics: [] },
  excessHours: 0,
  carriedInHours: 0,
  carryOver: false,
  met: false,
  ...fields,
});

export const licence = (fields: Partial<Licence> = {}): Licence => ({
  id: 21,
  employeeId: 9,
  state: 'TX',
  number: '1234567',
  licenceType: 'General Lines Agent',
  lines: ['life', 'accident_health'],
  residency: 'resident',
  issuedOn: '2025-06-01',
  status: 'active',
  statusOn: null,
  expiresOn: '2027-05-31',
  document: null,
  compliance: 'active',
  reason: null,
  requirements: [],
  ...fields,
});

export const credit = (fields: Partial<Credit> = {}): Credit => ({
  id: 41,
  employeeId: 9,
  state: 'TX',
  course: 'Ethics for agents',
  provider: 'CE Shop',
  hours: 1,
  topic: 'ethics',
  completedOn: '2026-02-10',
  certificate: null,
  ...fields,
});

export const appointment = (fields: Partial<Appointment> = {}): Appointment => ({
  id: 51,
  employeeId: 9,
  carrier: 'Acme Life',
  state: 'TX',
  effectiveOn: '2025-07-01',
  terminatedOn: null,
  reason: null,
  active: true,
  ...fields,
});

export const folder = (fields: Partial<LicensingFolder> = {}): LicensingFolder => ({
  employeeId: 9,
  name: 'Ana Ruiz',
  npn: '1234567',
  residentState: 'TX',
  expired: false,
  licences: [],
  credits: [],
  appointments: [],
  ...fields,
});

export const complianceRow = (fields: Partial<ComplianceRow> = {}): ComplianceRow => ({
  employeeId: 9,
  name: 'Ana Ruiz',
  npn: '1234567',
  state: 'TX',
  licenceId: 21,
  number: '1234567',
  lines: ['life'],
  expiresOn: '2027-05-31',
  ceDueOn: '2027-05-31',
  status: 'active',
  reason: null,
  ...fields,
});

export const validation = (errors: Record<string, string[]>) =>
  response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'Invalid input', errors, requestId: 'r1' } });

const formOf = (init: RequestInit) => init.body as FormData;
const queryOf = (url: string) => new URL(url, 'http://x').searchParams;

/** A requirement's progress from the person's credits (the contract's counting, without carry-over). */
function withProgress(req: Requirement, lic: Licence, state: LicensingFolder): Requirement {
  const counted = state.credits.filter((c) => (c.state === lic.state || c.state === state.residentState) && c.completedOn >= req.cycleStart && c.completedOn <= req.dueOn);
  const sum = (list: Credit[]) => list.reduce((total, c) => total + c.hours, 0);
  const total = sum(counted);
  const ethics = sum(counted.filter((c) => c.topic === 'ethics'));
  const topics = req.topics.map((t) => ({ topic: t.topic, done: sum(counted.filter((c) => c.topic === t.topic)), required: t.hours }));
  const met = total >= req.hoursTotal && ethics >= req.hoursEthics && topics.every((t) => t.done >= t.required);
  return { ...req, progress: { total: { done: total, required: req.hoursTotal }, ethics: { done: ethics, required: req.hoursEthics }, topics }, excessHours: Math.max(0, total - req.hoursTotal), met };
}

export interface LicensingServerOptions {
  folder?: LicensingFolder;
  rows?: ComplianceRow[];
  counts?: Record<string, number>;
  eo?: EoPolicy[];
  routes?: Record<string, Handler>;
}

export function licensingServer({ folder: initial = folder(), rows = [], counts, eo = [], routes = {} }: LicensingServerOptions = {}) {
  const state = { folder: structuredClone(initial), eo: [...eo], nextId: 100 };
  const view = (): LicensingFolder => ({
    ...state.folder,
    licences: state.folder.licences.map((lic) => ({ ...lic, requirements: lic.requirements.map((req) => withProgress(req, lic, state.folder)) })),
  });
  const fetch = mockFetch({
    'GET /licensing/reference': () => response({ json: REFERENCE }),
    [`GET /licensing/people/${initial.employeeId}`]: () => response({ json: view() }),
    'POST /licensing/producer': (init) => {
      const body = bodyOf(init) as { npn: string | null; residentState: string | null };
      if (body.npn && !/^\d{1,10}$/.test(body.npn)) return validation({ npn: ['An NPN is 1 to 10 digits.'] });
      state.folder = { ...state.folder, npn: body.npn, residentState: body.residentState };
      return response({ json: view() });
    },
    'POST /licensing/licences': (init) => {
      const body = bodyOf(init) as Licence & { id?: number };
      if (body.number.length > 40) return validation({ number: ['At most 40 characters.'] });
      if (body.expiresOn < body.issuedOn) return validation({ expiresOn: ['The expiry cannot be before the issue date.'] });
      const saved = licence({ ...body, id: body.id ?? state.nextId++, requirements: [] });
      const existing = state.folder.licences.find((l) => l.id === saved.id);
      state.folder.licences = existing
        ? state.folder.licences.map((l) => (l.id === saved.id ? { ...saved, requirements: l.requirements } : l))
        : [...state.folder.licences, saved];
      return response({ json: saved });
    },
    'POST /licensing/licences/delete': (init) => {
      const { id } = bodyOf(init) as { id: number };
      state.folder.licences = state.folder.licences.filter((l) => l.id !== id);
      return response({ json: { message: 'The licence has been deleted.' } });
    },
    'POST /licensing/requirements': (init) => {
      const body = bodyOf(init) as { licenceId: number; cycleStart: string; dueOn: string; hoursTotal?: number; hoursEthics?: number };
      if (body.dueOn < body.cycleStart) return validation({ dueOn: ["The due date cannot be before the cycle's start."] });
      const lic = state.folder.licences.find((l) => l.id === body.licenceId)!;
      const rule = REFERENCE.states.find((r) => r.state === lic.state);
      if (body.hoursTotal === undefined && !rule) return validation({ hoursTotal: ['This state has no rule: give the hours.'] });
      const saved = requirement({
        id: state.nextId++,
        licenceId: lic.id,
        cycleStart: body.cycleStart,
        dueOn: body.dueOn,
        hoursTotal: body.hoursTotal ?? rule?.hoursTotal ?? 0,
        hoursEthics: body.hoursEthics ?? rule?.hoursEthics ?? 0,
        topics: rule?.topics ?? [],
      });
      lic.requirements = [...lic.requirements, saved];
      return response({ json: withProgress(saved, lic, state.folder) });
    },
    'POST /licensing/credits': (init) => {
      const form = formOf(init);
      const hours = Number(form.get('hours'));
      if (!(hours >= 0.25 && hours <= 200)) return validation({ hours: ['Between 0.25 and 200 hours.'] });
      const certificate = form.get('certificate');
      if (certificate instanceof File && !/\.pdf$/i.test(certificate.name)) return validation({ certificate: ['Please upload a PDF or an image.'] });
      const saved = credit({
        id: state.nextId++,
        employeeId: Number(form.get('employeeId')),
        state: String(form.get('state')),
        course: String(form.get('course')),
        provider: String(form.get('provider')),
        hours,
        topic: String(form.get('topic')),
        completedOn: String(form.get('completedOn')),
        certificate: certificate instanceof File ? { fileName: certificate.name, mediaType: certificate.type, size: certificate.size } : null,
      });
      state.folder.credits = [...state.folder.credits, saved];
      return response({ json: saved });
    },
    'POST /licensing/credits/delete': (init) => {
      const { id } = bodyOf(init) as { id: number };
      state.folder.credits = state.folder.credits.filter((c) => c.id !== id);
      return response({ json: { message: 'The credit has been deleted.' } });
    },
    'POST /licensing/appointments': (init) => {
      const body = bodyOf(init) as Appointment;
      const saved = appointment({ ...body, id: body.id ?? state.nextId++, terminatedOn: body.terminatedOn ?? null, reason: body.reason ?? null, active: !body.terminatedOn });
      state.folder.appointments = [...state.folder.appointments.filter((a) => a.id !== saved.id), saved];
      return response({ json: saved });
    },
    'GET /licensing/compliance': ({ url }) => {
      const query = queryOf(url);
      const q = (query.get('q') ?? '').toLowerCase();
      const shown = rows.filter(
        (row) =>
          (!query.get('state') || row.state === query.get('state')) &&
          (!query.get('status') || row.status === query.get('status')) &&
          (!query.get('line') || row.lines.includes(query.get('line')!)) &&
          (!q || row.name.toLowerCase().includes(q) || (row.npn ?? '').includes(q)),
      );
      const counted = counts ?? Object.fromEntries(REFERENCE.statuses.map((status) => [status, shown.filter((row) => row.status === status).length]));
      const page = Number(query.get('page') ?? '1');
      const pageSize = 100;
      return response({ json: { rows: shown.slice((page - 1) * pageSize, page * pageSize), total: shown.length, page, pageSize, counts: counted, today: TODAY } });
    },
    'GET /licensing/compliance/export': ({ url }) =>
      response({
        text: 'name,state\n',
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': `attachment; filename="licensing-compliance.${queryOf(url).get('format')}"` },
      }),
    'GET /licensing/may-sell': ({ url }) => {
      const query = queryOf(url);
      return response({
        json: {
          state: query.get('state'),
          line: query.get('line'),
          on: query.get('on'),
          carrier: query.get('carrier'),
          people: [{ employeeId: 9, name: 'Ana Ruiz', licenceNumber: '1234567', expiresOn: '2027-05-31', carriers: ['Acme Life'] }],
          others: [{ employeeId: 12, name: 'Liam Carter', reason: `Not appointed in ${query.get('state')}.` }],
        },
      });
    },
    'GET /licensing/eo': () => response({ json: state.eo }),
    'POST /licensing/eo': (init) => {
      const body = bodyOf(init) as EoPolicy;
      const saved = { ...body, id: body.id ?? state.nextId++ };
      state.eo = [...state.eo.filter((p) => p.id !== saved.id), saved];
      return response({ json: saved });
    },
    'POST /licensing/import': (init) => {
      const file = formOf(init).get('file');
      if (!(file instanceof File)) return validation({ file: ['Please choose the CSV file.'] });
      if (file.name === 'bad.csv') return validation({ file: ['The file has no column licence_number, expires_on.'] });
      return response({ json: { imported: 18, updated: 0, errors: [{ line: 4, message: 'Unknown state code "XX".' }, { line: 9, message: 'No employee with the e-mail x@example.com.' }] } });
    },
    ...routes,
  });
  return { fetch, state };
}

/** The calls made to a path with a method (their URL and init). */
export const callsTo = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://x'), init: (init ?? {}) as RequestInit }))
    .filter(({ url, init }) => url.pathname === `/server/v1${path}` && (init.method ?? 'GET') === method);
