import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { slugify } from '../../shared/slug';
import { brandCreateItems, brandNameKey, type BrandRecord } from '../brands';
import { ddb } from '../lib/clients/dynamodb';
import { failedConditions, key, table } from '../lib/table';
import { bumpUserCount, userCreateItems, type UserRecord } from '../users';

export type RegistrationOutcome = 'created' | 'emailTaken' | 'nameTaken';

/** GetItem BRANDNAME#folded and GetItem SLUG#BRAND#slug: is a brand with this (look-alike) name or slug there? */
export async function isBrandNameTaken(name: string, slug: string): Promise<boolean> {
  const [byName, bySlug] = await Promise.all([
    ddb.send(new GetCommand({ TableName: table.name, Key: key.brandName(brandNameKey(name)), ConsistentRead: true })),
    slug ? ddb.send(new GetCommand({ TableName: table.name, Key: key.slug('BRAND', slug), ConsistentRead: true })) : Promise.resolve({ Item: undefined }),
  ]);
  return !!byName.Item || !!bySlug.Item;
}

/**
 * ONE TransactWrite: Put USER#id + Put EMAIL#email + Put BRAND#id + Put BRANDNAME#folded +
 * Put SLUG#BRAND#slug, every one only if absent. Any conflict writes nothing; the outcome says
 * which (a taken name or slug wins over a taken email, see register.ts).
 */
export async function createBrandWithAdmin(user: UserRecord, brand: BrandRecord): Promise<RegistrationOutcome> {
  const items = [...userCreateItems(user, brand.name), ...brandCreateItems({ ...brand, slug: brand.slug || slugify(brand.name) })];
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: items }));
    await bumpUserCount(1);
    return 'created';
  } catch (e) {
    const failed = failedConditions(e);
    if (!failed?.length) throw e;
    // 0: user, 1: email, 2: brand, 3: slug, 4: name
    return failed.some((i) => i >= 2) ? 'nameTaken' : 'emailTaken';
  }
}
