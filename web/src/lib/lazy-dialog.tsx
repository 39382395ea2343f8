import { lazy, Suspense, type ComponentType, type FocusEvent } from 'react';
import { CODE_LOAD_FAILED_MESSAGE, isCodeLoadError } from '~shared/rules/code-load.ts';
import { importWhenOnline } from '~shared/rules/offline-import.ts';
import { UNEXPECTED_ERROR_MESSAGE } from '~shared/rules/error-messages.ts';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { showToastMessage } from '~shared/ui/toast.ts';

/** A dialog's way to close: ours take `onClose`, or Radix's `onOpenChange`. */
type Closable = { onClose: () => void } | { onOpenChange: (open: boolean) => void };

/** A dialog whose code is loaded when it first opens (render it only while open). */
export type LazyDialog<P extends Closable> = ((props: P) => React.JSX.Element) & { preload: () => Promise<unknown> };

function close(props: Closable) {
  if ('onClose' in props) props.onClose();
  else props.onOpenChange(false);
}

/**
 * A dialog in a chunk of its own, off the page's first load. Dialogs bring react-hook-form, zod and Radix
 * Dialog, which a folder's first screen never uses: evaluating them cost its first load about as
 * much as rendering a row of cards. Render it only while open; `preloadOnIntent` downloads it when the
 * page is first used, so opening it does not wait for the network.
 */
export function lazyDialog<M, P extends Closable>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazyDialog<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    // A failed download is tried again on the next call, not remembered.
    loading ??= importWhenOnline(load).then(pick, (error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  // React.lazy keeps a failed download's error for good: after one, the next opening gets a new one.
  const fresh = () =>
    lazy(() =>
      preload().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          Dialog = fresh();
          throw error;
        },
      ),
    );
  let Dialog = fresh();
  // Code that cannot download (offline, a new deploy) closes the dialog with a toast, leaving the
  // page as it was: opening it again tries again. So does any other error while it renders.
  function LazyDialogElement(props: P) {
    return (
      <ErrorBoundary
        fallback={() => null}
        onError={(error) => {
          showToastMessage({ title: isCodeLoadError(error) ? CODE_LOAD_FAILED_MESSAGE : UNEXPECTED_ERROR_MESSAGE });
          close(props);
        }}
      >
        <Suspense fallback={null}>
          <Dialog {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  }
  return Object.assign(LazyDialogElement, { preload });
}

/**
 * Handlers for a page's root that download its dialogs' code at the first sign of use: the pointer
 * over the page, or keyboard focus on a control. Not focus in a text box: a search typed before any
 * dialog is wanted must not pay for evaluating them (preloading them once the page was idle cost a
 * folder's first load 250 ms in the benchmark, the evaluation landing in the middle of it). A dialog
 * opened before its code is in loads it then.
 */
export function preloadOnIntent(dialogs: ReadonlyArray<{ preload: () => Promise<unknown> }>) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const dialog of dialogs) {
      dialog.preload().catch(() => {
        started = false; // offline or a new deploy: the next sign of use tries again
      });
    }
  };
  return {
    onPointerOver: start,
    onFocus: (event: FocusEvent<HTMLElement>) => {
      const target = event.target;
      if (
        target instanceof HTMLTextAreaElement ||
        (target instanceof HTMLInputElement && target.type !== 'checkbox' && target.type !== 'radio')
      )
        return;
      start();
    },
  };
}
