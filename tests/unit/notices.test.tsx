// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeViewport } from '@/shared/ui/NoticeViewport.tsx';
import { useNotify, type NoticeInput } from '@/shared/ui/notices.tsx';

let notify: (input: NoticeInput) => void = () => undefined;
function Grab() {
  notify = useNotify();
  return null;
}

function mount() {
  const store = createStore();
  render(
    <Provider store={store}>
      <Grab />
      <NoticeViewport />
    </Provider>,
  );
}

const show = (input: NoticeInput) => act(() => notify(input));
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
const visible = (title: string) => screen.queryByText(title) !== null;

describe('notices', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mount();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows title and description and closes itself after 5000 ms', () => {
    show({ title: 'OpenAI API Key Saved', description: 'All good.' });
    expect(visible('OpenAI API Key Saved')).toBe(true);
    expect(visible('All good.')).toBe(true);
    advance(4900);
    expect(visible('OpenAI API Key Saved')).toBe(true);
    advance(1000);
    expect(visible('OpenAI API Key Saved')).toBe(false);
  });

  it('keeps at most one visible: a new notice replaces the current one', () => {
    show({ title: 'First' });
    show({ title: 'Second' });
    advance(500);
    expect(visible('First')).toBe(false);
    expect(visible('Second')).toBe(true);
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('honours a custom duration', () => {
    show({ title: 'Under Construction', duration: 7000 });
    advance(6000);
    expect(visible('Under Construction')).toBe(true);
    advance(1500);
    expect(visible('Under Construction')).toBe(false);
  });

  it('closes with its close button and with Escape', () => {
    show({ title: 'Closable' });
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    advance(500);
    expect(visible('Closable')).toBe(false);

    show({ title: 'Escapable' });
    fireEvent.keyDown(document.body, { key: 'Escape' });
    advance(500);
    expect(visible('Escapable')).toBe(false);
  });

  it('pauses while hovered and resumes afterwards', () => {
    show({ title: 'Hover me' });
    fireEvent.mouseEnter(screen.getByRole('status'));
    advance(20_000);
    expect(visible('Hover me')).toBe(true);
    fireEvent.mouseLeave(screen.getByRole('status'));
    advance(5000);
    expect(visible('Hover me')).toBe(false);
  });

  it('pauses while focus is inside the viewport', () => {
    show({ title: 'Focus me' });
    act(() => screen.getByRole('button', { name: 'Close notification' }).focus());
    advance(20_000);
    expect(visible('Focus me')).toBe(true);
  });

  it('pauses while the window is in the background', () => {
    show({ title: 'Background' });
    act(() => void window.dispatchEvent(new Event('blur')));
    advance(20_000);
    expect(visible('Background')).toBe(true);
    act(() => void window.dispatchEvent(new Event('focus')));
    advance(5000);
    expect(visible('Background')).toBe(false);
  });

  it('F8 moves focus to the notifications region', () => {
    fireEvent.keyDown(window, { key: 'F8' });
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Notifications (F8)' }));
  });

  it('marks destructive notices as alerts', () => {
    show({ title: 'Sign In Error', description: 'Invalid login credentials', variant: 'destructive' });
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('data-variant')).toBe('destructive');
    expect(alert.textContent).toContain('Invalid login credentials');
  });

  it('renders an action only with a non-empty alt text', () => {
    const onClick = vi.fn();
    show({ title: 'No alt', action: { label: 'Undo', altText: '  ', onClick } });
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    show({ title: 'With alt', action: { label: 'Undo', altText: 'Undo the delete', onClick } });
    fireEvent.click(screen.getByRole('button', { name: 'Undo the delete' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('a swipe right past 50 px closes it; a shorter one does not', () => {
    const swipe = (dx: number) => {
      const target = screen.getByRole('status');
      fireEvent.mouseDown(target, { clientX: 100, clientY: 10 });
      fireEvent.mouseMove(document, { clientX: 100 + dx / 2, clientY: 10 });
      fireEvent.mouseMove(document, { clientX: 100 + dx, clientY: 10 });
      fireEvent.mouseUp(document, { clientX: 100 + dx, clientY: 10 });
    };
    show({ title: 'Swipe me' });
    swipe(30);
    advance(300);
    expect(visible('Swipe me')).toBe(true);
    swipe(80);
    advance(300);
    expect(visible('Swipe me')).toBe(false);
  });
});
