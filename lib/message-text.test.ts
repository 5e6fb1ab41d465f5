import { describe, expect, it } from 'vitest';
import { toastText, translateText } from './message-text';


describe('texts that reach the viewer as English words', () => {
  it('English pages show the words as they came; Filipino pages a known text, else the code, else the words', () => {
    expect(translateText('en', 'Not enough coins: this episode costs 10 coins and you have 4.', 'E_INSUFFICIENT_COINS')).toBe(
      'Not enough coins: this episode costs 10 coins and you have 4.',
    );
    expect(translateText('fil', 'Not enough coins: this episode costs 10 coins and you have 4.', 'E_INSUFFICIENT_COINS')).toBe(
      'Kulang ang coins mo. Mag-top up para ma-unlock ito.',
    );
    expect(translateText('fil', 'Please login first', 'E_UNAUTHENTICATED')).toBe('Mag-log in muna');
    expect(translateText('fil', 'Something only the server knows.', 'E_SOMETHING_NEW')).toBe('Something only the server knows.');
    expect(translateText('fil', 'Added to My List')).toBe('Naidagdag sa Listahan');
  });

  it("toasts by key keep the spec's English words", () => {
    expect(toastText({ key: 'auth.socialLoginSucceeded' }, 'en')).toBe('You have been logged in sucessfully!');
    expect(toastText({ key: 'coins.autoUnlockOn', values: { kind: 'episodes', cap: 5 } }, 'en')).toBe('Auto-unlock on: up to 5 episodes a day');
    expect(toastText({ key: 'coins.autoUnlockOn', values: { kind: 'coins', cap: 1 } }, 'fil')).toBe('Naka-on ang auto-unlock: hanggang 1 coin kada araw');
  });
});
