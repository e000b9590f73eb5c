/**
 * The sample catalogue file (issue 38 §1): what Settings › Catalogue offers to download and
 * docs/robot-files.md "Catalogue" shows. Every column, two markets, a retired product.
 */
export const CATALOG_SAMPLE_CSV = [
  'Brand SKU,Name,Description,Category,Collection,Status,Images,Retired Images,MSRP FR EUR,MSRP US USD',
  'MA-BAG-001,Sac Aurore,"Grained calfskin shoulder bag, gold-tone hardware.",Bags,FW26,active,https://cdn.example.com/ma-bag-001-front.jpg|ma-bag-001-side.jpg,ma-bag-001-2024.jpg,2450,2650',
  'MA-SCF-014,Carré Soleil,Silk twill scarf 90 x 90 cm.,Scarves,SS26,active,https://cdn.example.com/ma-scf-014.jpg,,450,495',
  'MA-BAG-207,Pochette Lune,Evening clutch in satin.,Bags,FW23,retired,https://cdn.example.com/ma-bag-207.jpg,,,',
].join('\n') + '\n';
