/** Literal texts of the product-scraping, summary, on-hand and basket calls and screens (the spec's where it has one). */
export const SCRAPING_MSG = {
  brandSkuUpdated: 'Brand Sku updated successfully.',
  selectBrandSku: 'Please select brand sku.',
  mapIdUpdated: 'Map id updated successfully.',
  itemNotFound: 'item not found',
  periodNotFound: 'Scan period not found.',
  productNotFound: 'Product not found.',
  brandNotFound: 'Brand not found.',
  retailerNotFound: 'Retailer not found.',
  userNotFound: 'User not found.',
  removedProduct: 'A removed product cannot be edited.',
  /** 001 §8: a serial of another retailer is reported "with retailer id and name". */
  otherRetailer: (serialNo: string, retailerId: string, retailerName: string) =>
    `SerialNo: ${serialNo} | belongs to another retailer: ${retailerId} (${retailerName}).`,
  /** The same, to a User restricted to other retailers: no id, no name (issue 6 §7). */
  otherRetailerHidden: (serialNo: string) => `SerialNo: ${serialNo} | belongs to another retailer.`,
  productFlagged: 'Product flagged successfully.',
  productUnflagged: 'Product Unflagged successfully.',
  brandFlagged: 'Brand flagged successfully.',
  brandUnflagged: 'Brand Unflagged successfully.',
  selectAtLeastOne: 'Please select at least one field.',
  requiredField: 'This is required field',
  removedProductFlag: 'A removed product cannot be flagged.',
  scanInfoNotFound: 'Retailer scan info not found.',
  successfullyUpdated: 'Successfully updated',
  allBasketsCleared: 'All Baskets Cleared',
} as const;
