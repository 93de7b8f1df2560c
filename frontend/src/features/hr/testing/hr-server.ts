/**
 * Tests only: a fake server of the HR-records contract (docs/contracts/hr-records.md), holding
 * types, events, documents, requests, policies and their publications so that a change shows
 * after the screen asks again.
 */
import { bodyOf, mockFetch, response } from '@/testing/http';
import type { RefEmployee } from '../api/get-admin-refdata';
import type { HrType } from '../api/get-hr-types';
import type { JobRole } from '../api/get-policies';
import type { DocRequestView, DocumentView, EventView, MyPolicy, PolicyDocument, PolicyView, Recipient, WorkflowView } from '../api/schemas';

type Handler = Parameters<typeof mockFetch>[0][string];

export const hrType = (fields: Partial<HrType> & { id: number; name: string }): HrType => ({ active: true, onboardingDoc: false, onboardingDays: null, ...fields });

export const hrEvent = (fields: Partial<EventView> = {}): EventView => ({
  id: 41,
  employeeId: 9,
  title: 'Quarterly review',
  comments: '<p>Great <strong>quarter</strong></p>',
  eventTypeId: 1,
  eventTypeName: 'Review',
  actionDate: '2026-03-02',
  // 02:30 UTC on Mar 2 is still Mar 1 in New York.
  createDate: '2026-03-02T02:30:00Z',
  ackneeded: 0,
  onlyVisibleToOwner: 0,
  ackedon: null,
  createdBy: 'Ada Admin',
  doc: null,
  ...fields,
});

export const hrDoc = (fields: Partial<DocumentView> = {}): DocumentView => ({
  id: 51,
  employeeId: 9,
  docName: 'Offer letter',
  docTypeId: 11,
  docType: 'Contract',
  comments: 'Signed offer',
  docFileName: 'offer-letter.pdf',
  docMediaType: 'application/pdf',
  docSize: 250_000,
  createDate: '2026-02-10T15:00:00Z',
  requestId: null,
  createdBy: 'Ada Admin',
  ...fields,
});

export const hrRequest = (fields: Partial<DocRequestView> = {}): DocRequestView => ({
  id: 61,
  employeeId: 9,
  docTypeId: 11,
  name: 'Contract',
  dueDate: '2026-04-01',
  comments: 'Please sign',
  createDate: '2026-03-01T15:00:00Z',
  completeDate: null,
  cancelDate: null,
  status: 0,
  overdue: false,
  onboardingDoc: false,
  requestedBy: 'Ada Admin',
  ...fields,
});

export const hrPolicy = (fields: Partial<PolicyView> = {}): PolicyView => ({
  id: 71,
  title: 'Code of conduct',
  content: '<p>Be <strong>kind</strong></p>',
  policyTypeId: 21,
  typeName: 'Conduct',
  version: 1,
  document: null,
  createDate: '2026-02-01T15:00:00Z',
  lastPublishDate: null,
  onboardingPolicy: 0,
  autoCertifyDueDays: null,
  workflows: [],
  ...fields,
});

export const hrRecipient = (fields: Partial<Recipient> & { employeeId: number }): Recipient => ({
  firstname: 'Emma',
  lastname: 'Brooks',
  certifyStatus: 0,
  certifyDate: null,
  comments: '',
  dueDate: '2026-04-01',
  overdue: false,
  ...fields,
});

/** A publication; its counts are counted from its recipients whenever the fake server answers. */
export const hrWorkflow = (fields: Partial<WorkflowView> & { id: number; policyId: number }): WorkflowView => ({
  title: 'Code of conduct',
  version: 1,
  publishDate: '2026-03-02T15:00:00Z',
  dueDate: '2026-04-01',
  status: 0,
  onboarding: false,
  totalRecipients: 0,
  confirmedRecipients: 0,
  declinedRecipients: 0,
  modifyDate: '2026-03-02T15:00:00Z',
  stoppedAt: null,
  cancelledAt: null,
  remindedAt: null,
  recipients: [],
  ...fields,
});

/** A policy sent to the signed-in person, with the text and document of the version sent (for the review detail). */
export type MyPolicyRecord = MyPolicy & { content: string; typeName: string; version: number; doc: PolicyDocument | null; workflowStatus: number };

export const hrMyPolicy = (fields: Partial<MyPolicyRecord> = {}): MyPolicyRecord => ({
  workflowId: 81,
  policyId: 71,
  title: 'Code of conduct',
  lastPublishDate: '2026-03-02T15:00:00Z',
  dueDate: '2026-04-01',
  overdue: false,
  certifyStatus: 0,
  declined: false,
  certifyDate: null,
  comments: '',
  docFileName: null,
  content: '<p>Be <strong>kind</strong></p>',
  typeName: 'Conduct',
  version: 1,
  doc: null,
  workflowStatus: 0,
  ...fields,
});

export const EVENT_TYPES = [hrType({ id: 1, name: 'Review' }), hrType({ id: 2, name: 'Warning' }), hrType({ id: 3, name: 'Old kind', active: false })];
export const DOC_TYPES = [hrType({ id: 11, name: 'Contract' }), hrType({ id: 12, name: 'W-4', onboardingDoc: true, onboardingDays: 14 })];
export const POLICY_TYPES = [hrType({ id: 21, name: 'Conduct' })];
export const JOB_ROLES: JobRole[] = [
  { id: 1, name: 'Producer' },
  { id: 2, name: 'Nobody holds it' },
];
/** The people in the caller's reach (GET /refdata/admin); 1 is the signed-in admin. */
export const REF_EMPLOYEES: RefEmployee[] = [
  { id: 1, firstname: 'Ada', lastname: 'Admin', jobroleId: null },
  { id: 9, firstname: 'Emma', lastname: 'Brooks', jobroleId: 1 },
  { id: 10, firstname: 'Liam', lastname: 'Carter', jobroleId: 1 },
];

export const validation = (errors: Record<string, string[]>) =>
  response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'Invalid input', errors, requestId: 'r1' } });
export const refusal = (status: number, message: string) =>
  response({ status, statusText: String(status), json: { code: status === 409 ? 'conflict' : 'not_found', message, errors: {}, requestId: 'r1' } });

const queryOf = (url: string) => new URL(url, 'http://x').searchParams;
const numberParam = (url: string, name: string) => {
  const value = queryOf(url).get(name);
  return value === null || value === '' ? null : Number(value);
};

/** One page (10) of `items`, ordered by `sort` ('key' or '-key'; newest first without one). */
function pageOf<T extends { id: number }>(items: T[], url: string, field: string) {
  const page = numberParam(url, 'page') ?? 1;
  const sort = queryOf(url).get('sort') ?? '-id';
  const desc = sort.startsWith('-');
  const key = (desc ? sort.slice(1) : sort) as keyof T;
  const sorted = [...items].sort((a, b) => {
    const x = a[key] as unknown as string | number;
    const y = b[key] as unknown as string | number;
    return (x < y ? -1 : x > y ? 1 : 0) * (desc ? -1 : 1);
  });
  return { [field]: sorted.slice((page - 1) * 10, page * 10), count: items.length, page };
}

const formOf = (init: RequestInit) => init.body as FormData;
/** A publication's summary, as a policy lists it. */
const withoutDetail = ({ policyId: _policyId, title: _title, recipients: _recipients, ...summary }: WorkflowView) => summary;
const typeName = (types: HrType[], id: number) => types.find((t) => t.id === id)?.name ?? '';

export interface HrServerState {
  eventTypes?: HrType[];
  docTypes?: HrType[];
  policyTypes?: HrType[];
  events?: EventView[];
  docs?: DocumentView[];
  requests?: DocRequestView[];
  /** The signed-in person's own records (My HR and the task dock). */
  myEvents?: EventView[];
  myDocs?: DocumentView[];
  myRequests?: DocRequestView[];
  /** Policy broadcasts (the workflows' counts are counted from their recipients). */
  policies?: PolicyView[];
  workflows?: WorkflowView[];
  jobRoles?: JobRole[];
  employees?: RefEmployee[];
  /** Policies sent to the signed-in person. */
  myPolicies?: MyPolicyRecord[];
  /** Extra or overriding routes. */
  routes?: Record<string, Handler>;
}

/** Installs the fake server as `fetch`; the returned state can be read after the calls. */
export function hrServer(initial: HrServerState = {}) {
  const state = {
    eventTypes: [...(initial.eventTypes ?? EVENT_TYPES)],
    docTypes: [...(initial.docTypes ?? DOC_TYPES)],
    policyTypes: [...(initial.policyTypes ?? POLICY_TYPES)],
    events: [...(initial.events ?? [])],
    docs: [...(initial.docs ?? [])],
    requests: [...(initial.requests ?? [])],
    myEvents: [...(initial.myEvents ?? [])],
    myDocs: [...(initial.myDocs ?? [])],
    myRequests: [...(initial.myRequests ?? [])],
    policies: [...(initial.policies ?? [])],
    workflows: [...(initial.workflows ?? [])],
    jobRoles: [...(initial.jobRoles ?? JOB_ROLES)],
    employees: [...(initial.employees ?? REF_EMPLOYEES)],
    myPolicies: [...(initial.myPolicies ?? [])],
  };
  /** A publication as the server answers it: counted from its recipients. */
  const counted = (w: WorkflowView): WorkflowView => ({
    ...w,
    totalRecipients: w.recipients.length,
    confirmedRecipients: w.recipients.filter((r) => r.certifyStatus === 1).length,
    declinedRecipients: w.recipients.filter((r) => r.certifyStatus === 2).length,
  });
  const summaryOf = (w: WorkflowView) => withoutDetail(counted(w));
  /** A policy with its publications, newest first (`content` left out of lists). */
  const policyOut = (p: PolicyView, withContent: boolean) => ({
    ...p,
    content: withContent ? p.content : undefined,
    workflows: state.workflows
      .filter((w) => w.policyId === p.id)
      .sort((a, b) => b.id - a.id)
      .map(summaryOf),
  });
  const myPolicyOut = ({ content: _c, typeName: _t, version: _v, doc: _d, workflowStatus: _s, ...mine }: MyPolicyRecord): MyPolicy => mine;
  const myTasks = () => {
    const policies = state.myPolicies
      .filter((p) => p.certifyStatus === 0)
      .map(({ workflowId, title, dueDate, overdue }) => ({ id: workflowId, title, dueDate, overdue }));
    const events = state.myEvents
      .filter((e) => e.ackneeded === 1 && !e.ackedon)
      .map(({ id, title, comments, createDate, actionDate, doc }) => ({ id, title, comments, createDate, actionDate, doc }));
    const docRequests = state.myRequests
      .filter((r) => r.status === 0)
      .map(({ id, name, docTypeId, comments, dueDate, overdue }) => ({ id, name, docTypeId, comments, dueDate, overdue }));
    return {
      policies,
      events,
      docRequests,
      count: policies.length + events.length + docRequests.length,
      overdue: docRequests.some((r) => r.overdue) || policies.some((p) => p.overdue),
    };
  };
  let nextId = 500;
  const typesOf = (kind: string) => (kind === 'event' ? state.eventTypes : kind === 'doc' ? state.docTypes : state.policyTypes);

  const typeRoutes: Record<string, Handler> = {};
  for (const kind of ['event', 'doc', 'policy']) {
    typeRoutes[`POST /settings/update-${kind}-type`] = (init) => {
      const body = bodyOf(init) as { id?: number; name: string; onboardingDoc?: number; onboardingDays?: number };
      const list = typesOf(kind);
      if (!body.name.trim()) return validation({ name: ['Please input the Name'] });
      if (list.some((t) => t.name.toLowerCase() === body.name.toLowerCase() && t.id !== body.id)) {
        return validation({ name: ['There is already a type with this name'] });
      }
      if (body.onboardingDoc === 1 && (body.onboardingDays === undefined || body.onboardingDays < 1 || body.onboardingDays > 365)) {
        return validation({ onboardingDays: ['Input the days for new employees to complete (1 to 365)'] });
      }
      const saved = hrType({
        id: body.id ?? nextId++,
        name: body.name,
        active: true,
        onboardingDoc: body.onboardingDoc === 1,
        onboardingDays: body.onboardingDoc === 1 ? (body.onboardingDays ?? 14) : null,
      });
      const index = list.findIndex((t) => t.id === saved.id);
      if (index >= 0) list[index] = saved;
      else list.push(saved);
      return response({ json: saved });
    };
    typeRoutes[`POST /settings/inactive-${kind}-type`] = ({ url }) => {
      const list = typesOf(kind);
      const id = numberParam(url, 'id');
      const index = list.findIndex((t) => t.id === id);
      list[index] = { ...list[index]!, active: false };
      return response({ json: list[index] });
    };
  }

  const fetch = mockFetch({
    'GET /settings/data': () =>
      response({
        json: {
          settings: { dayStartAt: null, mobileClockInDisabled: false, payCycle: 'biweekly', payCycleAnchor: '2026-01-04', weeklyOvertimeMinutes: 2400 },
          jobroles: [],
          ptotypes: [],
          eventtypes: state.eventTypes,
          doctypes: state.docTypes,
          policytypes: state.policyTypes,
        },
      }),
    ...typeRoutes,
    'GET /manage/user-events': ({ url }) => {
      const typeId = numberParam(url, 'eventTypeId');
      return response({ json: pageOf(state.events.filter((e) => typeId === null || e.eventTypeId === typeId), url, 'events') });
    },
    'GET /manage/event': ({ url }) => {
      const found = state.events.find((e) => e.id === numberParam(url, 'id'));
      return found ? response({ json: found }) : refusal(404, 'Not found');
    },
    'POST /manage/add-event': (init) => {
      const form = formOf(init);
      const title = String(form.get('title') ?? '');
      if (!title.trim()) return validation({ title: ['Please input the Title'] });
      const file = form.get('file');
      const typeId = Number(form.get('eventTypeId'));
      const saved = hrEvent({
        id: nextId++,
        employeeId: Number(form.get('employeeId')),
        title,
        comments: String(form.get('comments') ?? ''),
        eventTypeId: typeId,
        eventTypeName: typeName(state.eventTypes, typeId),
        actionDate: (form.get('actionDate') as string | null) ?? null,
        createDate: '2026-03-05T15:00:00Z',
        ackneeded: form.get('ackneeded') === '1' ? 1 : 0,
        onlyVisibleToOwner: form.get('onlyVisibleToOwner') === '1' ? 1 : 0,
        doc: file instanceof File ? { docFileName: file.name, docMediaType: file.type, docSize: file.size } : null,
      });
      state.events.push(saved);
      return response({ json: saved });
    },
    'POST /manage/delete-event': (init) => {
      const { id } = bodyOf(init) as { id: number };
      state.events = state.events.filter((e) => e.id !== id);
      return response({ json: { message: 'The Event has been deleted.' } });
    },
    'GET /manage/user-docs': ({ url }) => {
      const typeId = numberParam(url, 'docTypeId');
      return response({ json: pageOf(state.docs.filter((d) => typeId === null || d.docTypeId === typeId), url, 'docs') });
    },
    'GET /manage/doc': ({ url }) => {
      const found = state.docs.find((d) => d.id === numberParam(url, 'id'));
      return found ? response({ json: found }) : refusal(404, 'Not found');
    },
    'POST /manage/add-doc': (init) => {
      const form = formOf(init);
      const file = form.get('file');
      if (!(file instanceof File)) return validation({ file: ['Please upload the Document'] });
      const typeId = Number(form.get('docTypeId'));
      const saved = hrDoc({
        id: nextId++,
        employeeId: Number(form.get('employeeId')),
        docName: String(form.get('docName')),
        docTypeId: typeId,
        docType: typeName(state.docTypes, typeId),
        comments: String(form.get('comments') ?? ''),
        docFileName: file.name,
        docMediaType: file.type,
        docSize: file.size,
      });
      state.docs.push(saved);
      return response({ json: saved });
    },
    'POST /manage/delete-doc': (init) => {
      const { id } = bodyOf(init) as { id: number };
      state.docs = state.docs.filter((d) => d.id !== id);
      return response({ json: { message: 'The Document has been deleted.' } });
    },
    'GET /manage/doc-requests': ({ url }) => response({ json: pageOf(state.requests, url, 'requests') }),
    'POST /manage/add-doc-request': (init) => {
      const body = bodyOf(init) as { employeeId: number; docTypeId: number; dueDate: string; comments: string };
      const saved = hrRequest({ id: nextId++, ...body, name: typeName(state.docTypes, body.docTypeId) });
      state.requests.push(saved);
      return response({ json: saved });
    },
    'POST /manage/cancel-doc-request': (init) => {
      const { id } = bodyOf(init) as { id: number };
      const index = state.requests.findIndex((r) => r.id === id);
      const request = state.requests[index]!;
      if (request.status === 1) return refusal(409, 'This document request has been fulfilled.');
      const changed = request.status === 0;
      state.requests[index] = { ...request, status: 2, cancelDate: '2026-03-06T15:00:00Z' };
      return response({ json: { request: state.requests[index], changed, message: changed ? 'The request has been cancelled.' : 'The request was already cancelled.' } });
    },
    'POST /doc/view': () =>
      response({ text: 'PDF', headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="offer.pdf"; filename*=UTF-8''Offer%20letter%20%C3%A9.pdf` } }),
    'POST /doc/event': () => response({ text: 'PNG', headers: { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="photo.png"' } }),
    'GET /profile/my-tasks': () => response({ json: myTasks() }),
    'GET /profile/my-events': ({ url }) => response({ json: pageOf(state.myEvents, url, 'events') }),
    'GET /profile/my-docs': ({ url }) => response({ json: pageOf(state.myDocs, url, 'docs') }),
    'GET /profile/event-review-detail': ({ url }) => {
      const found = state.myEvents.find((e) => e.id === numberParam(url, 'id'));
      return found ? response({ json: found }) : refusal(404, 'Not found');
    },
    'POST /profile/affirm-event': (init) => {
      const { id } = bodyOf(init) as { id: number };
      const index = state.myEvents.findIndex((e) => e.id === id && e.ackneeded === 1);
      if (index < 0) return refusal(404, 'Not found');
      const changed = !state.myEvents[index]!.ackedon;
      if (changed) state.myEvents[index] = { ...state.myEvents[index]!, ackedon: '2026-03-06T15:30:00Z' };
      return response({ json: { changed, acknowledgedAt: state.myEvents[index]!.ackedon, message: changed ? 'Thank you for acknowledging the event.' : 'You have already acknowledged this event.' } });
    },
    'POST /profile/add-doc': (init) => {
      const form = formOf(init);
      const reqId = Number(form.get('reqId'));
      const index = state.myRequests.findIndex((r) => r.id === reqId);
      if (index < 0) return refusal(404, 'Not found');
      if (state.myRequests[index]!.status !== 0) return refusal(409, 'This document request is no longer open.');
      const file = form.get('document') as File;
      state.myRequests[index] = { ...state.myRequests[index]!, status: 1, completeDate: '2026-03-06T15:30:00Z' };
      const saved = hrDoc({
        id: nextId++,
        docName: String(form.get('docName')),
        comments: String(form.get('comments')),
        docTypeId: state.myRequests[index]!.docTypeId,
        docType: state.myRequests[index]!.name,
        docFileName: file.name,
        docSize: file.size,
        requestId: reqId,
      });
      state.myDocs.push(saved);
      return response({ json: saved });
    },
    'GET /policy/policies': ({ url }) => {
      const typeId = numberParam(url, 'policyTypeId');
      const listed = state.policies.filter((p) => typeId === null || p.policyTypeId === typeId).map((p) => policyOut(p, false));
      const { policies, count } = pageOf(listed, url, 'policies') as unknown as { policies: unknown[]; count: number };
      return response({
        json: { policies, policyTypes: state.policyTypes.filter((t) => t.active), jobroles: state.jobRoles, policyCount: count },
      });
    },
    'GET /policy/policy': ({ url }) => {
      const found = state.policies.find((p) => p.id === numberParam(url, 'id'));
      return found ? response({ json: policyOut(found, true) }) : refusal(404, 'Not found');
    },
    'POST /policy/add-policy': (init) => {
      const form = formOf(init);
      const title = String(form.get('title') ?? '');
      const typeId = Number(form.get('policyTypeId') || 0);
      const errors: Record<string, string[]> = {};
      if (!title.trim()) errors.title = ['Please input the Title'];
      if (!typeId) errors.policyTypeId = ['Please input the Type of policy'];
      if (Object.keys(errors).length > 0) return validation(errors);
      const file = form.get('file');
      const document =
        file instanceof File
          ? { docName: String(form.get('docName') ?? '') || file.name, docFileName: file.name, docMediaType: file.type, docSize: file.size }
          : null;
      const id = form.get('id') ? Number(form.get('id')) : null;
      const content = String(form.get('content') ?? '');
      const index = state.policies.findIndex((p) => p.id === id);
      if (id !== null && index < 0) return refusal(404, 'Not found');
      const before = index >= 0 ? state.policies[index]! : null;
      const changed = !before || before.title !== title || before.content !== content || document !== null;
      const saved = hrPolicy({
        ...(before ?? { id: nextId++, createDate: '2026-03-05T15:00:00Z' }),
        title,
        content,
        policyTypeId: typeId,
        typeName: typeName(state.policyTypes, typeId),
        version: before ? before.version + (changed ? 1 : 0) : 1,
        document: document ?? before?.document ?? null,
      });
      if (before) state.policies[index] = saved;
      else state.policies.push(saved);
      return response({ json: policyOut(saved, true) });
    },
    'POST /policy/remove-doc': (init) => {
      const { id } = bodyOf(init) as { id: number };
      const index = state.policies.findIndex((p) => p.id === id);
      if (index < 0) return refusal(404, 'Not found');
      state.policies[index] = { ...state.policies[index]!, document: null, version: state.policies[index]!.version + 1 };
      return response({ json: policyOut(state.policies[index], true) });
    },
    'POST /policy/delete': (init) => {
      const { id } = bodyOf(init) as { id: number };
      state.policies = state.policies.filter((p) => p.id !== id);
      state.workflows = state.workflows.map((w) => (w.policyId === id && w.status === 0 ? { ...w, status: 2, cancelledAt: '2026-03-06T15:00:00Z' } : w));
      return response({ json: { message: 'The broadcast has been removed.' } });
    },
    'POST /policy/publish': (init) => {
      const body = bodyOf(init) as {
        policyId: number;
        applicableToAll?: number;
        employee?: number[];
        jobroles?: number[];
        ack?: number;
        dueDate?: string | null;
        onboardingPolicy?: number;
        autoCertifyDueDays?: number | null;
      };
      const policy = state.policies.find((p) => p.id === body.policyId);
      if (!policy) return refusal(404, 'Not found');
      const errors: Record<string, string[]> = {};
      if (![0, 1, 2].includes(body.applicableToAll ?? -1)) errors.applicableToAll = ['Tell us who should receive the policy'];
      if (body.applicableToAll === 0 && !body.employee?.length) errors.employee = ['Select at least one employee to receive the policy'];
      if (body.applicableToAll === 2 && !body.jobroles?.length) errors.jobroles = ['Select at least one job role to receive the policy'];
      if (body.ack === 1 && !body.dueDate) errors.dueDate = ['Please input the Due date'];
      if (![0, 1].includes(body.onboardingPolicy ?? -1)) errors.onboardingPolicy = ['Tell us if this an onboarding policy'];
      if (body.onboardingPolicy === 1 && !body.autoCertifyDueDays) errors.autoCertifyDueDays = ['Input the days for new employees to complete'];
      if (Object.keys(errors).length > 0) return validation(errors);
      // The signed-in admin (1) is never a recipient of their own publication.
      const people = state.employees.filter(
        (e) =>
          e.id !== 1 &&
          (body.applicableToAll === 1 ||
            (body.applicableToAll === 0 && body.employee!.includes(e.id)) ||
            (body.applicableToAll === 2 && e.jobroleId !== null && body.jobroles!.includes(e.jobroleId))),
      );
      if (people.length === 0) {
        const field = body.applicableToAll === 1 ? 'applicableToAll' : body.applicableToAll === 0 ? 'employee' : 'jobroles';
        return validation({ [field]: ['Nobody you manage would receive the policy'] });
      }
      const dueDate = body.ack === 1 ? body.dueDate! : '2026-03-06';
      const workflow = hrWorkflow({
        id: nextId++,
        policyId: policy.id,
        title: policy.title,
        version: policy.version,
        publishDate: '2026-03-06T15:00:00Z',
        dueDate,
        onboarding: body.onboardingPolicy === 1,
        recipients: people.map((e) => hrRecipient({ employeeId: e.id, firstname: e.firstname, lastname: e.lastname, dueDate })),
      });
      state.workflows.push(workflow);
      const index = state.policies.indexOf(policy);
      state.policies[index] = {
        ...policy,
        lastPublishDate: workflow.publishDate,
        onboardingPolicy: body.onboardingPolicy === 1 ? 1 : 0,
        autoCertifyDueDays: body.onboardingPolicy === 1 ? (body.autoCertifyDueDays ?? null) : null,
      };
      return response({ json: counted(workflow) });
    },
    'GET /policy/workflow': ({ url }) => {
      const found = state.workflows.find((w) => w.id === numberParam(url, 'id'));
      return found ? response({ json: counted(found) }) : refusal(404, 'Not found');
    },
    'POST /policy/workflow-reminder': (init) => {
      const { id } = bodyOf(init) as { id: number };
      const index = state.workflows.findIndex((w) => w.id === id);
      if (index < 0) return refusal(404, 'Not found');
      const workflow = state.workflows[index]!;
      const pending = workflow.recipients.filter((r) => r.certifyStatus === 0).length;
      if (workflow.status !== 0 || pending === 0) return refusal(409, 'This broadcast is no longer active.');
      if (workflow.remindedAt) return response({ json: { sent: 0, changed: false, message: 'A reminder was already sent at 15:30 UTC.' } });
      state.workflows[index] = { ...workflow, remindedAt: '2026-03-06T15:30:00Z' };
      return response({ json: { sent: pending, changed: true, message: `A reminder was sent to ${pending}.` } });
    },
    'POST /policy/stop-workflow': (init) => {
      const { id } = bodyOf(init) as { id: number };
      const index = state.workflows.findIndex((w) => w.id === id);
      if (index < 0) return refusal(404, 'Not found');
      const workflow = state.workflows[index]!;
      if (workflow.status === 2) return refusal(409, 'This broadcast is no longer active.');
      if (workflow.status === 0) state.workflows[index] = { ...workflow, status: 3, stoppedAt: '2026-03-06T16:00:00Z', modifyDate: '2026-03-06T16:00:00Z' };
      return response({ json: counted(state.workflows[index]!) });
    },
    'GET /refdata/admin': () =>
      response({
        json: {
          jobroles: state.jobRoles,
          policytypes: state.policyTypes.filter((t) => t.active),
          eventtypes: state.eventTypes.filter((t) => t.active),
          doctypes: state.docTypes.filter((t) => t.active),
          employees: state.employees,
        },
      }),
    'GET /profile/hr-policies-and-procedures': ({ url }) => {
      const { policies, count, page } = pageOf(state.myPolicies.map((p) => ({ ...p, id: p.workflowId })), url, 'policies') as unknown as {
        policies: (MyPolicyRecord & { id: number })[];
        count: number;
        page: number;
      };
      return response({ json: { policies: policies.map(({ id: _id, ...p }) => myPolicyOut(p)), count, page } });
    },
    'GET /profile/policy-review-detail': ({ url }) => {
      const found = state.myPolicies.find((p) => p.workflowId === numberParam(url, 'id'));
      if (!found) return refusal(404, 'Not found');
      return response({
        json: {
          policy: { id: found.policyId, title: found.title, content: found.content, typeName: found.typeName, version: found.version },
          workflow: { id: found.workflowId, publishDate: found.lastPublishDate, dueDate: found.dueDate, status: found.workflowStatus },
          policyDoc: found.doc,
          answer: myPolicyOut(found),
        },
      });
    },
    'POST /profile/affirm-policy': (init) => {
      const { id, decline, comments } = bodyOf(init) as { id: number; decline?: number; comments?: string };
      const index = state.myPolicies.findIndex((p) => p.workflowId === id);
      if (index < 0) return refusal(404, 'Not found');
      const mine = state.myPolicies[index]!;
      if (mine.certifyStatus === 1) return response({ json: { changed: false, acknowledgedAt: mine.certifyDate, message: 'You have already answered this policy.' } });
      if (mine.certifyStatus !== 0 || mine.workflowStatus !== 0) return refusal(409, 'This broadcast is no longer active.');
      if (decline === 1 && !comments?.trim()) return validation({ comments: ['Please tell us why'] });
      state.myPolicies[index] = { ...mine, certifyStatus: 1, declined: decline === 1, comments: comments ?? '', certifyDate: '2026-03-06T15:30:00Z' };
      return response({
        json: { changed: true, acknowledgedAt: '2026-03-06T15:30:00Z', message: decline === 1 ? 'Your answer has been recorded.' : 'Thank you for acknowledging.' },
      });
    },
    'POST /doc/policy': () =>
      response({ text: 'PDF', headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="handbook.pdf"; filename*=UTF-8''Handbook%202026.pdf` } }),
    ...initial.routes,
  });
  return { fetch, state };
}
