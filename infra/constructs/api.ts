/**
 * API: one HTTP API, and for each entry of the route table (shared/routes.ts) one route and one
 * ApiFunction with exactly the grants the entry lists. Routes are mounted at the spec's paths
 * (`/login`, not `/api/login`): CloudFront strips `/api` (see web.ts), and the local server does
 * the same, so a handler sees the same `rawPath` in both places.
 *
 * Built in two steps because the functions that send emails need the app's address, which is
 * CloudFront's, which needs this API's endpoint: `new Api()` makes the API and its stage,
 * `addRouteTable()` the routes and functions once the distribution exists (see stack.ts).
 */
import { Stack, Validations } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { RouteDef, RouteId } from '../../shared/routes';
import { ApiFunction, type FunctionResources } from './api-function';

/** Public routes that still need the JWT key: they issue sessions. */
const SESSION_ISSUERS: ReadonlySet<string> = new Set<RouteId>(['login']);

export interface ApiProps {
  /** Stage-wide throttling; the default suits a dashboard used by a few hundred people. */
  throttle?: { rateLimit: number; burstLimit: number };
  logLevel?: string;
}

export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;
  readonly jwtSecret: Secret;
  /** By route id. */
  readonly functions = new Map<string, ApiFunction>();
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

    // Same origin behind CloudFront: no CORS configuration.
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: `Retailer audit API (${Stack.of(this).stackName})`,
      createDefaultStage: false,
    });

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
  }

  /** The API's own URL (`https://{id}.execute-api.{region}.amazonaws.com/`), without CloudFront. */
  get url(): string {
    return this.stage.url;
  }

  /** One route + one function per route-table entry. */
  addRouteTable(routes: readonly RouteDef[], resources: Omit<FunctionResources, 'jwtSecret'>): void {
    const all: FunctionResources = { ...resources, jwtSecret: this.jwtSecret };
    const functions = new Construct(this, 'Functions');
    for (const route of routes) {
      // The route id is the construct id: stable logical ids while the route keeps its id.
      const fn = new ApiFunction(functions, route.id, {
        handler: route.handler,
        description: `${route.method} ${route.path} (${route.access})`,
        resources: all,
        logLevel: this.logLevel,
      });
      fn.bindGrants(route.grants);
      if (route.access !== 'public' || SESSION_ISSUERS.has(route.id)) fn.bindJwtSecret();
      this.functions.set(route.id, fn);

      const [httpRoute] = this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.id}Integration`, fn.fn),
      });
      if (httpRoute) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason:
            route.access === 'public'
              ? `${route.method} ${route.path} is public by design (sign-in and account recovery).`
              : `${route.method} ${route.path} is authenticated in the function: the bearer JWT is verified and the role/tenant checked by the one middy wrapper (functions/lib/http/handler.ts), which the security suite tests route by route.`,
        });
      }
    }
  }
}
