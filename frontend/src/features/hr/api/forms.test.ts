import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { GENERIC_FORM_ERROR } from '@/lib/form-errors';
import { baseName, submitFailure } from '../components/labels';
import { isEmptyHtml } from './add-event';
import { docRequestFormSchema, REQUEST_DUE_PAST, REQUEST_DUE_REQUIRED } from './add-doc-request';
import { declineFormSchema } from './affirm-policy';
import { publishFormSchema, type PublishFormValues } from './publish-policy';
import { hrTypeFormSchema } from './update-hr-type';
import { FILE_TOO_BIG, fileField, MAX_FILE_BYTES } from './schemas';

const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('HR record forms', () => {
  it('refuses a due date before the company’s today, and none at all', () => {
    const schema = docRequestFormSchema('2026-03-10');
    expect(issues(schema.safeParse({ docTypeId: '11', dueDate: '2026-03-09', comments: '' }))).toEqual([REQUEST_DUE_PAST]);
    expect(issues(schema.safeParse({ docTypeId: '11', dueDate: null, comments: '' }))).toEqual([REQUEST_DUE_REQUIRED]);
    expect(schema.safeParse({ docTypeId: '11', dueDate: '2026-03-10', comments: '' }).success).toBe(true);
  });

  it('takes a file up to 10 MB, and asks for one only where it is required', () => {
    const file = (bytes: number) => new File([new Uint8Array(bytes)], 'a.pdf');
    expect(fileField(null).safeParse(null).success).toBe(true);
    expect(issues(fileField('Please upload the Document').safeParse(null))).toEqual(['Please upload the Document']);
    expect(fileField('x').safeParse(file(MAX_FILE_BYTES)).success).toBe(true);
    expect(issues(fileField('x').safeParse(file(MAX_FILE_BYTES + 1)))).toEqual([FILE_TOO_BIG]);
  });

  it("sends the editor's empty document as no comments", () => {
    expect(isEmptyHtml('<p></p>')).toBe(true);
    expect(isEmptyHtml('<p> <br></p>')).toBe(true);
    expect(isEmptyHtml('<p>Hi</p>')).toBe(false);
  });

  it("checks the publisher's form: audience, its list, a due date from today, and 1 to 365 days for an onboarding policy", () => {
    const schema = publishFormSchema('2026-03-10');
    const base: PublishFormValues = { applicableToAll: '1', employee: [], jobroles: [], ack: '0', dueDate: null, onboardingPolicy: '0', autoCertifyDueDays: '' };
    const problems = (values: Partial<PublishFormValues>) => schema.safeParse({ ...base, ...values }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(problems({})).toEqual([]);
    expect(problems({ applicableToAll: null, onboardingPolicy: null })).toEqual([
      'applicableToAll: Tell us who should receive the policy',
      'onboardingPolicy: Tell us if this an onboarding policy',
    ]);
    expect(problems({ applicableToAll: '0' })).toEqual(['employee: Select at least one employee to receive the policy']);
    expect(problems({ applicableToAll: '2' })).toEqual(['jobroles: Select at least one job role to receive the policy']);
    // The other audiences' lists do not matter.
    expect(problems({ applicableToAll: '0', employee: ['9'], jobroles: [] })).toEqual([]);
    expect(problems({ ack: '1' })).toEqual(['dueDate: Please input the Due date']);
    expect(problems({ ack: '1', dueDate: '2026-03-09' })).toEqual(['dueDate: The due date cannot be in the past']);
    expect(problems({ ack: '1', dueDate: '2026-03-10' })).toEqual([]);
    // 'Immediately' ignores a date left over from 'By a date'.
    expect(problems({ ack: '0', dueDate: '2020-01-01' })).toEqual([]);
    for (const days of ['', 0, 366, 2.5]) expect(problems({ onboardingPolicy: '1', autoCertifyDueDays: days })).toEqual(['autoCertifyDueDays: Input the days for new employees to complete']);
    for (const days of [1, 365, '30']) expect(problems({ onboardingPolicy: '1', autoCertifyDueDays: days })).toEqual([]);
  });

  it('needs a reason to decline a policy, and 1 to 365 days for an onboarding document type', () => {
    expect(issues(declineFormSchema.safeParse({ comments: '  ' }))).toEqual(['Please tell us why']);
    expect(declineFormSchema.safeParse({ comments: 'Not for me' }).success).toBe(true);
    const days = (onboardingDoc: boolean, onboardingDays: number | string) => issues(hrTypeFormSchema.safeParse({ name: 'W-4', onboardingDoc, onboardingDays }));
    expect(days(true, 14)).toEqual([]);
    expect(days(true, '')).toEqual(['Input the days for new employees to complete (1 to 365)']);
    expect(days(true, 366)).toEqual(['Input the days for new employees to complete (1 to 365)']);
    expect(days(false, '')).toEqual([]);
  });

  it("names a title after a file's name without its extension", () => {
    expect(baseName('Offer letter.pdf')).toBe('Offer letter');
    expect(baseName('archive.tar.gz')).toBe('archive.tar');
    expect(baseName('.profile')).toBe('.profile');
    expect(baseName('README')).toBe('README');
  });

  it("puts a 400's messages on the fields and says 'Sorry' only for what no field shows", () => {
    let set: Record<string, string> = {};
    const setErrors = (errors: Record<string, string>) => {
      set = errors;
    };
    const fields = ['title', 'file'];
    expect(submitFailure(new ApiError(400, 'Bad Request', { errors: { title: ['Please input the Title'] } }), fields, setErrors)).toBeNull();
    expect(set).toEqual({ title: 'Please input the Title' });
    expect(submitFailure(new ApiError(400, 'Bad Request', { errors: { employeeId: ['Unknown employee'] } }), fields, setErrors)).toBe('Sorry Unknown employee');
    // 409: the employee is no longer active.
    expect(submitFailure(new ApiError(409, 'Conflict', { message: 'This employee is not active.' }), fields, setErrors)).toBe('Sorry This employee is not active.');
    // 413 with the message on the file: the field says it.
    expect(submitFailure(new ApiError(413, 'Payload Too Large', { message: 'Too big', errors: { file: ['The file is too big'] } }), fields, setErrors)).toBeNull();
    expect(set).toEqual({ file: 'The file is too big' });
    expect(submitFailure(new ApiError(500, 'Internal', { message: 'boom' }), fields, setErrors)).toBe(`Sorry ${GENERIC_FORM_ERROR}`);
  });
});
