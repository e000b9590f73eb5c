import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown: string[] = [];
vi.mock('../../../web/src/lib/notify', () => ({
  notify: {
    success: (m: string) => shown.push(`success:${m}`),
    info: (m: string) => shown.push(`info:${m}`),
    warning: (m: string) => shown.push(`warning:${m}`),
    error: (m: string) => shown.push(`error:${m}`),
    errorList: (t: string, items: string[]) => shown.push(`${t}:${items.join('|')}`),
  },
}));

const { handleError } = await import('../../../web/src/lib/handle-error');
const { ApiError, NetworkError } = await import('../../../web/src/lib/api-error');
const { setNavigator } = await import('../../../web/src/lib/navigation');
const { startPortal, stopPortal } = await import('../../../web/src/lib/portal-session');

describe('error catalogue', () => {
  const went: string[] = [];
  beforeEach(() => {
    shown.length = 0;
    went.length = 0;
    setNavigator((to) => went.push(to));
    sessionStorage.clear();
  });

  it('sends a 401 to the session-expired login and remembers the page as the deep link', () => {
    window.history.pushState({}, '', '/admin/post-office?page=2');
    handleError(new ApiError(401, { message: 'Please login to continue.' }));
    expect(went).toEqual(['/login?session=expired']);
    expect(sessionStorage.getItem('deepLink')).toBe('/admin/post-office?page=2');
    expect(shown).toEqual([]);
  });

  it('on the B2B portal page a 401 ends the portal (its page says so) instead of going to /login', () => {
    let ended = 0;
    startPortal('portal-token', () => ended++);
    try {
      handleError(new ApiError(401, { message: 'This link has expired or was revoked. Ask the brand for a new one.' }));
    } finally {
      stopPortal();
    }
    expect(ended).toBe(1);
    expect(went).toEqual([]);
    expect(shown).toEqual([]);
    handleError(new ApiError(401, { message: 'Please login to continue.' }));
    expect(went).toEqual(['/login?session=expired']);
  });

  it("shows nothing more for the terms' 403 (the API client has opened the terms page), and an ordinary 403's message", () => {
    handleError(new ApiError(403, { message: 'Please accept the Terms & Conditions to continue.', code: 'TERMS_NOT_ACCEPTED' }));
    expect(shown).toEqual([]);
    handleError(new ApiError(403, { message: 'You do not have access to this resource.', code: 'FORBIDDEN' }));
    expect(shown).toEqual(['warning:You do not have access to this resource.']);
  });

  it('shows a body message as a warning, an errors list under ERROR, an empty body as a blank response', () => {
    handleError(new ApiError(409, { message: 'Already approved.' }));
    handleError(new ApiError(400, { errors: [{ msg: 'Bad date' }, 'Bad name'] }));
    handleError(new ApiError(500, ''));
    expect(shown).toEqual(['warning:Already approved.', 'ERROR:Bad date|Bad name', 'error:Oops, blank response!']);
  });

  it('shows a plain text body cut at 300 characters, and the generic message for an HTML page', () => {
    handleError(new ApiError(502, 'x'.repeat(310)));
    handleError(new ApiError(502, '<html><body>Bad gateway</body></html>'));
    expect(shown[0]).toBe(`warning:${'x'.repeat(300)}…`);
    expect(shown[1]).toBe('error:Something went wrong, please try again!');
  });

  it('shows the network message when no answer came', () => {
    handleError(new NetworkError('Failed to fetch'));
    expect(shown).toEqual(['error:Failed to fetch']);
  });
});
