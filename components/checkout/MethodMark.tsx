import type { PaymentMethodCode } from '@/lib/constants';

/**
 * Recognisable marks for the payment methods Filipinos know on sight (issue 22): our own simple drawings, a brand
 * colour and a letter or short wordmark, not the brands' logo files. Methods without one show a plain card or wallet
 * shape; the method's name is always written beside the mark, which is decorative (aria-hidden).
 */

type Mark = { bg: string; fg: string; text: string; /** Smaller type for wordmarks. */ size?: number; round?: boolean };

const MARKS: Partial<Record<PaymentMethodCode, Mark>> = {
  gc: { bg: '#007DFE', fg: '#FFFFFF', text: 'G', round: true },
  paymaya_ph: { bg: '#0B0B0B', fg: '#3BD37F', text: 'maya', size: 11 },
  paymaya_cc_ph: { bg: '#0B0B0B', fg: '#3BD37F', text: 'maya', size: 11 },
  grabpay_ph: { bg: '#00B14F', fg: '#FFFFFF', text: 'Grab', size: 11 },
  shopeepay_ph: { bg: '#EE4D2D', fg: '#FFFFFF', text: 'S', round: true },
  coins_ph: { bg: '#1652F0', fg: '#FFFFFF', text: 'C', round: true },
  homecredit_ph: { bg: '#E11931', fg: '#FFFFFF', text: 'HC', size: 13 },
  bdo_cc_ph: { bg: '#0033A0', fg: '#FFD100', text: 'BDO', size: 12 },
  metrobank_cc_ph: { bg: '#1C4B9C', fg: '#FFFFFF', text: 'MB', size: 14 },
  ubp_ph: { bg: '#FF7F00', fg: '#FFFFFF', text: 'UB', size: 14 },
  rob_ph: { bg: '#00529B', fg: '#FFFFFF', text: 'RB', size: 14 },
  maybank_cc_ph: { bg: '#FFC72C', fg: '#1A1A1A', text: 'M', round: true },
};

export const hasMark = (code: string) => Object.hasOwn(MARKS, code);

export function MethodMark({ code, size = 40 }: { code: string; size?: number }) {
  const mark = MARKS[code as PaymentMethodCode];
  if (!mark) {
    // No mark of its own: a neutral card shape keeps the list aligned.
    return (
      <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" className="shrink-0" data-mark="none">
        <rect x="1" y="1" width="38" height="38" rx="10" fill="rgb(255 255 255 / 0.06)" stroke="rgb(255 255 255 / 0.12)" />
        <rect x="9" y="13" width="22" height="15" rx="3" fill="none" stroke="rgb(255 255 255 / 0.5)" strokeWidth="1.6" />
        <path d="M9 18h22" stroke="rgb(255 255 255 / 0.5)" strokeWidth="1.6" />
      </svg>
    );
  }
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" className="shrink-0" data-mark={code}>
      {mark.round ? <circle cx="20" cy="20" r="19" fill={mark.bg} /> : <rect x="1" y="1" width="38" height="38" rx="10" fill={mark.bg} />}
      <text
        x="20"
        y="20"
        dy="0.35em"
        textAnchor="middle"
        fill={mark.fg}
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
        fontWeight="800"
        fontSize={mark.size ?? 20}
        letterSpacing={mark.size ? -0.3 : 0}
      >
        {mark.text}
      </text>
    </svg>
  );
}
