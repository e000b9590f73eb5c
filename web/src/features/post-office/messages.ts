/** The post office's literal texts (001 §2, §7, §8): declared in shared/messages/post-office.ts, the functions' too. */
export { PO_MSG } from '@shared/messages';
