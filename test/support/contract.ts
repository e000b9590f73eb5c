/** Checking an answer against its route's response schema (shared/routes/responses.ts), every object strict. */
import { expect } from 'vitest';
import * as z from 'zod';
import type { RouteId } from '../../shared/routes';
import { responses } from '../../shared/routes/responses';

/** The schema with every object strict, so an extra field the contract does not name fails too. */
export function strict(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) return z.strictObject(Object.fromEntries(Object.entries(schema.shape).map(([k, v]) => [k, strict(v as z.ZodType)])));
  if (schema instanceof z.ZodArray) return z.array(strict(schema.element as z.ZodType));
  if (schema instanceof z.ZodUnion) return z.union((schema.options as z.ZodType[]).map(strict) as [z.ZodType, z.ZodType]);
  if (schema instanceof z.ZodNullable) return strict(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional) return strict(schema.unwrap() as z.ZodType).optional();
  return schema;
}

/** `body` matches route `id`'s response schema, strictly; the first five issues otherwise. */
export function expectContract(id: RouteId & keyof typeof responses, body: unknown): void {
  const result = strict(responses[id]).safeParse(body);
  expect(result.success ? [] : result.error.issues.slice(0, 5), id).toEqual([]);
}
