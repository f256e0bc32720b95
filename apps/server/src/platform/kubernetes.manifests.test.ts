import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { COLLAB_PATH } from '../modules/collab/collab.routes.js';
import { loadConfig } from './config.js';

// deploy/kubernetes (docs/deploy.md, "Kubernetes"), checked as far as this machine allows without a
// cluster: every file parses, every workload has probes and resources, and each container's environment,
// as Kubernetes would assemble it from the ConfigMap, the Secret and its own variables, is one our
// configuration loader accepts for the role it names.

const DIR = fileURLToPath(new URL('../../../../deploy/kubernetes/', import.meta.url));

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  // biome-ignore lint/suspicious/noExplicitAny: manifests are free-form YAML, read field by field below.
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

interface Container {
  name: string;
  env?: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef: { name: string; key: string } } }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  ports?: Array<{ name: string; containerPort: number }>;
  readinessProbe?: { httpGet: { path: string; port: string } };
  livenessProbe?: { httpGet: { path: string; port: string } };
  resources?: { requests?: { cpu?: string; memory?: string }; limits?: { memory?: string } };
}

const files = readdirSync(DIR).filter((name) => name.endsWith('.yaml'));
const manifests: Manifest[] = files.flatMap((file) =>
  parseAllDocuments(readFileSync(`${DIR}${file}`, 'utf8')).map((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]?.message}`);
    return document.toJS() as Manifest;
  }),
);
const resources = manifests.filter((manifest) => manifest.kind !== 'Kustomization');
const ofKind = (kind: string) => resources.filter((manifest) => manifest.kind === kind);
const workloads = [...ofKind('Deployment'), ...ofKind('StatefulSet')];
const containersOf = (manifest: Manifest): Container[] => manifest.spec.template.spec.containers;
const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

/** The environment a container starts with: envFrom first, then its own variables over them. */
function environmentOf(container: Container): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const name = source.configMapRef?.name ?? source.secretRef?.name;
    const from = resources.find(
      (manifest) =>
        manifest.metadata.name === name && manifest.kind === (source.configMapRef ? 'ConfigMap' : 'Secret'),
    );
    if (!from) throw new Error(`${container.name}: no ${name} to read the environment from`);
    Object.assign(env, from.data ?? from.stringData);
  }
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) env[variable.name] = variable.value;
    const ref = variable.valueFrom?.secretKeyRef;
    if (ref) {
      const secret = ofKind('Secret').find((manifest) => manifest.metadata.name === ref.name);
      const value = secret?.stringData?.[ref.key];
      if (value === undefined) throw new Error(`${container.name}: no ${ref.name}/${ref.key}`);
      env[variable.name] = value;
    }
  }
  return env;
}

describe('Kubernetes manifests', () => {
  it('parse, and the kustomization lists every file', () => {
    expect(resources.length).toBeGreaterThan(0);
    for (const manifest of resources) {
      expect(manifest.apiVersion, JSON.stringify(manifest.metadata)).toBeTruthy();
      expect(manifest.metadata.name).toMatch(/^[a-z0-9-]+$/);
    }
    const kustomization = manifests.find((manifest) => manifest.kind === 'Kustomization') as unknown as {
      resources: string[];
    };
    expect([...kustomization.resources].sort()).toEqual(
      files.filter((f) => f !== 'kustomization.yaml').sort(),
    );
  });

  it('give every workload resources and probes on its health route, and start each role with a valid configuration', () => {
    const roles = workloads.map((workload) => environmentOf(containersOf(workload)[0] as Container).ROLE);
    expect(roles.sort()).toEqual(['api', 'collab', 'instances', 'runner', 'worker']);
    for (const workload of workloads) {
      for (const container of containersOf(workload)) {
        const where = `${workload.metadata.name}/${container.name}`;
        expect(container.resources?.requests?.cpu, where).toBeTruthy();
        expect(container.resources?.requests?.memory, where).toBeTruthy();
        expect(container.resources?.limits?.memory, where).toBeTruthy();
        const env = environmentOf(container);
        // The runner and instances hosts answer their own probe path; every other role answers the API's.
        const isHost = env.ROLE === 'runner' || env.ROLE === 'instances';
        const health = isHost ? '/v1/health' : '/api/health';
        const portNames = (container.ports ?? []).map((port) => port.name);
        for (const probe of [container.readinessProbe, container.livenessProbe]) {
          expect(probe?.httpGet.path, where).toBe(health);
          expect(portNames, where).toContain(probe?.httpGet.port);
        }
        const config = loadConfig(env, '/app');
        expect(config.role, where).toBe(env.ROLE);
        expect(config.host, where).toBe('0.0.0.0');
        if (config.role === 'runner') expect(config.runnerService?.listen).toEqual({ port: 4100 });
        else if (config.role === 'instances') {
          expect(config.instancesService?.listen).toEqual({ port: 4200 });
        } else {
          expect(config.databaseUrl, where).toBeTruthy();
          // Several pods: uploads in one shared bucket, signed with one shared key.
          expect(config.storage.driver, where).toBe('s3');
          expect(config.uploadSigningSecret, where).toBeTruthy();
        }
        if (config.role === 'api') {
          expect(config.servesCollab, where).toBe(false);
          // The api pods start no sandbox: code goes to the runner pods, instances to the instances pod.
          expect(config.runnerService?.urls.length, where).toBeGreaterThan(0);
          expect(config.instancesService?.url, where).toMatch(/^http:\/\/coderoom-instances-0\./);
        }
      }
    }
  });

  it('give every workload a Service and a disruption budget that select its pods, and scale the api', () => {
    for (const workload of workloads) {
      const labels = workload.spec.template.metadata.labels as Record<string, string>;
      expect(matches(workload.spec.selector.matchLabels, labels), workload.metadata.name).toBe(true);
      const service = ofKind('Service').find((s) => matches(s.spec.selector, labels));
      expect(service, `${workload.metadata.name} Service`).toBeDefined();
      const budget = ofKind('PodDisruptionBudget').find((b) => matches(b.spec.selector.matchLabels, labels));
      expect(budget, `${workload.metadata.name} PodDisruptionBudget`).toBeDefined();
    }
    const [hpa] = ofKind('HorizontalPodAutoscaler');
    const api = ofKind('Deployment').find(
      (d) => environmentOf(containersOf(d)[0] as Container).ROLE === 'api',
    );
    expect(hpa?.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: api?.metadata.name,
    });
    expect(hpa?.spec.minReplicas).toBeGreaterThanOrEqual(2);
  });

  it('run the migrations in a job, and send the collaboration socket to collab pods and the rest to api pods', () => {
    const [job] = ofKind('Job');
    const env = environmentOf(job?.spec.template.spec.containers[0] as Container);
    expect(loadConfig(env, '/app').role).toBe('migrate');
    expect(job?.spec.template.spec.containers[0].resources.requests.memory).toBeTruthy();

    const serviceOfRole = (role: string) => {
      const workload = workloads.find((w) => environmentOf(containersOf(w)[0] as Container).ROLE === role);
      const labels = workload?.spec.template.metadata.labels as Record<string, string>;
      return ofKind('Service').find((s) => matches(s.spec.selector, labels))?.metadata.name;
    };
    const [ingress] = ofKind('Ingress');
    const paths = ingress?.spec.rules[0].http.paths as Array<{
      path: string;
      backend: { service: { name: string } };
    }>;
    expect(paths.find((p) => p.path === COLLAB_PATH)?.backend.service.name).toBe(serviceOfRole('collab'));
    expect(paths.find((p) => p.path === '/')?.backend.service.name).toBe(serviceOfRole('api'));
    expect(ingress?.metadata.labels).toBeDefined();
  });
});
