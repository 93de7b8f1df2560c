/** Test data of the HR-folder screens (server shapes of the issue 5 contract). */
import { identitySchema, type Identity, type IdentityClaims } from '@/lib/identity';
import { claims } from '@/testing/tokens';
import { response, type mockFetch } from '@/testing/http';

/** A fetch handler answering with this JSON body. */
export const json = (body: unknown, status = 200) => () => response({ status, json: body });
/** A fetch handler answering with the server's failure body. */
export const apiError = (status: number, code: string, message: string, errors: Record<string, string[]> = {}) => () =>
  response({ status, statusText: String(status), json: { code, message, errors, requestId: 'r1' } });

export function employee(overrides: Record<string, unknown> = {}) {
  return {
    id: 9,
    firstname: 'Emma',
    lastname: 'Brooks',
    email: 'emma@acme.example',
    phone: '(555) 123-4567',
    avatar: null,
    status: 1,
    role: 'employee',
    permission: 'User',
    userRoleName: 'User',
    jobroleId: 2,
    jobroleName: 'Producer',
    managerId: 1,
    managerName: 'Ada Admin',
    birthday: '03/15',
    lastStartDate: '2024-02-01',
    lastTerminationDate: null,
    address: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    isSsoUser: false,
    ...overrides,
  };
}

export const JOB_ROLES = [
  { id: 2, name: 'Producer', active: true },
  { id: 3, name: 'Account Manager', active: true },
];

export const manageData = (overrides: Record<string, unknown> = {}) => ({
  companyName: 'Acme Insurance',
  integratedWithAz: false,
  jobRoles: JOB_ROLES,
  managers: [
    { id: 1, firstname: 'Ada', lastname: 'Admin' },
    { id: 2, firstname: 'Max', lastname: 'Manager' },
  ],
  defaultManagerId: 1,
  ...overrides,
});

export function contact(overrides: Record<string, unknown> = {}) {
  return { id: 31, eid: 9, firstname: 'Tom', lastname: 'Brooks', relationship: 'Relative', phone: '(555) 765-4321', email: 'tom@example.com', ...overrides };
}

export function activity(overrides: Record<string, unknown> = {}) {
  return {
    id: 70,
    activityType: 'EMPLOYEE_START',
    // 02:30 UTC on Feb 1 is still Jan 31 in New York.
    activityDate: '2024-02-01T02:30:00Z',
    title: 'Emma Brooks started',
    activityDesc: 'Added by Ada Admin',
    employeeId: 9,
    targetFirstname: 'Emma',
    targetLastname: 'Brooks',
    actorFirstname: 'Ada',
    actorLastname: 'Admin',
    avatar: null,
    ...overrides,
  };
}

export const identityOf = (overrides: Partial<IdentityClaims> = {}): Identity =>
  identitySchema.parse(claims({ timezone: 'America/New_York', ...overrides }));
export const ADMIN = identityOf({ eid: 1, firstname: 'Ada', lastname: 'Admin', roles: ['admin'] });
export const MANAGER = identityOf({ eid: 2, firstname: 'Max', lastname: 'Manager', roles: ['manager'] });

export const callsTo = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls
    .filter(([url, init]) => String(url).replace(/\?.*$/, '') === `/server/v1${path}` && ((init as RequestInit | undefined)?.method ?? 'GET') === method)
    .map(([url, init]) => ({ url: new URL(String(url), 'http://x'), init: init as RequestInit }));
