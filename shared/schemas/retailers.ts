/** Retailers (000 §3, §7): shared/types.ts derives Retailer from these. */
import * as z from 'zod';

export const retailer = z.object({ _id: z.string(), name: z.string(), optId: z.string(), slug: z.string(), website: z.string() });
/** GET /retailers: every retailer, sorted by name. */
export const listRetailersResponse = z.object({ data: z.array(retailer) });
