import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { readListState } from './list-params';
import { type PagedRowsSource, pagedRowsQuery } from './paged-rows-query';

let shellClient: QueryClient | undefined;

/** The signed-in shell hands over its query cache (and takes it back when it unmounts). */
export function setListPrefetchClient(client: QueryClient | undefined) {
  shellClient = client;
}

/**
 * A route loader that asks for a list's first page as the navigation starts, beside the screen's
 * code rather than after it: the rows arrive one round trip sooner. It does not wait for the
 * answer; the table finds the request in the cache under the same key. Before the shell is up (a
 * list opened by its URL) there is no cache yet and the table asks itself.
 */
export function listRouteLoader<T>(source: () => PagedRowsSource<T>) {
  return ({ request }: LoaderFunctionArgs) => {
    const state = readListState(new URL(request.url).searchParams);
    void shellClient?.prefetchInfiniteQuery(pagedRowsQuery(source(), state));
    return null;
  };
}
