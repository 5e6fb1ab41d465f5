import { getDb } from '@/lib/server/db/client';
import { route } from '@/lib/server/http/handler';
import { ok } from '@/lib/server/http/respond';
import { listReceipts } from '@/lib/server/payments/receipts';
import { pageQuerySchema } from '@/lib/contracts/payments';

export const dynamic = 'force-dynamic';

// GET api/client/payments/receipts?page=&size= – the token's user's paid payments, newest first: data [receipt], pagination {currentPage, pageSize, totalItems, totalPages}.
export const GET = route({ query: pageQuerySchema, auth: 'required' }, async ({ query, user }) => {
  const { data, pagination } = await listReceipts(await getDb(), user.id, query.page, query.size);
  return ok('Receipts', { data, pagination });
});
