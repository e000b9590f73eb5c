import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { slugify } from '../../shared/slug';
import { brandCreateItems, brandNameKey, getBrand, type BrandRecord } from '../brands';
import { ddb } from '../lib/clients/dynamodb';
import { failedConditions, key, table } from '../lib/table';
import { bumpUserCount, userCreateItems, type UserRecord } from '../users';
import { ROLE } from '../../shared/constants';

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

/**
 * Whether an account is a free registration not activated yet (register.ts): pending, the
 * BRAND_ADMIN of a brand made with it (the brand's contact is its address, the same instant).
 * Nothing proved that the registrant holds the mailbox.
 */
export async function unprovenRegistration(user: UserRecord): Promise<BrandRecord | undefined> {
  if (user.status !== 'pending' || !user.brand || !user.roles.some((r) => r.name === ROLE.BRAND_ADMIN)) return undefined;
  const brand = await getBrand(user.brand);
  return brand && brand.contact?.email?.toLowerCase() === user.email.toLowerCase() && brand.createdAt === user.createdAt ? brand : undefined;
}

/**
 * ONE TransactWrite undoing a registration never activated (createBrandWithAdmin): Delete USER#id
 * (only while still pending and of that brand) + EMAIL#email (if still its) + BRAND#id + its
 * SLUG#BRAND# and BRANDNAME# reservations (if still the brand's), then the count. false: it was
 * activated or changed meanwhile, nothing removed. Its activation link then finds no user (410).
 */
export async function removeUnprovenRegistration(user: UserRecord, brand: BrandRecord): Promise<boolean> {
  const owned = { ConditionExpression: 'attribute_not_exists(pk) OR brandId = :b', ExpressionAttributeValues: { ':b': brand._id } };
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: table.name, Key: key.user(user._id), ConditionExpression: '#s = :pending AND brand = :b', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':pending': 'pending', ':b': brand._id } } },
          { Delete: { TableName: table.name, Key: key.email(user.email), ConditionExpression: 'attribute_not_exists(pk) OR userId = :id', ExpressionAttributeValues: { ':id': user._id } } },
          { Delete: { TableName: table.name, Key: key.brand(brand._id) } },
          { Delete: { TableName: table.name, Key: key.slug('BRAND', brand.slug), ...owned } },
          { Delete: { TableName: table.name, Key: key.brandName(brandNameKey(brand.name)), ...owned } },
        ],
      }),
    );
  } catch (e) {
    if (failedConditions(e)?.length) return false;
    throw e;
  }
  await bumpUserCount(-1);
  return true;
}
