/* Keeps the browser's install offer when it comes before the app's modules have loaded (issue 19);
   src/pwa/install-prompt-store.ts picks it up. */
window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  window.__closrInstallOffer = event;
});
