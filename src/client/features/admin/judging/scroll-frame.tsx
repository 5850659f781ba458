import type { ReactNode } from 'react';
import { FOCUS_RING } from '../common/shell/admin-page.tsx';
import { TABLE_FRAME } from './judging-styles.ts';

/**
 * A table with nothing to focus in it, in a frame that scrolls sideways on a narrow screen: the
 * frame itself takes focus, so the keyboard can scroll it (WCAG 2.1.1), and is named for that.
 */
export function ScrollFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`${TABLE_FRAME} ${FOCUS_RING}`}>
      {children}
    </div>
  );
}
