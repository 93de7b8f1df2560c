import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsDataSchema, type SettingsData, type TimeSettings } from '@/lib/settings-data';
import { settingsKeys } from './keys';

/**
 * POST /settings/update (admins): the time settings; an empty dayStartAt lets the clock open all day.
 * The overtime e-mails are not sent: their switch saves them on its own (`updateOvertimeAlertEmails`),
 * and the form's copy may be older than the switch's last change.
 */
export const updateTimeSettings = ({ overtimeAlertEmails: _savedOnItsOwn, ...settings }: TimeSettings): Promise<SettingsData> =>
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

/**
 * POST /settings/update {overtimeAlertEmails} (admins; managers get 403): whether managers (or the
 * company's admins, for people without a manager) are mailed when someone is in overtime or will
 * be by their usual end. Saved on its own, at once; answers the settings as GET /settings/data does.
 */
export const updateOvertimeAlertEmails = (overtimeAlertEmails: boolean): Promise<SettingsData> =>
  api.post('/settings/update', { overtimeAlertEmails }, { schema: settingsDataSchema });

export function useUpdateOvertimeAlertEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOvertimeAlertEmails,
    onSuccess: (data) => {
      queryClient.setQueryData(settingsKeys.data, data);
    },
  });
}
