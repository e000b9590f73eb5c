/**
 * The import call of step 3 (POST /addressBook/import/{brandId}) with its progress read every half
 * second until it answers (the import's id names it); the spec's toast and the lists read again.
 */
import { useEffect, useRef, useState } from 'react';
import type { ImportRules } from '@shared/schemas/contacts-import';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { importContacts, importProgress, useRevalidateContactsIo, type ImportAnswer } from '../api/contacts-io';

export interface ImportInput {
  file: File;
  rules: ImportRules;
  flag: 'ignore' | 'update';
  /** The file's contacts: the progress's total until the first read. */
  count: number;
}

export function useImportRun(brandId: string, onImported: (answer: ImportAnswer) => void) {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const revalidate = useRevalidateContactsIo();
  const running = useRef<string | null>(null);
  useEffect(() => () => void (running.current = null), []);

  const poll = async (importId: string) => {
    while (running.current === importId) {
      await new Promise((r) => setTimeout(r, 500));
      if (running.current !== importId) return;
      try {
        const p = await importProgress(brandId, importId);
        if (running.current === importId) setProgress({ done: p.data.done, total: p.data.total });
      } catch {
        /* not claimed yet */
      }
    }
  };

  const run = async ({ file, rules, flag, count }: ImportInput) => {
    const importId = crypto.randomUUID();
    setBusy(true);
    setProgress({ done: 0, total: count });
    running.current = importId;
    void poll(importId);
    try {
      const res = await importContacts(brandId, { file, rules, flag, importId });
      notify.success(res.message);
      onImported(res);
      void revalidate();
    } catch (e) {
      handleError(e);
    } finally {
      running.current = null;
      setBusy(false);
    }
  };

  return { run, busy, progress: busy ? progress : null };
}
