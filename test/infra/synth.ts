/**
 * Builds the CDK app the way `cdk synth` does (same createApp, cdk.json's context, cdk-nag on), with
 * bundling skipped (`aws:cdk:bundling-stacks: []`) and, unless asked, CloudFormation schema
 * validation off, so a synth takes about a second. With nag on, a finding nobody acknowledged makes the synth throw.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import type { RouteDef } from '../../shared/routes';
import { REPO_ROOT } from '../../infra/config';
import { createApp } from '../../infra/create-app';

const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
const temp: string[] = [];

/** A stand-in for `web/dist` (the real one may not be built): index.html plus a hashed asset and its map. */
function siteFixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'infra-site-'));
  temp.push(dir);
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.map'), '{}');
  return dir;
}

export interface SynthOptions {
  context?: Record<string, unknown>;
  /** Default: a small fixture site; `null`: no site to deploy. */
  webDist?: string | null;
  routes?: readonly RouteDef[];
  nag?: boolean;
  /** CloudFormation's schema validation (2-4 s): on where a test is about what deploys. */
  cfnValidation?: boolean;
}

export function synth(options: SynthOptions = {}) {
  process.env.CDK_VALIDATION = options.cfnValidation ? 'true' : 'false';
  const outdir = mkdtempSync(path.join(tmpdir(), 'infra-cdk-'));
  temp.push(outdir);
  const { app, stack, edge } = createApp({
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...options.context },
    outdir,
    nag: options.nag ?? true,
    webDist: options.webDist === undefined ? siteFixture() : options.webDist,
    routes: options.routes,
  });
  const template = Template.fromStack(stack);
  return { app, stack, edge, template };
}

export function cleanup(): void {
  for (const dir of temp.splice(0)) rmSync(dir, { recursive: true, force: true });
}

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

const templates = new WeakMap<Stack, Template>();
/** The template of the stack (top-level or nested) a construct is in; the app is synthesized once. */
export function templateOf(c: IConstruct): Template {
  const stack = Stack.of(c);
  let t = templates.get(stack);
  if (!t) templates.set(stack, (t = Template.fromStack(stack)));
  return t;
}

/** The logical id of a construct's CloudFormation resource (its default child), in its own stack. */
export function logicalIdOf(c: IConstruct): string {
  return Stack.of(c).getLogicalId((c.node.defaultChild ?? c) as never);
}

/** A template's resources of one type, by logical id. */
export function resourcesOf(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}

/** Every IAM action a function's role may use (its inline/default policies, merged). */
export function actionsOfRole(template: Template, roleLogicalId: string): string[] {
  const policies = resourcesOf(template, 'AWS::IAM::Policy');
  const actions: string[] = [];
  for (const p of Object.values(policies)) {
    const roles = (p.Properties?.Roles ?? []) as { Ref?: string }[];
    if (!roles.some((r) => r.Ref === roleLogicalId)) continue;
    const doc = p.Properties?.PolicyDocument as { Statement: { Action: string | string[]; Effect: string }[] };
    for (const s of doc.Statement) if (s.Effect === 'Allow') actions.push(...(Array.isArray(s.Action) ? s.Action : [s.Action]));
  }
  return actions;
}
