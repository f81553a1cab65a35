/**
 * The end of a partnership under its agreement (issue 45 item 5, ADR 0064): ending starts the
 * notice period; the partnership ends when it has run; for `trailingCommissionMonths` after that,
 * sales from customers the agent brought still earn commission. Pure; dates `yyyy-MM-dd` on the
 * Sydney calendar (the business's zone).
 *
 * What the ledger (issue 43) must read: `trailingUntil` — a sale dated after `endsOn` and on or
 * before `trailingUntil` earns commission when its customer is one of the agent's deal
 * registrations under this partnership; every other sale after `endsOn` earns nothing.
 */
import { addCalendarDays, addCalendarMonths } from "../shared/calendar.ts";
import { trailingCommissionMonthsOf } from "./model.ts";

export interface PartnershipEnding {
  /** The day notice was given. */
  readonly noticeGivenOn: string;
  /** The last day of the partnership: notice given + notice days. */
  readonly endsOn: string;
  /** The last day a brought customer's sale still earns (null: no trailing commission). */
  readonly trailingUntil: string | null;
  readonly trailingCommissionMonths: number;
}

/** The ending of a partnership whose notice is given on `noticeGivenOn` under `terms`. */
export const partnershipEnding = (
  terms: { readonly noticeDays: number; readonly trailingCommissionMonths?: number | undefined },
  noticeGivenOn: string,
): PartnershipEnding => {
  const endsOn = addCalendarDays(noticeGivenOn, terms.noticeDays);
  const months = trailingCommissionMonthsOf(terms);
  return {
    noticeGivenOn,
    endsOn,
    trailingUntil: months > 0 ? addCalendarMonths(endsOn, months) : null,
    trailingCommissionMonths: months,
  };
};

/** Whether a sale on `saleDate` by a customer the agent brought still earns under `ending`. */
export const saleStillEarns = (
  ending: PartnershipEnding,
  saleDate: string,
  broughtByAgent: boolean,
): boolean =>
  saleDate <= ending.endsOn ||
  (broughtByAgent && ending.trailingUntil !== null && saleDate <= ending.trailingUntil);
