import 'server-only';
import type { ContentPageBody } from './schema';

/**
 * Texts of the content pages (spec §2 "Policy modals", footer pages). Seeded into `content_pages` by seed.ts.
 *
 * Placeholders: texts say `{brand}`, `{contactEmail}` and `{postalAddress}` instead of fixed values so one database
 * serves any brand configuration. Whoever renders a page (the content-page API, an SSR page) substitutes them with
 * `fillPlaceholders(body, { brand: publicEnv.NEXT_PUBLIC_BRAND_NAME, contactEmail: …, postalAddress: … })`.
 */

export type PolicyPlaceholders = { brand: string; contactEmail: string; postalAddress: string };

export type ContentPageSeed = { slug: string; title: string; sortOrder: number; body: ContentPageBody };

const section = (heading: string, ...paragraphs: string[]) => ({ heading, paragraphs });

/** 'Mobile App Terms and Conditions': exactly the 12 sections of spec §2, in order. */
export const TERMS: ContentPageSeed = {
  slug: 'terms',
  title: 'Mobile App Terms and Conditions',
  sortOrder: 1,
  body: {
    sections: [
      section(
        'Introduction',
        'Welcome to {brand}. These Terms and Conditions ("Terms") govern your access to and use of the {brand} website, mobile applications and related services (together, the "App"), including the streaming of short movies and episodic series.',
        'By creating an account, signing in, or otherwise using the App, you agree to be bound by these Terms and by our Privacy Policy. If you do not agree, please do not use the App.',
      ),
      section(
        'Use of the App',
        'The App is intended for adults only. You must be at least 18 years old to create an account or use the App, and by using it you confirm that you are. We may ask you to verify your age at any time and may suspend access until verification is complete.',
        'You are responsible for your account: keep your login credentials confidential, make sure the information you give us is accurate, and tell us promptly at {contactEmail} if you suspect unauthorised use. You are responsible for all activity that takes place under your account.',
        'You agree not to: share, resell or publicly perform content from the App; record, download or redistribute streams except through features we provide; use bots, scrapers or other automated means to access the App; interfere with its security or operation; impersonate any person; or use the App for any unlawful purpose.',
      ),
      section(
        'Intellectual Property',
        'All content available in the App, including movies, series, episodes, trailers, artwork, text, logos and software, is owned by {brand} or its licensors and is protected by copyright, trademark and other intellectual property laws of the Philippines and other countries.',
        'We grant you a limited, personal, non-exclusive, non-transferable and revocable licence to stream content for your private, non-commercial viewing, in accordance with these Terms. No other right is granted, and all rights not expressly granted are reserved.',
      ),
      section(
        'DRM and EME',
        'To protect the rights of creators, content in the App is encrypted and delivered using Digital Rights Management (DRM) through the Encrypted Media Extensions (EME) of your browser. Playback therefore requires a compatible device and a supported, up-to-date browser; some devices, browsers or configurations may not be able to play protected content.',
        'Licences for protected content are issued by a third-party DRM provider and by our own licence service. Licence requests may include technical information about your device and browser that is needed to issue a licence.',
        'You must not circumvent, disable, or otherwise interfere with DRM, encryption or any other technical protection measure, or attempt to do so. Any such attempt is a material breach of these Terms and may result in immediate suspension or termination of your access to the App, in addition to any remedies available under law.',
      ),
      section(
        'Content Licensing',
        'Content is licensed to {brand} by rights holders for specific territories and periods. As a result, the catalogue may vary by location, and some titles may be unavailable in your country or removed from the App at any time.',
        'You agree not to use VPNs, proxies or other means to bypass geographic restrictions. We may use your IP address and other information to determine your location for licensing purposes.',
      ),
      section(
        'Subscription Services',
        'Some content is available only to subscribers, to users who unlock episodes with coins, or to users who purchase a single premium video. By purchasing a subscription, coins or a premium video, you agree to pay the fees shown at the time of purchase, in Philippine pesos, including any applicable taxes. Payments are processed by our third-party payment providers.',
        'You may cancel your subscription at any time in your account settings. Cancellation stops future renewals; you keep access until the end of the period you have already paid for.',
        'Except where required by law, charges may not be refunded, including for partially used subscription periods, unused coins, or content you have unlocked or purchased. Coins have no cash value and cannot be transferred.',
      ),
      section(
        'Disclaimer',
        'The App and all content are provided "as is" and "as available", without warranties of any kind, whether express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement. We do not guarantee that the App will be uninterrupted, error-free or available on every device.',
        'Titles in the App are works of fiction intended for adult audiences. Views expressed in the content do not necessarily reflect those of {brand}.',
      ),
      section(
        'Limitation of Liability',
        'To the fullest extent permitted by law, {brand}, its affiliates, licensors and service providers will not be liable for any indirect, incidental, special, consequential or punitive damages, or for any loss of data, profits or goodwill, arising out of or related to your use of, or inability to use, the App.',
        'Our total liability for any claim relating to the App will not exceed the amount you paid to {brand} in the three (3) months before the event giving rise to the claim.',
      ),
      section(
        'Indemnification',
        'You agree to defend, indemnify and hold harmless {brand}, its affiliates, officers, employees and licensors from and against any claims, liabilities, damages, losses and expenses, including reasonable legal fees, arising out of or in any way connected with your breach of these Terms or your misuse of the App.',
      ),
      section(
        'Changes to Terms',
        'We may update these Terms from time to time, for example to reflect new features or changes in the law. When we make material changes we will notify you in the App or by e-mail before they take effect.',
        'Your continued use of the App after the changes take effect means that you accept the updated Terms. If you do not agree with them, you must stop using the App and may delete your account.',
      ),
      section(
        'Governing Law',
        'These Terms are governed by and construed in accordance with the laws of the Republic of the Philippines, without regard to its conflict of law rules.',
      ),
      section(
        'Dispute Resolution',
        'If you have a concern, please contact us first at {contactEmail}; most disputes can be resolved quickly and informally. If a dispute cannot be resolved within thirty (30) days, either party may submit it to mediation before bringing a claim.',
        'Any dispute that is not resolved by mediation shall be brought exclusively before the proper courts of Quezon City, Metro Manila, Philippines, and you and {brand} submit to their jurisdiction, without prejudice to any mandatory consumer rights you may have under Philippine law.',
      ),
    ],
  },
};

/** 'Mobile App Privacy Policy': exactly the 11 sections of spec §2, in order. */
export const PRIVACY: ContentPageSeed = {
  slug: 'privacy',
  title: 'Mobile App Privacy Policy',
  sortOrder: 2,
  body: {
    sections: [
      section(
        'Introduction',
        'This Privacy Policy explains how {brand} ("we", "us") collects, uses, shares and protects your personal information when you use the {brand} website, mobile applications and related services (the "App").',
        'We process personal information in accordance with the Data Privacy Act of 2012 (Republic Act No. 10173) of the Philippines and its implementing rules. The App is intended only for adults aged 18 and over.',
      ),
      section(
        'Information We Collect',
        'Account information: when you create an account we collect your name, e-mail address, date of birth and password. Passwords are handled by our identity provider and stored only in hashed form; we never see them in plain text. If you sign in with a social identity provider, we receive your name, e-mail address and profile picture from that provider.',
        'Age verification and KYC: age verification is mandatory. We verify that you are at least 18 by checking a government-issued ID. To comply with payment and anti-fraud rules we may also collect know-your-customer (KYC) information: your full name, address and phone number.',
        'Payment, usage, device and location information: payments are processed by two third-party payment providers (a card payment provider and a digital wallet provider), which share with us the transaction details we need, but not your full card number. We also collect usage information (titles viewed, watch sessions, likes, ratings, your list), device information (browser, operating system, screen size, device identifiers) and location information (approximate location derived from your IP address).',
      ),
      section(
        'How We Use Your Information',
        'We use your information to create and manage your account, verify your age and identity, stream content and issue DRM licences, process payments, subscriptions, coin purchases and unlocks, and provide customer support.',
        'We also use it to personalise recommendations, remember your progress, enforce content licensing and geographic restrictions, prevent fraud and abuse, keep the App secure, comply with legal obligations, and improve the App through aggregated analytics.',
      ),
      section(
        'Sharing Your Information',
        'We do not sell your personal information. We share it only with service providers who help us run the App, under contracts that require them to protect it: our identity provider, our two payment providers, our DRM provider, and hosting and analytics providers.',
        'We may also disclose information when required by law, court order or a government authority, to protect the rights and safety of our users or of {brand}, or as part of a merger, acquisition or sale of assets, in which case this Policy continues to apply.',
      ),
      section(
        'Data Security',
        'We protect your information with technical and organisational measures appropriate to the risk, including encryption in transit (HTTPS), encryption of sensitive data at rest, access controls limited to staff who need them, and regular security reviews.',
        'No method of transmission or storage is completely secure. If a personal data breach occurs that is likely to affect you, we will notify you and the National Privacy Commission as required by law.',
      ),
      section(
        'Data Retention',
        'We keep your personal information for as long as your account is active and as needed to provide the App. When you delete your account, we delete or anonymise your personal information within a reasonable period.',
        'Some records, such as payment and transaction records and age-verification results, are kept for the period required by tax, accounting, anti-money-laundering and other laws, after which they are securely deleted.',
      ),
      section(
        'Your Rights',
        'Under the Data Privacy Act you have the right to be informed, to access, to correct, to object, to erasure or blocking, to data portability and to file a complaint with the National Privacy Commission. To exercise these rights, contact us at {contactEmail}.',
        'You can delete your account at any time in the App: open your account settings and choose "Delete Account". This permanently removes your profile, list, history and remaining coins, subject to the retention described above.',
      ),
      section(
        "Children's Privacy",
        'The App is for adults aged 18 and over only. We do not knowingly collect personal information from anyone under 18, and age verification is required before accessing content.',
        'If we learn that we have collected information from a person under 18, we will delete it and close the account. If you believe a minor has provided us with information, please contact us at {contactEmail}.',
      ),
      section(
        'Cookies and Tracking Technologies',
        'We use cookies, local storage and similar technologies to keep you signed in, remember your preferences and watch history, measure playback quality and understand how the App is used.',
        'You can control cookies through your browser settings. Blocking essential cookies or local storage may prevent you from signing in or playing content.',
      ),
      section(
        'Third-Party Advertising',
        'We may show promotions of {brand} titles and plans, and we may work with advertising partners who use cookies or device identifiers to measure the effectiveness of campaigns that bring users to the App.',
        'These partners receive only pseudonymous identifiers, never your name, e-mail, ID documents or payment details. You can opt out of personalised advertising in your browser or device settings.',
      ),
      section(
        'Updates and Modifications',
        'We may update this Privacy Policy from time to time. When we make material changes we will notify you in the App or by e-mail, and we will show the date of the latest revision.',
        'If you have questions about this Policy or our privacy practices, contact our Data Protection Officer at {contactEmail} or write to us at {postalAddress}.',
      ),
    ],
  },
};

export const ABOUT: ContentPageSeed = {
  slug: 'about',
  title: 'About {brand}',
  sortOrder: 3,
  body: {
    sections: [
      section(
        'Kilig in every episode',
        '{brand} is a streaming service for short movies and vertical series made for your phone: stories of love, betrayal, revenge and second chances that you can finish on a commute or binge in one night.',
        'Our titles are made for adult viewers aged 18 and over, with Filipino stars, Filipino settings and the kind of kilig that keeps you up past midnight.',
      ),
      section(
        'How it works',
        'The first episodes of most series are free. Unlock the next ones with coins, subscribe to VIP for unlimited access to every premium title, or buy a single premium movie. Prices are in Philippine pesos.',
        'Every episode is streamed in HD and protected with DRM, so creators are paid for their work.',
      ),
    ],
  },
};

export const CONTACT: ContentPageSeed = {
  slug: 'contact',
  title: 'Contact Us',
  sortOrder: 4,
  body: {
    sections: [
      section(
        'Get in touch',
        'Questions about your account, a payment, a subscription or a title? Write to us at {contactEmail}. We answer within two business days.',
        'Our office: {postalAddress}.',
      ),
      section(
        'Privacy requests',
        'To access, correct or delete your personal information, write to {contactEmail} with the subject "Privacy request", or delete your account directly in your account settings with "Delete Account".',
      ),
    ],
  },
};

export const CONTENT_PAGES: ContentPageSeed[] = [TERMS, PRIVACY, ABOUT, CONTACT];

const PLACEHOLDER = /\{(brand|contactEmail|postalAddress)\}/g;

export function fillText(text: string, values: PolicyPlaceholders): string {
  return text.replace(PLACEHOLDER, (_, key: keyof PolicyPlaceholders) => values[key]);
}

/** Substitutes {brand}, {contactEmail} and {postalAddress} in a content page's title-less body. */
export function fillPlaceholders(body: ContentPageBody, values: PolicyPlaceholders): ContentPageBody {
  return {
    sections: body.sections.map((s) => ({
      heading: fillText(s.heading, values),
      paragraphs: s.paragraphs.map((p) => fillText(p, values)),
    })),
  };
}
