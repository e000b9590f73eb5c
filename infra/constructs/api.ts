/**
 * API: one HTTP API, and for each entry of the route table (shared/routes.ts) one route and one
 * ApiFunction with exactly the grants the entry lists (in nested stacks, see routes-stack.ts). Routes are mounted at the spec's paths
 * (`/login`, not `/api/login`): CloudFront strips `/api` (see web.ts), and the local server does
 * the same, so a handler sees the same `rawPath` in both places.
 *
 * Built in two steps because the functions that send emails need the app's address, which is
 * CloudFront's, which needs this API's endpoint: `new Api()` makes the API, its stage and the JWT
 * secret, `addRouteTable()` the routes and functions once the distribution (and the approval state
 * machine) exist (see stack.ts).
 */
import { Annotations, Fn, Stack, Validations } from 'aws-cdk-lib';
import { ApiMapping, DomainName, HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { RouteDef } from '../../shared/routes';
import type { ApiFunction, FunctionResources } from './api-function';
import { RoutesStack } from './routes-stack';

export interface ApiProps {
  /** The API's own host name and its regional certificate: with them the execute-api address is off (config.ts apiDomain). */
  domain?: { name: string; certificateArn: string };
  /** Stage-wide throttling; the default suits a dashboard used by a few hundred people. */
  throttle?: { rateLimit: number; burstLimit: number };
  logLevel?: string;
}

export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;
  readonly jwtSecret: Secret;
  /** The host name CloudFront sends API requests to: the API's own domain, else the execute-api host. */
  readonly originHost: string;
  /** With a domain: what its DNS record must point at (a CNAME to this regional name). */
  readonly domainTarget?: string;
  /** The header value CloudFront adds and the wrapper requires (functions/lib/http/origin.ts). */
  readonly originSecret: Secret;
  /** By route id. */
  readonly functions = new Map<string, ApiFunction>();
  /** By handler folder (`auth`, `users`, ...). */
  readonly routeStacks = new Map<string, RoutesStack>();
  private readonly logLevel: string | undefined;

  constructor(scope: Construct, id: string, props: ApiProps = {}) {
    super(scope, id);
    this.logLevel = props.logLevel;

    this.jwtSecret = new Secret(this, 'JwtSecret', {
      description: `Signing key of the session tokens (${Stack.of(this).stackName})`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    Validations.of(this.jwtSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'HS256 signing key of the session JWTs, cached per cold start; rotating it logs every user out, and a dual-key window is not built yet. Rotate by hand (new secret version) if it leaks.',
    });

    // With the API's own domain (config apiDomain), the execute-api address is switched off and
    // CloudFront is the only way in. Without one (a stage with no domain of its own) it stays on.
    // Either way CloudFront adds this secret as a header and every function refuses a request
    // without it (docs/decisions.md, docs/operations.md "The API's only way in").
    this.originSecret = new Secret(this, 'OriginSecret', {
      description: `Header CloudFront adds to API requests; the API refuses requests without it (${Stack.of(this).stackName})`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    Validations.of(this.originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Shared between the CloudFront origin header and the functions (read per cold start); rotating means a new version plus a redeploy of the distribution, done by hand if it leaks.',
    });

    // Same origin behind CloudFront: no CORS configuration.
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: `Retailer audit API (${Stack.of(this).stackName})`,
      createDefaultStage: false,
      disableExecuteApiEndpoint: props.domain !== undefined,
    });
    if (!props.domain) {
      Annotations.of(this.httpApi).addInfo(
        'The API\'s execute-api address stays enabled (no apiDomain/apiCertificateArn in the config): requests that skip CloudFront are refused by the origin header, but still invoke a function outside the web ACL. Set both for production (docs/operations.md).',
      );
    }

    this.accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.THREE_MONTHS });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      // `$default`: no stage prefix in the URL.
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            responseLength: '$context.responseLength',
            integrationStatus: '$context.integrationStatus',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    if (props.domain) {
      const domainName = new DomainName(this, 'Domain', {
        domainName: props.domain.name,
        certificate: Certificate.fromCertificateArn(this, 'DomainCertificate', props.domain.certificateArn),
      });
      new ApiMapping(this, 'DomainMapping', { api: this.httpApi, domainName, stage: this.stage });
      this.originHost = props.domain.name;
      this.domainTarget = domainName.regionalDomainName;
    } else {
      // https://{id}.execute-api.{region}.amazonaws.com → the host name.
      this.originHost = Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint));
    }
  }

  /**
   * One route + one function per route-table entry, in one nested stack per handler folder
   * (`functions/auth/...` → `AuthRoutes`): see routes-stack.ts.
   */
  addRouteTable(routes: readonly RouteDef[], resources: FunctionResources): void {
    const groups = new Map<string, RouteDef[]>();
    for (const route of routes) {
      const folder = route.handler.split('/')[1] ?? 'root';
      groups.set(folder, [...(groups.get(folder) ?? []), route]);
    }
    for (const [folder, group] of groups) {
      const id = `${folder.replace(/(^|[-_])(\w)/g, (_, _sep: string, c: string) => c.toUpperCase())}Routes`;
      const nested = new RoutesStack(this, id, { httpApi: this.httpApi, resources, routes: group, logLevel: this.logLevel });
      this.routeStacks.set(folder, nested);
      for (const [routeId, fn] of nested.functions) this.functions.set(routeId, fn);
    }
  }
}
