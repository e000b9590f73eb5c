/**
 * The Edge stack, `RetailerAudit-<stage>-Edge`, always in us-east-1: the WAFv2 web ACL of scope
 * CLOUDFRONT (CloudFront only takes web ACLs from there). Its ARN (output `WebAclArn`) reaches the
 * main stack as context `webAclArn` (`npm run deploy` passes it, docs/deploy.md), not through
 * `crossRegionReferences`, which needs both stacks pinned to a region and would end the offline,
 * environment-agnostic synth of the main stack.
 *
 * Rules, in order: a per-address rate limit on the public account calls (sign-in, registration,
 * password reset: guessing and mail bombing), then the AWS managed common rule set, whose 8 KB body
 * rule only counts (the API accepts JSON bodies up to 256 KB and checks them itself).
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { MSG } from '../shared/messages';

/** Public account calls under the rate rule (CloudFront paths, before `/api` is stripped). */
export const RATE_LIMITED_PATHS = ['/api/login', '/api/register', '/api/forgotPassword'] as const;
/** Requests per address per 5 minutes on those paths, all three together. */
export const ACCOUNT_RATE_LIMIT = 100;

const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({ cloudWatchMetricsEnabled: true, metricName: name, sampledRequestsEnabled: true });

export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, { ...props, env: { account: props.env?.account, region: 'us-east-1' } });

    const pathIs = (p: string): CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'EXACTLY',
        searchString: p,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `${id}-web`,
      description: 'Retailer audit: rate limit on account calls, AWS common rule set',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${id}-web`),
      customResponseBodies: {
        tooManyRequests: { contentType: 'APPLICATION_JSON', content: JSON.stringify({ message: MSG.tooManyRequests, code: 'TOO_MANY_REQUESTS' }) },
      },
      rules: [
        {
          name: 'AccountCallsRateLimit',
          priority: 0,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'tooManyRequests' } } },
          statement: {
            rateBasedStatement: {
              limit: ACCOUNT_RATE_LIMIT,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: { orStatement: { statements: RATE_LIMITED_PATHS.map(pathIs) } },
            },
          },
          visibilityConfig: visibility('AccountCallsRateLimit'),
        },
        {
          name: 'AWSManagedRulesCommonRuleSet',
          priority: 1,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
          visibilityConfig: visibility('AWSManagedRulesCommonRuleSet'),
        },
      ],
    });

    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn, description: 'Pass to the main stack as context webAclArn' });
  }
}
