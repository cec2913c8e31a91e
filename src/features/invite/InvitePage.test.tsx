import { act, render, screen } from '@testing-library/react';
import InvitePage from './InvitePage';
import { appInviteLink, readInviteCode } from './inviteLinks';

function visit(search: string) {
  window.history.replaceState(null, '', `/invite${search}`);
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the invite page', () => {
  it('tries the app link at once and shows the store links only after 2.5 s', () => {
    visit('?code=AB12-cd');
    const open = jest.fn();
    render(<InvitePage open={open} />);
    expect(open).toHaveBeenCalledWith('babynames://invite?code=AB12-cd');
    expect(screen.getByText(/Opening the app…/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(2499));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('link', { name: 'Open in App' })).toHaveAttribute('href', 'babynames://invite?code=AB12-cd');
    expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute(
      'href',
      'https://play.google.com/store/apps/details?id=com.babynames.app',
    );
    expect(screen.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute(
      'href',
      expect.stringContaining('apps.apple.com'),
    );
    expect(open).toHaveBeenCalledTimes(1);
    expect(document.title).toBe('Invite · Baby Names Admin Console');
  });

  it('without a code says so plainly, opens nothing and offers the stores at once', () => {
    visit('');
    const open = jest.fn();
    render(<InvitePage open={open} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This invite link has no invite code.');
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open in App' })).not.toBeInTheDocument();
  });
});

describe('invite links', () => {
  it('reads the code and encodes it into the app link', () => {
    expect(readInviteCode('?code=%20x1%20')).toBe('x1');
    expect(readInviteCode('?code=')).toBeNull();
    expect(readInviteCode(`?code=${'x'.repeat(129)}`)).toBeNull();
    expect(appInviteLink('babynames', 'a&b=c')).toBe('babynames://invite?code=a%26b%3Dc');
    expect(appInviteLink('babynames://', null)).toBe('babynames://invite');
  });
});
