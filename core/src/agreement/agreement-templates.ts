/** A business's own agreement template (ADR 0017; a plan feature). */
import { Effect, Option } from "effect";
import type { User } from "../identity/index.ts";
import type { BusinessProfileId } from "../shared/index.ts";
import { getBilling } from "../subscription/index.ts";
import { CustomTemplatesNotIncluded, InvalidAgreementTerms } from "./errors.ts";
import { AgreementRepository } from "./ports.ts";
import { type AgreementTemplate, generalAgreementTemplate, unknownPlaceholders } from "./template.ts";

/** The caller's own template (Enterprise businesses), or the general one to start from. */
export const getOwnTemplate = Effect.fn("agreement.getOwnTemplate")(function* (
  user: User,
  businessId: BusinessProfileId,
) {
  const billing = yield* getBilling(user);
  const own = yield* (yield* AgreementRepository).templateOf(businessId);
  return {
    template: Option.getOrElse(own, () => generalAgreementTemplate),
    custom: Option.isSome(own),
    entitled: billing.entitlements.customContractTemplates,
  };
});

/** Saves the business's own template (Enterprise only; unknown placeholders are refused). Null resets to the general one. */
export const saveOwnTemplate = Effect.fn("agreement.saveOwnTemplate")(function* (
  user: User,
  businessId: BusinessProfileId,
  template: AgreementTemplate | null,
) {
  const billing = yield* getBilling(user);
  if (!billing.entitlements.customContractTemplates)
    return yield* new CustomTemplatesNotIncluded({ feature: "custom contract templates" });
  if (template) {
    const unknown = unknownPlaceholders(template);
    if (unknown.length)
      return yield* new InvalidAgreementTerms({
        errors: [{ field: "sections", message: `Unknown placeholder: {{${unknown[0]}}}` }],
      });
  }
  yield* (yield* AgreementRepository).saveTemplate(businessId, template);
  return yield* getOwnTemplate(user, businessId);
});
