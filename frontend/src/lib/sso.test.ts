import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSsoPopup, openSsoPopup, parseSsoMessage, SSO_WINDOW_NAME, ssoMessageData, useSsoMessages, type SsoMessage } from './sso';

const setOpener = (value: unknown) => Object.defineProperty(window, 'opener', { configurable: true, writable: true, value });

describe('the SSO popup messages (spec 000 §4)', () => {
  it('posts the failure as the bare string and reads every message back', () => {
    const messages: SsoMessage[] = [
      { type: 'sso-success', token: 'a.b.c' },
      { type: 'sso-failed' },
      { type: 'sso-access-token', ssoAccessToken: 'handle' },
    ];
    expect(ssoMessageData({ type: 'sso-failed' })).toBe('sso-failed');
    for (const message of messages) expect(parseSsoMessage(ssoMessageData(message))).toEqual(message);
    for (const junk of [null, 'hello', 42, { type: 'sso-success' }, { type: 'sso-access-token', ssoAccessToken: 7 }]) {
      expect(parseSsoMessage(junk)).toBeNull();
    }
  });

  it("hears only this product's own origin", () => {
    const heard = vi.fn();
    renderHook(() => useSsoMessages(heard));
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'sso-success', token: 'evil' }, origin: 'https://evil.example' }));
      window.dispatchEvent(new MessageEvent('message', { data: 'sso-failed', origin: window.location.origin }));
    });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledWith({ type: 'sso-failed' });
  });

  describe('the popup', () => {
    afterEach(() => {
      vi.restoreAllMocks();
      window.name = '';
      setOpener(null);
    });

    it('opens under its name, and in this window when popups are blocked', () => {
      const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
      openSsoPopup('/server/v1/v4sso/authorize');
      expect(open).toHaveBeenCalledWith('/server/v1/v4sso/authorize', SSO_WINDOW_NAME, expect.any(String));
    });

    it('is known by its name and its opener', () => {
      expect(isSsoPopup()).toBe(false);
      window.name = SSO_WINDOW_NAME;
      expect(isSsoPopup()).toBe(false);
      setOpener({ postMessage: vi.fn() });
      expect(isSsoPopup()).toBe(true);
    });
  });
});
