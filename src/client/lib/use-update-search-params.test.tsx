import { act, fireEvent, render, screen } from '@testing-library/react';
import { BrowserRouter, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useUpdateSearchParams } from './use-update-search-params.ts';

/** Each button makes one change, as the filters of a list do. */
const CHANGES: Record<string, Record<string, string>> = {
  'search ab': { q: 'ab' },
  'clear search': { q: '' },
  'clear search, painting': { q: '', category: 'painting' },
  painting: { category: 'painting', subcategory: '' },
  acrylic: { subcategory: 'acrylic' },
};

function Probe() {
  const [params] = useSearchParams();
  const update = useUpdateSearchParams();
  return (
    <>
      <p data-testid="shown">{params.toString()}</p>
      {Object.entries(CHANGES).map(([name, changes]) => (
        <button key={name} onClick={() => update(changes)}>
          {name}
        </button>
      ))}
    </>
  );
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

function renderAt(address: string) {
  window.history.replaceState(null, '', address);
  render(
    <BrowserRouter>
      <Probe />
    </BrowserRouter>,
  );
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('useUpdateSearchParams', () => {
  it('sets and clears parameters, keeping the others and the path', async () => {
    renderAt('/list?q=sketch&page=2');
    await act(async () => click('clear search, painting'));
    expect(window.location.pathname).toBe('/list');
    expect(screen.getByTestId('shown').textContent).toBe('page=2&category=painting');
  });

  it('two changes before the page renders again both stand (the second starts from the first)', async () => {
    renderAt('/?q=sketch');
    // One act: the router renders its navigations in a transition, so neither has rendered
    // when the second change is made, as when a visitor clears the search and picks a category
    // on a busy phone.
    await act(async () => {
      click('clear search');
      click('painting');
      click('acrylic');
    });
    expect(window.location.search).toBe('?category=painting&subcategory=acrylic');
    expect(screen.getByTestId('shown').textContent).toBe('category=painting&subcategory=acrylic');
  });

  it('does not add a history entry', async () => {
    renderAt('/?q=a');
    const before = window.history.length;
    await act(async () => click('search ab'));
    expect(window.history.length).toBe(before);
  });
});
