import { escalatingBrands } from '../cases';

/** The brands whose overdue cases the daily check escalates (their case settings: draft or send). */
export async function escalatingBrandIds(): Promise<string[]> {
  const ids: string[] = [];
  for await (const page of escalatingBrands()) ids.push(...page.filter((s) => s.escalation !== 'off').map((s) => s.brand));
  return ids;
}
