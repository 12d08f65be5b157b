import { DealerPricing } from '../../dealer-pricing/DealerPricingPage';

/** The admin's pricing of any dealer: the sales manager's page with costs, percentages, warnings and the last change per package. */
export default function AdminDealerPricingPage() {
  return <DealerPricing scope="admin" />;
}
