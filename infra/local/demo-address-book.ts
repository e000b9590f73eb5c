/**
 * The Address Book and EMAIL HISTORY of the demo brand (issue 9): a few contacts for Maison
 * Aurelle's retailers (through the repo function the Add Contact call uses: counts kept on write)
 * and a few emails in the history of two of them (through the function the contact form records
 * with). Orchard Row (products, no contacts) and Vellani Fine Goods are left without contacts: the
 * contact form's empty-To text shows there. Written once: a marker item says it was done, so a
 * contact the demo user deletes is not brought back by the next `npm start`.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { putContact } from '../../functions/address-book/contacts.repo';
import { recordEmail } from '../../functions/contact/email-history.repo';
import { ddb } from '../../functions/lib/clients/dynamodb';
import { table } from '../../functions/lib/table';
import { scanInfoIdOf } from '../../functions/scrapings/domain/ids';
import type { DemoCalendar } from './demo-calendar';

const BRAND = 'brand-maison-aurelle';
const MARKER = { pk: 'DEMO#address-book', sk: 'SEEDED' };

/** Retailer → its contacts (first name, last name, email, role). */
export const DEMO_CONTACTS: Record<string, [string, string, string, string][]> = {
  'ret-harrowgate': [
    ['Eleanor', 'Finch', 'eleanor.finch@harrowgate.example', 'Buyer'],
    ['Marcus', 'Hale', 'marcus.hale@harrowgate.example', 'E-commerce Manager'],
    ['Priya', 'Natarajan', 'priya.natarajan@harrowgate.example', 'Merchandiser'],
  ],
  'ret-lumiere': [
    ['Camille', 'Roux', 'camille.roux@lumiere.example', 'Store Manager'],
    ['Hugo', 'Bernard', 'hugo.bernard@lumiere.example', 'Web Editor'],
  ],
  'ret-northbay': [
    ['Grace', 'Thornton', 'grace.thornton@northbay.example', 'Buyer'],
    ['Owen', 'McKay', 'owen.mckay@northbay.example', 'Digital Director'],
  ],
  'ret-saint-clair': [['Sofia', 'Marchetti', 'sofia.marchetti@saintclair.example', 'Owner']],
};

/** Emails already sent (EMAIL HISTORY): fixed ids (a second run writes nothing), sent `daysAgo` before the day the demo was made at `time` UTC. */
export const DEMO_EMAILS = [
  {
    _id: 'demo-email-hf-1',
    retailer: 'ret-harrowgate',
    daysAgo: 45,
    time: '09:15',
    subject: 'Issues found on the Harrowgate & Finch website',
    to: ['eleanor.finch@harrowgate.example'],
    products: [],
    source: 'product',
    html: '<p>Dear Eleanor,</p><p>During our latest audit we noticed that <strong>three Maison Aurelle products</strong> are shown below the brand price list. Could you please update them?</p><ul><li>Rivoli Tote</li><li>Marais Card Holder</li><li>Opéra Belt</li></ul><p>Kind regards,<br>Béatrice Marchand</p>',
  },
  {
    _id: 'demo-email-hf-2',
    retailer: 'ret-harrowgate',
    daysAgo: 17,
    time: '15:40',
    subject: 'Issue found on the Harrowgate & Finch website',
    to: ['marcus.hale@harrowgate.example'],
    products: [],
    source: 'brand',
    html: '<p>Hello Marcus,</p><p>The Maison Aurelle brand page still shows the <em>old logo</em>. The new logo is available from our press kit.</p><p>Thank you,<br>Béatrice Marchand</p>',
  },
  {
    _id: 'demo-email-lb-1',
    retailer: 'ret-lumiere',
    daysAgo: 31,
    time: '11:05',
    subject: 'Issue found on the Lumière Boutique website',
    to: ['camille.roux@lumiere.example'],
    products: [],
    source: 'product',
    html: '<p>Bonjour Camille,</p><p>The <strong>Rivoli Tote</strong> is listed with an old season campaign image. Could you replace it with the current one?</p><p>Merci,<br>Béatrice Marchand</p>',
  },
];

export async function seedAddressBook(calendar: Pick<DemoCalendar, 'today'>, log: (m: string) => void = () => undefined): Promise<{ contacts: number; emails: number }> {
  const done = await ddb.send(new GetCommand({ TableName: table.name, Key: MARKER, ConsistentRead: true }));
  if (done.Item) return { contacts: 0, emails: 0 };
  let contacts = 0;
  for (const [retailer, list] of Object.entries(DEMO_CONTACTS)) {
    for (const [firstName, lastName, email, role] of list) {
      const out = await putContact({ firstName, lastName, email, role, brand: BRAND, retailer, createdBy: 'user-brandadmin' }, 'ignore');
      if (out.outcome === 'created') contacts++;
    }
  }
  for (const e of DEMO_EMAILS) {
    await recordEmail({
      _id: e._id,
      subject: e.subject,
      createdAt: new Date(Date.parse(`${calendar.today}T${e.time}:00Z`) - e.daysAgo * 86_400_000).toISOString(),
      htmlResponse: e.html,
      brand: BRAND,
      retailer: e.retailer,
      retailerBrandScraping: scanInfoIdOf(BRAND, e.retailer),
      sentBy: 'user-brandadmin',
      to: e.to,
      cc: ['brand@maison-aurelle.example'],
      bcc: ['audit@maison-aurelle.example'],
      source: e.source,
      products: e.products,
      attachments: [],
    });
  }
  await ddb.send(new PutCommand({ TableName: table.name, Item: { ...MARKER, entity: 'DemoMarker', at: new Date().toISOString() } }));
  log(`Address book demo data: ${contacts} contact(s), ${DEMO_EMAILS.length} email(s) in the history.`);
  return { contacts, emails: DEMO_EMAILS.length };
}
