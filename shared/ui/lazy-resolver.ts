import type { FieldValues, Resolver } from 'react-hook-form';
import { importWhenOnline } from '../rules/offline-import.ts';

/**
 * A react-hook-form resolver whose code (a zod schema, and zod with it) is imported when the form
 * first validates, so a page that only shows the form does not load zod (the
 * dashboard's first load spent ~30 ms building schemas on a slow 2-core machine). `preload` starts
 * the import early (the form's first focus), so a submit seldom waits for it. A failed import is
 * tried again on the next call.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformed>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformed>>,
): Resolver<TFieldValues, TContext, TTransformed> & { preload: () => void } {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformed>> | null = null;
  const get = () =>
    (loading ??= importWhenOnline(load).catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  const resolver: Resolver<TFieldValues, TContext, TTransformed> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get().catch(() => undefined) });
}
