import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';
import { workflowViewSchema, type WorkflowView } from './schemas';

/** Asked before stopping (the product's words: the spec gives none). */
export const STOP_QUESTION = 'Once you stop this Broadcast nobody can answer it any more. The answers already given stay.';

/** POST /policy/stop-workflow {id} -> the publication with status 3 (again: unchanged; a cancelled one: 409). */
export const stopWorkflow = (id: number): Promise<WorkflowView> => api.post('/policy/stop-workflow', { id }, { schema: workflowViewSchema });

export function useStopWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopWorkflow,
    onSuccess: async (workflow) => {
      queryClient.setQueryData(hrKeys.workflow(workflow.id), workflow);
      await queryClient.invalidateQueries({ queryKey: hrKeys.policies, predicate: (q) => q.queryKey[2] !== 'workflow' });
    },
  });
}
