/**
 * The lint rules that keep the code's boundaries (eslint.config.js): functions/lib imports no
 * feature (issue 23), a feature reaches another only through its index (functions/<f>/index.ts,
 * re-exports only; issue 23), functions import no web or infra; in web, a feature reaches another
 * only through the index it exposes, and components/, lib/ and config/ import no feature and nothing
 * of app/ (the layouts live in app/; issue 23). Each is asked of a source text at a path where it applies, through
 * ESLint's own API with the project's config.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/config';

const eslint = new ESLint({ cwd: REPO_ROOT });
/** The no-restricted-imports (or `rule`'s) messages for `code` as if it were the file at `file`. */
async function restricted(file: string, code: string, rule = 'no-restricted-imports'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}
const THROUGH_INDEX = expect.stringContaining('Import another feature only through its index');

describe('import boundaries (lint)', () => {
  it('functions/lib imports no feature, at any depth of lib, and may import lib and shared', async () => {
    expect(await restricted('functions/lib/email/probe.ts', "import { hasNews } from '../../reports/domain/digest';\nexport const x = hasNews;\n")).toEqual([expect.stringContaining('functions/lib imports no feature')]);
    expect(await restricted('functions/lib/probe.ts', "import { getUser } from '../users/users.repo';\nexport const x = getUser;\n")).toEqual([expect.stringContaining('functions/lib imports no feature')]);
    expect(await restricted('functions/lib/http/probe.ts', "import { ddb } from '../clients/dynamodb';\nimport { MSG } from '../../../shared/messages';\nexport const x = [ddb, MSG];\n")).toEqual([]);
  }, 60_000);

  it("a feature reaches another only through its index, at either depth of the feature: never the other's *.repo.ts or domain/", async () => {
    expect(await restricted('functions/users/probe.ts', "import { getBrand } from '../brands/brands.repo';\nexport const x = getBrand;\n")).toEqual([THROUGH_INDEX]);
    expect(await restricted('functions/reports/jobs/probe.ts', "import { getBrand } from '../../brands/brands.repo';\nexport const x = getBrand;\n")).toEqual([THROUGH_INDEX]);
    expect(await restricted('functions/scrapings/domain/probe.ts', "import type { RobotRow } from '../../files/domain/robot-types';\nexport type X = RobotRow;\n")).toEqual([THROUGH_INDEX]);
    expect(await restricted('functions/users/probe.ts', "import { getBrand } from '../brands/index';\nexport const x = getBrand;\n")).toEqual([THROUGH_INDEX]);
    expect(await restricted('functions/users/probe.ts', "export { getBrand } from '../brands/brands.repo';\n")).toEqual([THROUGH_INDEX]);
    // Its index, its own files (repo included), lib and shared.
    expect(await restricted('functions/users/probe.ts', "import { getBrand, type BrandRecord } from '../brands';\nimport { getUser } from './users.repo';\nimport { ddb } from '../lib/clients/dynamodb';\nimport { ROLE } from '../../shared/constants';\nexport const x: [typeof getBrand, typeof getUser, unknown, unknown, BrandRecord?] = [getBrand, getUser, ddb, ROLE];\n")).toEqual([]);
    expect(await restricted('functions/reports/jobs/probe.ts', "import { getBrand } from '../../brands';\nimport { hasNews } from '../domain/digest';\nimport { putJob } from './jobs.repo';\nimport { logger } from '../../lib/logger';\nimport { ROLE } from '../../../shared/constants';\nexport const x = [getBrand, hasNews, putJob, logger, ROLE];\n")).toEqual([]);
  }, 60_000);

  it("a feature's index only re-exports by name, and functions/ imports no module for its side effects", async () => {
    expect(await restricted('functions/users/index.ts', "export { getUser, type UserRecord } from './users.repo';\nexport type { X } from './present';\n", 'no-restricted-syntax')).toEqual([]);
    expect(await restricted('functions/users/index.ts', "export * from './users.repo';\n", 'no-restricted-syntax')).toEqual([expect.stringContaining('only re-exports by name')]);
    expect(await restricted('functions/users/index.ts', "import { getUser } from './users.repo';\nexport const read = getUser;\n", 'no-restricted-syntax')).toHaveLength(2);
    expect(await restricted('functions/users/probe.ts', "import './users.repo';\n", 'no-restricted-syntax')).toEqual([expect.stringContaining('sideEffects')]);
  }, 60_000);

  it('functions/lib still imports no feature, not even its index', async () => {
    expect(await restricted('functions/lib/probe.ts', "import { getBrand } from '../brands';\nexport const x = getBrand;\n")).toEqual([expect.stringContaining('functions/lib imports no feature')]);
    expect(await restricted('functions/lib/http/probe.ts', "import { getUser } from '../../users';\nexport const x = getUser;\n")).toEqual([expect.stringContaining('functions/lib imports no feature')]);
  }, 60_000);

  it('a feature may import lib, and functions never import web or infra', async () => {
    expect(await restricted('functions/reports/probe.ts', "import { ddb } from '../lib/clients/dynamodb';\nexport const x = ddb;\n")).toEqual([]);
    expect(await restricted('functions/reports/probe.ts', "import { REPO_ROOT } from '../../infra/config';\nexport const x = REPO_ROOT;\n")).toHaveLength(1);
  }, 60_000);

  it('a web feature reaches another only through its index, which only re-exports by name', async () => {
    const WEB_INDEX = expect.stringContaining('Import another feature only through its index');
    expect(await restricted('web/src/features/users/components/probe.tsx', "import { endAllServerSessions } from '../../auth/api/logout';\nexport const x = endAllServerSessions;\n")).toEqual([WEB_INDEX]);
    expect(await restricted('web/src/features/users/components/probe.tsx', "import { LoginForm } from '../../auth/components/login-form';\nexport const x = LoginForm;\n")).toEqual([WEB_INDEX]);
    expect(await restricted('web/src/features/users/probe.ts', "import { endAllServerSessions } from '../auth/api/logout';\nexport const x = endAllServerSessions;\n")).toEqual([WEB_INDEX]);
    // Its index, its own files, components, lib and shared.
    expect(await restricted('web/src/features/users/components/probe.tsx', "import { endAllServerSessions } from '../../auth';\nimport { useUsers } from '../api/users';\nimport { Button } from '../../../components/ui/button';\nimport { api } from '../../../lib/api-client';\nimport { MSG } from '@shared/messages';\nexport const x = [endAllServerSessions, useUsers, Button, api, MSG];\n")).toEqual([]);
    expect(await restricted('web/src/features/auth/index.ts', "export { endAllServerSessions } from './api/logout';\n", 'no-restricted-syntax')).toEqual([]);
    expect(await restricted('web/src/features/auth/index.ts', "export * from './api/logout';\n", 'no-restricted-syntax')).toEqual([expect.stringContaining('only re-exports by name')]);
  }, 60_000);

  it('web components, lib and config import no feature and nothing of app; app composes features freely', async () => {
    const NO_FEATURE = expect.stringContaining('import no feature and nothing of app/');
    expect(await restricted('web/src/components/ui/probe.tsx', "import { clearAllBaskets } from '../../features/basket/api/basket';\nexport const x = clearAllBaskets;\n")).toEqual([NO_FEATURE]);
    expect(await restricted('web/src/lib/probe.ts', "import { endAllServerSessions } from '../features/auth';\nexport const x = endAllServerSessions;\n")).toEqual([NO_FEATURE]);
    expect(await restricted('web/src/components/probe.tsx', "import { AdminLayout } from '../app/layouts/admin-layout';\nexport const x = AdminLayout;\n")).toEqual([NO_FEATURE]);
    expect(await restricted('web/src/app/layouts/probe.tsx', "import { clearAllBaskets } from '../../features/basket/api/basket';\nexport const x = clearAllBaskets;\n")).toEqual([]);
  }, 60_000);

  it('a web form is useSchemaForm (lib/form.ts): useForm directly is refused anywhere else in web, but for the login form', async () => {
    const ONE_STYLE = expect.stringContaining('A form is `useSchemaForm(schema, defaults)`');
    const code = "import { useForm } from 'react-hook-form';\nexport const x = useForm;\n";
    expect(await restricted('web/src/features/users/components/probe.tsx', code, 'no-restricted-syntax')).toEqual([ONE_STYLE]);
    expect(await restricted('web/src/app/routes/probe.tsx', code, 'no-restricted-syntax')).toEqual([ONE_STYLE]);
    expect(await restricted('web/src/components/ui/probe.tsx', code, 'no-restricted-syntax')).toEqual([ONE_STYLE]);
    // The parts of react-hook-form a field needs stay allowed; lib/form.ts and the login form use useForm.
    expect(await restricted('web/src/features/contact/components/probe.tsx', "import { Controller, useWatch } from 'react-hook-form';\nexport const x = [Controller, useWatch];\n", 'no-restricted-syntax')).toEqual([]);
    expect(await restricted('web/src/lib/form.ts', code, 'no-restricted-syntax')).toEqual([]);
    expect(await restricted('web/src/features/auth/components/login-form.tsx', code, 'no-restricted-syntax')).toEqual([]);
    // zod's namespace rule still applies in web.
    expect(await restricted('web/src/features/users/components/probe.tsx', "import { z } from 'zod';\nexport const x = z;\n", 'no-restricted-syntax')).toEqual([expect.stringContaining('import * as z')]);
  }, 60_000);
});
