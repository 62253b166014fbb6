import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setTheme } from '../../lib/theme';
import { ThemeToggle } from './theme-toggle';

afterEach(() => setTheme('light'));

describe('the theme toggle', () => {
  it('keeps its elements when the theme changes, so a press already under way still ends in a click', () => {
    render(<ThemeToggle />);
    const button = screen.getByRole('button', { name: 'Alternar tema' });
    expect(button).toHaveAttribute('title', 'Usar tema escuro');
    const icons = [...button.querySelectorAll('svg')];
    expect(icons).toHaveLength(2);

    // As when the app takes over a page of a visitor who chose the dark theme: rendered light, then the stored theme.
    act(() => setTheme('dark'));
    expect(button).toHaveAttribute('title', 'Usar tema claro');
    expect(document.documentElement).toHaveClass('dark');
    expect(icons.every((icon) => icon.isConnected)).toBe(true);
    expect([...button.querySelectorAll('svg')]).toEqual(icons);
  });

  it('shows the sun in the dark theme and the moon in the light one, by the page class alone', () => {
    render(<ThemeToggle />);
    const [sun, moon] = [...screen.getByRole('button', { name: 'Alternar tema' }).querySelectorAll('svg')];
    expect(sun).toHaveClass('lucide-sun', 'hidden', 'dark:block');
    expect(moon).toHaveClass('lucide-moon', 'dark:hidden');
  });
});
