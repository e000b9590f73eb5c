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
import { Duration, Stack, Validations } from 'aws-cdk-lib';
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
import { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_HEADER } from '../../shared/constants';
import { nagRef } from '../nag';

export interface WebProps {
  /** The HTTP API's endpoint, `https://{id}.execute-api.{region}.amazonaws.com`. */
  /** The host name of the API's origin (its own domain, or the execute-api host): Api.originHost. */
  apiOriginHost: string;
  /** Sent as the `x-origin-verify` header on every API request; the API refuses requests without it. */
  originSecret: ISecret;
  /** A WAFv2 web ACL of scope CLOUDFRONT (us-east-1), from the Edge stack (edge-stack.ts). */
  webAclArn?: string;
  logsBucket: IBucket;
  /** Custom domain; with `certificateArn` CloudFront serves it, without it it only names the app in links. */
  appDomain?: string;
  certificateArn?: string;
  /** The built SPA (`web/dist`); when absent the bucket is left as it is. */
  webDist?: string;
  /** The demo form loads Google's reCAPTCHA widget (docs/decisions.md "Captcha"): the CSP lets its script and frame in. */
  recaptcha?: boolean;
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

/** The CSP with reCAPTCHA's script and frame allowed (only when the captcha is reCAPTCHA). */
export const RECAPTCHA_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/").concat(
  '; frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/',
);

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
        contentSecurityPolicy: { contentSecurityPolicy: props.recaptcha ? RECAPTCHA_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY, override: true },
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

    const apiDomain = props.apiOriginHost;
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
            // A CloudFormation dynamic reference: resolved at deploy time, not written into the template.
            customHeaders: { [ORIGIN_HEADER]: props.originSecret.secretValue.unsafeUnwrap() },
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
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
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
    if (!props.webAclArn) {
      acknowledge(
        'AwsSolutions-CFR2',
        'Synth without context webAclArn (offline checks only): deployments pass the ARN of the Edge stack\'s web ACL (npm run deploy does, docs/deploy.md), which then protects this distribution.',
      );
    }
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
    const asset = new Asset(this, 'SiteAsset', { path: webDist, exclude: ['*.map', '**/*.map'] });
    const source = Source.bucket(asset.bucket, asset.s3ObjectKey);
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
    this.acknowledgeDeploymentHandler(asset.bucket.arnForObjects('*'));
  }

  /**
   * The deployments share one Lambda that aws-cdk-lib provides (a stack-level singleton, role and
   * runtime included); it runs only while CloudFormation deploys. Its findings, each named:
   */
  private acknowledgeDeploymentHandler(assetObjects: string): void {
    const stack = Stack.of(this);
    const handler = stack.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) return;
    const byCdk = "aws-cdk-lib's BucketDeployment handler, run only during deployments";
    const acks: [string, string][] = [
      ['AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', `${byCdk}: its role comes with the basic execution policy.`],
      ['AwsSolutions-L1', `${byCdk}: its runtime is chosen and updated by aws-cdk-lib.`],
      ['AwsSolutions-IAM5[Action::s3:GetBucket*]', `${byCdk}: reads the CDK asset bucket and syncs the site bucket.`],
      ['AwsSolutions-IAM5[Action::s3:GetObject*]', `${byCdk}: reads the site archive from the CDK asset bucket.`],
      ['AwsSolutions-IAM5[Action::s3:List*]', `${byCdk}: lists the site bucket to prune old files.`],
      ['AwsSolutions-IAM5[Action::s3:Abort*]', `${byCdk}: aborts its own failed multipart uploads to the site bucket.`],
      ['AwsSolutions-IAM5[Action::s3:DeleteObject*]', `${byCdk}: prunes files that are no longer in the build.`],
      [`AwsSolutions-IAM5[Resource::${nagRef(this, assetObjects)}]`, `${byCdk}: the CDK bootstrap asset bucket, where the site archive is uploaded.`],
      [`AwsSolutions-IAM5[Resource::${nagRef(this, this.bucket.arnForObjects('*'))}]`, `${byCdk}: every object of the site bucket (that is its job).`],
      ['AwsSolutions-IAM5[Resource::*]', `${byCdk}: cloudfront:CreateInvalidation/GetInvalidation, granted by aws-cdk-lib on * after the upload.`],
    ];
    for (const [id, reason] of acks) Validations.of(handler).acknowledge({ id, reason });
  }
}
