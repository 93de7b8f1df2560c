import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { z } from '@/lib/zod';
import { systemKeys } from './keys';

/**
 * GET /system/jobs (the operator only; 404 for anyone else): the scheduled work shared by every
 * server instance (issue 44): each job's schedule, and the latest runs of every job, newest
 * first, with their batches, the people they handled, their errors (naming the company) and the
 * batches each instance did. Instants are RFC 3339 in UTC. Fields the server may leave out read
 * as null (or empty), so that a server a little older or newer than this screen still parses.
 */

const count = z.number().int();
const instant = z.string().min(1);
const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional().transform((v) => v ?? null);
const list = <T extends z.ZodType>(schema: T) => z.array(schema).optional().transform((v) => v ?? []);

/** A job's row: its schedule and how its runs went. */
export const systemJobSchema = z.object({
  name: z.string(),
  nextRunAt: nullable(instant),
  lastFinishedAt: nullable(instant),
  /** Why the job's last plan or run failed; null when it went well. */
  lastError: nullable(z.string()),
  runs: count,
});
export type SystemJob = z.output<typeof systemJobSchema>;

/** The states of a run: under way, ended with every batch done, ended with a batch failed. */
export const JOB_RUN_STATUSES = ['running', 'ok', 'failed'] as const;
export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];

export const systemJobRunSchema = z.object({
  id: count,
  job: z.string(),
  asOf: instant,
  startedAt: instant,
  finishedAt: nullable(instant),
  /** A state this screen does not know yet is shown as the server wrote it. */
  status: z.string(),
  batches: count,
  done: count,
  failed: count,
  /** People (or items) the done batches handled. */
  people: count,
  /** From start to end; null while the run is under way. */
  durationMs: nullable(count),
  /** The errors of its batches not done (failed, or waiting to be tried again). */
  errors: list(z.object({ companyId: nullable(count), message: z.string() })),
  /** The batches each instance did. */
  shares: list(z.object({ instance: z.string(), batches: count })),
});
export type SystemJobRun = z.output<typeof systemJobRunSchema>;

export const systemJobsSchema = z.object({
  jobs: z.array(systemJobSchema),
  /** The latest runs of every job, newest first. */
  runs: z.array(systemJobRunSchema),
});
export type SystemJobs = z.output<typeof systemJobsSchema>;

export const getJobs = (signal?: AbortSignal): Promise<SystemJobs> => api.get('/system/jobs', { schema: systemJobsSchema, signal });

/** Asked afresh on each visit (and on Refresh): the jobs run on their own. */
export const jobsQueryOptions = () => queryOptions({ queryKey: systemKeys.jobs, queryFn: ({ signal }) => getJobs(signal), staleTime: 0 });

export const useJobs = () => useQuery(jobsQueryOptions());
