import { lazy, type ComponentType } from 'react';

/** A route's screen in its own chunk: only the screens a user opens are downloaded (the layout's Suspense shows the spinner). */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  return lazy(load);
}
