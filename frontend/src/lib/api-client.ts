import type { z } from 'zod';
import { sessionStore, type SessionStore } from './session';

/** Every call goes under this base path (spec 000 §7). */
export const API_BASE = '/server/v1';
export const REFRESHED_TOKEN_HEADER = 'X-Refreshed-Token';

/** The server's failure body: `{code, message, errors, requestId}`. */
export interface ApiErrorBody {
  code?: string;
  message?: string;
  errors?: Record<string, string[]>;
  requestId?: string;
}

/** A non-OK response: status, status text and the parsed body (or the raw text as the message). */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly code: string | undefined;
  readonly errors: Record<string, string[]>;
  readonly requestId: string | undefined;
  /** Seconds the server asked to wait before trying again (`Retry-After`), when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, statusText: string, body: ApiErrorBody, retryAfterSeconds?: number) {
    super(body.message || statusText || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.code = body.code;
    this.errors = body.errors ?? {};
    this.requestId = body.requestId;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** True when the server answered 400 with per-field messages. */
  get hasFieldErrors(): boolean {
    return this.status === 400 && Object.keys(this.errors).length > 0;
  }

  /** The first message of any field, then the general message. */
  get firstMessage(): string {
    for (const messages of Object.values(this.errors)) {
      if (messages[0]) return messages[0];
    }
    return this.message;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. GET carries no body. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Validates (and types) the response body. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Extra request headers, e.g. a press's `Idempotency-Key`. */
  headers?: Record<string, string>;
}

export interface ApiClientDeps {
  session: SessionStore;
  fetch: typeof fetch;
}

/**
 * The API client. Which writes an expired or suspended company may still make is the server's
 * one list (GET /account/blocked-writes): the browser sends every write and shows the server's
 * 403 `account_expired` / `account_suspended` answer, rather than keep a copy that could differ.
 */
export function createApiClient({ session, fetch: fetchImpl }: ApiClientDeps) {
  /** Sends one request and returns the OK response; a failure becomes an ApiError. */
  async function send(path: string, options: Omit<RequestOptions<unknown>, 'schema'>, accept: string): Promise<Response> {
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    const headers = new Headers({ ...options.headers, Accept: accept });

    // session.get() drops an expired token from storage, so it is never sent.
    const current = session.get();
    if (current) {
      headers.set('Authorization', `Bearer ${current.token}`);
    }

    let body: BodyInit | undefined;
    if (options.body !== undefined && method !== 'GET') {
      if (options.body instanceof FormData) {
        body = options.body;
      } else {
        headers.set('Content-Type', 'application/json');
        body = JSON.stringify(options.body);
      }
    }

    const response = await fetchImpl(buildUrl(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });

    const refreshed = response.headers.get(REFRESHED_TOKEN_HEADER);
    if (refreshed) session.setToken(refreshed);

    if (!response.ok) {
      const retryAfter = Number(response.headers.get('Retry-After') ?? Number.NaN);
      const error = new ApiError(response.status, response.statusText, await readErrorBody(response), Number.isFinite(retryAfter) ? retryAfter : undefined);
      // A revoked or expired session: forget it so the guards send the user to the login page.
      if (response.status === 401 && current && error.code === 'unauthorized') session.clear();
      throw error;
    }
    return response;
  }

  async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const response = await send(path, options, 'application/json');
    if (response.status === 204 || response.status === 205) return undefined as T;
    const text = await response.text();
    if (!text) return undefined as T;
    const data: unknown = isJson(response) ? JSON.parse(text) : text;
    return options.schema ? options.schema.parse(data) : (data as T);
  }

  /** GETs raw bytes (a stored file) with the session's bearer token. */
  async function getBlob(path: string, options: Pick<RequestOptions<Blob>, 'query' | 'signal'> = {}): Promise<Blob> {
    const response = await send(path, { ...options, method: 'GET' }, '*/*');
    return response.blob();
  }

  /**
   * GETs a file to save: its raw bytes with the answer's headers (the Content-Disposition names the
   * file), with the session's bearer token, e.g. a report export.
   */
  async function getFile(path: string, options: Pick<RequestOptions<Blob>, 'query' | 'signal'> = {}): Promise<{ blob: Blob; headers: Headers }> {
    const response = await send(path, { ...options, method: 'GET' }, '*/*');
    return { blob: await response.blob(), headers: response.headers };
  }

  /**
   * POSTs a JSON body and reads the answer as raw bytes (a file to save), with its headers (the
   * Content-Disposition names the file).
   */
  async function postBlob(path: string, body: unknown, options: Pick<RequestOptions<Blob>, 'query' | 'signal'> = {}): Promise<{ blob: Blob; headers: Headers }> {
    const response = await send(path, { ...options, method: 'POST', body }, '*/*');
    return { blob: await response.blob(), headers: response.headers };
  }

  return {
    request,
    getBlob,
    getFile,
    postBlob,
    get: <T>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) => request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body: unknown = {}, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
      request<T>(path, { ...options, method: 'POST', body }),
  };
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function isJson(response: Response): boolean {
  return (response.headers.get('Content-Type') ?? '').includes('json');
}

async function readErrorBody(response: Response): Promise<ApiErrorBody> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return {};
  }
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const p = parsed as Record<string, unknown>;
      return {
        code: typeof p.code === 'string' ? p.code : undefined,
        message: typeof p.message === 'string' ? p.message : undefined,
        errors: normaliseErrors(p.errors),
        requestId: typeof p.requestId === 'string' ? p.requestId : undefined,
      };
    }
    return { message: text };
  } catch {
    return { message: text };
  }
}

function normaliseErrors(errors: unknown): Record<string, string[]> {
  if (!errors || typeof errors !== 'object') return {};
  const result: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
    if (Array.isArray(value)) result[field] = value.filter((m): m is string => typeof m === 'string');
    else if (typeof value === 'string') result[field] = [value];
  }
  return result;
}

export const api = createApiClient({ session: sessionStore, fetch: (...args) => window.fetch(...args) });
