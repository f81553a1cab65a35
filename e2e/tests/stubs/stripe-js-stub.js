/*
 * A stand-in for Stripe.js (https://js.stripe.com/<train>/stripe.js) served through Playwright's
 * page.route (ADR 0042): just what @stripe/react-stripe-js and our forms call. The "Payment
 * Element" is a plain "Card number" field; confirmPayment / confirmSetup post the client secret
 * and the number to https://api.stripe.com/test/confirm (the spec routes that to the Stripe
 * stand-in), show a "Authenticate your card" dialog when the answer is requires_action (3D Secure
 * test cards) and post the choice to /test/authenticate. Errors come back as `{ error }`, like Stripe.js.
 */
(() => {
  const post = async (path, fields) => {
    const res = await fetch(`https://api.stripe.com${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    return { ok: res.ok, body: await res.json() };
  };
  const authenticate = (clientSecret) =>
    new Promise((resolve) => {
      const dialog = document.createElement("div");
      dialog.setAttribute("role", "dialog");
      dialog.setAttribute("aria-label", "Authenticate your card");
      dialog.style.cssText =
        "position:fixed;inset:20% 10%;background:#fff;border:2px solid #333;padding:16px;z-index:99999";
      dialog.innerHTML =
        '<p>Test bank: approve this payment?</p><button type="button" data-ok="true">Complete authentication</button> <button type="button" data-ok="false">Fail authentication</button>';
      dialog.addEventListener("click", async (event) => {
        const ok = event.target?.getAttribute?.("data-ok");
        if (!ok) return;
        dialog.remove();
        resolve(await post("/test/authenticate", { client_secret: clientSecret, approve: ok }));
      });
      document.body.appendChild(dialog);
    });

  function Stripe(publishableKey) {
    let clientSecret = "";
    let input = null;
    const confirm = async (kind) => {
      const card = input ? input.value : "";
      let answer = await post("/test/confirm", { client_secret: clientSecret, card });
      if (answer.ok && answer.body.status === "requires_action") answer = await authenticate(clientSecret);
      if (!answer.ok) return { error: answer.body.error };
      return kind === "payment" ? { paymentIntent: answer.body } : { setupIntent: answer.body };
    };
    const noop = () => {};
    return {
      publishableKey,
      _registerWrapper: noop,
      registerAppInfo: noop,
      createToken: async () => ({ error: { message: "not in the stub" } }),
      createPaymentMethod: async () => ({ error: { message: "not in the stub" } }),
      confirmCardPayment: async () => ({ error: { message: "not in the stub" } }),
      elements(options) {
        clientSecret = options?.clientSecret ?? "";
        const handlers = {};
        return {
          update: noop,
          fetchUpdates: async () => ({}),
          submit: async () => ({}),
          getElement: () => null,
          create(type) {
            return {
              mount(node) {
                const host = typeof node === "string" ? document.querySelector(node) : node;
                const label = document.createElement("label");
                label.textContent = "Card number";
                label.style.display = "block";
                input = document.createElement("input");
                input.name = "cardnumber";
                input.inputMode = "numeric";
                input.autocomplete = "cc-number";
                input.style.cssText = "display:block;width:100%;padding:8px;box-sizing:border-box";
                label.appendChild(input);
                host.appendChild(label);
                host.setAttribute("data-stub-element", type);
                setTimeout(() => {
                  for (const h of handlers.ready ?? []) h({ elementType: type });
                }, 0);
              },
              on(event, handler) {
                if (!handlers[event]) handlers[event] = [];
                handlers[event].push(handler);
              },
              off(event, handler) {
                handlers[event] = (handlers[event] ?? []).filter((h) => h !== handler);
              },
              update: noop,
              unmount: noop,
              destroy: noop,
              focus: () => input?.focus(),
            };
          },
        };
      },
      confirmPayment: () => confirm("payment"),
      confirmSetup: () => confirm("setup"),
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();
