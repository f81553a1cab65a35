/**
 * Connect on a search card or profile page (spec §2.8, §2.9, §5 "Connect requires that the
 * caller has their own profile", §8 toasts): sends a connection request, or shows the open
 * partnership instead of a second request: "Requested" (pending, either direction) or
 * "Partner" (active, links to the partnerships page).
 */
import {
  describeFailure,
  isProblemType,
  type PartnershipSide,
  useConnect,
  usePartnershipStandings,
} from "@closr/client";
import { Button, Icon, LinkButton, toast } from "@closr/ui";
import { useOwnAgentProfile, useOwnBusinessProfile } from "../profiles/profiles-api.ts";

/** Copy and routes that differ by the caller's side. */
export const sideCopy = {
  business: {
    profileRequired: "You need to create a business profile first",
    counterpartNoun: "agent",
    partnershipsPath: "/business/active-agents",
    findPath: "/business/find-agents",
  },
  agent: {
    profileRequired: "You need to create an agent profile first",
    counterpartNoun: "business",
    partnershipsPath: "/agent/current-partners",
    findPath: "/agent/find-businesses",
  },
} as const;

export function ConnectButton({
  side,
  profileId,
  name,
  size = "sm",
  block,
}: {
  /** The caller's side. */
  side: PartnershipSide;
  /** The counterpart's PROFILE id. */
  profileId: number;
  /** The counterpart's name, for the button's accessible description. */
  name?: string;
  size?: "sm" | "md" | "lg";
  block?: boolean;
}) {
  const copy = sideCopy[side];
  const ownBusiness = useOwnBusinessProfile(side === "business");
  const ownAgent = useOwnAgentProfile(side === "agent");
  const own = side === "business" ? ownBusiness : ownAgent;
  const { byCounterpart } = usePartnershipStandings(side);
  const connect = useConnect(side);
  const standing = byCounterpart.get(profileId);
  const look = { size, ...(block ? { block } : {}) };

  if (standing?.status === "active") {
    return (
      <LinkButton
        href={copy.partnershipsPath}
        variant="secondary"
        aria-label={name ? `Partner: ${name}, open partnerships` : "Partner, open partnerships"}
        {...look}
      >
        <Icon name="check" size={16} /> Partner
      </LinkButton>
    );
  }
  if (standing?.status === "pending") {
    return (
      <Button variant="secondary" isDisabled {...look}>
        Requested
      </Button>
    );
  }

  const send = () => {
    if (own.data === null) {
      toast({ title: copy.profileRequired, variant: "destructive" });
      return;
    }
    connect.mutate(profileId, {
      onSuccess: () =>
        toast({
          title: "Connection requested",
          description: `Your partnership request has been sent to the ${copy.counterpartNoun}.`,
          variant: "success",
        }),
      onError: (error) => {
        if (isProblemType(error, "profile-required")) {
          toast({ title: copy.profileRequired, variant: "destructive" });
          return;
        }
        const message = describeFailure(error).message;
        toast({
          title: "Request failed",
          description: message || "Failed to send connection request",
          variant: "destructive",
        });
      },
    });
  };

  return (
    <Button
      {...look}
      isPending={connect.isPending}
      onPress={send}
      {...(name ? { "aria-label": `Connect with ${name}` } : {})}
    >
      Connect
    </Button>
  );
}
