import { InstallBanner } from './install-banner.tsx';
import { IosInstallCard } from './ios-install-card.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { UpdateBanner } from './update-banner.tsx';

/** Spec 2.24: offline, new version and install, above every screen. */
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
