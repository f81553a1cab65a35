/**
 * Partnership schemas (spec §3 partnerships, §4, §7; issue 4). `businessId` and `agentId` are
 * PROFILE ids. `commissionRate` is a percent (0–100, 2 decimals). Dates are ISO 8601 UTC.
 */
import { z } from "@hono/zod-openapi";
import { IdParam, paging } from "./common.ts";
import { AgentProfile, BusinessProfile } from "./profiles.ts";

export const PartnershipStatus = z
  .enum(["pending", "active", "rejected", "withdrawn", "terminated"])
  .openapi("PartnershipStatus");

const Side = z.enum(["business", "agent"]);

export const Partnership = z
  .object({
    id: z.number().int(),
    businessId: z.number().int().openapi({ description: "Business profile id." }),
    agentId: z.number().int().openapi({ description: "Agent profile id." }),
    status: PartnershipStatus,
    requestedBy: Side.openapi({ description: "The side that sent the connection request." }),
    direction: z.enum(["incoming", "outgoing"]).openapi({
      description:
        "For the caller: incoming = sent to them (they may accept or reject), outgoing = sent by them.",
    }),
    commissionRate: z.number().openapi({ description: "Percent, 0–100." }),
    startDate: z.string().nullable().openapi({ description: "Set when accepted." }),
    endDate: z.string().nullable().openapi({ description: "Set when ended." }),
    createdAt: z.string(),
    updatedAt: z.string(),
    business: BusinessProfile,
    agent: AgentProfile,
  })
  .openapi("Partnership", { description: "A partnership with both parties' profiles." });

export const PartnershipCounts = z
  .object({
    active: z.number().int(),
    pending: z.number().int(),
    pendingOpportunities: z.number().int().openapi({
      description:
        "Agents: pending opportunity invitations plus shortlisted applications (the dashboard's Pending Opportunities); 0 for businesses.",
    }),
  })
  .openapi("PartnershipCounts", { description: "The caller's counts, whatever the filter." });

export const PartnershipPage = z
  .object({
    items: z.array(Partnership),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    counts: PartnershipCounts,
  })
  .openapi("PartnershipPage");

const statusList =
  "status must be a comma-separated list of pending, active, rejected, withdrawn, terminated";

export const PartnershipListQuery = z.object({
  status: z
    .string()
    .regex(
      /^(pending|active|rejected|withdrawn|terminated)(,(pending|active|rejected|withdrawn|terminated))*$/,
      {
        error: statusList,
      },
    )
    .optional()
    .openapi({
      param: { name: "status", in: "query" },
      description: "Only these statuses, comma-separated (e.g. pending,active).",
      example: "pending,active",
    }),
  ...paging(100, 50),
});

const profileId = (field: string) =>
  z
    .number({ error: `${field} must be a positive whole number` })
    .int({ error: `${field} must be a positive whole number` })
    .min(1, { error: `${field} must be a positive whole number` })
    .max(2_147_483_647, { error: `${field} must be a positive whole number` });

export const CreatePartnershipRequest = z
  .object({
    businessId: profileId("businessId").optional().openapi({
      description: "The business profile to connect with (agents); a business may send its own or omit it.",
    }),
    agentId: profileId("agentId").optional().openapi({
      description: "The agent profile to connect with (businesses); an agent may send its own or omit it.",
    }),
    status: z.literal("pending", { error: "status must be pending" }).optional(),
    commissionRate: z
      .number({ error: "Commission rate must be a number from 0 to 100" })
      .min(0, { error: "Commission rate must be a number from 0 to 100" })
      .max(100, { error: "Commission rate must be a number from 0 to 100" })
      .multipleOf(0.01, { error: "Commission rate has at most 2 decimals" })
      .optional()
      .openapi({ description: "Proposed percent; defaults to the agent's minimum commission rate." }),
  })
  .openapi("CreatePartnershipRequest");

export const UpdatePartnershipRequest = z
  .object({
    status: z
      .enum(["active", "rejected", "withdrawn", "terminated"], {
        error: "status must be active, rejected, withdrawn or terminated",
      })
      .openapi({
        description:
          "active = accept, rejected = reject (the receiver of a pending request); withdrawn = cancel one's own pending request; terminated = end an active partnership (either party).",
      }),
    startDate: z
      .string()
      .optional()
      .openapi({ description: "Ignored: the server sets startDate when accepting." }),
  })
  .openapi("UpdatePartnershipRequest");

export const PartnershipId = IdParam;
