/** The emails of single sign-on (issue 36). */
import { escapeHtml, layout, type EmailContent } from './html';

/** The daily re-check: a verified domain's TXT record is gone, so the domain stopped signing people in with the brand's SSO. */
export function ssoDomainsLostEmail(v: { firstName: string; brand: string; domains: { domain: string; name: string; value: string }[]; link: string }): EmailContent {
  const list = v.domains.map((d) => `<li><strong>${escapeHtml(d.domain)}</strong>: publish the TXT record <code>${escapeHtml(d.name)}</code> with the value <code>${escapeHtml(d.value)}</code></li>`).join('');
  const names = v.domains.map((d) => d.domain).join(', ');
  return {
    subject: `Single sign-on of ${v.brand}: ${names} ${v.domains.length === 1 ? 'is' : 'are'} no longer verified`,
    html: layout(
      'A single sign-on domain is no longer verified',
      `<p>Hello ${escapeHtml(v.firstName)},</p>
<p>The daily check no longer finds the DNS record that proves ${escapeHtml(v.brand)} owns ${escapeHtml(names)}. Until it is published again, people of ${v.domains.length === 1 ? 'this domain' : 'these domains'} sign in with a password, not with your single sign-on.</p>
<ul>${list}</ul>
<p>Then choose "Check now" in <a href="${escapeHtml(v.link)}">Settings › Single sign-on</a>. If you no longer use ${v.domains.length === 1 ? 'this domain' : 'these domains'}, remove ${v.domains.length === 1 ? 'it' : 'them'} there.</p>`,
    ),
  };
}
