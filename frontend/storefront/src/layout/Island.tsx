import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Islands whose prerendered markup the hydrating page keeps as it is (filled by `keepPrerenderedIslands`). */
const pending = new Set<string>();

/**
 * Called before hydrating a prerendered page: each island in it keeps its server HTML on the first
 * render instead of hydrating its React tree (the costly part of a page's start on a phone).
 */
export function keepPrerenderedIslands(container: ParentNode): void {
  container.querySelectorAll<HTMLElement>('[data-island]').forEach((element) => {
    if (element.firstChild) pending.add(element.dataset.island!);
  });
}

/** After the first commit: an island rendered later (another page, a later mount) renders normally. */
export function islandsHydrated(): void {
  pending.clear();
}

const CONTROLS = 'a[href], button, input, select, textarea, summary, label, [role="button"], [tabindex]';
const TRIGGERS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * A part of a prerendered page that needs no script to be seen (lists, cards, marketing sections).
 * While hydrating, it renders an empty element React leaves alone (`dangerouslySetInnerHTML` with
 * the same empty HTML on every render), so the server's markup and its emotion styles stay and no
 * component under it runs. It becomes its React tree at the visitor's first tap, key or focus
 * anywhere on the page, or (`whenVisible`) once it comes near the screen; a click inside it before
 * then is replayed on the same control of the rendered tree, so links and buttons behave as ever.
 */
export function Island({
  id,
  whenVisible = false,
  load,
  children,
}: {
  id: string;
  whenVisible?: boolean;
  /** The code the tree needs, loaded before the kept markup is replaced (no fallback shows in between). */
  load?: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [kept, setKept] = useState(() => pending.has(id));
  const element = useRef<HTMLDivElement>(null);
  const replay = useRef<{ index: number; click: boolean } | undefined>(undefined);

  useEffect(() => {
    const root = element.current;
    if (!kept || !root) return;
    // A tap or focus inside waits for its click (below): the tree must not replace the control before it lands.
    const wake = (event: Event) => {
      if (event.type !== 'keydown' && root.contains(event.target as Node)) return;
      void Promise.resolve(load?.()).then(() => startTransition(() => setKept(false)));
    };
    for (const type of TRIGGERS) window.addEventListener(type, wake, true);
    let observer: IntersectionObserver | undefined;
    if (whenVisible && typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver(
        (entries) => entries.some((entry) => entry.isIntersecting) && wake(new Event('visible')),
        {
          rootMargin: '200px',
        },
      );
      observer.observe(root);
    }
    const indexOf = (target: EventTarget | null) => {
      const control = (target as Element | null)?.closest?.(CONTROLS);
      return control && root.contains(control) ? [...root.querySelectorAll(CONTROLS)].indexOf(control) : -1;
    };
    // A click on the kept markup: the same control, counted in document order, is clicked once rendered.
    const onClick = (event: MouseEvent) => {
      const index = indexOf(event.target);
      if (index < 0 || event.button !== 0) return;
      // A link opened in a new tab or window goes as the browser sends it.
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      replay.current = { index, click: true };
      void Promise.resolve(load?.()).then(() => setKept(false));
    };
    // Focus moved into it (a tab): the same control gets it back once rendered.
    const onFocus = (event: FocusEvent) => {
      const index = indexOf(event.target);
      if (index >= 0 && !replay.current?.click) replay.current = { index, click: false };
    };
    root.addEventListener('click', onClick);
    root.addEventListener('focusin', onFocus);
    return () => {
      for (const type of TRIGGERS) window.removeEventListener(type, wake, true);
      observer?.disconnect();
      root.removeEventListener('click', onClick);
      root.removeEventListener('focusin', onFocus);
    };
  }, [kept, whenVisible, load]);

  useLayoutEffect(() => {
    const root = element.current;
    const action = replay.current;
    if (kept || !root || !action) return;
    replay.current = undefined;
    const control = root.querySelectorAll<HTMLElement>(CONTROLS)[action.index];
    if (action.click) control?.click();
    else if (!document.activeElement || document.activeElement === document.body) control?.focus();
  }, [kept]);

  return kept ? (
    // A new key when rendered: React then mounts the tree afresh instead of patching the kept markup.
    <div key="kept" ref={element} data-island={id} dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />
  ) : (
    <div key="rendered" ref={element} data-island={id}>
      {children}
    </div>
  );
}

const KEEP = { __html: '' };
