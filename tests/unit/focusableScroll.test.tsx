import { useRef } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFocusableScroll } from '../../src/components/useFocusableScroll';

function Lists() {
  const ref = useRef<HTMLDivElement>(null);
  useFocusableScroll(ref, '客户列表');
  return (
    <div ref={ref}>
      <div className="ant-table-body" data-testid="scrolls" style={{ overflowY: 'auto' }} />
      <div className="ant-table-content" data-testid="still" style={{ overflow: 'visible' }} />
    </div>
  );
}

describe('scrolling table boxes', () => {
  it('are keyboard stops named after their list; boxes that do not scroll are left alone', () => {
    render(<Lists />);
    const box = screen.getByRole('group', { name: '客户列表' });
    expect(box).toBe(screen.getByTestId('scrolls'));
    expect(box).toHaveAttribute('tabindex', '0');
    expect(screen.getByTestId('still')).not.toHaveAttribute('tabindex');
    expect(screen.getByTestId('still')).not.toHaveAttribute('role');
  });
});
