import { startListening, toastFailure } from '@/store/listeners';
import { searchRequests } from './slice';

/** A failed search shows spec §8's messages; one a newer query aborted shows nothing. */
startListening({ predicate: searchRequests.fetchSearchResults.rejected, effect: (action) => action.payload && toastFailure(action.payload) });
