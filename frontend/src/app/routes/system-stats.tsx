import './system-styles';
// The chart of signups and active companies (Mantine charts: legend, tooltip, axes).
import '@mantine/charts/styles.css';
import { StatsScreen } from '@/features/system/components/stats-screen';

/** /sy5tem/stat: Statistics. */
export const StatsRoute = () => <StatsScreen />;
