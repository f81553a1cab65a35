/**
 * The install prompt (spec §2.2, mobile only, when the browser offers installation and the app
 * is not installed): after 15 s a bottom banner "Install Closr App" with Install and close;
 * before it shows, or after it is closed, a small floating install button.
 */
import { Icon } from "@closr/ui";
import { useEffect, useState } from "react";
import { promptInstall, useInstallOffer } from "./install-prompt-store.ts";

/** Delay before the banner appears (spec §9: install banner after 15 s). */
export const INSTALL_BANNER_DELAY_MS = 15_000;
const MOBILE_QUERY = "(max-width: 768px)";

function useIsMobile(): boolean {
  // false on the server and while hydrating (no offer shows then anyway); the effect reads it.
  const [mobile, setMobile] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const update = () => setMobile(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return mobile;
}

export function InstallPrompt() {
  const { offer, installed } = useInstallOffer();
  const mobile = useIsMobile();
  const [bannerDue, setBannerDue] = useState(false);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (!offer) return;
    const timer = setTimeout(() => setBannerDue(true), INSTALL_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [offer]);
  if (!offer || installed || !mobile) return null;
  const install = () => void promptInstall();
  if (bannerDue && !closed) {
    return (
      <section className="install-banner" aria-labelledby="install-banner-title">
        <span className="brand-mark" aria-hidden="true">
          C
        </span>
        <div className="install-banner-text">
          <h2 id="install-banner-title">Install Closr App</h2>
          <p>Add to your home screen for a better experience</p>
        </div>
        <button type="button" className="btn btn-primary btn-sm" onClick={install}>
          Install
        </button>
        <button
          type="button"
          className="install-banner-close"
          aria-label="Close install banner"
          onClick={() => setClosed(true)}
        >
          <Icon name="close" />
        </button>
      </section>
    );
  }
  return (
    <button type="button" className="install-fab" aria-label="Install Closr App" onClick={install}>
      <Icon name="download" />
    </button>
  );
}
