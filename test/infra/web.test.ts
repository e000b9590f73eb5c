/** Web: private bucket behind CloudFront (OAC), /api/* to the HTTP API, SPA fallback, headers, site deployment. */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, resourcesOf, synth } from './synth';

let built: ReturnType<typeof synth>;
type Behaviour = Record<string, unknown> & { FunctionAssociations?: { EventType: string; FunctionARN: { 'Fn::GetAtt': [string, string] } }[] };
const config = () => Object.values(resourcesOf(built.template, 'AWS::CloudFront::Distribution'))[0]!.Properties!.DistributionConfig as Record<string, unknown>;
const apiBehaviour = () => (config().CacheBehaviors as Behaviour[]).find((b) => b.PathPattern === '/api/*')!;

/** Runs a CloudFront Function's code (cloudfront-js-2.0 is plain ES5.1+ here) on a viewer request. */
function runFunction(logicalId: string, uri: string): string {
  const code = resourcesOf(built.template, 'AWS::CloudFront::Function')[logicalId]!.Properties!.FunctionCode as string;
  const handler = new Function(`${code}; return handler;`)() as (e: unknown) => { uri: string };
  return handler({ request: { uri, method: 'GET', querystring: {}, headers: {} } }).uri;
}
const functionOf = (b: Behaviour) => b.FunctionAssociations?.find((f) => f.EventType === 'viewer-request')?.FunctionARN['Fn::GetAtt'][0] ?? '';

beforeAll(() => {
  built = synth();
});
afterAll(cleanup);

describe('distribution', () => {
  it('serves the private site bucket through Origin Access Control', () => {
    built.template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const origins = config().Origins as Record<string, unknown>[];
    const s3 = origins.find((o) => o.S3OriginConfig);
    expect(s3?.OriginAccessControlId).toBeDefined();
    expect(s3?.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    built.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Action: 's3:GetObject', Principal: { Service: 'cloudfront.amazonaws.com' }, Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } } }),
        ]),
      },
    });
  });

  it('routes /api/* to the HTTP API: all methods, no caching, every header but Host, HTTPS only', () => {
    const b = apiBehaviour();
    expect(b.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']));
    expect(b.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(b.OriginRequestPolicyId).toBe(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
    expect(b.ViewerProtocolPolicy).toBe('https-only');
    const origin = (config().Origins as { Id: string; DomainName: unknown; CustomOriginConfig?: unknown }[]).find((o) => o.Id === b.TargetOriginId);
    expect(origin?.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    expect(JSON.stringify(origin?.DomainName)).toContain('ApiEndpoint');
  });

  it('strips /api before the API (whose routes are the spec paths), keeping the rest of the path', () => {
    const fn = functionOf(apiBehaviour());
    expect(runFunction(fn, '/api/login')).toBe('/login');
    expect(runFunction(fn, '/api/updateUserPolicy/u1')).toBe('/updateUserPolicy/u1');
    expect(runFunction(fn, '/api/')).toBe('/');
  });

  it('falls back to index.html for app routes only on the site behaviour, not with error responses', () => {
    const fn = functionOf(config().DefaultCacheBehavior as Behaviour);
    expect(runFunction(fn, '/dashboard/summary')).toBe('/index.html');
    expect(runFunction(fn, '/login')).toBe('/index.html');
    expect(runFunction(fn, '/')).toBe('/index.html');
    expect(runFunction(fn, '/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(runFunction(fn, '/favicon.ico')).toBe('/favicon.ico');
    // Distribution-wide error responses would also rewrite the API's 403/404.
    expect(config().CustomErrorResponses).toBeUndefined();
    expect(functionOf(apiBehaviour())).not.toBe(fn);
  });

  it('redirects the site to HTTPS and sends security headers on site and API', () => {
    const site = config().DefaultCacheBehavior as Behaviour;
    expect(site.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(site.ResponseHeadersPolicyId).toEqual(apiBehaviour().ResponseHeadersPolicyId);
    built.template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: Match.anyValue() }),
          ContentSecurityPolicy: Match.objectLike({ ContentSecurityPolicy: Match.stringLikeRegexp("frame-ancestors 'none'") }),
          ContentTypeOptions: Match.anyValue(),
          FrameOptions: Match.objectLike({ FrameOption: 'DENY' }),
          ReferrerPolicy: Match.anyValue(),
        },
      },
    });
  });

  it('logs to the logs bucket', () => {
    expect(config().Logging).toMatchObject({ Prefix: 'cloudfront/' });
  });
});

describe('site deployment and the app URL', () => {
  it('deploys the built site (hashed assets, then the rest) and invalidates CloudFront', () => {
    const deployments = Object.values(resourcesOf(built.template, 'Custom::CDKBucketDeployment'));
    expect(deployments).toHaveLength(2);
    expect(deployments.filter((d) => d.Properties?.DistributionPaths)).toHaveLength(1);
  });

  it('compresses the site (brotli and gzip by Accept-Encoding) and caches hashed assets a year, index.html never without asking', () => {
    // Compression on the site's behaviour needs Compress and a cache policy enabling both encodings:
    // CachingOptimized does. On /api/* (CachingDisabled) CloudFront cannot compress: the Lambda
    // wrapper does (functions/lib/http/compress.ts), and the local server does the same (test/infra/local/api-server.test.ts).
    const site = config().DefaultCacheBehavior as Behaviour;
    expect(site.Compress).toBe(true);
    expect(site.CachePolicyId).toBe(CachePolicy.CACHING_OPTIMIZED.cachePolicyId);
    expect(apiBehaviour().CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    const deployments = Object.values(resourcesOf(built.template, 'Custom::CDKBucketDeployment')).map((d) => d.Properties as Record<string, unknown>);
    const assets = deployments.find((d) => JSON.stringify(d.Include) === JSON.stringify(['assets/*']));
    const rest = deployments.find((d) => JSON.stringify(d.Exclude) === JSON.stringify(['assets/*']));
    expect(assets?.SystemMetadata).toEqual({ 'cache-control': 'public, max-age=31536000, immutable' });
    expect(assets?.Prune).toBe(false);
    expect(rest?.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
  });

  it('has no deployment when there is no build', () => {
    const { template } = synth({ webDist: null });
    template.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });

  it('gives email links the CloudFront address, or appDomain when set (with a certificate: served by CloudFront)', () => {
    // APP_URL of the functions in this stack (ingest) and the AppUrl handed to the route stacks.
    const appUrlsOf = (t: typeof built.template) => [
      ...Object.values(resourcesOf(t, 'AWS::Lambda::Function')).flatMap((f) => {
        const v = (f.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.APP_URL;
        return v === undefined ? [] : [v];
      }),
      ...Object.values(resourcesOf(t, 'AWS::CloudFormation::Stack')).flatMap((n) => {
        const v = (n.Properties?.Parameters as Record<string, unknown>).AppUrl;
        return v === undefined ? [] : [v];
      }),
    ];
    const appUrlOf = (t: typeof built.template) => {
      const urls = appUrlsOf(t);
      expect(urls.length).toBeGreaterThanOrEqual(2);
      expect(new Set(urls.map((u) => JSON.stringify(u))).size).toBe(1);
      return urls[0];
    };
    expect(JSON.stringify(appUrlOf(built.template))).toContain('DomainName');
    built.template.hasOutput('AppUrl', { Value: Match.anyValue() });

    const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/abcd-1234';
    const custom = synth({ context: { appDomain: 'audit.example.com', certificateArn }, webDist: null });
    expect(appUrlOf(custom.template)).toBe('https://audit.example.com');
    custom.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['audit.example.com'],
        ViewerCertificate: { AcmCertificateArn: certificateArn, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
      }),
    });
  });

  it('has the outputs: app URL, table, data bucket; not the API address (CloudFront is the only way in)', () => {
    const outputs = built.template.toJSON().Outputs as Record<string, unknown>;
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['AppUrl', 'TableName', 'DataBucketName']));
    expect(Object.keys(outputs)).not.toContain('ApiUrl');
    expect(JSON.stringify(outputs)).not.toContain('ApiEndpoint');
  });
});

describe('only through CloudFront, behind a web ACL', () => {
  it('adds the origin secret as a header on API requests, as a deploy-time Secrets Manager reference (not in the template)', () => {
    const origin = (config().Origins as { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[]).find((o) => o.Id === apiBehaviour().TargetOriginId);
    const header = origin?.OriginCustomHeaders?.find((h) => h.HeaderName === 'x-origin-verify');
    expect(JSON.stringify(header?.HeaderValue)).toMatch(/\{\{resolve:secretsmanager:/);
    expect(JSON.stringify(header?.HeaderValue)).toContain(built.stack.resolve(built.stack.api.originSecret.secretArn).Ref);
    const site = (config().Origins as { Id: string; OriginCustomHeaders?: unknown }[]).find((o) => o.Id !== apiBehaviour().TargetOriginId);
    expect(site?.OriginCustomHeaders).toBeUndefined();
  });

  it('puts the web ACL given as context on the distribution', () => {
    expect(config().WebACLId).toBeUndefined();
    const webAclArn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/RetailerAudit-prod-Edge-web/0123abcd-4567';
    const withAcl = synth({ context: { webAclArn }, webDist: null });
    withAcl.template.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ WebACLId: webAclArn }) });
    expect(() => synth({ context: { webAclArn: 'arn:aws:wafv2:eu-west-1:123456789012:regional/webacl/x/y' }, webDist: null })).toThrow(/webAclArn/);
  });

  it('the Edge stack (us-east-1) holds a CLOUDFRONT web ACL: a per-address rate rule on login, register, forgotPassword, then the AWS common rule set', () => {
    expect(built.edge.region).toBe('us-east-1');
    const t = Template.fromStack(built.edge);
    const acl = Object.values(resourcesOf(t, 'AWS::WAFv2::WebACL'))[0]!.Properties as Record<string, any>;
    expect(acl.Scope).toBe('CLOUDFRONT');
    expect(acl.DefaultAction).toEqual({ Allow: {} });
    const [rate, common] = acl.Rules as any[];
    expect(rate.Action.Block.CustomResponse.ResponseCode).toBe(429);
    const rb = rate.Statement.RateBasedStatement;
    expect(rb).toMatchObject({ AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    expect(rb.Limit).toBeLessThanOrEqual(100);
    const paths = rb.ScopeDownStatement.OrStatement.Statements.map((x: any) => x.ByteMatchStatement.SearchString);
    expect(paths.sort()).toEqual(['/api/forgotPassword', '/api/login', '/api/register']);
    expect(common.Statement.ManagedRuleGroupStatement).toMatchObject({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' });
    // The API takes JSON bodies up to 256 KB: the rule set's 8 KB body limit only counts.
    expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
    expect(common.OverrideAction).toEqual({ None: {} });
    t.hasOutput('WebAclArn', { Value: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] } });
  });
});
