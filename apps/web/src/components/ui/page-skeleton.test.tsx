import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardsSkeleton, PageSkeleton } from './page-skeleton';

const blocks = (container: HTMLElement) => container.querySelectorAll('[aria-hidden="true"].animate-pulse');

describe('PageSkeleton', () => {
  it('draws one placeholder a card, in the grid for that many cards, then one chart block', () => {
    const { container } = render(<PageSkeleton cards={5} />);
    expect(blocks(container)).toHaveLength(6);
    expect(container.querySelector('.grid')).toHaveClass('xl:grid-cols-5');
    expect(container.textContent).toBe('');
  });

  it('draws the blocks it is given in place of the chart', () => {
    const { container } = render(
      <PageSkeleton cards={4}>
        <div data-testid="below" />
      </PageSkeleton>,
    );
    expect(blocks(container)).toHaveLength(4);
    expect(screen.getByTestId('below')).toBeInTheDocument();
  });

  it('is silent to screen readers unless given a loading label, which it speaks', () => {
    const { rerender } = render(<CardsSkeleton count={3} />);
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<CardsSkeleton count={3} loadingLabel="Loading your dashboard" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard');
  });
});
