import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsDataSchema, type SettingsData, type TimeSettings } from '@/lib/settings-data';
import { settingsKeys } from './keys';

/** POST /settings/update (admins): the time settings; an empty dayStartAt lets the clock open all day. */
export const updateTimeSettings = (settings: TimeSettings): Promise<SettingsData> =>
  api.post('/settings/update', { ...settings, dayStartAt: settings.dayStartAt ?? '' }, { schema: settingsDataSchema });

export function useUpdateTimeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTimeSettings,
    onSuccess: (data) => {
      queryClient.setQueryData(settingsKeys.data, data);
      // The dashboard's overtime and pay-cycle figures follow the settings, and so do the overtime
      // rules of a company that never chose any (the weekly threshold applies).
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.dashboard }),
        queryClient.invalidateQueries({ queryKey: settingsKeys.overtime }),
      ]);
    },
  });
}
