import { ledger } from '@/lib/server/coins/history';
import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { pageSchema } from '@/lib/contracts/coins';

export const dynamic = 'force-dynamic';

// GET api/client/coins/ledger?page=&limit= – the token's user's coin movements, newest first: data [{_id, delta, reason, label, reference, balanceAfter, centavos, createdAt, href}], pagination, balance.
export const GET = route({ query: pageSchema, auth: 'required' }, async ({ query, user }) => {
  const { data, pagination, balance } = await ledger(await getDb(), user.id, query.page, query.limit);
  return ok('Coin ledger', { data, pagination, balance });
});
