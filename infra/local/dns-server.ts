/**
 * The local authoritative DNS server (issue 36): what a brand's domain's DNS is in AWS, for
 * `npm start` and the test stack. `dns2` over UDP on 127.0.0.1 answers TXT questions from the
 * records it holds (NXDOMAIN for a name it has none of, as a real zone does), authoritatively; the
 * functions' resolver is pointed at it by DNS_SERVERS (functions/sso/dns.ts), so domain
 * verification runs the code path AWS runs. A small HTTP control endpoint on 127.0.0.1 publishes
 * and removes records (the tests, `npm run dns`): `GET /records`, `POST /records` `{ name, value }`,
 * `DELETE /records` `{ name, value? }` (no value: every value of the name). Under `npm start` the
 * records are kept in the data folder (`dns-records.json`), so a second start answers the same.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import dns2 from 'dns2';

const { Packet } = dns2;

export interface LocalDns {
  /** `127.0.0.1:<port>`: what DNS_SERVERS names. */
  server: string;
  /** The control endpoint, `http://127.0.0.1:<port>`. */
  controlUrl: string;
  set(name: string, value: string): void;
  remove(name: string, value?: string): void;
  stop(): Promise<void>;
}

const norm = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

export async function startLocalDns(opts: { port: number; controlPort: number; file?: string; log?: (m: string) => void }): Promise<LocalDns> {
  const records = new Map<string, string[]>(opts.file && existsSync(opts.file) ? Object.entries(JSON.parse(readFileSync(opts.file, 'utf8')) as Record<string, string[]>) : []);
  const save = () => opts.file && writeFileSync(opts.file, JSON.stringify(Object.fromEntries(records), null, 2));
  const set = (name: string, value: string) => {
    const n = norm(name);
    const values = records.get(n) ?? [];
    if (!values.includes(value)) records.set(n, [...values, value]);
    save();
  };
  const remove = (name: string, value?: string) => {
    const n = norm(name);
    const values = (records.get(n) ?? []).filter((v) => value !== undefined && v !== value);
    if (values.length) records.set(n, values);
    else records.delete(n);
    save();
  };

  const dns = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      response.header.aa = 1;
      const [question] = request.questions;
      const values = question ? records.get(norm(question.name)) : undefined;
      if (!question || request.errors.length) response.header.rcode = Packet.RCODE.FORMERR;
      else if (!values) response.header.rcode = Packet.RCODE.NXDOMAIN;
      else if (question.type === Packet.TYPE.TXT)
        for (const data of values) response.answers.push(Packet.createResourceFromQuestion(question, { type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data }));
      send(response);
    },
  });
  await dns.listen({ udp: { port: opts.port, address: '127.0.0.1' } });

  const control = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const answer = (status: number, out: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(out));
      };
      if (new URL(req.url ?? '/', 'http://x').pathname !== '/records') return answer(404, { message: 'Not found: /records only.' });
      if (req.method === 'GET') return answer(200, Object.fromEntries(records));
      let parsed: { name?: unknown; value?: unknown };
      try {
        parsed = JSON.parse(body || '{}') as typeof parsed;
      } catch {
        return answer(400, { message: 'A JSON body: { name, value }.' });
      }
      if (typeof parsed.name !== 'string' || !parsed.name.trim()) return answer(400, { message: 'name: the record name, like _retailer-audit-verification.example.com.' });
      if (req.method === 'POST') {
        if (typeof parsed.value !== 'string' || !parsed.value || Buffer.byteLength(parsed.value) > 255) return answer(400, { message: 'value: the TXT value, 1 to 255 bytes.' });
        set(parsed.name, parsed.value);
        return answer(201, { name: norm(parsed.name), values: records.get(norm(parsed.name)) });
      }
      if (req.method === 'DELETE') {
        remove(parsed.name, typeof parsed.value === 'string' ? parsed.value : undefined);
        return answer(200, { name: norm(parsed.name), values: records.get(norm(parsed.name)) ?? [] });
      }
      return answer(405, { message: 'GET, POST or DELETE.' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    control.once('error', reject);
    control.listen(opts.controlPort, '127.0.0.1', () => resolve());
  });
  opts.log?.(`Local DNS server 127.0.0.1:${opts.port} (control http://127.0.0.1:${opts.controlPort}), ${records.size} name(s).`);
  return {
    server: `127.0.0.1:${opts.port}`,
    controlUrl: `http://127.0.0.1:${opts.controlPort}`,
    set,
    remove,
    stop: async () => {
      await new Promise<void>((r) => control.close(() => r()));
      await dns.close();
    },
  };
}
