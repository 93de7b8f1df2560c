import { Anchor, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { HR_TEXTS } from './labels';

/** Settings tab 5 configures document and event types (001 §2: ?tab=5&return=…). */
export const typesSettingsPath = (back: string) => `/admin/manage/settings?tab=5&return=${encodeURIComponent(back)}`;

/** Settings tab 6 configures policy types; the HR Broadcast History links there (002 §2). */
export const POLICY_TYPES_SETTINGS_PATH = '/admin/manage/settings?tab=6&return=/admin/manage/hr-policy';

/**
 * Shown instead of an empty type picker: there is nothing to choose until a type exists. The link
 * leads to settings tab 5 (document and event types) and back, or to `settingsPath`.
 */
export function NoTypesHint({ text, settingsPath }: { text: string; settingsPath?: string }) {
  const location = useLocation();
  return (
    <Text size="sm" data-testid="no-types">
      {text}{' '}
      <Anchor component={Link} to={settingsPath ?? typesSettingsPath(`${location.pathname}${location.search}`)}>
        {HR_TEXTS.configureTypes}
      </Anchor>
    </Text>
  );
}
