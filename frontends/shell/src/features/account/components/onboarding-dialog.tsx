/**
 * The onboarding walkthrough (spec §2.9, §4, §8): on the role dashboard until finished or
 * dismissed. Agents get 5 steps (Welcome, Profile Setup, Finding Opportunities, Managing
 * Partnerships, Getting Paid), businesses 4. Next records the step as completed, Back as not
 * completed, Finish completes it; the server keeps the state, so it resumes on any device.
 */

import { type UserType, useCurrentUser } from "@closr/client";
import { Button, Dialog, toast } from "@closr/ui";
import { useLocation } from "react-router";
import { useCompleteOnboarding, useOnboarding, useOnboardingProgress } from "../api/account-api.ts";

type Step = { title: string; text: string };

export const onboardingSteps: Record<UserType, Step[]> = {
  agent: [
    {
      title: "Welcome",
      text: "Welcome to Closr! Here businesses find independent, commission-based sales agents like you. This short tour shows you around.",
    },
    {
      title: "Profile Setup",
      text: "Create your agent profile: specialisation, experience, skills and the minimum commission you accept. A complete profile ranks higher in searches.",
    },
    {
      title: "Finding Opportunities",
      text: "Use Find Businesses to filter by industry, size and location, then press Connect to send a partnership request.",
    },
    {
      title: "Managing Partnerships",
      text: "Current Partners lists your pending requests and active partnerships. Accept, decline or message a business from there.",
    },
    {
      title: "Getting Paid",
      text: "Raise invoices for your active partnerships under Invoices. Businesses pay by card, and you see every payment as it lands.",
    },
  ],
  business: [
    {
      title: "Welcome",
      text: "Welcome to Closr! Here you find independent sales agents who are paid on commission. This short tour shows you around.",
    },
    {
      title: "Company Profile",
      text: "Create your business profile: industry, size, location and what you sell. Agents see it when they look for opportunities.",
    },
    {
      title: "Finding Agents",
      text: "Use Find Agents to filter by specialisation, experience and location, with match scores and reasons, then press Connect.",
    },
    {
      title: "Partnerships and Payments",
      text: "Active Agents holds your requests and partnerships. Agents invoice you for commissions, and you pay them under Payments.",
    },
  ],
};

export function OnboardingDialog() {
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  const userType = user?.userType;
  const onDashboard = Boolean(userType) && pathname === `/${userType}/dashboard`;
  const steps = onboardingSteps[userType ?? "agent"];
  const onboarding = useOnboarding(steps.length, onDashboard);
  const progress = useOnboardingProgress();
  const complete = useCompleteOnboarding();
  const state = onboarding.data;
  if (!onDashboard || !state || state.status === "completed") return null;

  const index = Math.min(state.currentStep, steps.length - 1);
  const step = steps[index]!;
  const last = index === steps.length - 1;
  const failed = (title: string) => () => toast({ title, variant: "destructive" });
  const finish = (dismissed: boolean) =>
    complete.mutate(
      { dismissed, totalSteps: steps.length },
      {
        onSuccess: () => {
          if (!dismissed) toast({ title: "Onboarding completed", variant: "success" });
        },
        onError: failed("Failed to complete onboarding"),
      },
    );

  return (
    <Dialog
      title={step.title}
      isOpen
      onOpenChange={(open) => {
        if (!open) finish(true);
      }}
    >
      <div className="stack">
        <p className="muted">
          Step {index + 1} of {steps.length}
        </p>
        <p>{step.text}</p>
        <div className="button-row onboarding-actions">
          <Button variant="ghost" onPress={() => finish(true)}>
            Skip tour
          </Button>
          {index > 0 ? (
            <Button
              variant="outline"
              isPending={progress.isPending && progress.variables?.completed === false}
              onPress={() =>
                progress.mutate(
                  { step: index - 1, completed: false },
                  { onError: failed("Failed to update onboarding progress") },
                )
              }
            >
              Back
            </Button>
          ) : null}
          {last ? (
            <Button isPending={complete.isPending} onPress={() => finish(false)}>
              Finish
            </Button>
          ) : (
            <Button
              isPending={progress.isPending && progress.variables?.completed === true}
              onPress={() =>
                progress.mutate(
                  { step: index, completed: true },
                  { onError: failed("Failed to update onboarding progress") },
                )
              }
            >
              Next
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
