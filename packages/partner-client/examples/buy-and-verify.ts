/**
 * A partner's first program: price and check an eSIM with a dry run, buy it with an
 * Idempotency-Key, print its QR's LPA string, then receive webhooks and check their signatures.
 *
 *   PARTNER_API_KEY=esk_live_... BASE_URL=http://localhost:8080 npx tsx packages/partner-client/examples/buy-and-verify.ts
 *
 * Optional: PACKAGE_ID (else the first package of the price list, COUNTRY to narrow it, e.g. US),
 * WEBHOOK_SECRET (the endpoint's secret; two separated by a comma while rotating), WEBHOOK_PORT
 * (default 4545). Without WEBHOOK_SECRET the receiver checks one delivery it signs itself.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createPartnerClient, verifyWebhookSignature, webhookSignatureHeader } from '../src/index';

const apiKey = process.env.PARTNER_API_KEY;
if (!apiKey) {
  console.error('Set PARTNER_API_KEY to an API key with the "order" scope (back office: API keys).');
  process.exit(1);
}
const baseUrl = process.env.BASE_URL ?? 'http://localhost:8080';
const client = createPartnerClient({ baseUrl, apiKey, locale: 'en' });

async function pickPackage(): Promise<string> {
  if (process.env.PACKAGE_ID) return process.env.PACKAGE_ID;
  const { data, error } = await client.GET('/api/user/packages', {
    params: { query: { limit: 1, ...(process.env.COUNTRY ? { country: process.env.COUNTRY } : {}) } },
  });
  if (!data) throw new Error(`price list: ${JSON.stringify(error)}`);
  const first = data.data[0];
  if (!first) throw new Error('the price list is empty');
  console.log(`package: ${first.name} (${first.code}), your price €${first.price.toFixed(2)}`);
  return first.id;
}

async function buy(packageId: string): Promise<void> {
  const quoted = await client.POST('/api/user/packages/buy', { body: { package_id: packageId, dry_run: true } });
  if (!quoted.data) throw new Error(`dry run: ${JSON.stringify(quoted.error)}`);
  const quote = quoted.data.data as {
    total_cents: number;
    available: boolean;
    reasons: Array<{ message: string }>;
    balance_after_cents: number;
  };
  console.log(
    `dry run: €${(quote.total_cents / 100).toFixed(2)}, ${quote.available ? 'can be bought' : 'cannot be bought'}` +
      `, balance after €${(quote.balance_after_cents / 100).toFixed(2)}`,
  );
  for (const reason of quote.reasons) console.log(`  - ${reason.message}`);
  if (!quote.available) process.exit(2);

  // One key per purchase, kept until it has an answer: sending it again after a timeout never buys twice.
  const key = randomUUID();
  const bought = await client.POST('/api/user/packages/buy', {
    headers: { 'idempotency-key': key },
    body: { package_id: packageId, quantity: 1 },
  });
  if (!bought.data) throw new Error(`buy: ${JSON.stringify(bought.error)}`);
  let order = bought.data.data as {
    id: string;
    order_number: string;
    status: string;
    esims: Array<{ iccid: string; activation_code: string | null }>;
  };
  // 202: a supplier is still preparing the eSIM; the order is read again until it has it.
  for (let i = 0; i < 30 && order.status !== 'completed' && order.status !== 'failed'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const read = await client.GET('/api/user/esim/orders/{id}', { params: { path: { id: order.id } } });
    if (read.data) order = read.data.data;
  }
  console.log(`order ${order.order_number}: ${order.status}`);
  for (const esim of order.esims) console.log(`  ${esim.iccid}  ${esim.activation_code}`);
}

function receiveWebhooks(): Promise<void> {
  const port = Number(process.env.WEBHOOK_PORT ?? 4545);
  const given = process.env.WEBHOOK_SECRET?.split(',').map((secret) => secret.trim());
  const secrets = given ?? [`whsec_example_${randomUUID()}`];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // The raw bytes are what was signed: parse the JSON only after the check.
      const body = Buffer.concat(chunks);
      const verdict = verifyWebhookSignature({ header: request.headers['esim-signature'], body, secrets });
      if (!verdict.ok) {
        console.log(`webhook refused: ${verdict.reason}`);
        response.writeHead(400).end();
        return;
      }
      const event = JSON.parse(body.toString('utf8')) as { id: string; type: string };
      console.log(`webhook verified: ${event.type} (${event.id})`);
      response.writeHead(200).end();
    });
  });
  return new Promise((resolve) => {
    server.listen(port, async () => {
      console.log(`receiving webhooks on http://localhost:${port}/`);
      if (given) return resolve();
      // No endpoint secret given: one delivery signed here shows the check at work, then the receiver stops.
      const body = JSON.stringify({ id: randomUUID(), type: 'esim.order.completed', version: 1, data: {} });
      const header = webhookSignatureHeader(secrets, Math.floor(Date.now() / 1000), body);
      await fetch(`http://localhost:${port}/`, { method: 'POST', headers: { 'esim-signature': header }, body });
      server.close(() => resolve());
    });
  });
}

await buy(await pickPackage());
await receiveWebhooks();
