/**
 * ApiFunction: one handler module as a Lambda function with our defaults (Node.js 22, arm64, local
 * esbuild, its own log group with retention, its own role with nothing but log writing), and
 * `bind*` helpers that set the environment variable a handler reads (functions/lib/env.ts,
 * functions/lib/jwt.ts) and grant the least privilege it needs, in one call.
 *
 * Not tied to HTTP: the ingest Lambda and the state machine's tasks of the next issue are ApiFunctions
 * too (same defaults, same helpers), given the same `FunctionResources`.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { Arn, ArnFormat, CfnDynamicReference, CfnDynamicReferenceService, Duration, RemovalPolicy, Size, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal, type IGrantable, type IPrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LayerVersion, Runtime, Tracing, type IFunction, type ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type BundlingOptions, type ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { Grant } from '../../shared/routes';
import type { PublicForm } from '../../shared/routes/define';
import { REPO_ROOT, ssoSecretPrefixOf, type PublicFormsConfig } from '../config';
import { nagRef } from '../nag';

export type AccessMode = 'read' | 'write' | 'readWrite';

/** Who emails are sent as: the address and its SES identity. */
export interface EmailSender {
  fromAddress: string;
  identityArn: string;
}

/** The shared resources a function may be bound to. */
export interface FunctionResources {
  table: ITable;
  dataBucket: IBucket;
  email: EmailSender;
  /** Public address of the web app (`https://...`), for links in emails. */
  appUrl: string;
  /** Signing key of the session JWTs. */
  jwtSecret: ISecret;
  /** The header value CloudFront adds to API requests (HTTP functions only). */
  originSecret?: ISecret;
  /** The file-approval state machine (`workflow:start`); the pipeline construct provides it. */
  stateMachine?: IStateMachine;
  /** The content-checks state machine (`checks:start`); the pipeline construct provides it. */
  checksMachine?: IStateMachine;
  /** The public forms' inboxes and captcha (infra/config.ts PublicFormsConfig); absent: the From address and the local captcha. */
  publicForms?: PublicFormsConfig;
  /** What a redrive may send a failed delivery to again (`async:redrive`, docs/operations.md). */
  redriveTargets?: { functions: readonly IFunction[]; stateMachines: readonly IStateMachine[] };
}

/**
 * Credential providers of the SDK's default chain that come after the environment one
 * (`@aws-sdk/credential-provider-node`: env → SSO → ini → process → token file → container/IMDS).
 */
export const LAMBDA_UNUSED_CREDENTIAL_PROVIDERS = [
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-http',
  '@smithy/credential-provider-imds',
] as const;

/**
 * Powertools for AWS Lambda (logger, metrics, tracer) and the X-Ray SDK the tracer loads come from
 * AWS's Powertools layer instead of each bundle: bundled, they were ~150 KB of every function
 * (aws-xray-sdk-core ~97 KB, cls-hooked, the three utilities), which put the CRUD handlers from
 * ~385 KB to ~530 KB. The layer holds the utilities with their dependencies under
 * /opt/nodejs/node_modules, where Node's resolution finds them.
 */
export const POWERTOOLS_EXTERNALS = ['@aws-lambda-powertools/commons', '@aws-lambda-powertools/logger', '@aws-lambda-powertools/metrics', '@aws-lambda-powertools/tracer', 'aws-xray-sdk-core'] as const;

/** The Powertools version the functions are built and tested with (one version for the three utilities: package.json pins them alike). */
export const POWERTOOLS_VERSION: string = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules/@aws-lambda-powertools/logger/package.json'), 'utf8')) as { version: string }).version;

/**
 * AWS publishes each version's layer ARN in the region's public SSM parameter
 * `/aws/service/powertools/typescript/generic/all/<version>`: the exact version of package.json
 * (not `latest`), resolved by CloudFormation at deploy (a dynamic reference: nothing looked up at
 * synth, which stays offline, and it works in nested stacks). One layer construct per stack.
 */
export function powertoolsLayer(scope: Construct): ILayerVersion {
  const stack = Stack.of(scope);
  const id = 'PowertoolsLayer';
  const existing = stack.node.tryFindChild(id) as ILayerVersion | undefined;
  if (existing) return existing;
  const arn = new CfnDynamicReference(CfnDynamicReferenceService.SSM, `/aws/service/powertools/typescript/generic/all/${POWERTOOLS_VERSION}`).toString();
  return LayerVersion.fromLayerVersionArn(stack, id, arn);
}

/** Our defaults, exported for the functions of later issues and for the tests. */
export const API_FUNCTION_DEFAULTS = {
  runtime: Runtime.NODEJS_22_X,
  architecture: Architecture.ARM_64,
  // CPU scales with memory: scrypt on login/register and the xlsx work of later issues are CPU-bound.
  memorySize: 1024,
  // Just under the HTTP API's 30 s integration limit: the approve call waits up to 25 s for its workflow.
  timeout: Duration.seconds(29),
  logRetention: RetentionDays.ONE_MONTH,
  bundling: {
    // Local esbuild (a devDependency): never Docker.
    forceDockerBundling: false,
    minify: true,
    sourceMap: true,
    sourcesContent: false,
    // ESM entry points first: smaller bundles (zod, the SDK), see shared notes.
    mainFields: ['module', 'main'],
    target: 'node22',
    format: OutputFormat.CJS,
    // Bundle the AWS SDK too: the pinned version we test against, not whatever the runtime ships.
    // Except the credential providers a Lambda never reaches: the SDK's default chain tries the
    // environment first (Lambda sets AWS_ACCESS_KEY_ID & co.) and imports the others only when
    // that fails, and then the runtime's own SDK has them. Bundled, they were ~125 KB of every
    // function (SSO, STS and sign-in clients); see docs/decisions.md "Lambda bundles".
    // And Powertools with the X-Ray SDK: they come from AWS's Powertools layer (above).
    externalModules: [...LAMBDA_UNUSED_CREDENTIAL_PROVIDERS, ...POWERTOOLS_EXTERNALS],
  } satisfies BundlingOptions,
} as const;

/**
 * The esbuild options CDK's local bundling derives from `API_FUNCTION_DEFAULTS.bundling` (what
 * `NodejsFunction` passes to esbuild: `--bundle --platform=node` plus these), for the bundle-size
 * bench (bench/bundles-bench.ts) and its test, so they measure what is deployed.
 */
export function esbuildOptionsOf(bundling: typeof API_FUNCTION_DEFAULTS.bundling = API_FUNCTION_DEFAULTS.bundling) {
  return {
    bundle: true,
    platform: 'node' as const,
    minify: bundling.minify,
    sourcemap: bundling.sourceMap,
    sourcesContent: bundling.sourcesContent,
    mainFields: [...bundling.mainFields],
    target: bundling.target,
    format: bundling.format === OutputFormat.CJS ? ('cjs' as const) : ('esm' as const),
    external: [...bundling.externalModules],
  };
}

/** Bundling hooks that copy a repository file (its mode kept: CDK zips it with it) beside the bundled handler. */
function copyAfterBundling(files: readonly string[]): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir, outputDir) => files.map((file) => `cp -p "${path.join(inputDir, file)}" "${outputDir}/"`),
  };
}

export interface ApiFunctionProps {
  /** Handler module relative to the repository root (a route's `handler`); it exports `handler`. */
  handler: string;
  description?: string;
  resources: FunctionResources;
  logLevel?: string;
  memorySize?: number;
  timeout?: Duration;
  /** /tmp beyond Lambda's 512 MB default (the basket export writes its zip there). */
  ephemeralStorageSize?: Size;
  /**
   * The V8 young generation's semi-space size in MB, instead of the runtime's (a twentieth of the
   * memory): set through the exec wrapper functions/runtime/heap-limits, bundled beside the handler.
   * For the functions that stream large files, whose young generation Lambda's default lets grow
   * to ~128 MB committed at 1,024 MB.
   */
  semiSpaceMb?: number;
  /** Files of the repository copied beside the bundle (the picture decoders' .wasm: esbuild bundles no WebAssembly). */
  copyFiles?: readonly string[];
}

/** Where the exec wrapper that sets `semiSpaceMb` lies in the repository and in the function's package. */
export const HEAP_WRAPPER = { source: 'functions/runtime/heap-limits', deployed: '/var/task/heap-limits' } as const;

export class ApiFunction extends Construct implements IGrantable {
  readonly fn: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;
  readonly grantPrincipal: IPrincipal;
  private readonly resources: FunctionResources;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const d = API_FUNCTION_DEFAULTS;
    this.resources = props.resources;

    this.logGroup = new LogGroup(this, 'Logs', { retention: d.logRetention, removalPolicy: RemovalPolicy.DESTROY });
    // Our own role instead of the default one: the default attaches the managed
    // AWSLambdaBasicExecutionRole (writing to any log group); this one may write to its own log group only.
    this.role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), description: props.description });
    this.logGroup.grantWrite(this.role);
    this.grantPrincipal = this.role;

    this.fn = new NodejsFunction(this, 'Function', {
      entry: path.join(REPO_ROOT, props.handler),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      description: props.description,
      runtime: d.runtime,
      architecture: d.architecture,
      memorySize: props.memorySize ?? d.memorySize,
      timeout: props.timeout ?? d.timeout,
      ...(props.ephemeralStorageSize ? { ephemeralStorageSize: props.ephemeralStorageSize } : {}),
      role: this.role,
      logGroup: this.logGroup,
      // X-Ray: the function's trace, its SDK calls as subsegments (functions/lib/tracer.ts).
      tracing: Tracing.ACTIVE,
      // Powertools and the X-Ray SDK, which the bundle leaves out (POWERTOOLS_EXTERNALS).
      layers: [powertoolsLayer(this)],
      environment: {
        LOG_LEVEL: props.logLevel ?? 'info',
        NODE_OPTIONS: '--enable-source-maps',
        // NODE_OPTIONS cannot lower it: the runtime's own --max-semi-space-size comes later on node's command line and wins.
        ...(props.semiSpaceMb ? { AWS_LAMBDA_EXEC_WRAPPER: HEAP_WRAPPER.deployed, LAMBDA_SEMI_SPACE_MB: String(props.semiSpaceMb) } : {}),
      },
      bundling: {
        ...d.bundling,
        mainFields: [...d.bundling.mainFields],
        externalModules: [...d.bundling.externalModules],
        ...(props.semiSpaceMb || props.copyFiles?.length ? { commandHooks: copyAfterBundling([...(props.semiSpaceMb ? [HEAP_WRAPPER.source] : []), ...(props.copyFiles ?? [])]) } : {}),
      },
    });
    this.acknowledgeOnRole('AwsSolutions-IAM5[Resource::*]', 'X-Ray trace segments (active tracing) have no resource-level permissions.');
    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Node.js 22 is the runtime the product is built and tested for (DESIGN.md); a newer one is adopted deliberately, not by the linter.',
    });
  }

  /** TABLE_NAME + data access on the table and its indexes. */
  bindTable({ mode }: { mode: AccessMode }): this {
    const { table } = this.resources;
    this.fn.addEnvironment('TABLE_NAME', table.tableName);
    if (mode === 'read') table.grantReadData(this);
    else if (mode === 'write') table.grantWriteData(this);
    else table.grantReadWriteData(this);
    this.acknowledgeOnRole(
      `AwsSolutions-IAM5[Resource::${nagRef(this, table.tableArn)}/index/*]`,
      'Queries on the GSIs of our one table (gsi1, gsi2, and those later issues add); the grant stays on this table.',
    );
    return this;
  }

  /** DATA_BUCKET + object access on the data bucket (no wildcard actions, no bucket configuration). */
  bindBucket({ mode }: { mode: AccessMode }): this {
    const { dataBucket } = this.resources;
    this.fn.addEnvironment('DATA_BUCKET', dataBucket.bucketName);
    const objects = dataBucket.arnForObjects('*');
    if (mode !== 'write') {
      this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [objects] }));
      this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [dataBucket.bucketArn] }));
    }
    if (mode !== 'read') {
      this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'], resources: [objects] }));
    }
    this.acknowledgeOnRole(
      `AwsSolutions-IAM5[Resource::${nagRef(this, objects)}]`,
      'Object keys are made at run time (brand, period, file ids); access stays inside the one data bucket, object actions only.',
    );
    return this;
  }

  /** SES_FROM + APP_URL (links in emails) + sending from our one identity, with that From address only. */
  bindEmail(): this {
    const { email, appUrl } = this.resources;
    this.fn.addEnvironment('SES_FROM', email.fromAddress);
    this.fn.addEnvironment('APP_URL', appUrl);
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [email.identityArn],
        conditions: { StringEquals: { 'ses:FromAddress': email.fromAddress } },
      }),
    );
    return this;
  }

  /** APP_URL: the public address of the web app, for the app links a function answers with. */
  bindAppUrl(): this {
    this.fn.addEnvironment('APP_URL', this.resources.appUrl);
    return this;
  }

  /** APP_URL and SENDER_ADDRESS (SES_FROM's address, without SES_FROM or the right to send): the product's own domains, which no brand may claim for single sign-on. */
  bindProductDomains(): this {
    this.fn.addEnvironment('APP_URL', this.resources.appUrl);
    this.fn.addEnvironment('SENDER_ADDRESS', this.resources.email.fromAddress);
    return this;
  }

  /** JWT_SECRET_ARN + reading that one secret (the handler reads it once per cold start). */
  bindJwtSecret(): this {
    const { jwtSecret } = this.resources;
    this.fn.addEnvironment('JWT_SECRET_ARN', jwtSecret.secretArn);
    jwtSecret.grantRead(this);
    return this;
  }

  /** ORIGIN_SECRET_ARN + reading that one secret: the wrapper refuses requests that did not come through CloudFront. */
  bindOriginSecret(): this {
    const { originSecret } = this.resources;
    if (!originSecret) throw new Error(`${this.node.path}: an HTTP function needs the origin secret (FunctionResources.originSecret)`);
    this.fn.addEnvironment('ORIGIN_SECRET_ARN', originSecret.secretArn);
    originSecret.grantRead(this);
    return this;
  }

  /** STATE_MACHINE_ARN + starting the approval state machine and reading its executions' outcome. */
  bindWorkflow(): this {
    const { stateMachine } = this.resources;
    if (!stateMachine) {
      throw new Error(
        `${this.node.path}: grant "workflow:start" needs the approval state machine (FunctionResources.stateMachine), which this stack does not define yet`,
      );
    }
    this.fn.addEnvironment('STATE_MACHINE_ARN', stateMachine.stateMachineArn);
    stateMachine.grantStartExecution(this);
    // functions/lib/workflow.ts polls DescribeExecution for the outcome; executions are named at run time.
    const name = Arn.split(stateMachine.stateMachineArn, ArnFormat.COLON_RESOURCE_NAME).resourceName ?? '';
    const executions = Stack.of(this).formatArn({ service: 'states', resource: 'execution', resourceName: `${name}:*`, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['states:DescribeExecution'], resources: [executions] }));
    this.acknowledgeOnRole(
      `AwsSolutions-IAM5[Resource::${nagRef(this, executions)}]`,
      'Executions of our one state machine, named at run time (file id + time); describe only.',
    );
    return this;
  }

  /** CHECKS_STATE_MACHINE_ARN + starting the content checks (functions/lib/workflow.ts startContentChecks; no outcome is read). */
  bindChecks(): this {
    const { checksMachine } = this.resources;
    if (!checksMachine) throw new Error(`${this.node.path}: grant "checks:start" needs the content-checks state machine (FunctionResources.checksMachine)`);
    this.fn.addEnvironment('CHECKS_STATE_MACHINE_ARN', checksMachine.stateMachineArn);
    checksMachine.grantStartExecution(this);
    return this;
  }

  /**
   * The public forms' environment (docs/decisions.md "Captcha"): CAPTCHA_PROVIDER and, for
   * reCAPTCHA, the site key and reading its secret; the inbox the form writes to. The local
   * captcha signs with a key derived from the session secret, so the JWT secret is bound too.
   */
  bindPublicForm(form: PublicForm): this {
    const { publicForms, email } = this.resources;
    const captcha = publicForms?.captcha ?? { provider: 'local' as const };
    if (form.captcha) {
      this.fn.addEnvironment('CAPTCHA_PROVIDER', captcha.provider);
      if (captcha.provider === 'recaptcha') {
        this.fn.addEnvironment('RECAPTCHA_SITE_KEY', captcha.siteKey);
        this.fn.addEnvironment('RECAPTCHA_SECRET_ARN', captcha.secretArn);
        this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [captcha.secretArn] }));
      }
    }
    if (form.inbox) this.fn.addEnvironment(form.inbox, (form.inbox === 'SALES_INBOX' ? publicForms?.salesInbox : publicForms?.supportInbox) ?? email.fromAddress);
    return this.bindJwtSecret();
  }

  /** The route table's `grants`, turned into the bindings above. */
  bindGrants(grants: readonly Grant[]): this {
    const mode = (read: boolean, write: boolean): AccessMode | undefined =>
      read && write ? 'readWrite' : write ? 'write' : read ? 'read' : undefined;
    const table = mode(grants.includes('table:read'), grants.includes('table:write'));
    const data = mode(grants.includes('data:read'), grants.includes('data:write'));
    if (table) this.bindTable({ mode: table });
    if (data) this.bindBucket({ mode: data });
    if (grants.includes('email:send')) this.bindEmail();
    if (grants.includes('workflow:start')) this.bindWorkflow();
    if (grants.includes('checks:start')) this.bindChecks();
    if (grants.includes('async:redrive')) this.bindRedrive();
    if (grants.includes('sso:readSecret') || grants.includes('sso:writeSecret')) this.bindSsoSecrets(grants.includes('sso:writeSecret'));
    return this;
  }

  /**
   * The brands' single sign-on client secrets (issue 26): Secrets Manager `sso/<stack>/<brand>`,
   * named at run time by the brand under this stack's prefix (SSO_SECRET_PREFIX): a stage's
   * functions never reach another stage's secrets in the same account. Read (the callback), or
   * created and given new versions (the brand's settings); never another secret.
   */
  bindSsoSecrets(write: boolean): this {
    // The deployed stack's name (a route's function may sit in a nested stack: its own name is generated).
    let root = Stack.of(this);
    while (root.nestedStackParent) root = root.nestedStackParent;
    const prefix = ssoSecretPrefixOf(root);
    this.fn.addEnvironment('SSO_SECRET_PREFIX', prefix);
    // The prefix, the brand, and the 6 characters Secrets Manager appends to a secret's ARN.
    const secrets = Stack.of(this).formatArn({ service: 'secretsmanager', resource: 'secret', resourceName: `${prefix}*`, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
    const actions = ['secretsmanager:GetSecretValue', ...(write ? ['secretsmanager:PutSecretValue', 'secretsmanager:CreateSecret'] : [])];
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions, resources: [secrets] }));
    this.acknowledgeOnRole(`AwsSolutions-IAM5[Resource::${nagRef(this, secrets)}]`, `The brands' single sign-on client secrets of this stack, named ${prefix}<brand id> at run time; nothing else of Secrets Manager.`);
    return this;
  }

  /** Invoking the asynchronously triggered functions and starting the schedules' state machines again (a failed delivery's redrive). */
  bindRedrive(): this {
    const targets = this.resources.redriveTargets;
    if (!targets) throw new Error(`${this.node.path}: grant "async:redrive" needs FunctionResources.redriveTargets (the operations construct provides them)`);
    for (const fn of targets.functions) {
      fn.grantInvoke(this);
      this.acknowledgeOnRole(`AwsSolutions-IAM5[Resource::${nagRef(this, fn.functionArn)}:*]`, 'Invoking one asynchronously triggered function again, any version (how aws-cdk-lib grants invoke).');
    }
    for (const machine of targets.stateMachines) machine.grantStartExecution(this);
    return this;
  }

  private acknowledgeOnRole(id: string, reason: string): void {
    Validations.of(this.role).acknowledge({ id, reason });
  }
}
