/**
 * The commission guides downloads (spec §2.12; issue 16) at /templates/*: the general commission
 * agreement as HTML and PDF, the calculator as CSV and as an interactive HTML page (its script is
 * a separate file: the CSP allows no inline script).
 */
import { renderDocumentPdf } from "@closr/adapters/pdf";
import { generalAgreementTemplate, renderTemplate } from "@closr/core/agreement";
import { esc } from "./html.ts";

/**
 * The general commission agreement, blank: core's one template (issue 17) with every placeholder
 * shown as its "[hint]". Partnerships' agreements render from the same template with values.
 */
export const agreement = renderTemplate(generalAgreementTemplate, {});

const page = (title: string, body: string, extraHead = "") => `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} | Closr</title>
<style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.6;color:#1a1f29}
h1{font-size:1.75rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccd;padding:.4rem;text-align:left}
label{display:block;margin:.5rem 0 .25rem;font-weight:600}input,select{font:inherit;padding:.4rem;width:100%;max-width:20rem}
output{font-size:1.5rem;font-weight:700}.note{color:#555;font-size:.9rem}@media print{.no-print{display:none}}</style>${extraHead}
</head><body>${body}</body></html>`;

export const agreementHtml = () =>
  page(
    agreement.title,
    `<h1>${esc(agreement.title)}</h1><p class="note">${esc(agreement.subtitle)}</p>${agreement.sections
      .map((s) => `<h2>${esc(s.heading)}</h2>${s.paragraphs.map((p) => `<p>${esc(p)}</p>`).join("")}`)
      .join(
        "",
      )}<p class="no-print"><a href="/templates/general-commission-agreement.pdf">Download as PDF</a> · <a href="/commission-guides">Back to Commission Guides</a></p>`,
  );

export const agreementPdf = () => renderDocumentPdf(agreement);

/** CSV: each row's commission is a formula, so the sheet recalculates when rates or values change. */
export const calculatorCsv = () =>
  `${[
    "Deal,Sale value (AUD),Commission rate (%),Commission (AUD)",
    "Deal 1,10000,15,=B2*C2/100",
    "Deal 2,25000,12,=B3*C3/100",
    "Deal 3,5000,20,=B4*C4/100",
    "Total,=SUM(B2:B4),,=SUM(D2:D4)",
  ].join("\r\n")}\r\n`;

export const calculatorHtml = () =>
  page(
    "Commission Calculator",
    `<h1>Commission Calculator</h1>
<p class="note">Works out an agent's commission for straight, base-plus and tiered structures. Nothing leaves your browser.</p>
<form id="calc">
<label for="model">Model</label><select id="model"><option value="straight">Straight commission</option><option value="base">Base plus commission</option><option value="tiered">Tiered commission</option></select>
<label for="sales">Sales this period (AUD)</label><input id="sales" type="number" min="0" step="100" value="50000">
<label for="rate">Commission rate (%)</label><input id="rate" type="number" min="0" max="100" step="0.5" value="15">
<label for="base">Base retainer (AUD, base plus only)</label><input id="base" type="number" min="0" step="100" value="0">
<label for="threshold">Tier threshold (AUD, tiered only)</label><input id="threshold" type="number" min="0" step="1000" value="40000">
<label for="bonus">Rate above threshold (%, tiered only)</label><input id="bonus" type="number" min="0" max="100" step="0.5" value="20">
</form>
<p>Agent earns: <output id="result" for="model sales rate base threshold bonus">A$0.00</output></p>
<p class="no-print"><a href="/templates/commission-calculator.csv">Download as CSV</a> · <a href="/commission-guides">Back to Commission Guides</a></p>`,
    '<script src="/templates/commission-calculator.js" defer></script>',
  );

export const calculatorJs = () => `"use strict";
(function () {
  var form = document.getElementById("calc");
  var out = document.getElementById("result");
  function num(id) { var v = Number(document.getElementById(id).value); return isFinite(v) && v > 0 ? v : 0; }
  function cents(dollars) { return Math.round(dollars * 100); }
  function calculate() {
    var model = document.getElementById("model").value;
    var sales = cents(num("sales"));
    var rate = num("rate");
    var total;
    if (model === "base") total = cents(num("base")) + Math.round((sales * rate) / 100);
    else if (model === "tiered") {
      var threshold = cents(num("threshold"));
      var below = Math.min(sales, threshold);
      var above = Math.max(0, sales - threshold);
      total = Math.round((below * rate) / 100) + Math.round((above * num("bonus")) / 100);
    } else total = Math.round((sales * rate) / 100);
    out.textContent = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" }).format(total / 100);
  }
  form.addEventListener("input", calculate);
  calculate();
})();
`;
