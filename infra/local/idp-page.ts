/**
 * The local identity providers' own pages (infra/local/oidc-idp.ts, infra/local/saml-idp.ts): a
 * small sign-in card in the provider's colour, and reading a posted body. Local only.
 */
import type http from 'node:http';

export const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page of the provider: `accent` its button colour, `background` the page's. */
export function idpPage(title: string, body: string, colours: { accent: string; background: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>
  body{margin:0;font:16px/1.5 system-ui,sans-serif;background:${colours.background};color:#1f2a44}
  main{max-width:24rem;margin:3rem auto;padding:2rem 1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002}
  h1{font-size:1.35rem;margin:0 0 .25rem} p{margin:.25rem 0 1rem;color:#3b4459}
  label{display:block;font-weight:600;margin:.75rem 0 .25rem}
  input{box-sizing:border-box;width:100%;padding:.6rem;border:1px solid #6b7280;border-radius:4px;font:inherit}
  button{margin-top:1.25rem;width:100%;padding:.7rem;border:0;border-radius:4px;background:${colours.accent};color:#fff;font:inherit;font-weight:600;cursor:pointer}
  .error{color:#9b1c1c;font-weight:600} small{display:block;margin-top:1rem;color:#4b5563}
</style></head><body><main>${body}</main></body></html>`;
}

/** A request's body as text. */
export async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
