/**
 * Texts of the admin Retailer List (001 §2, §5): the spec gives only 'Confirm Deletion ?' and the
 * name length (§9: 2 to 100, with the add-user form's 'Too Short!' / 'Too Long!'); the rest is
 * ours (docs/decisions.md "Retailer List").
 */
export const RETAILER_MSG = {
  // 001 §5.
  deleteConfirm: 'Confirm Deletion ?',
  // 001 §9 lengths, with the messages of the add-user form (001 §5).
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  // Ours.
  nameRequired: 'Retailer Name Required',
  nameNoLetter: 'The name needs at least one letter or digit.',
  nameControl: 'The name cannot contain control characters.',
  optIdRequired: 'Opt ID Required',
  optIdInvalid: 'Opt ID may contain only letters, digits, dots, hyphens and underscores (at most 64).',
  slugRequired: 'Slug Required',
  slugInvalid: "Slug may contain only lower-case letters a-z, digits and single hyphens between them (it names the robots' drop folder).",
  slugReserved: (slug: string) => `The slug "${slug}" is reserved. Choose another.`,
  websiteRequired: 'Website Required',
  websiteInvalid: 'Please enter a valid website address starting with http:// or https://',
  nameTaken: 'A retailer with this name already exists.',
  optIdTaken: (optId: string) => `The Opt ID "${optId}" belongs to another retailer.`,
  slugTaken: (slug: string) => `The slug "${slug}" belongs to another retailer.`,
  slugLocked: (slug: string) =>
    `The slug cannot change: robot files were already dropped in the folder "${slug}". Robots would keep dropping there and their files would no longer find this retailer.`,
  notFound: 'Retailer not found.',
  changedMeanwhile: 'The retailer was changed or deleted meanwhile. Reload and try again.',
  inUse: (name: string, reasons: string[]) => `${name} cannot be deleted: ${reasons.join('; ')}. Deleting it would orphan that history.`,
  inUseFiles: 'robot files were dropped for it',
  inUseBrands: (brands: string[], more: number) => `${brands.join(', ')}${more ? ` and ${more} more brand${more === 1 ? '' : 's'}` : ''} list${brands.length + more === 1 ? 's' : ''} it among their allowed retailers`,
  inUseData: 'brands hold scan periods or contacts of it',
  added: 'Retailer added successfully.',
  updated: 'Retailer updated successfully.',
  deleted: 'Retailer deleted successfully.',
  empty: 'No retailers yet.',
} as const;
