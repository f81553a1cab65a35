/** Every migration, by name (names sort in the order they run). */
import type { Migration } from "kysely";
import * as initialSchema from "./2026-11-22-initial-schema.ts";
import * as profileSearch from "./2026-11-22-profile-search.ts";
import * as profileSearchRanking from "./2026-11-22-profile-search-ranking.ts";
import * as partnerships from "./2026-11-23-01-partnerships.ts";
import * as messaging from "./2026-11-23-02-messaging.ts";
import * as payments from "./2026-11-23-03-payments.ts";
import * as verification from "./2026-11-23-04-verification.ts";
import * as subscriptions from "./2026-11-23-05-subscriptions.ts";
import * as account from "./2026-11-23-06-account.ts";
import * as auditAndFees from "./2026-11-23-07-audit-and-fees.ts";
import * as payouts from "./2026-11-23-10-payouts.ts";
import * as content from "./2026-11-23-11-content.ts";
import * as reviews from "./2026-11-23-12-reviews.ts";
import * as insights from "./2026-11-23-13-insights.ts";
import * as operations from "./2026-11-23-14-operations.ts";
import * as push from "./2026-11-23-15-push.ts";
import * as agreements from "./2026-11-24-01-agreements.ts";
import * as disputes from "./2026-11-24-02-disputes.ts";
import * as searchSpeed from "./2026-11-24-03-search-speed.ts";
import * as integrators from "./2026-11-24-04-integrators.ts";
import * as operations2 from "./2026-11-24-05-operations.ts";
import * as webhooks from "./2026-11-25-01-webhooks.ts";
import * as insightsRollup from "./2026-11-25-02-insights-rollup.ts";
import * as searchSpeedLocation from "./2026-11-25-03-search-speed.ts";
import * as searchLocationYears from "./2026-11-26-02-search-location-years.ts";
import * as searchKeywordBands from "./2026-11-27-02-search-keyword-bands.ts";
import * as searchVocabulary from "./2026-11-28-30-search-vocabulary.ts";
import * as insightsRollupInTransaction from "./2026-11-29-40-insights-rollup-in-transaction.ts";
import * as gatewayRefundsHolds from "./2026-11-29-45-gateway-refunds-holds.ts";
import * as payoutHoldTransfers from "./2026-11-30-46-payout-hold-transfers.ts";
import * as userTimeZone from "./2026-12-01-46-user-time-zone.ts";
import * as unclaimedEmails from "./2026-12-01-48-unclaimed-emails.ts";
import * as commissionLedger from "./2026-12-02-43-commission-ledger.ts";
import * as dealsAndSales from "./2026-12-02-43-deals-and-sales.ts";
import * as opportunities from "./2026-12-02-44-opportunities.ts";
import * as collection from "./2026-12-02-45-collection.ts";
import * as commissionLedgerApi from "./2026-12-03-43-commission-ledger-api.ts";
import * as dealNotifications from "./2026-12-03-43-deal-notifications.ts";

export const migrations: Record<string, Migration> = {
  "2026-11-22-initial-schema": initialSchema,
  "2026-11-22-profile-search": profileSearch,
  "2026-11-22-profile-search-ranking": profileSearchRanking,
  "2026-11-23-01-partnerships": partnerships,
  "2026-11-23-02-messaging": messaging,
  "2026-11-23-03-payments": payments,
  "2026-11-23-04-verification": verification,
  "2026-11-23-05-subscriptions": subscriptions,
  "2026-11-23-06-account": account,
  "2026-11-23-07-audit-and-fees": auditAndFees,
  "2026-11-23-14-operations": operations,
  "2026-11-23-10-payouts": payouts,
  "2026-11-23-11-content": content,
  "2026-11-23-12-reviews": reviews,
  "2026-11-23-13-insights": insights,
  "2026-11-23-15-push": push,
  "2026-11-24-01-agreements": agreements,
  "2026-11-24-05-operations": operations2,
  "2026-11-24-03-search-speed": searchSpeed,
  "2026-11-24-02-disputes": disputes,
  "2026-11-24-04-integrators": integrators,
  "2026-11-25-01-webhooks": webhooks,
  "2026-11-25-02-insights-rollup": insightsRollup,
  "2026-11-25-03-search-speed": searchSpeedLocation,
  "2026-11-26-02-search-location-years": searchLocationYears,
  "2026-11-27-02-search-keyword-bands": searchKeywordBands,
  "2026-11-28-30-search-vocabulary": searchVocabulary,
  "2026-11-29-40-insights-rollup-in-transaction": insightsRollupInTransaction,
  "2026-11-29-45-gateway-refunds-holds": gatewayRefundsHolds,
  "2026-11-30-46-payout-hold-transfers": payoutHoldTransfers,
  "2026-12-01-48-unclaimed-emails": unclaimedEmails,
  "2026-12-01-46-user-time-zone": userTimeZone,
  "2026-12-02-43-deals-and-sales": dealsAndSales,
  "2026-12-02-43-commission-ledger": commissionLedger,
  "2026-12-02-44-opportunities": opportunities,
  "2026-12-02-45-collection": collection,
  "2026-12-03-43-commission-ledger-api": commissionLedgerApi,
  "2026-12-03-43-deal-notifications": dealNotifications,
};
