import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { webhooksKeys } from './keys';
import {
  webhookDeliveriesSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookListSchema,
  webhookSecretSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookList,
  type WebhookSecret,
} from './schemas';

/** GET /webhooks (admins): the company's endpoints and the events there are. */
export const getWebhooks = (signal?: AbortSignal): Promise<WebhookList> => api.get('/webhooks', { schema: webhookListSchema, signal });

export const webhooksQueryOptions = () => queryOptions({ queryKey: webhooksKeys.list, queryFn: ({ signal }) => getWebhooks(signal) });

export const useWebhooks = () => useQuery(webhooksQueryOptions());

export interface EndpointBody {
  url: string;
  /** Event codes. */
  events: string[];
  /** Whether deliveries go out; the server's default (on) when left out. */
  active?: boolean;
}

/** The endpoint form's fields, by the names the server's errors use. */
export const ENDPOINT_FIELDS = ['url', 'events'] as const;
export type EndpointField = (typeof ENDPOINT_FIELDS)[number];

/** The server's words for what the form checks itself (docs/contracts/webhooks.md). */
export const ENDPOINT_MESSAGES = {
  url: "Please enter the endpoint's address",
  urlTooLong: 'The address may have at most 500 characters',
  events: 'Please choose at least one event',
} as const;

export const ENDPOINT_URL_MAX = 500;

/**
 * The form's own checks, before asking the server: an address of at most 500 characters and an
 * event. Whether the address is one webhooks may reach is the server's to say.
 */
export function endpointFormErrors({ url, events }: Pick<EndpointBody, 'url' | 'events'>): Partial<Record<EndpointField, string>> {
  const errors: Partial<Record<EndpointField, string>> = {};
  const trimmed = url.trim();
  if (!trimmed) errors.url = ENDPOINT_MESSAGES.url;
  else if ([...trimmed].length > ENDPOINT_URL_MAX) errors.url = ENDPOINT_MESSAGES.urlTooLong;
  if (events.length === 0) errors.events = ENDPOINT_MESSAGES.events;
  return errors;
}

/** The body of POST /webhooks and /webhooks/update: the trimmed address, the events, `active` when given. */
export const endpointBody = ({ url, events, active }: EndpointBody): EndpointBody => ({ url: url.trim(), events, ...(active === undefined ? {} : { active }) });

/** Puts an endpoint the server answered with in place of its row of the list. */
function replaceEndpoint(queryClient: QueryClient, endpoint: WebhookEndpoint) {
  queryClient.setQueryData<WebhookList>(webhooksKeys.list, (list) =>
    list ? { ...list, endpoints: list.endpoints.map((e) => (e.id === endpoint.id ? endpoint : e)) } : list,
  );
}

/** POST /webhooks (admins) {url, events}: the endpoint and its signing secret, this once. */
export const createWebhook = (body: EndpointBody): Promise<WebhookSecret> => api.post('/webhooks', endpointBody(body), { schema: webhookSecretSchema });

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.list }),
  });
}

/** POST /webhooks/update?id= {url, events, active}: the endpoint as saved. */
export const updateWebhook = ({ id, ...body }: EndpointBody & { id: number }): Promise<WebhookEndpoint> =>
  api.request('/webhooks/update', { method: 'POST', query: { id }, body: endpointBody(body), schema: webhookEndpointSchema });

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: (endpoint) => {
      replaceEndpoint(queryClient, endpoint);
      // Turning an endpoint off marks its queued deliveries failed.
      return queryClient.invalidateQueries({ queryKey: webhooksKeys.deliveriesOf(endpoint.id) });
    },
  });
}

/** POST /webhooks/rotate-secret?id=: the endpoint and its new secret, this once. The old one stops at once. */
export const rotateWebhookSecret = (id: number): Promise<WebhookSecret> =>
  api.request('/webhooks/rotate-secret', { method: 'POST', query: { id }, schema: webhookSecretSchema });

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: ({ endpoint }) => replaceEndpoint(queryClient, endpoint),
  });
}

/** POST /webhooks/delete?id=: the list, without that endpoint (its deliveries are gone too). */
export const deleteWebhook = (id: number): Promise<WebhookList> => api.request('/webhooks/delete', { method: 'POST', query: { id }, schema: webhookListSchema });

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: (list, id) => {
      queryClient.setQueryData(webhooksKeys.list, list);
      queryClient.removeQueries({ queryKey: webhooksKeys.deliveriesOf(id) });
    },
  });
}

/** GET /webhooks/deliveries?endpointId=&page= (from 1): 50 a page, newest first. */
export const getWebhookDeliveries = (endpointId: number, page: number, signal?: AbortSignal): Promise<WebhookDelivery[]> =>
  api.get('/webhooks/deliveries', { query: { endpointId, page }, schema: webhookDeliveriesSchema, signal });

export const DELIVERY_PAGE = 50;

export const webhookDeliveriesQueryOptions = (endpointId: number, page: number) =>
  queryOptions({ queryKey: webhooksKeys.deliveries(endpointId, page), queryFn: ({ signal }) => getWebhookDeliveries(endpointId, page, signal) });

/** An endpoint's page of deliveries; while another page of the same endpoint loads, the last one stays. */
export const useWebhookDeliveries = (endpointId: number, page: number) =>
  useQuery({
    ...webhookDeliveriesQueryOptions(endpointId, page),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === endpointId ? previous : undefined),
  });

/** POST /webhooks/resend?id=: the delivery, due now with its attempts counted anew (same body, same event id). */
export const resendWebhookDelivery = (id: number): Promise<WebhookDelivery> =>
  api.request('/webhooks/resend', { method: 'POST', query: { id }, schema: webhookDeliverySchema });

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSuccess: (delivery) =>
      queryClient.setQueriesData<WebhookDelivery[]>({ queryKey: webhooksKeys.deliveriesOf(delivery.endpointId) }, (rows) =>
        rows?.map((row) => (row.id === delivery.id ? delivery : row)),
      ),
  });
}
