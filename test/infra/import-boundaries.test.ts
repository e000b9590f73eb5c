/**
 * The lint rules that keep the code's boundaries (eslint.config.js): functions/lib imports no
 * feature (issue 23), functions import no web or infra, web features reach another feature only
 * through its api/ files. Each is asked of a source text at a path where it applies, through
 * ESLint's own API with the project's config.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/config';

const eslint = new ESLint({ cwd: REPO_ROOT });
/** The no-restricted-imports messages for `code` as if it were the file at `file`. */
async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries (lint)', () => {
  it('functions/lib imports no feature, at any depth of lib, and may import lib and shared', async () => {
    expect(await restricted('functions/lib/email/probe.ts', "import { hasNews } from '../../reports/domain/digest';\nexport const x = hasNews;\n")).toEqual([expect.stringContaining('functions/lib imports no feature')]);
    expect(await restricted('functions/lib/probe.ts', "import { getUser } from '../users/users.repo';\nexport const x = getUser;\n")).toEqual([expect.stringContaining('functions/lib imports no feature')]);
    expect(await restricted('functions/lib/http/probe.ts', "import { ddb } from '../clients/dynamodb';\nimport { MSG } from '../../../shared/messages';\nexport const x = [ddb, MSG];\n")).toEqual([]);
  }, 60_000);

  it('a feature may import lib, and functions never import web or infra', async () => {
    expect(await restricted('functions/reports/probe.ts', "import { ddb } from '../lib/clients/dynamodb';\nexport const x = ddb;\n")).toEqual([]);
    expect(await restricted('functions/reports/probe.ts', "import { REPO_ROOT } from '../../infra/config';\nexport const x = REPO_ROOT;\n")).toHaveLength(1);
  }, 60_000);
});
