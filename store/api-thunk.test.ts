import { configureStore, createSlice } from '@reduxjs/toolkit';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiThunk, countInFlight, defineRequest, EnvelopeError, failureOf, idleRequest, ok, trackRequest, type RequestState } from './api-thunk';

vi.mock('@/lib/storage', async (importOriginal) => ({ ...(await importOriginal<object>()), clearAll: vi.fn() }));
const { clearAll } = await import('@/lib/storage');

/** An error answer of the backend as axios hands it over. */
function answered(status: number, body: unknown) {
  const headers = new AxiosHeaders();
  return new AxiosError('Request failed', 'ERR_BAD_RESPONSE', { headers }, null, { status, statusText: '', data: body, headers, config: { headers } });
}

afterEach(() => vi.clearAllMocks());

describe('the envelope', () => {
  it('answers a `status: true` answer, and refuses `status: false` or one without what the call promises', () => {
    expect(ok({ status: true, data: [1] })).toEqual({ status: true, data: [1] });
    expect(() => ok({ status: false, message: 'No such plan', code: 'E_NOT_FOUND' })).toThrow(EnvelopeError);
    expect(() => ok({ status: true, data: null }, (r) => Array.isArray(r.data))).toThrow(EnvelopeError);
    expect(() => ok(undefined)).toThrow(EnvelopeError);
  });
});

describe('spec §8: generic response handling', () => {
  it("a negative envelope: its message (else the call's fallback) and its code, nothing to toast", () => {
    let error: unknown;
    try {
      ok({ status: false, message: 'No such plan', code: 'E_NOT_FOUND' });
    } catch (e) {
      error = e;
    }
    expect(failureOf(error, 'Failed')).toMatchObject({ message: 'No such plan', code: 'E_NOT_FOUND', messages: [], httpStatus: undefined });
    expect(failureOf(new EnvelopeError('', null), 'Failed').message).toBe('Failed');
  });

  it("an error answer: the server's message (one per array entry), its status and code", () => {
    expect(failureOf(answered(429, { status: false, message: 'Too many requests', code: 'E_RATE_LIMITED' }), 'Failed')).toMatchObject({
      message: 'Too many requests',
      messages: ['Too many requests'],
      httpStatus: 429,
      code: 'E_RATE_LIMITED',
      unanswered: false,
    });
    expect(failureOf(answered(400, { message: ['Name is required', 'Email is invalid'] }), 'Failed')).toMatchObject({
      message: 'Name is required',
      messages: ['Name is required', 'Email is invalid'],
    });
  });

  it("a 5xx without a message: the call's fallback, and 'Something went wrong!' to show", () => {
    expect(failureOf(answered(502, ''), 'Failed to load coin plans')).toMatchObject({ message: 'Failed to load coin plans', messages: ['Something went wrong!'], httpStatus: 502 });
  });

  it("no answer at all (network): 'An unexpected error occurred.', and the session is kept", () => {
    expect(failureOf(new AxiosError('Network Error', 'ERR_NETWORK'), 'Failed')).toMatchObject({ message: 'An unexpected error occurred.', unanswered: true, httpStatus: undefined });
    expect(clearAll).not.toHaveBeenCalled();
  });

  it('E_USER_NOT_FOUND and E_UNAUTHORIZED forget everything stored; other codes do not', () => {
    failureOf(answered(401, { message: 'Your session has ended.', code: 'E_UNAUTHENTICATED' }), 'Failed');
    expect(clearAll).not.toHaveBeenCalled();
    failureOf(answered(404, { message: 'User not found.', code: 'E_USER_NOT_FOUND' }), 'Failed');
    failureOf(answered(403, { message: 'Blocked.', code: 'E_UNAUTHORIZED' }), 'Failed');
    expect(clearAll).toHaveBeenCalledTimes(2);
  });

  it('an aborted call is told apart', () => {
    expect(failureOf(new AxiosError('canceled', 'ERR_CANCELED'), 'Failed').canceled).toBe(true);
  });
});

describe('apiThunk and the bookkeeping', () => {
  type TestState = { plans: string[]; request: RequestState; inFlight: number };
  const plansRequest = defineRequest<string[], { fail?: unknown } | void, string, { test: TestState }>('test/fetchPlans');
  const slice = createSlice({
    name: 'test',
    initialState: { plans: [], request: idleRequest(), inFlight: 0 } as TestState,
    reducers: {},
    extraReducers: (builder) => {
      trackRequest(builder, plansRequest, (state) => state.request, 'Failed to load plans');
      builder.addMatcher(plansRequest.fulfilled, (state, action) => {
        state.plans = action.payload;
      });
      countInFlight(builder, [plansRequest]);
    },
  });
  const fetchPlans = apiThunk(
    plansRequest,
    async (arg) => {
      if (arg?.fail) throw arg.fail;
      return ok({ status: true, data: ['p1'] }).data;
    },
    { fallback: 'Failed to load plans', condition: (_, { getState }) => getState().test.request.status !== 'pending' },
  );
  const makeTestStore = () => configureStore({ reducer: { test: slice.reducer } });

  it('pending → loading, fulfilled → its payload and no error', async () => {
    const store = makeTestStore();
    const pending = store.dispatch(fetchPlans());
    expect(store.getState().test).toMatchObject({ request: { status: 'pending', error: null }, inFlight: 1 });
    await pending;
    expect(store.getState().test).toEqual({ plans: ['p1'], request: { status: 'succeeded', error: null }, inFlight: 0 });
  });

  it("rejected → the failure's message; the next call clears it", async () => {
    const store = makeTestStore();
    const result = await store.dispatch(fetchPlans({ fail: answered(500, { message: 'Database down' }) }));
    expect(result.payload).toBe('Database down');
    expect(store.getState().test.request).toEqual({ status: 'failed', error: 'Database down' });
    const next = store.dispatch(fetchPlans());
    expect(store.getState().test.request).toEqual({ status: 'pending', error: null });
    await next;
  });

  it('a call its condition refuses changes nothing (one request at a time)', async () => {
    const store = makeTestStore();
    const first = store.dispatch(fetchPlans());
    const second = await store.dispatch(fetchPlans());
    expect(second.meta).toMatchObject({ requestStatus: 'rejected', condition: true });
    expect(store.getState().test).toMatchObject({ request: { status: 'pending' }, inFlight: 1 });
    await first;
    expect(store.getState().test.inFlight).toBe(0);
  });

  it('`fail` shapes the rejection from the failure and the argument', async () => {
    const typed = apiThunk(
      defineRequest<string, string, { message: string; status?: number }>('test/typed'),
      async () => {
        throw answered(409, { message: 'Already yours' });
      },
      { fallback: 'Failed', fail: ({ message, httpStatus }) => ({ message, status: httpStatus }) },
    );
    const result = await makeTestStore().dispatch(typed('x'));
    expect(result.payload).toEqual({ message: 'Already yours', status: 409 });
  });
});
