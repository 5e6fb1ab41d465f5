import {
  createAsyncThunk,
  type ActionReducerMapBuilder,
  type AsyncThunk,
  type AsyncThunkOptions,
  type AsyncThunkPayloadCreator,
  type Draft,
} from '@reduxjs/toolkit';
import { errorCode, errorMessages, forgetSessionOn, isApiError, isCanceled } from '@/lib/api/errors';

/**
 * One way to write a thunk that calls the backend: its name and types are declared once as a request (in the slice
 * that stores its outcome), the thunk is made from it by `apiThunk`, and `trackRequest` keeps the `{status, error}`
 * of a request in the slice. The slice never imports its thunks (the thunks import the slice: its state type, its
 * actions, and, for parts added when first used, the injection), so a part's modules form no cycle.
 */

export type RequestStatus = 'idle' | 'pending' | 'succeeded' | 'failed';
/** Where one request stands, and the message of its last failure. */
export type RequestState = { status: RequestStatus; error: string | null };
export const idleRequest = (): RequestState => ({ status: 'idle', error: null });

type Config<State, Rejected> = { state: State; rejectValue: Rejected };
type Thunk<Returned, Arg, Rejected> = AsyncThunk<Returned, Arg, { rejectValue: Rejected }>;
type Guard<T> = (action: unknown) => action is T;

/** A request's name and types, and matchers for its three actions (what a slice reduces). */
export type ApiRequest<Returned, Arg, Rejected, State> = {
  typePrefix: string;
  pending: Guard<ReturnType<Thunk<Returned, Arg, Rejected>['pending']>>;
  fulfilled: Guard<ReturnType<Thunk<Returned, Arg, Rejected>['fulfilled']>>;
  rejected: Guard<ReturnType<Thunk<Returned, Arg, Rejected>['rejected']>>;
  /** Carries the state type the thunk reads to `apiThunk`; never set. */
  readonly state?: State;
};

export function defineRequest<Returned, Arg = void, Rejected = string, State = unknown>(typePrefix: string): ApiRequest<Returned, Arg, Rejected, State> {
  const is = (suffix: string) => (action: unknown) => (action as { type?: unknown } | null)?.type === `${typePrefix}/${suffix}`;
  return { typePrefix, pending: is('pending'), fulfilled: is('fulfilled'), rejected: is('rejected') } as ApiRequest<Returned, Arg, Rejected, State>;
}

/** A negative answer in the envelope (`status: false`), or one without what the call promises. */
export class EnvelopeError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

type Envelope = { status?: unknown; message?: unknown; code?: unknown };

/** The answer when its envelope says `status: true` (and `valid` agrees); otherwise an EnvelopeError with its message. */
export function ok<T extends Envelope>(res: T | null | undefined, valid: (res: T) => boolean = () => true): T {
  if (res?.status && valid(res)) return res;
  throw new EnvelopeError(typeof res?.message === 'string' ? res.message : '', typeof res?.code === 'string' ? res.code : null);
}

/** What a failed call said, by spec §8 'Generic response handling'. */
export type Failure = {
  /** The server's (first) message, 'An unexpected error occurred.' when nothing answered, else the call's fallback. */
  message: string;
  /** Every message §8 shows for it (an array message: one each); none for a negative envelope, which toasts nothing. */
  messages: string[];
  /** The HTTP status (402, 409, 429…), when the server answered with an error. */
  httpStatus: number | undefined;
  code: string | null;
  /** Aborted through its signal: nobody waits for it. */
  canceled: boolean;
  /** No answer at all (offline, timeout): the stored session is neither confirmed nor thrown away. */
  unanswered: boolean;
  error: unknown;
};

/**
 * Spec §8 for one failed call: E_USER_NOT_FOUND / E_UNAUTHORIZED forget the stored session, and the message is the
 * server's own when it sent one. Nothing is shown here: listeners decide what the viewer sees.
 */
export function failureOf(error: unknown, fallback: string): Failure {
  if (error instanceof EnvelopeError) {
    return { message: error.message.trim() ? error.message : fallback, messages: [], httpStatus: undefined, code: error.code, canceled: false, unanswered: false, error };
  }
  forgetSessionOn(error);
  const unanswered = isApiError(error) && !error.response;
  const sent = (isApiError(error) ? (error.response?.data as { message?: unknown } | undefined) : undefined)?.message;
  const hasMessage = (typeof sent === 'string' && sent.trim() !== '') || (Array.isArray(sent) && sent.length > 0);
  const messages = errorMessages(error);
  return {
    message: unanswered || hasMessage ? (messages[0] ?? fallback) : fallback,
    messages,
    httpStatus: isApiError(error) ? error.response?.status : undefined,
    code: errorCode(error),
    canceled: isCanceled(error),
    unanswered,
    error,
  };
}

type ThunkApiOf<State, Rejected> = Parameters<AsyncThunkPayloadCreator<unknown, unknown, Config<State, Rejected>>>[1];

export type ApiThunkOptions<Arg, Rejected, State> = {
  /** The message when the server sent none (spec §8 texts per call). */
  fallback: string | ((arg: Arg) => string);
  /** The rejection for a failure; without it, its message. */
  fail?: (failure: Failure, arg: Arg, api: ThunkApiOf<State, Rejected>) => Rejected;
  condition?: AsyncThunkOptions<Arg, Config<State, Rejected>>['condition'];
};

/**
 * A thunk from its request and what it does: `run` calls lib/api (checking the envelope with `ok`) and returns the
 * payload, or rejects early itself (a guest asked to log in). Whatever it throws becomes a `Failure` (spec §8).
 */
export function apiThunk<Returned, Arg, Rejected, State>(
  request: ApiRequest<Returned, Arg, Rejected, State>,
  run: NoInfer<AsyncThunkPayloadCreator<Returned, Arg, Config<State, Rejected>>>,
  options: NoInfer<ApiThunkOptions<Arg, Rejected, State> & (string extends Rejected ? unknown : { fail: ApiThunkOptions<Arg, Rejected, State>['fail'] })>,
) {
  return createAsyncThunk<Returned, Arg, Config<State, Rejected>>(
    request.typePrefix,
    async (arg, api) => {
      try {
        // What `run` answers is the thunk's own answer (a payload, or its early rejection).
        return (await run(arg, api)) as Returned | ReturnType<typeof api.rejectWithValue>;
      } catch (error) {
        const failure = failureOf(error, typeof options.fallback === 'function' ? options.fallback(arg) : options.fallback);
        return api.rejectWithValue(options.fail ? options.fail(failure, arg, api) : (failure.message as Rejected));
      }
    },
    options.condition ? { condition: options.condition } : {},
  );
}

/** The message a rejection carries, whether the rejection is the message itself or an object with one. */
const messageOfRejection = (payload: unknown): string | null =>
  typeof payload === 'string' ? payload : typeof (payload as { message?: unknown } | undefined)?.message === 'string' ? (payload as { message: string }).message : null;

/**
 * The `{status, error}` bookkeeping of one request: pending clears the error, fulfilled succeeds, rejected keeps the
 * message. A call its `condition` refused never went pending, so it changes nothing.
 */
export function trackRequest<S, Returned, Arg, Rejected, State>(
  builder: ActionReducerMapBuilder<S>,
  request: ApiRequest<Returned, Arg, Rejected, State>,
  slot: (state: Draft<S>, arg: Arg) => RequestState,
  fallback: string | null = null,
): void {
  type Meta = { meta: { arg: Arg; condition?: boolean } };
  const is = (matcher: (action: unknown) => boolean) => matcher as (action: unknown) => action is Meta & { payload?: unknown; error: { message?: string } };
  builder
    .addMatcher(is(request.pending), (state, action) => {
      Object.assign(slot(state, action.meta.arg), { status: 'pending', error: null });
    })
    .addMatcher(is(request.fulfilled), (state, action) => {
      Object.assign(slot(state, action.meta.arg), { status: 'succeeded', error: null });
    })
    .addMatcher(is(request.rejected), (state, action) => {
      if (action.meta.condition) return;
      Object.assign(slot(state, action.meta.arg), { status: 'failed', error: messageOfRejection(action.payload) ?? fallback ?? action.error.message ?? null });
    });
}

type MatcherKey = 'pending' | 'fulfilled' | 'rejected';

/** Calls of a part in flight (the part's share of the overall loading flag, spec §4). */
export function countInFlight<S extends { inFlight: number }>(builder: ActionReducerMapBuilder<S>, requests: readonly Pick<ApiRequest<unknown, unknown, unknown, unknown>, MatcherKey>[]): void {
  const pending = (action: unknown) => requests.some((r) => r.pending(action));
  const settled = (action: unknown): action is { type: string; meta: { condition?: boolean } } => requests.some((r) => r.fulfilled(action) || r.rejected(action));
  builder
    .addMatcher(pending, (state) => {
      state.inFlight += 1;
    })
    .addMatcher(settled, (state, action) => {
      // A call refused by its `condition` never went pending.
      if (action.meta.condition) return;
      state.inFlight = Math.max(0, state.inFlight - 1);
    });
}
