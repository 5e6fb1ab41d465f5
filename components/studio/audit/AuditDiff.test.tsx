import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditDiff } from './AuditDiff';

describe('AuditDiff', () => {
  it('lists changed fields first, marked, with before and after', () => {
    render(<AuditDiff before={{ subscriptionType: 'monthly', priceCentavos: 29900, isActive: true }} after={{ subscriptionType: 'monthly', priceCentavos: 34900, isActive: true }} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['priceCentavos (changed)', 'subscriptionType', 'isActive']);
    expect(within(rows[0]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['29900', '34900']);
  });

  it('a create has no before, a delete no after', () => {
    render(<AuditDiff before={null} after={{ role: 'editor' }} />);
    expect(within(screen.getAllByRole('row')[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['—', 'editor']);
  });

  it('says when nothing was recorded', () => {
    render(<AuditDiff before={null} after={null} />);
    expect(screen.getByText('No details were recorded.')).toBeTruthy();
  });
});
