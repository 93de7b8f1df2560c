import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';
import { workflowViewSchema, type WorkflowView } from './schemas';

/** GET /policy/workflow?id= -> one publication with its recipients and their answers. */
export const getWorkflow = (id: number): Promise<WorkflowView> => api.get('/policy/workflow', { query: { id }, schema: workflowViewSchema });

export const workflowQueryOptions = (id: number) => queryOptions({ queryKey: hrKeys.workflow(id), queryFn: () => getWorkflow(id) });

export const useWorkflow = (id: number | null) => useQuery({ ...workflowQueryOptions(id ?? 0), enabled: id !== null });
