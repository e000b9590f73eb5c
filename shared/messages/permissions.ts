/**
 * Texts of the admin Permissions look-up (001 §2, §5, §8) and the User Retailer List (001 §2):
 * the spec's labels and messages, then ours (docs/decisions.md "User Retailer List and Permissions").
 */
export const PERMISSIONS_MSG = {
  // 001 §5 / §8.
  selectRetailer: 'Please select retailer.',
  selectBrand: 'Please select brand.',
  // 001 §2 titles and column.
  retailerTitle: 'Brands Retailer Carries',
  brandTitle: 'Retailers that Carry Brand',
  enabledColumn: 'Currently Enabled in Dashboard',
  // Ours.
  yes: 'Yes',
  no: 'No',
  oneOf: 'Send either retailer or brand, not both.',
  retailerNotFound: 'Retailer not found.',
  brandNotFound: 'Brand not found.',
  emptyRetailer: 'No brand carries this retailer.',
  emptyBrand: 'This brand carries no retailer.',
} as const;
