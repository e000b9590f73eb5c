import { escalatingBrands } from '../cases';

/** The brands whose overdue cases the daily check escalates (their case settings: draft or send). */
export async function escalatingBrandIds(): Promise<string[]> {
  const ids: string[] = [];
  for await (const page of escalatingBrands()) ids.push(...page.map((s) => s.brand)); // the index holds a brand only while it escalates (settings.repo.ts)
  return ids;
}
