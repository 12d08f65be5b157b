import { lazy, Suspense, type ComponentType } from 'react';

/** A route's screen in its own chunk: only the screens a user opens are downloaded (the layout's Suspense shows the spinner). */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  return lazy(load);
}

/**
 * A dialog in its own chunk, downloaded when it first opens rather than with the page that offers
 * it; the page stays as it is meanwhile (no spinner in place of the screen).
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  return function LazyDialog(props: P) {
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
