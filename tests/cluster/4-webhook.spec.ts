import { expect, test } from '@playwright/test';
import { signUpViewer } from '../e2e/fixtures';
import { apiHeaders, cluster, json, query, signSandboxWebhook } from './cluster-helpers';

/**
 * A payment's webhook reaching either instance fulfils once: the same signed sandbox event is delivered to both
 * instances at once, several times each (a gateway retrying while the balancer spreads the retries). Exactly one
 * delivery fulfils; the viewer has one subscription and one receipt.
 */

test('the same paid webhook sent to both instances at once fulfils once', async ({ request }) => {
  const viewer = await signUpViewer(request);
  const headers = apiHeaders(viewer.token);
  const plans = await json<{ data: { _id: string; subscriptionType: string }[] }>(await request.get('/api/payment/sandbox/subscription/available-plans', { headers }));
  const plan = plans.data.find((p) => p.subscriptionType === 'monthly')!;
  const link = await json<{ pendingPaymentData: { requestId: string; amountCentavos: number; currency: string } }>(
    await request.post('/api/sandbox/subscription/generate-payment-link', {
      headers,
      data: {
        vipPlanId: plan._id,
        userId: viewer.user._id,
        paymentMethod: 'gc',
        billingMode: 'one_time',
        userInfo: { fname: 'Cluster', lname: 'Tester', email: viewer.user.email ?? 'cluster@example.ph', phone: '', mobile: '', dob: '' },
      },
    }),
  );
  const { requestId, amountCentavos, currency } = link.pendingPaymentData;
  const body = JSON.stringify({ id: `evt_cluster_${Date.now().toString(36)}`, type: 'payment.paid', data: { requestId, amount: amountCentavos, currency } });
  const signature = signSandboxWebhook(body);

  const deliveries = cluster.instances.flatMap((instance) =>
    Array.from({ length: 4 }, async () => {
      const res = await fetch(`${instance.url}/api/payments/webhook/sandbox`, { method: 'POST', headers: { 'content-type': 'application/json', 'kilig-signature': signature }, body });
      const answer = (await res.json()) as { data?: { outcome?: string } };
      return { instance: instance.name, status: res.status, outcome: answer.data?.outcome ?? `none (${res.status})` };
    }),
  );
  const answers = await Promise.all(deliveries);
  console.log(`[cluster] webhook deliveries: ${answers.map((a) => `${a.instance}:${a.outcome}`).join(' ')}`);
  expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(200));
  expect(answers.filter((a) => a.outcome === 'fulfilled'), 'fulfilled by exactly one delivery').toHaveLength(1);
  expect(answers.filter((a) => a.outcome !== 'fulfilled').map((a) => a.outcome)).toEqual(Array(answers.length - 1).fill('duplicate'));

  const receipts = await json<{ data: unknown[] }>(await request.get('/api/client/payments/receipts', { headers }));
  expect(receipts.data).toHaveLength(1);
  const subscriptions = await query<{ n: number }>(cluster.databaseUrl, 'select count(*)::int as n from subscriptions where user_id = $1', [viewer.user._id]);
  expect(subscriptions[0].n).toBe(1);
  const events = await query<{ n: number }>(cluster.databaseUrl, 'select count(*)::int as n from webhook_events where provider_event_id = $1', [JSON.parse(body).id]);
  expect(events[0].n).toBe(1);
});
