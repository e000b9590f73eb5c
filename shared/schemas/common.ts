import * as z from 'zod';
import { PAGE } from '../constants';

/** Identifiers are URL-safe strings we generate (ULID-like); reject anything else early. */
export const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid id.');

/**
 * `page`/`limit` as the web sends them in a query string: a number in the web's code, a string on
 * the wire (so the input type, what the web's `api()` and `z.input` of a query take, is that, not
 * `unknown`).
 */
export const paging = {
  page: z.coerce.number<number | string>().int().min(1).default(1),
  limit: z.coerce.number<number | string>().int().min(1).max(PAGE.maxLimit).default(PAGE.defaultLimit),
};

/** `field;asc|desc` sort of the spec. */
export const sortParam = z
  .string()
  .regex(/^[A-Za-z_.]+;(asc|desc)$/, 'Sort must look like field;asc or field;desc.');

export function parseSort(sort: string | undefined, fallback: string): { field: string; dir: 1 | -1 } {
  const [field = 'name', dir = 'asc'] = (sort ?? fallback).split(';');
  return { field, dir: dir === 'desc' ? -1 : 1 };
}

/** A file as the multipart parser gives it. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  content: Uint8Array;
  truncated?: boolean;
}

/** One uploaded file (what the multipart parser gives); `message` when the value is anything else. */
export const uploadedFile = (message = 'file[] must be files.') =>
  z.custom<UploadedFile>((v) => typeof v === 'object' && v !== null && typeof (v as UploadedFile).filename === 'string' && (v as UploadedFile).content instanceof Uint8Array, { message });

/** A repeatable file field (`file` or `file[]`): none, one or several, always a list. */
export const fileList = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(uploadedFile()));
