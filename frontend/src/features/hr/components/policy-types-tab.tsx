import { HrTypeSection } from './hr-type-section';

/** Settings, tab 6 'Policy Types' (002 §2): the types HR policy broadcasts are filed under. */
export function PolicyTypesTab() {
  return <HrTypeSection kind="policy" />;
}
