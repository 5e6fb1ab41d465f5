'use client';

import { isAdmin, useStudioUser } from '@/components/studio/StudioShell';
import { AdminsOnly } from './AdminsOnly';
import { CoinPlansSection } from './CoinPlansSection';
import { PremiumPricesSection } from './PremiumPricesSection';
import { VipPlansSection } from './VipPlansSection';

/** /studio/prices: VIP plans, coin plans and premium-video prices, in pesos. Admins only (the server checks every call). */
export function PricesPage() {
  const user = useStudioUser();
  if (!isAdmin(user)) return <AdminsOnly what="Prices and plans" />;
  return (
    <div className="space-y-10">
      <header>
        <h1 className="font-display text-2xl font-bold md:text-3xl">Prices &amp; plans</h1>
        <p className="mt-1 text-sm text-fg-muted">Prices in pesos. Each save applies to new checkouts at once; payments already opened keep their amount.</p>
      </header>
      <VipPlansSection />
      <CoinPlansSection />
      <PremiumPricesSection />
    </div>
  );
}
