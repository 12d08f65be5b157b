import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../theme/theme';

/** Islands whose prerendered markup the hydrating page keeps as it is (filled by `keepPrerenderedIslands`). */
const pending = new Set<string>();

/**
 * Called before hydrating a prerendered page: each island in it keeps its server HTML on the first
 * render instead of hydrating its React tree (the costly part of a page's start on a phone).
 */
export function keepPrerenderedIslands(container: ParentNode): void {
  startedFromPrerender = true;
  container.querySelectorAll<HTMLElement>('[data-island]').forEach((element) => {
    if (element.firstChild) pending.add(element.dataset.island!);
  });
}

let startedFromPrerender = false;
/** Whether the app started by hydrating the page's prerendered HTML (not rendering it afresh). */
export const hydratedPrerender = () => startedFromPrerender;

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
 * anywhere on the page (a touch that scrolls to it included), or as soon as what it shows changes:
 * `data` (the answer it is drawn from) is no longer the one it was prerendered with, or the theme
 * or language is another. A click inside it before then is replayed on the same control
 * of the rendered tree, so links and buttons behave as ever.
 */
export function Island({
  id,
  data,
  load,
  children,
}: {
  id: string;
  /** What the kept markup shows: once it is another value, the tree renders. */
  data?: unknown;
  /** The code the tree needs, loaded before the kept markup is replaced (no fallback shows in between). */
  load?: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { mode } = useThemeMode();
  const { i18n } = useTranslation();
  const [kept, setKept] = useState(() => pending.has(id));
  // What the prerendered markup was made with: a render with anything else must show the tree.
  const [shown] = useState(() => ({ data, mode, lng: i18n.resolvedLanguage }));
  const stale = data !== shown.data || mode !== shown.mode || i18n.resolvedLanguage !== shown.lng;
  const keep = kept && !stale;
  const element = useRef<HTMLDivElement>(null);
  const replay = useRef<{ index: number; click: boolean } | undefined>(undefined);
  // Once rendered, it stays rendered (the kept element's markup is gone once React has replaced it).
  useEffect(() => {
    if (kept && stale) setKept(false);
  }, [kept, stale]);

  useEffect(() => {
    const root = element.current;
    if (!keep || !root) return;
    // A tap or focus inside waits for its click (below): the tree must not replace the control before it lands.
    const wake = (event: Event) => {
      if (event.type !== 'keydown' && root.contains(event.target as Node)) return;
      void Promise.resolve(load?.()).then(() => startTransition(() => setKept(false)));
    };
    for (const type of TRIGGERS) window.addEventListener(type, wake, true);
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
      root.removeEventListener('click', onClick);
      root.removeEventListener('focusin', onFocus);
    };
  }, [keep, load]);

  useLayoutEffect(() => {
    const root = element.current;
    const action = replay.current;
    if (keep || !root || !action) return;
    replay.current = undefined;
    const control = root.querySelectorAll<HTMLElement>(CONTROLS)[action.index];
    if (action.click) control?.click();
    else if (!document.activeElement || document.activeElement === document.body) control?.focus();
  }, [keep]);

  return keep ? (
    // A new key when rendered: React then mounts the tree afresh instead of patching the kept markup.
    <div key="kept" ref={element} data-island={id} dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />
  ) : (
    <div key="rendered" ref={element} data-island={id}>
      {children}
    </div>
  );
}

const KEEP = { __html: '' };
