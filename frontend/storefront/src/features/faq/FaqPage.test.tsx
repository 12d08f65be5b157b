import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { filterFaq } from './faqSearch';
import { renderPage } from '../../test/render';
import FaqPage from './FaqPage';

describe('FAQ', () => {
  it('shows 3 categories of 3 questions, with the refund window from the one policy', () => {
    renderPage(<FaqPage />, { path: '/faq' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Genel',
      'Teknik',
      'Faturalama ve Paketler',
    ]);
    expect(screen.getAllByRole('button', { expanded: false })).toHaveLength(9);
    expect(screen.getByText(/satın alma tarihinden itibaren 30 gün içinde iade edilebilir/)).toBeInTheDocument();
  });

  it('search filters questions and answers; nothing found shows the no-results text', async () => {
    renderPage(<FaqPage />, { path: '/faq' });
    const search = screen.getByLabelText('Sorularda ara');
    await userEvent.type(search, 'EID');
    // "EID" only appears in two answers, not in any question.
    expect(screen.getAllByRole('button', { expanded: false }).map((b) => b.textContent)).toEqual([
      'Cihazım eSIM destekliyor mu?',
    ]);
    await userEvent.clear(search);
    await userEvent.type(search, 'iade');
    expect(screen.getAllByRole('button', { expanded: false }).map((b) => b.textContent)).toEqual([
      'Kullanılmayan verim ne olur?',
      'eSIM’imi iade edebilir miyim?',
    ]);
    await userEvent.clear(search);
    await userEvent.type(search, 'zzzz');
    expect(screen.getByRole('status')).toHaveTextContent('Aramanızla eşleşen soru bulunamadı.');
  });

  it('the filter is case-insensitive and Turkish-aware', () => {
    const categories = [
      {
        title: 'G',
        items: [
          { q: 'İade var mı?', a: 'Evet' },
          { q: 'Hız?', a: 'Yüksek' },
        ],
      },
    ];
    expect(filterFaq(categories, 'İADE')[0]!.items).toHaveLength(1);
    expect(filterFaq(categories, 'yüksek')[0]!.items[0]!.q).toBe('Hız?');
    expect(filterFaq(categories, '')).toBe(categories);
  });
});
