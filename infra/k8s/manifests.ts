/**
 * The Kubernetes manifests of Closr, typed with kubernetes-models (issue 21, ADR 0015) and
 * rendered to infra/k8s/closr.yaml (`pnpm --filter @closr/infra generate`). The test
 * (manifests.test.ts) validates every object against the Kubernetes OpenAPI schemas that
 * kubernetes-models ships, and checks the committed YAML is this file's rendering.
 *
 * - closr-migrate Job: runs the migrations once per release (the API also migrates on start,
 *   under kysely's lock, so the order is not critical).
 * - closr-api Deployment: probes /healthz (liveness) and /readyz (readiness), 15 s grace for
 *   the graceful SIGTERM (≤ 10 s), requests/limits, Prometheus scrape annotations.
 * - closr-api Service, Ingress (nginx ingress class; SSE needs buffering off and long reads),
 *   HorizontalPodAutoscaler (CPU 70 %, 2–10 pods), PodDisruptionBudget (1 may go at a time).
 * - closr-worker Deployment: the same image working the pg-boss queue without public traffic
 *   (API pods work it too; this adds queue capacity independent of HTTP load).
 * - closr-backup CronJob: a nightly pg_dump to the closr-backups volume (scripts/backup.sh).
 */
import { Deployment } from "kubernetes-models/apps/v1";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import { CronJob, Job } from "kubernetes-models/batch/v1";
import { Ingress } from "kubernetes-models/networking.k8s.io/v1";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import { type IContainer, type IEnvVar, Service } from "kubernetes-models/v1";
import { stringify } from "yaml";

export const image = "ghcr.io/closr/closr:1.0.0";
const port = 3000;

const env: IEnvVar[] = [
  { name: "NODE_ENV", value: "production" },
  { name: "PORT", value: String(port) },
  { name: "TRUST_PROXY", value: "1" },
  { name: "LOG_LEVEL", value: "info" },
  { name: "APP_URL", value: "https://closr.com.au" },
  { name: "DATABASE_URL", valueFrom: { secretKeyRef: { name: "closr-db", key: "url" } } },
  {
    name: "DATABASE_READ_URL",
    valueFrom: { secretKeyRef: { name: "closr-db", key: "read-url", optional: true } },
  },
  { name: "FILE_LINK_SECRET", valueFrom: { secretKeyRef: { name: "closr-app", key: "file-link-secret" } } },
  // Device cookies (issue 48): production refuses to start without the key.
  {
    name: "DEVICE_COOKIE_SECRET",
    valueFrom: { secretKeyRef: { name: "closr-app", key: "device-cookie-secret" } },
  },
  // Web push keys: production refuses to start without them (services/api/src/server.ts).
  { name: "VAPID_PUBLIC_KEY", valueFrom: { secretKeyRef: { name: "closr-app", key: "vapid-public-key" } } },
  { name: "VAPID_PRIVATE_KEY", valueFrom: { secretKeyRef: { name: "closr-app", key: "vapid-private-key" } } },
  { name: "VAPID_SUBJECT", value: "mailto:support@closr.com.au" },
];

const container = (name: string, extra: Partial<IContainer> = {}): IContainer => ({
  name,
  image,
  imagePullPolicy: "IfNotPresent",
  env,
  ports: [{ name: "http", containerPort: port }],
  securityContext: {
    runAsNonRoot: true,
    runAsUser: 1000,
    allowPrivilegeEscalation: false,
    readOnlyRootFilesystem: true,
    capabilities: { drop: ["ALL"] },
  },
  volumeMounts: [{ name: "tmp", mountPath: "/tmp" }],
  ...extra,
});

const probes = {
  livenessProbe: { httpGet: { path: "/healthz", port: "http" }, periodSeconds: 20, failureThreshold: 3 },
  readinessProbe: { httpGet: { path: "/readyz", port: "http" }, periodSeconds: 5, failureThreshold: 2 },
  startupProbe: { httpGet: { path: "/healthz", port: "http" }, periodSeconds: 2, failureThreshold: 60 },
};

const labels = (app: string) => ({ "app.kubernetes.io/name": app, "app.kubernetes.io/part-of": "closr" });

/** Every object, in apply order. */
export function manifests() {
  return [
    new Job({
      metadata: { name: "closr-migrate", labels: labels("closr-migrate") },
      spec: {
        backoffLimit: 3,
        ttlSecondsAfterFinished: 3600,
        template: {
          metadata: { labels: labels("closr-migrate") },
          spec: {
            restartPolicy: "OnFailure",
            containers: [
              container("migrate", {
                command: ["node", "--import", "tsx", "services/api/src/cli/migrate.ts"],
                ports: [],
                resources: { requests: { cpu: "100m", memory: "128Mi" }, limits: { memory: "256Mi" } },
              }),
            ],
            volumes: [{ name: "tmp", emptyDir: {} }],
          },
        },
      },
    }),
    new Deployment({
      metadata: { name: "closr-api", labels: labels("closr-api") },
      spec: {
        replicas: 2,
        selector: { matchLabels: labels("closr-api") },
        strategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
        template: {
          metadata: {
            labels: labels("closr-api"),
            annotations: {
              "prometheus.io/scrape": "true",
              "prometheus.io/port": String(port),
              "prometheus.io/path": "/metrics",
            },
          },
          spec: {
            terminationGracePeriodSeconds: 15,
            containers: [
              container("api", {
                ...probes,
                resources: { requests: { cpu: "250m", memory: "256Mi" }, limits: { memory: "512Mi" } },
              }),
            ],
            volumes: [{ name: "tmp", emptyDir: {} }],
          },
        },
      },
    }),
    new Service({
      metadata: { name: "closr-api", labels: labels("closr-api") },
      spec: {
        selector: labels("closr-api"),
        ports: [{ name: "http", port: 80, targetPort: "http" }],
      },
    }),
    new Ingress({
      metadata: {
        name: "closr",
        labels: labels("closr-api"),
        annotations: {
          // Live events (SSE): no buffering, reads up to the stream's 10 minutes.
          "nginx.ingress.kubernetes.io/proxy-buffering": "off",
          "nginx.ingress.kubernetes.io/proxy-read-timeout": "900",
          "nginx.ingress.kubernetes.io/proxy-body-size": "32m",
        },
      },
      spec: {
        ingressClassName: "nginx",
        tls: [{ hosts: ["closr.com.au"], secretName: "closr-tls" }],
        rules: [
          {
            host: "closr.com.au",
            http: {
              paths: [
                {
                  path: "/",
                  pathType: "Prefix",
                  backend: { service: { name: "closr-api", port: { name: "http" } } },
                },
              ],
            },
          },
        ],
      },
    }),
    new HorizontalPodAutoscaler({
      metadata: { name: "closr-api", labels: labels("closr-api") },
      spec: {
        scaleTargetRef: { apiVersion: "apps/v1", kind: "Deployment", name: "closr-api" },
        minReplicas: 2,
        maxReplicas: 10,
        metrics: [
          {
            type: "Resource",
            resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 70 } },
          },
        ],
      },
    }),
    new PodDisruptionBudget({
      metadata: { name: "closr-api", labels: labels("closr-api") },
      spec: { maxUnavailable: 1, selector: { matchLabels: labels("closr-api") } },
    }),
    new Deployment({
      metadata: { name: "closr-worker", labels: labels("closr-worker") },
      spec: {
        replicas: 1,
        selector: { matchLabels: labels("closr-worker") },
        template: {
          metadata: { labels: labels("closr-worker") },
          spec: {
            terminationGracePeriodSeconds: 15,
            containers: [
              container("worker", {
                ...probes,
                env: [...env, { name: "SERVE_FRONTENDS", value: "0" }],
                resources: { requests: { cpu: "100m", memory: "192Mi" }, limits: { memory: "384Mi" } },
              }),
            ],
            volumes: [{ name: "tmp", emptyDir: {} }],
          },
        },
      },
    }),
    new CronJob({
      metadata: { name: "closr-backup", labels: labels("closr-backup") },
      spec: {
        schedule: "30 2 * * *",
        concurrencyPolicy: "Forbid",
        successfulJobsHistoryLimit: 3,
        failedJobsHistoryLimit: 3,
        jobTemplate: {
          spec: {
            backoffLimit: 2,
            template: {
              metadata: { labels: labels("closr-backup") },
              spec: {
                restartPolicy: "OnFailure",
                containers: [
                  {
                    name: "backup",
                    image: "postgres:16-alpine",
                    command: [
                      "sh",
                      "-c",
                      'pg_dump --format=custom --file="/backups/closr-$(date +%Y%m%d-%H%M).dump" "$DATABASE_URL"',
                    ],
                    env: [env[5]!],
                    volumeMounts: [{ name: "backups", mountPath: "/backups" }],
                    resources: { requests: { cpu: "100m", memory: "128Mi" }, limits: { memory: "512Mi" } },
                  },
                ],
                volumes: [{ name: "backups", persistentVolumeClaim: { claimName: "closr-backups" } }],
              },
            },
          },
        },
      },
    }),
  ];
}

/** The multi-document YAML of `manifests()` (what closr.yaml holds). */
export function render(): string {
  const header =
    "# Generated from infra/k8s/manifests.ts (pnpm --filter @closr/infra generate); edit that file.\n";
  return (
    header +
    manifests()
      .map((m) => `---\n${stringify(m.toJSON())}`)
      .join("")
  );
}
