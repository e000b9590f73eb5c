/**
 * A brand's case settings (docs/data-model.md "Cases"): pk CASESET#<brand>, sk CASESET, one item.
 * A brand with an escalation (draft or send) is also under gsi1 CASEESC (sk the brand id), which the
 * daily check walks: the brands to escalate for, not every brand.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { defaultCaseSettings, type CaseSettings, type UpdateCaseSettingsBody } from '../../shared/schemas/case-settings';
import { ddb } from '../lib/clients/dynamodb';
import { queryPages, table } from '../lib/table';

const settingsKey = (brand: string) => ({ pk: `CASESET#${brand}`, sk: 'CASESET' });
export const ESCALATING_PK = 'CASEESC';

const FIELDS = ['tolerancePercent', 'toleranceAmount', 'overdueDays', 'escalation', 'escalationMessageId', 'rev', 'updatedAt', 'updatedBy'] as const;

function toSettings(brand: string, item: Record<string, unknown> | undefined): CaseSettings {
  const base = defaultCaseSettings(brand);
  if (!item) return base;
  const out: Record<string, unknown> = { ...base };
  for (const f of FIELDS) if (item[f] !== undefined) out[f] = item[f];
  return out as CaseSettings;
}

/** The brand's settings, or the defaults when it never saved any. */
export async function getCaseSettings(brand: string): Promise<CaseSettings> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: settingsKey(brand) }));
  return toSettings(brand, out.Item);
}

/** Save, conditioned on the rev the screen showed: the saved settings, or undefined when someone saved in between. */
export async function putCaseSettings(brand: string, body: UpdateCaseSettingsBody, by: string, now = new Date()): Promise<CaseSettings | undefined> {
  const { rev, ...values } = body;
  const next: CaseSettings = { brand, ...values, rev: rev + 1, updatedAt: now.toISOString(), updatedBy: by };
  try {
    await ddb.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...settingsKey(brand), entity: 'CaseSettings', ...next, ...(next.escalation !== 'off' ? { gsi1pk: ESCALATING_PK, gsi1sk: brand } : {}) },
        ConditionExpression: rev === 0 ? 'attribute_not_exists(pk) OR #rev = :rev' : '#rev = :rev',
        ExpressionAttributeNames: { '#rev': 'rev' },
        ExpressionAttributeValues: { ':rev': rev },
      }),
    );
    return next;
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw e;
  }
}

/** The brands whose overdue cases are escalated (a page at a time). */
export async function* escalatingBrands(): AsyncGenerator<CaseSettings[]> {
  for await (const page of queryPages<Record<string, unknown>>({ IndexName: table.gsi1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': ESCALATING_PK } })) {
    yield page.map((i) => toSettings(String(i.brand), i));
  }
}
