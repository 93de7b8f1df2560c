import './system-styles';
import { PromotionsScreen } from '@/features/system/components/promotions-screen';

/** /sy5tem/promot: Promotions. */
export const PromotionsRoute = () => <PromotionsScreen />;
