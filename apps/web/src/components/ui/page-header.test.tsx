import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it('gives the page its one h1, the introduction under it and the controls beside it', () => {
    render(
      <PageHeader title="Solar System Monitor" intro="How your panels are doing.">
        <button type="button">Export</button>
      </PageHeader>,
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const heading = screen.getByRole('heading', { level: 1, name: 'Solar System Monitor' });
    expect(heading.nextElementSibling).toHaveTextContent('How your panels are doing.');
    expect(heading.parentElement?.nextElementSibling).toBe(screen.getByRole('button', { name: 'Export' }));
  });
});
