/** Literal texts of the retailer view and the product page (000 §2, §5, §8; 001 §2, §8). */
export const RV_MSG = {
  noProducts: 'No product(s) found!',
  itemsFound: (n: number) => `${n.toLocaleString('en-US')} Items Found`,
  searchPlaceholder: 'Type to search ...',
  mapIdPlaceholder: 'Enter map id...',
  selectBrandSku: 'Please select brand sku.',
  withoutProducts: 'This Retailer does not feature any product pages or a module on their website',
  withModule: (brand: string) => `This Retailer uses a Module to display ${brand} items on their website`,
  comparedTo: 'Compared to',
  productHeading: (product: string, retailer: string) => `Details for ${product} on ${retailer}`,
  retailerNotFound: 'This retailer is not available.',
  periodNotFound: 'This scan period is not available.',
  productNotFound: 'This product is not available.',
  selectAtLeastOne: 'Please select at least one field.',
  requiredField: 'This is required field',
  unflagProduct: 'Are you sure you want to un flag this product ?',
  unflagBrand: 'Are you sure you want to un flag this brand ?',
} as const;

/** The retailer-type badge (001 §2): shown for the three types other than plain product pages. */
export const WEBSITE_TYPE_LABEL: Record<string, string | undefined> = {
  retailerWithoutProducts: 'Without Products',
  retailerWithModule: 'Module',
  retailerWithProductsandModule: 'Products & Module',
};
