import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

/** A manual-install row's value: the text beside its label. */
const valueOf = (label: string) => screen.getByText(label, { exact: true }).nextElementSibling?.textContent;

describe("a customer's eSIM order page", () => {
  it('shows the activation code as the storefront does, and the whole LPA string under its own name', async () => {
    renderApp({ session: SESSIONS.customer, path: '/orders/order-1/show' });
    await screen.findByText('Manuel kurulum', {}, { timeout: 30_000 });
    expect(valueOf('Aktivasyon kodu')).toBe('MATCH-1');
    expect(valueOf('LPA kodu')).toBe('LPA:1$smdp.example.com$MATCH-1');
    expect(valueOf('SM-DP+ adresi')).toBe('smdp.example.com');
  }, 60_000);
});
