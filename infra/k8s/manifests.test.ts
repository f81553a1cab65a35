/**
 * The Kubernetes manifests (issue 21): every object validates against the Kubernetes schemas
 * shipped by kubernetes-models (the check kubeconform would make), the committed closr.yaml is
 * exactly the rendering of manifests.ts, and the operational requirements hold.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Deployment } from "kubernetes-models/apps/v1";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import { CronJob, Job } from "kubernetes-models/batch/v1";
import { Ingress } from "kubernetes-models/networking.k8s.io/v1";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import { Service } from "kubernetes-models/v1";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { manifests, render } from "./manifests.ts";

const committed = readFileSync(fileURLToPath(new URL("./closr.yaml", import.meta.url)), "utf8");
const models = { Deployment, Service, Ingress, HorizontalPodAutoscaler, PodDisruptionBudget, Job, CronJob };

describe("infra/k8s manifests", () => {
  it("closr.yaml is the rendering of manifests.ts (run pnpm --filter @closr/infra generate)", () => {
    expect(committed).toBe(render());
  });

  it("every document of closr.yaml validates against the Kubernetes schema of its kind", () => {
    const docs = parseAllDocuments(committed).map((d) => d.toJSON() as { kind: keyof typeof models });
    expect(docs.map((d) => d.kind).sort()).toEqual(
      [
        "CronJob",
        "Deployment",
        "Deployment",
        "HorizontalPodAutoscaler",
        "Ingress",
        "Job",
        "PodDisruptionBudget",
        "Service",
      ].sort(),
    );
    for (const doc of docs) {
      const Model = models[doc.kind];
      expect(Model, doc.kind).toBeDefined();
      expect(() => new Model(doc as never).validate()).not.toThrow();
    }
  });

  it("the validator does reject a broken manifest", () => {
    const broken = new Deployment({
      metadata: { name: "x" },
      // @ts-expect-error: replicas must be an integer
      spec: { replicas: "two", selector: {}, template: {} },
    });
    expect(() => broken.validate()).toThrow();
  });

  it("the API has probes, resources, a graceful stop window and scrape annotations", () => {
    const api = manifests().find(
      (m): m is Deployment => m instanceof Deployment && m.metadata?.name === "closr-api",
    )!;
    const pod = api.spec!.template.spec!;
    const c = pod.containers[0]!;
    expect(c.readinessProbe?.httpGet?.path).toBe("/readyz");
    expect(c.livenessProbe?.httpGet?.path).toBe("/healthz");
    expect(c.resources?.requests?.cpu).toBeDefined();
    expect(c.resources?.limits?.memory).toBeDefined();
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(10);
    expect(c.securityContext?.runAsNonRoot).toBe(true);
    expect(api.spec!.template.metadata?.annotations?.["prometheus.io/path"]).toBe("/metrics");
  });

  it("every deployment and the compose file set what production refuses to start without", () => {
    // services/api/src/server.ts throws at start in production without these.
    const required = [
      "NODE_ENV",
      "DATABASE_URL",
      "FILE_LINK_SECRET",
      "DEVICE_COOKIE_SECRET",
      "VAPID_PUBLIC_KEY",
      "VAPID_PRIVATE_KEY",
    ];
    const deployments = manifests().filter((m): m is Deployment => m instanceof Deployment);
    expect(deployments.length).toBeGreaterThan(0);
    for (const deployment of deployments) {
      const names = deployment.spec!.template.spec!.containers.flatMap((c) =>
        (c.env ?? []).map((e) => e.name),
      );
      for (const name of required) expect(names, `${deployment.metadata?.name} sets ${name}`).toContain(name);
    }
    const compose = parseAllDocuments(
      readFileSync(fileURLToPath(new URL("../compose.yaml", import.meta.url)), "utf8"),
    )[0]!.toJSON() as { services: { api: { environment: Record<string, string> } } };
    const dockerfile = readFileSync(fileURLToPath(new URL("../Dockerfile", import.meta.url)), "utf8");
    expect(dockerfile).toMatch(/NODE_ENV=production/);
    for (const name of required.filter((n) => n !== "NODE_ENV"))
      expect(Object.keys(compose.services.api.environment), `compose sets ${name}`).toContain(name);
  });
});
