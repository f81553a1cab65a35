/**
 * The splash screen (spec §1, §2.2, §9): brand and tagline for 2 seconds, once per session, in
 * the installed app only (display-mode standalone), never in a browser tab. Drawn after
 * hydration (an effect decides), so the server's HTML and the first render agree (ADR 0047).
 */
import { useEffect, useState } from "react";

const SPLASH_MS = 2000;
const seenKey = "closr.splash-seen";

function shouldShow(): boolean {
  try {
    return (
      window.matchMedia?.("(display-mode: standalone)").matches === true &&
      sessionStorage.getItem(seenKey) !== "1"
    );
  } catch {
    return false;
  }
}

export function SplashScreen() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!shouldShow()) return;
    try {
      sessionStorage.setItem(seenKey, "1");
    } catch {}
    setVisible(true);
    const timer = setTimeout(() => setVisible(false), SPLASH_MS);
    return () => clearTimeout(timer);
  }, []);
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
