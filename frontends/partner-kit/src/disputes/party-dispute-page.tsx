/**
 * The route element of a party's dispute page (`/business/payments/disputes/:id`,
 * `/agent/invoices/disputes/:id`): the dispute whose id is in the URL. Its own module, imported
 * only by the party remote's `deferredPage` (ADR 0056): a module that is also imported statically
 * (as disputes.tsx is, by the money pages' Disputes tab) cannot become a chunk of its own.
 */
import { useParams } from "react-router";
import { DisputeView } from "./disputes.tsx";

export function PartyDisputePage({ backHref, backLabel }: { backHref: string; backLabel: string }) {
  const { id } = useParams();
  return <DisputeView id={Number(id)} backHref={backHref} backLabel={backLabel} />;
}
