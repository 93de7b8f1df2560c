import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { manageKeys } from './keys';

export const avatarResponseSchema = z.object({ avatar: z.string() });

/** POST /manage/user-avatar multipart `file`, `employee` -> the new avatar URL. */
export function uploadEmployeeAvatar(employeeId: number, file: File): Promise<{ avatar: string }> {
  const form = new FormData();
  form.set('file', file);
  form.set('employee', String(employeeId));
  return api.post('/manage/user-avatar', form, { schema: avatarResponseSchema });
}

export function useUploadEmployeeAvatar(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadEmployeeAvatar(employeeId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manageKeys.all }),
  });
}
