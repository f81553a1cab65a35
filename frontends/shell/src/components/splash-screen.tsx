/** The splash screen (spec §1, §9): brand and tagline for 2 seconds, once per browser session. */
import { useEffect, useState } from "react";

const SPLASH_MS = 2000;
const seenKey = "closr.splash-seen";

function alreadySeen(): boolean {
  try {
    return sessionStorage.getItem(seenKey) === "1";
  } catch {
    return false;
  }
}

export function SplashScreen() {
  const [visible, setVisible] = useState(() => !alreadySeen());
  useEffect(() => {
    if (!visible) return;
    try {
      sessionStorage.setItem(seenKey, "1");
    } catch {}
    const timer = setTimeout(() => setVisible(false), SPLASH_MS);
    return () => clearTimeout(timer);
  }, [visible]);
  if (!visible) return null;
  return (
    <div className="splash" role="presentation">
      <div className="splash-inner">
        <span className="brand-mark brand-mark-lg" aria-hidden="true">
          C
        </span>
        <p className="splash-title">Closr</p>
        <p className="splash-tagline">Connecting Businesses &amp; Agents</p>
      </div>
    </div>
  );
}
