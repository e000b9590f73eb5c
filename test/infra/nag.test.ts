/**
 * cdk-nag (3.x): the AwsSolutions pack finds nothing that is not acknowledged, and every
 * acknowledgement says why. The synth itself also runs the pack (as `cdk synth` does) and would throw.
 */
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, synth } from './synth';

afterAll(cleanup);

function acknowledgements(root: IConstruct): { path: string; id: string; reason: string }[] {
  const out: { path: string; id: string; reason: string }[] = [];
  for (const c of root.node.findAll()) {
    for (const m of c.node.metadata) {
      if (m.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(m.data as Record<string, string>)) out.push({ path: c.node.path, id, reason });
    }
  }
  return out;
}

describe.each([
  { name: 'default (CloudFront domain, site deployed)', context: {}, webDist: undefined, cfnValidation: true },
  {
    name: 'custom domain, no site build',
    context: { appDomain: 'audit.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abcd-1234' },
    webDist: null,
    cfnValidation: false,
  },
  {
    name: 'with the web ACL of the Edge stack (as deployed)',
    context: { webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/RetailerAudit-prod-Edge-web/0123abcd-4567' },
    webDist: null,
    cfnValidation: false,
  },
])('AwsSolutions on the stack: $name', ({ context, webDist, cfnValidation }) => {
  // With CloudFormation validation on, a template CloudFormation would reject also throws here.
  const built = synth({ context, webDist, cfnValidation });

  it('has no unacknowledged error or warning', () => {
    const report = new AwsSolutionsChecks().validateScope(built.app);
    const findings = report.violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
    expect(findings).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('acknowledges the missing WAF only when no web ACL is given', () => {
    const cfr2 = acknowledgements(built.app).filter((a) => a.id.endsWith('AwsSolutions-CFR2'));
    expect(cfr2).toHaveLength('webAclArn' in context ? 0 : 1);
  });

  it('every acknowledgement gives a specific reason', () => {
    const acks = acknowledgements(built.app);
    expect(acks.length).toBeGreaterThan(0);
    for (const a of acks) {
      expect(a.id, a.path).toMatch(/AwsSolutions-[A-Z]+\d+/);
      expect(a.reason.length, `${a.path} ${a.id}`).toBeGreaterThanOrEqual(40);
    }
  });

  it('has no CDK warnings or errors either', () => {
    // The assembly of the synth above (Annotations.fromStack would synthesize again).
    const messages = built.app.synth().getStackArtifact(built.stack.artifactId).messages;
    expect(messages.filter((m) => m.level !== 'info').map((m) => `${m.level} ${m.id}: ${String(m.entry.data)}`)).toEqual([]);
  });
});

describe('nag is wired into the synth', () => {
  it('a finding nobody acknowledged fails the synth', async () => {
    const { createApp } = await import('../../infra/create-app');
    const { Bucket } = await import('aws-cdk-lib/aws-s3');
    const { mkdtempSync, readFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { REPO_ROOT } = await import('../../infra/config');
    const context = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')).context;
    const { app, stack } = createApp({ context: { ...context, 'aws:cdk:bundling-stacks': [] }, outdir: mkdtempSync(path.join(tmpdir(), 'infra-cdk-')), webDist: null });
    new Bucket(stack, 'Careless');
    expect(() => app.synth()).toThrow(/AwsSolutions-S1/);
  });
});
