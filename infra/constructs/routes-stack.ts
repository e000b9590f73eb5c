/**
 * RoutesStack: the routes of one handler folder (`functions/<resource>/`) with their functions, in a
 * nested stack. Why nested: a route costs seven CloudFormation resources (function, role, policy,
 * log group, route, integration, permission), the spec has about seventy calls, and a stack holds
 * at most 500 resources. Grouping by handler folder keeps a route in the same nested stack for life
 * (moving one between stacks would briefly make two routes with the same key).
 *
 * The shared resources come in as explicitly named parameters (created only for what the stack's
 * routes bind) and are imported here, rather than through CDK's automatic cross-stack references:
 * a small, visible interface, and names that do not depend on CDK's generated ids (cdk-nag's
 * finding ids contain them, e.g. `<TableArn>/index/*`).
 */
import { CfnParameter, NestedStack, Validations } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import type { RouteDef } from '../../shared/routes';
import { ApiFunction, type FunctionResources } from './api-function';

export interface RoutesStackProps {
  httpApi: IHttpApi;
  resources: FunctionResources;
  routes: readonly RouteDef[];
  logLevel?: string;
}

export class RoutesStack extends NestedStack {
  /** By route id. */
  readonly functions = new Map<string, ApiFunction>();
  readonly routes = new Map<string, HttpRoute>();

  constructor(scope: Construct, id: string, props: RoutesStackProps) {
    super(scope, id, { description: `Routes of ${props.routes[0]?.handler.split('/').slice(0, 2).join('/') ?? id}/` });
    const r = props.resources;

    // A parameter is created the first time a function of this stack binds the resource, so a
    // stack only depends on what its routes use (e.g. only email-sending routes wait for CloudFront).
    const made = new Map<string, unknown>();
    const once = <T>(key: string, make: () => T): T => {
      if (!made.has(key)) made.set(key, make());
      return made.get(key) as T;
    };
    const param = (name: string, value: string): string =>
      once(`param:${name}`, () => {
        this.setParameter(name, value);
        return new CfnParameter(this, name, { type: 'String' }).valueAsString;
      });
    const table = () =>
      once('table', () => Table.fromTableAttributes(this, 'Table', { tableArn: param('TableArn', r.table.tableArn), grantIndexPermissions: true }));
    const dataBucket = () =>
      once('dataBucket', () =>
        Bucket.fromBucketAttributes(this, 'DataBucket', {
          bucketArn: param('DataBucketArn', r.dataBucket.bucketArn),
          bucketName: param('DataBucketName', r.dataBucket.bucketName),
        }),
      );
    // The From address is a literal from the context: the IAM condition compares it as such.
    const email = () => once('email', () => ({ fromAddress: r.email.fromAddress, identityArn: param('SesIdentityArn', r.email.identityArn) }));
    const jwtSecret = () => once('jwtSecret', () => Secret.fromSecretCompleteArn(this, 'JwtSecret', param('JwtSecretArn', r.jwtSecret.secretArn)));
    const originSecret = () => {
      const o = r.originSecret;
      return o && once('originSecret', () => Secret.fromSecretCompleteArn(this, 'OriginSecret', param('OriginSecretArn', o.secretArn)));
    };
    const stateMachine = () => {
      const sm = r.stateMachine;
      return sm && once('stateMachine', () => StateMachine.fromStateMachineArn(this, 'Approval', param('StateMachineArn', sm.stateMachineArn)));
    };
    const checksMachine = () => {
      const sm = r.checksMachine;
      return sm && once('checksMachine', () => StateMachine.fromStateMachineArn(this, 'ContentChecks', param('ChecksStateMachineArn', sm.stateMachineArn)));
    };
    const redriveTargets = () => {
      const t = r.redriveTargets;
      return (
        t &&
        once('redriveTargets', () => ({
          functions: t.functions.map((f, i) => LambdaFunction.fromFunctionArn(this, `RedriveFunction${i}`, param(`RedriveFunction${i}Arn`, f.functionArn))),
          stateMachines: t.stateMachines.map((m, i) => StateMachine.fromStateMachineArn(this, `RedriveStateMachine${i}`, param(`RedriveStateMachine${i}Arn`, m.stateMachineArn))),
        }))
      );
    };
    const resources: FunctionResources = {
      get table() {
        return table();
      },
      get dataBucket() {
        return dataBucket();
      },
      get email() {
        return email();
      },
      get appUrl() {
        return param('AppUrl', r.appUrl);
      },
      get jwtSecret() {
        return jwtSecret();
      },
      get stateMachine() {
        return stateMachine();
      },
      get checksMachine() {
        return checksMachine();
      },
      get originSecret() {
        return originSecret();
      },
      get redriveTargets() {
        return redriveTargets();
      },
      publicForms: r.publicForms,
    };
    const httpApi = HttpApi.fromHttpApiAttributes(this, 'HttpApi', { httpApiId: param('HttpApiId', props.httpApi.apiId) });

    for (const route of props.routes) {
      // The route id is the construct id: stable logical ids while the route keeps its id.
      const fn = new ApiFunction(this, route.id, {
        handler: route.handler,
        description: `${route.method} ${route.path} (${route.access})`,
        resources,
        logLevel: props.logLevel,
      });
      // What a route needs besides its grants is said by its definition (shared/routes/define.ts):
      // the JWT key (non-public routes, and public ones with `jwtKey`), the app's address
      // (`appLinks`), a public form's captcha and inbox (`publicForm`), the product's own domains (`productDomains`).
      fn.bindGrants(route.grants);
      fn.bindOriginSecret();
      if (route.access !== 'public' || route.jwtKey) fn.bindJwtSecret();
      if (route.appLinks) fn.bindAppUrl();
      if (route.productDomains) fn.bindProductDomains();
      if (route.publicForm) fn.bindPublicForm(route.publicForm);
      this.functions.set(route.id, fn);

      const httpRoute = new HttpRoute(this, `${route.id}Route`, {
        httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${route.id}Integration`, fn.fn),
      });
      this.routes.set(route.id, httpRoute);
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
