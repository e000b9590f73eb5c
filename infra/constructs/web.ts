/**
 * Web: the SPA's private bucket and the CloudFront distribution that serves it and, under `/api/*`,
 * the HTTP API: one origin for page and API, so no CORS (DESIGN.md).
 *
 * `/api` prefix: the HTTP API's routes are the spec's paths (`/login`), so a CloudFront Function on
 * the `/api/*` behaviour strips the prefix (`/api/login` → `/login`) before the request reaches the
 * API. The local server (infra/local) strips it the same way, so handlers never see `/api`.
 *
 * SPA fallback: a CloudFront Function on the default (bucket) behaviour sends paths whose last
 * segment has no file extension (`/dashboard/summary`) to `/index.html`. Not the distribution's
 * error responses: those apply to every behaviour and would turn the API's 403/404 into index.html.
 */
import { Duration, Fn, Stack, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';

export interface WebProps {
  /** The HTTP API's endpoint, `https://{id}.execute-api.{region}.amazonaws.com`. */
  apiEndpoint: string;
  logsBucket: IBucket;
  /** Custom domain; with `certificateArn` CloudFront serves it, without it it only names the app in links. */
  appDomain?: string;
  certificateArn?: string;
  /** The built SPA (`web/dist`); when absent the bucket is left as it is. */
  webDist?: string;
}

/** Content-Security-Policy of every response. `'unsafe-inline'` styles: the rich-text editor and the
 * toasts set style attributes. `https:` images and `*.amazonaws.com` connections: screenshots and
 * uploads go straight to S3 through presigned URLs. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' https://*.amazonaws.com",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

const STRIP_API_PREFIX = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.replace(/^\\/api(?=\\/|$)/, '') || '/';
  return request;
}`;

const SPA_FALLBACK = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

export class Web extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** `https://` + the custom domain when given, else the CloudFront domain. */
  readonly appUrl: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);

    this.bucket = new Bucket(this, 'SiteBucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 's3/site/',
    });

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'HSTS, CSP, nosniff, no framing, referrer policy',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        xssProtection: { protection: true, modeBlock: true, override: true },
      },
    });

    const stripApiPrefix = new CloudFrontFunction(this, 'StripApiPrefix', {
      comment: 'Removes /api before the request reaches the HTTP API',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(STRIP_API_PREFIX),
    });
    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      comment: 'Serves index.html for app routes (paths without a file extension)',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_FALLBACK),
    });

    // https://{id}.execute-api.{region}.amazonaws.com → the host name.
    const apiDomain = Fn.select(2, Fn.split('/', props.apiEndpoint));
    const custom = props.appDomain && props.certificateArn ? { name: props.appDomain, arn: props.certificateArn } : undefined;

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Retailer audit web app and API (${Stack.of(this).stackName})`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: spaFallback }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
          }),
          // An API call over plain HTTP is refused, not redirected (a redirected POST loses its body).
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Query strings, cookies and every header (Authorization included, which CloudFront only
          // forwards this way when caching is off) except Host: API Gateway routes on its own host name.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: stripApiPrefix }],
        },
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      // North America and Europe edges: where the users are; the cheapest class.
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logsBucket,
      logFilePrefix: 'cloudfront/',
      ...(custom
        ? {
            domainNames: [custom.name],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', custom.arn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });

    const acknowledge = (id: string, reason: string) => Validations.of(this.distribution).acknowledge({ id, reason });
    acknowledge('AwsSolutions-CFR1', 'No geographic restriction: the brands and their users are in several countries and the terms do not limit where.');
    acknowledge(
      'AwsSolutions-CFR2',
      'No WAF web ACL yet: the API is throttled per stage, every non-public route needs a JWT, and login failures are slowed per account. Revisit with the traffic numbers (a CloudFront web ACL lives in us-east-1).',
    );
    if (!custom) {
      acknowledge(
        'AwsSolutions-CFR4',
        'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum TLS version cannot be set. Deploy with context appDomain + certificateArn to get TLSv1.2_2021.',
      );
    }

    this.appUrl = `https://${props.appDomain ?? this.distribution.distributionDomainName}`;

    if (props.webDist) this.deploySite(props.webDist);
  }

  /**
   * Two copies from the one asset: hashed files under `assets/` cached for a year and never pruned
   * (a browser still holding the previous index.html can load its scripts), then everything else
   * with `no-cache` (index.html is revalidated on every visit), pruned, and CloudFront invalidated.
   * Source maps stay out of the public bucket.
   */
  private deploySite(webDist: string): void {
    const source = Source.asset(webDist, { exclude: ['*.map', '**/*.map'] });
    const logGroup = new LogGroup(this, 'DeployLogs', { retention: RetentionDays.ONE_MONTH });
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [source],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
      logGroup,
    });
    const site = new BucketDeployment(this, 'DeploySite', {
      sources: [source],
      destinationBucket: this.bucket,
      exclude: ['assets/*'],
      prune: true,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      logGroup,
    });
    site.node.addDependency(assets);
    this.acknowledgeDeploymentHandler();
  }

  /** The deployments share one CDK-provided Lambda (a stack-level singleton): its findings are CDK's. */
  private acknowledgeDeploymentHandler(): void {
    const stack = Stack.of(this);
    for (const child of stack.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      const v = Validations.of(child);
      v.acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "CDK's BucketDeployment handler role (not configurable per statement); it runs only during deployments.",
      });
      v.acknowledge({
        id: 'AwsSolutions-L1',
        reason: "CDK's BucketDeployment handler: its runtime is chosen and updated by aws-cdk-lib.",
      });
    }
  }
}
