/* Starts the app after the first paint of a server-rendered page (issue 19, ADR 0016).
   The server, when it puts a page's HTML into #root, turns the build's module script into
   <script type="text/x-closr-deferred" data-src="…"> and its modulepreload links into
   <link data-rel="modulepreload" …>, inert, so the browser paints the HTML and CSS without
   fetching about 250 KiB gzip of JavaScript first. Here, once the first contentful paint has
   happened (or after 3 s, e.g. in a hidden tab that never paints), the links become
   modulepreload again (all fetched in parallel) and the module script is added. */
(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const link of document.querySelectorAll("link[data-rel=modulepreload]")) {
      link.rel = "modulepreload";
      link.removeAttribute("data-rel");
    }
    for (const deferred of document.querySelectorAll("script[type='text/x-closr-deferred']")) {
      const script = document.createElement("script");
      script.type = "module";
      script.crossOrigin = "";
      script.src = deferred.dataset.src;
      deferred.replaceWith(script);
    }
  };
  // After the paint, not in the frame of it: the next task.
  const afterPaint = () => setTimeout(start, 0);
  try {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length > 0) {
        observer.disconnect();
        afterPaint();
      }
    });
    observer.observe({ type: "paint", buffered: true });
  } catch {
    requestAnimationFrame(afterPaint);
  }
  setTimeout(start, 3000);
})();
