/**
 * The Terms & Conditions of the service (001 §2: full terms; web data archived after four weeks
 * and deleted after six months). Plain, product-specific language.
 */
export const TERMS_UPDATED = 'January 5, 2026';

export function TermsContent() {
  return (
    <div className="terms">
      <p className="terms__lead">
        These Terms &amp; Conditions govern your use of the Retailer Audit dashboard (the “Service”), a tool that lets brands monitor how
        authorised retailers present their products and brand content online. By selecting “I Accept” or by using the Service you agree to
        these terms on behalf of yourself and of the brand that gave you access.
      </p>

      <h2>1. The Service</h2>
      <p>
        The Service collects publicly available information from retailer websites (product pages, prices, images, brand landing pages and
        menus) at scheduled intervals, compares each scan with the previous one, and presents the results to the brand: product counts,
        changes, price differences, flagged items and the dates of the last and next scans. It also lets you contact retailers, keep an
        address book of retailer contacts, compare retailer listings with your on-hand inventory and export reports.
      </p>

      <h2>2. Accounts and access</h2>
      <ul>
        <li>Accounts are personal. Do not share your password; you are responsible for activity under your account.</li>
        <li>
          Your brand’s administrators decide who has access and which retailers each user may see. Access ends when your account is removed
          or your brand’s subscription ends.
        </li>
        <li>Tell us without delay if you suspect that your account has been used without your permission.</li>
        <li>After repeated failed sign-in attempts an account is locked for a short time to protect it.</li>
      </ul>

      <h2>3. Acceptable use</h2>
      <p>You agree not to:</p>
      <ul>
        <li>use the Service to harass retailers or their staff, or send them unsolicited bulk messages;</li>
        <li>attempt to reach data of another brand, probe or disrupt the Service, or get around its access controls;</li>
        <li>resell, publish or redistribute the collected data outside your organisation without our written consent;</li>
        <li>upload files that contain malware, or personal data you have no right to share.</li>
      </ul>

      <h2>4. Messages to retailers</h2>
      <p>
        Emails you send to retailer contacts from the Service are sent on behalf of your brand and are your responsibility. Keep them accurate
        and professional. A copy of each message is kept in the retailer’s email history so your team can follow up.
      </p>

      <h2>5. Data we collect from the web</h2>
      <p>
        Scan results are gathered from pages that retailers publish openly. They are a snapshot of what a page showed at the time of the scan
        and may be incomplete or out of date; verify findings with the retailer before you act on them.
      </p>

      <h2>6. Retention of data</h2>
      <ul>
        <li>
          <strong>Web data collected by the Service is archived after four weeks and deleted after six months.</strong> Archived data is kept
          in lower-cost storage and may take longer to retrieve.
        </li>
        <li>Download links for exports and reports expire seven days after they are created.</li>
        <li>Account data is kept while your account is active and deleted within a reasonable time after it is closed.</li>
      </ul>

      <h2>7. Your data and privacy</h2>
      <p>
        We process the personal data in your account (name, email address, preferences) and in your address book only to provide the
        Service. Data is encrypted in transit and at rest, access is limited to the people who need it, and we do not sell personal data.
        Contacts you import remain your brand’s data; you confirm you may use them to contact retailers about your products.
      </p>

      <h2>8. Availability and changes</h2>
      <p>
        We aim to keep the Service available at all times but do not guarantee uninterrupted access; scans may be delayed when a retailer
        site is unavailable or changes its layout. We may improve or change features. When these terms change in a material way we will ask
        you to accept them again.
      </p>

      <h2>9. Liability</h2>
      <p>
        The Service is provided to support your own review of retailer websites. To the extent permitted by law we are not liable for
        decisions taken on the basis of scan results, or for indirect or consequential loss. Nothing in these terms limits liability that
        cannot be limited by law.
      </p>

      <h2>10. Contact</h2>
      <p>
        Questions about these terms or about your data can be sent through the Contact button at the bottom of every dashboard page, or to
        your brand’s account administrator.
      </p>

      <p className="terms__updated">Last updated: {TERMS_UPDATED}</p>
    </div>
  );
}
