/**
 * Tests only: a fake server of the HR-records contract (docs/contracts/hr-records.md), holding
 * types, events, documents and requests so that a change shows after the screen asks again.
 */
import { bodyOf, mockFetch, response } from '@/testing/http';
import type { HrType } from '../api/get-hr-types';
import type { DocRequestView, DocumentView, EventView } from '../api/schemas';

type Handler = Parameters<typeof mockFetch>[0][string];

export const hrType = (fields: Partial<HrType> & { id: number; name: string }): HrType => ({ active: true, onboardingDoc: false, ...fields });

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

export const EVENT_TYPES = [hrType({ id: 1, name: 'Review' }), hrType({ id: 2, name: 'Warning' }), hrType({ id: 3, name: 'Old kind', active: false })];
export const DOC_TYPES = [hrType({ id: 11, name: 'Contract' }), hrType({ id: 12, name: 'W-4', onboardingDoc: true })];
export const POLICY_TYPES = [hrType({ id: 21, name: 'Conduct' })];

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
  };
  const myTasks = () => {
    const events = state.myEvents
      .filter((e) => e.ackneeded === 1 && !e.ackedon)
      .map(({ id, title, comments, createDate, actionDate, doc }) => ({ id, title, comments, createDate, actionDate, doc }));
    const docRequests = state.myRequests
      .filter((r) => r.status === 0)
      .map(({ id, name, docTypeId, comments, dueDate, overdue }) => ({ id, name, docTypeId, comments, dueDate, overdue }));
    return { events, docRequests, count: events.length + docRequests.length, overdue: docRequests.some((r) => r.overdue) };
  };
  let nextId = 500;
  const typesOf = (kind: string) => (kind === 'event' ? state.eventTypes : kind === 'doc' ? state.docTypes : state.policyTypes);

  const typeRoutes: Record<string, Handler> = {};
  for (const kind of ['event', 'doc', 'policy']) {
    typeRoutes[`POST /settings/update-${kind}-type`] = (init) => {
      const body = bodyOf(init) as { id?: number; name: string; onboardingDoc?: number };
      const list = typesOf(kind);
      if (!body.name.trim()) return validation({ name: ['Please input the Name'] });
      if (list.some((t) => t.name.toLowerCase() === body.name.toLowerCase() && t.id !== body.id)) {
        return validation({ name: ['There is already a type with this name'] });
      }
      const saved = hrType({ id: body.id ?? nextId++, name: body.name, active: true, onboardingDoc: body.onboardingDoc === 1 });
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
    ...initial.routes,
  });
  return { fetch, state };
}
