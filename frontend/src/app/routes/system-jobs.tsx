import './system-styles';
import { JobsScreen } from '@/features/system/components/jobs-screen';

/** /sy5tem/jobs: the scheduled jobs shared by every instance, and their recent runs. */
export const JobsRoute = () => <JobsScreen />;
