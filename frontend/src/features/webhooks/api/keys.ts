/**
 * Query keys of the company's webhooks (issue 43, docs/contracts/webhooks.md). Adding an endpoint
 * asks for the list again; changing, rotating and deleting one answer with what replaces it.
 */
export const webhooksKeys = {
  all: ['webhooks'] as const,
  /** GET /webhooks: the endpoints and the events there are. */
  list: ['webhooks', 'list'] as const,
  /** GET /webhooks/deliveries of one endpoint, every page. */
  deliveriesOf: (endpointId: number) => ['webhooks', 'deliveries', endpointId] as const,
  /** GET /webhooks/deliveries?endpointId=&page=. */
  deliveries: (endpointId: number, page: number) => ['webhooks', 'deliveries', endpointId, page] as const,
};
