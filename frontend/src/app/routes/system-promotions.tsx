import './system-styles';
import { useBillingEnabled } from '@/features/auth/api/get-signup-data';
import { PromotionsScreen } from '@/features/system/components/promotions-screen';

/** /sy5tem/promot: Promotions. */
export const PromotionsRoute = () => <PromotionsScreen billingEnabled={useBillingEnabled()} />;
