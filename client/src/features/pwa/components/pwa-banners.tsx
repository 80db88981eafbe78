import { InstallBanner } from './install-banner.tsx';
import { IosInstallCard } from './ios-install-card.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { UpdateBanner } from './update-banner.tsx';

/** docs/product.md §10.18: offline, new version and install, above every screen. */
export function PwaBanners() {
  return (
    <>
      <div className="banner-stack">
        <OfflineBanner />
        <UpdateBanner />
        <InstallBanner />
      </div>
      <IosInstallCard />
    </>
  );
}
