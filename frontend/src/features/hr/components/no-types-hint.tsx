import { Anchor, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { HR_TEXTS } from './labels';

/** Settings tab 5 configures document and event types (001 §2: ?tab=5&return=…). */
export const typesSettingsPath = (back: string) => `/admin/manage/settings?tab=5&return=${encodeURIComponent(back)}`;

/** Shown instead of an empty type picker: there is nothing to choose until a type exists. */
export function NoTypesHint({ text }: { text: string }) {
  const location = useLocation();
  return (
    <Text size="sm" data-testid="no-types">
      {text}{' '}
      <Anchor component={Link} to={typesSettingsPath(`${location.pathname}${location.search}`)}>
        {HR_TEXTS.configureTypes}
      </Anchor>
    </Text>
  );
}
