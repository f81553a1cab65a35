/**
 * An opportunity's state buttons (issue 44): Publish (a draft), Pause, Resume, Close — the
 * steps its status allows (draft → published ⇄ paused → closed). A refusal (the plan's limit of
 * published opportunities, 403) shows as a toast with the server's words.
 */
import { failureToast } from "@closr/client";
import type { Opportunity } from "@closr/partner-kit";
import { Button, toast } from "@closr/ui";
import { type OpportunityStep, useOpportunityStep } from "../api/opportunities-api.ts";

const stepsOf: Record<Opportunity["status"], readonly OpportunityStep[]> = {
  draft: ["publish", "close"],
  published: ["pause", "close"],
  paused: ["resume", "close"],
  closed: [],
};

const stepWords: Record<OpportunityStep, { label: string; done: string }> = {
  publish: { label: "Publish", done: "Opportunity published" },
  pause: { label: "Pause", done: "Opportunity paused" },
  resume: { label: "Resume", done: "Opportunity published again" },
  close: { label: "Close", done: "Opportunity closed" },
};

export function OpportunityActions({ opportunity }: { opportunity: Opportunity }) {
  const step = useOpportunityStep();
  return (
    <>
      {stepsOf[opportunity.status].map((name) => (
        <Button
          key={name}
          size="sm"
          variant={name === "close" ? "ghost" : name === "publish" ? "primary" : "outline"}
          isDisabled={step.isPending}
          aria-label={`${stepWords[name].label} ${opportunity.title}`}
          onPress={() =>
            step.mutate(
              { id: opportunity.id, step: name },
              {
                onSuccess: () => toast({ title: stepWords[name].done }),
                onError: failureToast(`Couldn't ${name} the opportunity`),
              },
            )
          }
        >
          {stepWords[name].label}
        </Button>
      ))}
    </>
  );
}
