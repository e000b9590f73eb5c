/**
 * Builds the CDK app: the stack for the stage in context, its Edge stack (the web ACL, us-east-1)
 * and the cdk-nag AwsSolutions checks.
 * `infra/app.ts` (the `cdk` entry) calls it; so do the tests, with bundling skipped.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { App, type AppProps } from 'aws-cdk-lib';
import type { RouteDef } from '../shared/routes';
import { FEATURE_FLAGS, readConfig, REPO_ROOT } from './config';
import { applyNag } from './nag';
import { EdgeStack } from './edge-stack';
import { RetailerAuditStack } from './stack';

export interface CreateAppOptions {
  /** Extra context (it wins over the feature flags, like cdk.json and `-c` do). */
  context?: Record<string, unknown>;
  outdir?: string;
  /** Register cdk-nag as a synth-time validation plugin (default true). */
  nag?: boolean;
  /** The built SPA; default `web/dist` when it has an index.html. */
  webDist?: string | null;
  routes?: readonly RouteDef[];
}

export function createApp(options: CreateAppOptions = {}): { app: App; stack: RetailerAuditStack; edge: EdgeStack } {
  const props: AppProps = { context: { ...FEATURE_FLAGS, ...options.context }, ...(options.outdir ? { outdir: options.outdir } : {}) };
  const app = new App(props);
  const config = readConfig(app.node);

  const defaultDist = path.join(REPO_ROOT, 'web', 'dist');
  const webDist = options.webDist === undefined ? (existsSync(path.join(defaultDist, 'index.html')) ? defaultDist : undefined) : (options.webDist ?? undefined);

  const stack = new RetailerAuditStack(app, `RetailerAudit-${config.stage}`, {
    description: `Retailer audit dashboard (${config.stage}): web app, API, data`,
    config,
    webDist,
    routes: options.routes,
  });
  const edge = new EdgeStack(app, `RetailerAudit-${config.stage}-Edge`, { description: `Retailer audit (${config.stage}): CloudFront web ACL (us-east-1)` });
  if (options.nag !== false) applyNag(app);
  return { app, stack, edge };
}
